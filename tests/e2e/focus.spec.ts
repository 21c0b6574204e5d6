// Focus stays where the keyboard user is: moving through pages with the slider keeps focus on it,
// a pager button that disables hands focus to the way back, the Export and Download buttons hand
// it on as they disable, and two shortcuts (also palette commands) jump to Add SampleID and to the
// filter panel. Checked by role and name, as a screen reader finds them.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

const grid = (page: Page): Locator => page.getByRole('grid', { name: 'Analyses' });
const pageOf = (page: Page, n: number): Locator => page.getByText(new RegExp(`^Page ${n} of \\d`));
const exportRegion = (page: Page): Locator => page.getByRole('region', { name: 'Export', exact: true });

test.describe('Focus on Analysis', () => {
  test.beforeEach(async ({ app, page }) => {
    await app.setStorage('analysis.filter', JSON.stringify(['aId,1000~1299']));
    await app.signInAs('admin', '/analysis');
    await expect(grid(page)).toHaveAttribute('aria-rowcount', '51');
  });

  test('the page slider keeps focus while its arrow keys load pages', async ({ page }) => {
    const slider = page.getByRole('slider', { name: 'Page' });
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await expect(pageOf(page, 2)).toBeVisible();
    await expect(slider).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(pageOf(page, 3)).toBeVisible();
    await expect(slider).toBeFocused();
    await expect(slider).toHaveValue('3');
  });

  test('Last page and First page hand focus to the way back', async ({ page }) => {
    await page.getByRole('button', { name: 'Last page' }).focus();
    await page.keyboard.press('Enter');
    await expect(pageOf(page, 6)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous page' })).toBeFocused();

    await page.getByRole('button', { name: 'First page' }).focus();
    await page.keyboard.press('Enter');
    await expect(pageOf(page, 1)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next page' })).toBeFocused();
  });

  test('Export hands focus to Download, and Download back to the first format', async ({ page }) => {
    await exportRegion(page).getByRole('button', { name: 'Export CSV' }).focus();
    await page.keyboard.press('Enter');
    const download = exportRegion(page).getByRole('button', { name: /^Download CSV/ });
    await expect(download).toBeFocused();
    await expect(download).toBeEnabled({ timeout: 45_000 });
    await expect(download).toBeFocused();
    const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    await expect(exportRegion(page).getByRole('button', { name: 'Export CSV' })).toBeFocused();
  });

  test('Alt+I jumps to Add SampleID and Alt+Shift+F to the filter panel, from anywhere', async ({ page }) => {
    await page.getByRole('button', { name: 'Last page' }).focus();
    await page.keyboard.press('Alt+I');
    await expect(page.getByRole('textbox', { name: 'Add SampleID' })).toBeFocused();
    // From inside a text field too.
    await page.keyboard.press('Alt+Shift+F');
    const filter = page.getByRole('region', { name: 'Filter', exact: true });
    await expect(filter).toBeVisible();
    await expect(filter.getByRole('textbox').first()).toBeFocused();
  });

  test('the palette offers both jumps', async ({ app, page }) => {
    await app.openPalette();
    await page.keyboard.type('go to Add SampleID');
    // The option shows its shortcut too (Alt+I).
    await expect(app.palette.getByRole('option', { selected: true })).toContainText(
      'Analysis: go to Add SampleID',
    );
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: 'Add SampleID' })).toBeFocused();
  });
});
