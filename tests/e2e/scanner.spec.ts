// A keyboard-wedge barcode scanner on Analysis, as the lab uses it: ten sample ids scanned in a
// row (13 digits and Enter, 5 ms per key, support/scanner.ts) while every lookup takes 300 ms longer than usual. Each
// scan must arrive, in scan order, wherever focus is — on a table row (which must not toggle), on
// the page, or in the Add SampleID field — and a second scan of an id says it is selected already.
import type { Locator, Page } from '@playwright/test';
import { apiGet } from './support/api';
import { wedgeScan } from './support/scanner';
import { expect, test, type LabApp } from './support/fixtures';

interface ApiAnalysis {
  aId: number;
  sample: { sampleId: { sId: string; sStamp: string } };
}

const card = (page: Page): Locator => page.getByRole('region', { name: 'Selection' });
const chipRows = (page: Page): Locator =>
  card(page).getByRole('grid', { name: 'Selected items' }).getByRole('row');
const selectedCount = (page: Page, n: number): Locator =>
  card(page).getByText(`Currently selected #${n}`, { exact: true });
const grid = (page: Page): Locator => page.getByRole('grid', { name: 'Analyses' });
const field = (page: Page): Locator => card(page).getByRole('textbox', { name: 'Add SampleID' });
const snackbarStatus = (page: Page): Locator =>
  page.getByRole('region', { name: 'Notifications' }).getByRole('status');

/** Ten different full sIds of the campaign, away from the first page, and their analyses' chips. */
async function tenSIds(app: LabApp): Promise<{ sIds: string[]; chips: string[] }> {
  const { analysis } = await apiGet<{ analysis: ApiAnalysis[] }>(app, 'analysis/view?page=3&size=100');
  const sIds = [...new Set(analysis.map((a) => a.sample.sampleId.sId))].slice(0, 10);
  expect(sIds).toHaveLength(10);
  const chips: string[] = [];
  for (const sId of sIds) {
    const found = await apiGet<{ analysis: ApiAnalysis[] }>(app, `analysis/sid/startsWith/${sId}`);
    for (const a of found.analysis)
      if (a.sample.sampleId.sId === sId) chips.push(`${sId}|${a.sample.sampleId.sStamp}`);
  }
  return { sIds, chips };
}

/** What a wedge scanner sends: the digits 5 ms apart (device time), then Enter. */
const scan = wedgeScan;

/** Focus is on the row or one of its cells (React Aria's grid moves focus cell by cell). */
const hasFocusWithin = (locator: Locator): Promise<boolean> =>
  locator.evaluate((element) => element.contains(element.ownerDocument.activeElement));

/** The chips' sIds in order, each once (an sId with several analyses has several chips). */
async function chipSIds(page: Page): Promise<string[]> {
  const texts = await chipRows(page).allTextContents();
  return [...new Set(texts.map((t) => t.trim().split('|')[0]!))];
}

test.describe('Barcode scans on Analysis', () => {
  test.beforeEach(async ({ app, page }) => {
    await app.setStorage('analysis.selection', '[]');
    await app.signInAs('admin', '/analysis');
    await expect(grid(page)).toHaveAttribute('aria-rowcount', '51');
    await expect(selectedCount(page, 0)).toBeVisible();
    // Every lookup is slow: the scanner is faster than the server, as in a busy lab.
    await page.route('**/api/analysis/sid/startsWith/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
  });

  test('ten scans with focus on a table row all arrive in order; the row is not toggled', async ({
    app,
    page,
  }) => {
    const { sIds, chips } = await tenSIds(app);
    const row = grid(page).getByRole('row').nth(1);
    // Keyboard focus on the first row (a click would check it): Tab into the grid, Down to a row.
    await grid(page).getByRole('columnheader').first().focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => hasFocusWithin(row)).toBe(true);
    await expect(row.getByRole('checkbox', { name: 'Select' })).not.toBeChecked();
    for (const sId of sIds) await scan(page, sId);

    await expect(selectedCount(page, chips.length)).toBeVisible();
    expect(await chipSIds(page)).toEqual(sIds);
    await expect(snackbarStatus(page)).toHaveText(`sId#${sIds.at(-1)} was added to Selection!`);
    await expect(row.getByRole('checkbox', { name: 'Select' })).not.toBeChecked();
  });

  test('ten scans with focus on the page all arrive in order', async ({ app, page }) => {
    const { sIds, chips } = await tenSIds(app);
    // Focus on the page itself: nothing focused.
    await page.locator('body').evaluate((body) => {
      const focused = body.ownerDocument.activeElement as unknown as { blur?: () => void } | null;
      focused?.blur?.();
    });
    for (const sId of sIds) await scan(page, sId);

    await expect(selectedCount(page, chips.length)).toBeVisible();
    expect(await chipSIds(page)).toEqual(sIds);
  });

  test('ten scans into Add SampleID all arrive in order; scanning one again says it is selected', async ({
    app,
    page,
  }) => {
    const { sIds, chips } = await tenSIds(app);
    await field(page).focus();
    for (const sId of sIds) await scan(page, sId);

    await expect(selectedCount(page, chips.length)).toBeVisible();
    expect(await chipSIds(page)).toEqual(sIds);
    await expect(field(page)).toHaveValue('');

    await scan(page, sIds[4]!);
    await expect(snackbarStatus(page)).toHaveText(`sId#${sIds[4]} is already in the Selection!`);
    await expect(selectedCount(page, chips.length)).toBeVisible();
  });

  test('digits typed by hand on a row are no scan: nothing is looked up, Enter is the row\'s', async ({
    page,
  }) => {
    const lookups: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/sid/startsWith/')) lookups.push(request.url());
    });
    const row = grid(page).getByRole('row').nth(1);
    await grid(page).getByRole('columnheader').first().focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => hasFocusWithin(row)).toBe(true);
    await page.keyboard.type('4006381333931', { delay: 120 });
    await page.keyboard.press('Enter');
    // Enter went to the row as usual (it checks the row); no id was looked up.
    await expect(row.getByRole('checkbox', { name: 'Select' })).toBeChecked();
    await expect(selectedCount(page, 1)).toBeVisible();
    expect(lookups).toEqual([]);
  });
});
