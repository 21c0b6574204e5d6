// The Export panel and the PDF button on the e2e demo campaign (~15,400 analyses), as a user finds
// them by role and name: a filtered CSV export is polled until ready, downloaded and holds exactly
// the filtered rows (CSV of docs/exports.md: ';', decimal comma, UTF-8 with BOM); above 5000 items
// a confirmation comes first and Cancel starts nothing; a reload resumes a running export; the PDF
// button downloads a PDF, for readers too, who are not offered SAP and ZFT.
import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { expectNoSeriousViolations } from './support/axe';
import { apiGet } from './support/api';
import { expect, test, type AccountName, type LabApp } from './support/fixtures';
import { filterPanel, listTable } from './support/listScreen';

/** An export job's budget from start to file: a background job, checked every 2 s, on a maybe busy machine. */
const EXPORT_DONE_MS = 45_000;

const FILE_NAME = /^analysis_\d{8}_\d{6}_[0-9a-f]{8}\.csv$/;
/** 100-odd analyses of the demo campaign; narrow enough for the PDF too. */
const AID_FILTER = 'aId,1000~1099';

const { grid } = listTable('Analyses');
const exportButton = (page: Page, format: string): Locator =>
  page.getByRole('button', { name: `Export ${format}`, exact: true });
const exportRegion = (page: Page): Locator => page.getByRole('region', { name: 'Export', exact: true });
const downloadButton = (page: Page): Locator =>
  exportRegion(page).getByRole('button', { name: /^Download\b/ });

/** Opens Analysis signed in as `account` with `filters` as the saved filter preference (docs/dev/product-rules.md#records). */
async function openAnalysis(app: LabApp, account: AccountName, filters: string[]): Promise<void> {
  await app.setStorage('analysis.headers', '');
  await app.setStorage('analysis.filter', JSON.stringify(filters));
  await app.signInAs(account, '/analysis');
  await expect(grid(app.page)).toBeVisible();
  // The export counts what the view answered: wait for the answer (an export of 0 items is refused).
  await expect(app.page.getByText(/^Currently filtering #[1-9]\d*$/)).toBeVisible();
}

/** The aIds the view API answers for `filter`, with the session's own token. */
async function expectedIds(app: LabApp, filter: string): Promise<number[]> {
  const params = new URLSearchParams({ filter, size: '5000' });
  const body = await apiGet<{ analysis: { aId: number }[]; totalItems: number }>(
    app,
    `analysis/view?${params}`,
  );
  expect(body.analysis.length).toBe(body.totalItems);
  return body.analysis.map((a) => a.aId);
}

async function readCsv(download: Download): Promise<Record<string, string>[]> {
  const bytes = await readFile(await download.path());
  // UTF-8 with BOM (docs/exports.md), for Excel in a de-AT office.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(bytes, { bom: true, delimiter: ';', columns: true, record_delimiter: '\r\n' }) as Record<
    string,
    string
  >[];
}

test.describe('Export', () => {
  test('a filtered CSV export is polled, downloaded and holds exactly the filtered rows', async ({
    app,
    page,
  }) => {
    await openAnalysis(app, 'admin', []);
    // The filter panel: an AnalysisID range, applied with Enter.
    const filterToggle = page.getByRole('button', { name: 'Filter', exact: true });
    if ((await filterToggle.getAttribute('aria-expanded')) === 'false') await filterToggle.click();
    const panel = filterPanel(page);
    await panel.getByRole('textbox', { name: 'AnalysisID lower bound' }).fill('1000');
    await panel.getByRole('textbox', { name: 'AnalysisID upper bound' }).fill('1099');
    await page.keyboard.press('Enter');
    const ids = await expectedIds(app, AID_FILTER);
    expect(ids.length).toBeGreaterThan(10);
    expect(ids.length).toBeLessThanOrEqual(100);
    await expect(page.getByText(`Currently filtering #${ids.length}`, { exact: true })).toBeVisible();
    await expect(downloadButton(page)).toBeDisabled();

    await exportButton(page, 'CSV').click();
    // The first check comes 2 s after the start: meanwhile the button spins and names the format.
    const download = downloadButton(page);
    await expect(download).toHaveAccessibleName(/^Download CSV/);
    await expect(exportRegion(page)).toHaveAttribute('aria-busy', 'true');
    await expect(download).toBeDisabled();
    await expect(download.getByRole('progressbar')).toBeVisible();
    await expect(download).toBeEnabled({ timeout: EXPORT_DONE_MS });
    await expect(exportRegion(page)).not.toHaveAttribute('aria-busy');
    await expect(download.getByRole('progressbar')).toHaveCount(0);
    await expect(exportButton(page, 'XLSX')).toBeDisabled();

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(FILE_NAME);
    const rows = await readCsv(file);
    expect(Object.keys(rows[0] ?? {})).toContain('aId');
    expect(rows.map((r) => Number(r['aId']))).toEqual(ids);
    // Decimal comma in the measured values.
    expect(rows.some((r) => /^\d+,\d+$/.test(r['Pol'] ?? ''))).toBe(true);

    // Fetched: the name is cleared and a new export may start.
    await expect(downloadButton(page)).toHaveAccessibleName('Download');
    await expect(downloadButton(page)).toBeDisabled();
    await expect(exportButton(page, 'CSV')).toBeEnabled();
  });

  test('above 5000 items a confirmation comes first, and Cancel starts nothing', async ({ app, page }) => {
    const started: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/analysis\/export\//.test(request.url())) started.push(request.url());
    });
    await openAnalysis(app, 'admin', []);
    await expect(page.getByText(/^Currently filtering #1\d{4}$/)).toBeVisible();

    await exportButton(page, 'XLSX').click();
    const dialog = page.getByRole('alertdialog', { name: 'Export all matching items?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('XLSX');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    // The page is checked whole in analysis-screen.spec.ts; here the confirmation dialog.
    await expectNoSeriousViolations(page, dialog);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(downloadButton(page)).toBeDisabled();
    await expect(exportButton(page, 'XLSX')).toBeEnabled();

    // Esc cancels too.
    await exportButton(page, 'CSV').click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(downloadButton(page)).toHaveAccessibleName('Download');
    expect(started).toEqual([]);
  });

  test('a reload resumes the running export, from the palette', async ({ app, page }) => {
    await openAnalysis(app, 'admin', [AID_FILTER]);
    await app.runCommand('Export CSV');
    await expect(exportRegion(page)).toHaveAttribute('aria-busy', 'true');
    await page.reload();
    await expect(grid(page)).toBeVisible();
    const download = downloadButton(page);
    await expect(download).toHaveAccessibleName(/^Download CSV/);
    await expect(download).toBeEnabled({ timeout: EXPORT_DONE_MS });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(FILE_NAME);
    expect((await readCsv(file)).length).toBe((await expectedIds(app, AID_FILTER)).length);
    // Downloaded: nothing is resumed after the next reload.
    await page.reload();
    await expect(grid(page)).toBeVisible();
    await expect(downloadButton(page)).toHaveAccessibleName('Download');
    await expect(downloadButton(page)).toBeDisabled();
  });

  test('SAP asks first with its warning, exports nothing on Cancel, and the table shows the new flags', async ({
    app,
    page,
  }) => {
    // Three analyses in the middle of the campaign, away from the first pages other tests use.
    const filter = 'aId,7000~7002';
    await openAnalysis(app, 'admin', [filter]);
    const ids = await expectedIds(app, filter);
    expect(ids).toHaveLength(3);
    const starts: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/analysis\/export\/sap\b/.test(request.url())) starts.push(request.url());
    });

    // The warning is the question, asked before anything is written.
    await exportButton(page, 'SAP').click();
    const question = page.getByRole('alertdialog', { name: 'Start the SAP export?' });
    await expect(question).toContainText(/SAP export marks every exported analysis as exported/);
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toBeHidden();
    expect(starts).toEqual([]);
    await expect(downloadButton(page)).toHaveAccessibleName('Download');

    await exportButton(page, 'SAP').click();
    await question.getByRole('button', { name: 'Export SAP' }).click();
    const warning = exportRegion(page).getByRole('note');
    await expect(warning).toHaveText(/SAP export marks every exported analysis as exported/);
    const download = downloadButton(page);
    await expect(download).toHaveAccessibleName(/^Download SAP/);
    await expect(download).toBeEnabled({ timeout: EXPORT_DONE_MS });
    expect(starts).toHaveLength(1);
    // The file is complete and the rows carry the export flag X: the table shows it without a reload.
    const flags = grid(page).getByRole('gridcell').filter({ hasText: /^X/ });
    await expect(flags).toHaveCount(3);

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^analysis_\d{8}_\d{6}_[0-9a-f]{8}\.sap$/);
    const records = (await readFile(await file.path(), 'latin1')).split('\r\n').filter((l) => l !== '');
    // Three D records and the trailer, each 138 characters (docs/exports.md).
    expect(records.map((r) => r[0])).toEqual(['D', 'D', 'D', 'T']);
    expect(records.every((r) => r.length === 138)).toBe(true);
    await expect(warning).toHaveCount(0);

    // And they stay flagged over a reload.
    await page.reload();
    await expect(grid(page).getByRole('gridcell').filter({ hasText: /^X/ })).toHaveCount(3);
  });

  test('Samples: CSV and XLSX only; confirming above 5000 items exports all of them', async ({
    app,
    page,
  }) => {
    await app.setStorage('samples.filter', '[]');
    await app.signInAs('admin', '/samples');
    const status = page.getByText(/^Currently filtering #[1-9]\d*$/);
    await expect(status).toBeVisible();
    const total = Number((await status.innerText()).replace(/\D/g, ''));
    expect(total).toBeGreaterThan(5000);
    await expect(exportButton(page, 'SAP')).toHaveCount(0);
    await expect(exportButton(page, 'ZFT')).toHaveCount(0);

    await exportButton(page, 'CSV').click();
    const dialog = page.getByRole('alertdialog', { name: 'Export all matching items?' });
    await dialog.getByRole('button', { name: 'Export CSV' }).click();
    await expect(dialog).toBeHidden();
    const download = downloadButton(page);
    await expect(download).toHaveAccessibleName(/^Download CSV/);
    await expect(download).toBeEnabled({ timeout: EXPORT_DONE_MS });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^samples_\d{8}_\d{6}_[0-9a-f]{8}\.csv$/);
    expect(await readCsv(file)).toHaveLength(total);
  });

  test('the PDF button downloads a PDF of the view, for readers too; SAP and ZFT are for admins', async ({
    app,
    page,
  }) => {
    await openAnalysis(app, 'reader', [AID_FILTER]);
    await expect(exportButton(page, 'CSV')).toBeEnabled();
    await expect(exportButton(page, 'XLSX')).toBeEnabled();
    // SAP and ZFT flag what they export: writes, which a reader may not start (docs/exports.md).
    await expect(exportButton(page, 'SAP')).toHaveCount(0);
    await expect(exportButton(page, 'ZFT')).toHaveCount(0);
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'PDF', exact: true }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^analysis_\d{8}_\d{6}\.pdf$/);
    const bytes = await readFile(await file.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
