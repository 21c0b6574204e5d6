// The Analysis and Samples screens as the tests find them (by role and name): the table, its rows and
// columns, the filter panel, the count line, Apply Default Filters and the bench-size screenshots.
import { expect, type Locator, type Page } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import { formatLabDateTime, labNow } from '../../../src/domain/datetime';
import { defaultWindow, type DateWindow } from '../../../src/domain/windows';

export const SCREENSHOTS = 'test-results/screenshots';

/** The bench screen sizes of the screenshots. */
const BENCH_SIZES = [
  [1600, 1000],
  [1280, 720],
] as const;

/** Locators of one list table, by its accessible name ('Analyses', 'Samples'). */
export function listTable(name: string) {
  const grid = (page: Page): Locator => page.getByRole('grid', { name });
  const header = (page: Page, column: string): Locator =>
    grid(page).getByRole('columnheader', { name: new RegExp(`^${column}\\b`) });
  /** The data rows (row 1 is the header row). */
  const dataRows = (page: Page): Locator =>
    grid(page)
      .getByRole('row')
      .filter({ has: page.getByRole('gridcell') });
  /** The texts of column `column` in the first `n` rendered data rows (all of them by default). */
  async function columnTexts(page: Page, column: string, n = Infinity): Promise<string[]> {
    const headers = await grid(page).getByRole('columnheader').allTextContents();
    const index = headers.findIndex((h) => h.startsWith(column));
    expect(index, `column ${column} in ${headers.join(' | ')}`).toBeGreaterThan(0);
    const rows = (await dataRows(page).all()).slice(0, n);
    const texts: string[] = [];
    for (const row of rows)
      texts.push(await row.locator('[role=gridcell],[role=rowheader]').nth(index).innerText());
    return texts;
  }
  return { grid, header, dataRows, columnTexts };
}

export const filterPanel = (page: Page): Locator => page.getByRole('region', { name: 'Filter' });
export const field = (page: Page, name: string): Locator =>
  filterPanel(page).getByRole('textbox', { name, exact: true });

/** The number of the 'Currently filtering #n' line. */
export async function totalItems(page: Page): Promise<number> {
  const text = await page.getByText(/^Currently filtering #\d+$/).innerText();
  return Number(text.replace(/\D/g, ''));
}

/**
 * Presses Apply Default Filters and expects the `column` start and end fields to hold the default
 * window of `roles` now; returns that window for further checks.
 */
export async function expectDefaultWindowApplied(
  page: Page,
  roles: readonly string[],
  column: string,
): Promise<DateWindow> {
  await page.getByRole('button', { name: 'Apply Default Filters' }).click();
  const w = defaultWindow(
    roles,
    labNow(() => Temporal.Now.instant()),
  );
  await expect(field(page, `${column} start`)).toHaveValue(formatLabDateTime(w.start));
  await expect(field(page, `${column} end`)).toHaveValue(formatLabDateTime(w.end));
  return w;
}

/** Screenshots `${name}-WxH.png` at both bench sizes (the viewport stays at the last one). */
export async function screenshotsAtBenchSizes(page: Page, name: string): Promise<void> {
  for (const [width, height] of BENCH_SIZES) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}x${height}.png` });
  }
}
