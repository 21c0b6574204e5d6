// The Screens page as the lab uses it (spec §2 Screens, docs/screens.md): import two screen files at
// once (a summary line per file), show a screen's items ('Currently showing ScreenNumber X with #N
// Samples') and page through them, edit a screen inline by keyboard, Transfer ScreenNames and find
// the names on the Samples page, Export XLSX parsed back with exceljs, the message when exporting
// without a screen, the palette's commands (a screen by number, transfer, export, Import opening the
// file picker), and axe on the page with items shown. The tests run in order: the first imports
// the screens the others use.
import type { Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiGet } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { button, snackbar, type ApiSample } from './support/boxes';
import { expect, test, type LabApp } from './support/fixtures';
import { field, listTable } from './support/listScreen';

const BIG = '9900000001';
const SMALL = '9900000002';
const BIG_ITEMS = 30;
const SMALL_ITEMS = 3;

interface ApiScreen {
  scrId: number;
  name: string;
  comment: string | null;
}

const screensGrid = (page: Page): Locator => page.getByRole('grid', { name: 'Screens' });
const itemsGrid = (page: Page, name: string): Locator =>
  page.getByRole('grid', { name: `Items of ScreenNumber ${name}` });
/** The items section: its heading names it. */
const itemsSection = (page: Page): Locator => page.getByRole('region', { name: /^Currently showing / });

/** Distinct SampleIDs of the demo campaign, newest stamp known to the API. */
async function sampleIds(app: LabApp, n: number): Promise<string[]> {
  const { samples } = await apiGet<{ samples: ApiSample[] }>(app, 'samples/view?page=6&size=100');
  const ids = [...new Set(samples.map((s) => s.sampleId.sId))];
  expect(ids.length).toBeGreaterThanOrEqual(n);
  return ids.slice(0, n);
}

async function screenOf(app: LabApp, name: string): Promise<ApiScreen> {
  const { screens } = await apiGet<{ screens: ApiScreen[] }>(
    app,
    `screens/view?size=15&filter=${encodeURIComponent(`screenNumber,${name}`)}`,
  );
  const found = screens.find((s) => s.name === name);
  expect(found, `screen ${name}`).toBeDefined();
  return found!;
}

async function filterScreens(page: Page, prefix: string): Promise<void> {
  await page.getByRole('textbox', { name: 'ScreenNumber starts with ...' }).fill(prefix);
  await button(page, 'Filter').click();
}

async function showItems(app: LabApp, name: string): Promise<ApiScreen> {
  const screen = await screenOf(app, name);
  await filterScreens(app.page, name);
  await button(app.page, `Show items of ${screen.scrId}`).click();
  return screen;
}

/** Item names by SampleID, as the big file gives them. */
const itemName = (i: number): string => `E2E Grower ${i + 1}`;

test.describe('Screens page', () => {
  test.describe.configure({ mode: 'serial' });
  let ids: string[] = [];

  test.beforeEach(async ({ app, page }) => {
    await app.setStorage('screens.filter', '[]');
    await app.signInAs('admin', '/screens');
    await expect(screensGrid(page)).toBeVisible();
  });

  test('imports two files at once with a summary per file', async ({ app, page }) => {
    ids = await sampleIds(app, BIG_ITEMS + SMALL_ITEMS);
    const header = 'ScreenNumber;SampleID;ItemName\n';
    const big = ids
      .slice(0, BIG_ITEMS)
      .map((sId, i) => `${BIG};${sId};${itemName(i)}`)
      .join('\n');
    const small = ids
      .slice(BIG_ITEMS)
      .map((sId, i) => `${SMALL};${sId};Trial ${i + 1}`)
      .join('\n');
    await page.locator('[data-screens-files] input[type=file]').setInputFiles([
      { name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.from(header + big + '\n') },
      { name: 'small.csv', mimeType: 'text/csv', buffer: Buffer.from(header + small + '\n') },
    ]);
    await expect(page.getByRole('group', { name: 'Files for importing Screens' })).toContainText(
      'big.csv, small.csv',
    );
    await button(page, 'Import').click();
    const summary = page.getByRole('list', { name: 'Import summary' }).getByRole('listitem');
    await expect(summary).toHaveCount(2);
    await expect(summary.nth(0)).toContainText(`big.csv: `);
    await expect(summary.nth(0)).toContainText(`${BIG}: ${BIG_ITEMS} items`);
    await expect(summary.nth(1)).toContainText(`small.csv: `);
    await expect(summary.nth(1)).toContainText(`${SMALL}: ${SMALL_ITEMS} items`);
    await filterScreens(page, '99000000');
    await expect(screensGrid(page).getByRole('row').filter({ hasText: BIG })).toHaveCount(1);
    await expect(screensGrid(page).getByRole('row').filter({ hasText: SMALL })).toHaveCount(1);
  });

  test("shows a screen's items and pages through them; axe finds nothing serious", async ({ app, page }) => {
    await expect(page.getByText('Please choose a Screen-Number first!')).toBeVisible();
    await showItems(app, BIG);
    await expect(
      page.getByRole('heading', { name: `Currently showing ScreenNumber ${BIG} with #${BIG_ITEMS} Samples` }),
    ).toBeVisible();
    // The grid renders the rows in view only; its row count (header row included) is all of them.
    await expect(itemsGrid(page, BIG)).toHaveAttribute('aria-rowcount', '26');
    await itemsSection(page).getByRole('button', { name: 'Next page' }).click();
    await expect(itemsGrid(page, BIG)).toHaveAttribute('aria-rowcount', String(BIG_ITEMS - 25 + 1));
    // Sorted by SampleID: the last page holds the largest.
    const largest = ids.slice(0, BIG_ITEMS).reduce((a, b) => (b > a ? b : a));
    await expect(itemsGrid(page, BIG)).toContainText(`${largest}`);
    await expect(itemsGrid(page, BIG)).toContainText(itemName(ids.indexOf(largest)));
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.screenshot({ path: 'test-results/screens-items-1280.png' });
    await page.screenshot({ path: 'test-results/screens-items-1280-full.png', fullPage: true });
    await expectNoSeriousViolations(page);
  });

  test('edits a screen inline by keyboard; focus lands on a named control', async ({ app, page }) => {
    const screen = await screenOf(app, SMALL);
    await filterScreens(page, SMALL);
    await button(page, `Edit row ${screen.scrId}`).focus();
    await page.keyboard.press('Enter');
    const comment = screensGrid(page).getByRole('textbox', { name: 'comment' });
    await expect(comment).toBeVisible();
    await comment.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('E2E trial screen');
    await page.keyboard.press('Enter');
    await expect(comment).toHaveCount(0);
    await expect.poll(async () => (await screenOf(app, SMALL)).comment).toBe('E2E trial screen');
    await expect(screensGrid(page)).toContainText('E2E trial screen');
    const focused = page.locator(':focus');
    await expect(focused).toHaveCount(1);
    await expect(focused).toHaveAccessibleName(/\S/);
    await expectNoSeriousViolations(page, screensGrid(page));
  });

  test('transfers the names and the Samples page shows them', async ({ app, page }) => {
    const screen = await showItems(app, BIG);
    await button(page, 'Transfer ScreenNames').click();
    await expect(snackbar(page)).toContainText(`scrId#${screen.scrId} was updated successfully!`);
    await app.setStorage('samples.filter', '');
    await page.goto('/samples');
    const samples = listTable('Samples');
    await expect(samples.grid(page)).toBeVisible();
    for (const i of [0, BIG_ITEMS - 1]) {
      await field(page, 'SampleID starts with').fill(ids[i]!);
      await field(page, 'SampleID starts with').press('Enter');
      await expect.poll(() => samples.columnTexts(page, 'Name', 1)).toEqual([itemName(i)]);
    }
  });

  test('palette: a screen by its number, transfer, export and the file picker of Import', async ({
    app,
    page,
  }) => {
    const screen = await screenOf(app, SMALL);
    await filterScreens(page, SMALL);
    await app.runCommand(`Show Screen ${SMALL}`);
    await expect(
      page.getByRole('heading', {
        name: `Currently showing ScreenNumber ${SMALL} with #${SMALL_ITEMS} Samples`,
      }),
    ).toBeVisible();
    await app.runCommand('Transfer ScreenNames');
    await expect(snackbar(page)).toContainText(`scrId#${screen.scrId} was updated successfully!`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      app.runCommand('Export Screen as ZFT'),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.zft$/i);
    // Import opens the picker itself (several files), and the button holds the focus.
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), app.runCommand('Import Screens')]);
    expect(chooser.isMultiple()).toBe(true);
    await expect(button(page, 'Choose files')).toBeFocused();
  });

  test('exports the shown screen as XLSX; without a screen it asks for one', async ({ app, page }) => {
    await expect(button(page, 'Export XLSX')).toBeDisabled();
    await app.runCommand('Export Screen as XLSX');
    await expect(snackbar(page)).toContainText('Please choose a Screen-Number first!');

    await showItems(app, BIG);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      button(page, 'Export XLSX').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    const sheet = book.worksheets[0]!;
    const headerRow = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(headerRow.slice(0, 3)).toEqual(['SampleID', 'SampleTime', 'ItemName']);
    const rows: string[][] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) rows.push((row.values as unknown[]).slice(1, 4).map((v) => String(v ?? '')));
    });
    expect(rows).toHaveLength(BIG_ITEMS);
    expect(rows.map((r) => r[0]).sort()).toEqual(ids.slice(0, BIG_ITEMS).sort());
    expect(rows.find((r) => r[0] === ids[0])?.[2]).toBe(itemName(0));
  });
});
