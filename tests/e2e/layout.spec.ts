// Layout at the bench size (1280×720) after issue 27: the Analysis selection card opens at its top,
// table row lines reach the table's right edge, a disabled Update looks disabled, cut headers and
// the Settings info column show their full text on hover (title) and focus, the Sync entry cards
// line up evenly; and a screenshot of every page in both themes for a human look.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

const SHOTS = 'test-results/screenshots/issue27';
const PAGES = ['/analysis', '/samples', '/boxes', '/screens', '/reports', '/sync', '/limits', '/settings', '/labels', '/logs', '/doc'];

/** The page's globals as these checks use them (the tests compile without the DOM library). */
interface Styled {
  backgroundColor: string;
  cursor: string;
  getPropertyValue(name: string): string;
}
interface PageElement {
  className: string;
  dataset: Record<string, string>;
  scrollWidth: number;
  clientWidth: number;
  remove(): void;
  getBoundingClientRect(): { toJSON(): Rect };
}
interface Rect {
  width: number;
  height: number;
  top: number;
}
interface PageGlobals {
  getComputedStyle(el: unknown): Styled;
  document: {
    activeElement: PageElement;
    body: { append(el: PageElement): void };
    createElement(tag: string): PageElement;
  };
}

test.use({ viewport: { width: 1280, height: 720 } });

const box = async (page: Page, selector: string) => {
  const b = await page.locator(selector).first().boundingBox();
  expect(b, `${selector} is on screen`).not.toBeNull();
  return b!;
};

test('the Analysis selection card opens at its top: the count and Filter all in view', async ({ app, page }) => {
  await app.signInAs('admin', '/analysis');
  await expect(page.getByRole('grid', { name: 'Analyses' })).toHaveAttribute('aria-rowcount', /\d+/);
  await expect(page.getByText(/^Currently selected #\d+/)).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Filter all', exact: true })).toBeInViewport();
  expect(await page.locator('.list-screen-side').evaluate((el) => el.scrollTop)).toBe(0);
});

test('table row lines reach the right edge of the table', async ({ app, page }) => {
  await app.signInAs('admin', '/limits');
  const table = await box(page, '.dt-grid');
  const row = await box(page, '.dt-row');
  expect(Math.abs(row.x + row.width - (table.x + table.width))).toBeLessThanOrEqual(20);
});

test('a disabled Update looks disabled, unlike the enabled Reload beside it', async ({ app, page }) => {
  await app.signInAs('admin', '/limits');
  const update = page.getByRole('button', { name: 'Update', exact: true });
  await expect(update).toBeDisabled();
  const look = (name: string) =>
    page.getByRole('button', { name, exact: true }).evaluate((el) => {
      const s = (globalThis as unknown as PageGlobals).getComputedStyle(el);
      return { background: s.backgroundColor, cursor: s.cursor };
    });
  const disabled = await look('Update');
  expect(disabled.cursor).toBe('not-allowed');
  // Not the accent blue of an active primary button.
  const accent = await page.locator('html').evaluate((el) => (globalThis as unknown as PageGlobals).getComputedStyle(el).getPropertyValue('--accent').trim());
  expect(disabled.background).not.toBe(accent);
  const primaryEnabled = await page.evaluate(() => {
    const w = globalThis as unknown as PageGlobals;
    const b = w.document.createElement('button');
    b.className = 'kit-button';
    b.dataset['variant'] = 'primary';
    w.document.body.append(b);
    const bg = w.getComputedStyle(b).backgroundColor;
    b.remove();
    return bg;
  });
  expect(disabled.background).not.toBe(primaryEnabled);
});

test('cut headers and the Settings info column: full text on hover and on focus', async ({ app, page }) => {
  await app.signInAs('admin', '/settings');
  const grid = page.getByRole('grid', { name: 'Application settings' });
  const info = grid.getByRole('gridcell').filter({ has: page.locator('.dt-text') }).nth(0);
  await expect(info).toBeVisible();
  const text = await info.locator('.dt-text').textContent();
  await expect(info.locator('.dt-text')).toHaveAttribute('title', text ?? '');
  // The column header too.
  await expect(grid.getByRole('columnheader', { name: 'Info' }).locator('.dt-col-label')).toHaveAttribute('title', 'Info');

  // On keyboard focus a cut cell opens to its full text.
  const cut = grid.locator('.dt-cell[data-text]').filter({ hasText: /\S{1}.{30,}/ }).first();
  if ((await cut.count()) > 0) {
    await cut.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    const fits = await page.evaluate(() => {
      const el = (globalThis as unknown as PageGlobals).document.activeElement;
      return el.scrollWidth <= el.clientWidth + 1;
    });
    expect(fits).toBe(true);
  }
});

test('the Sync entry cards line up: one row, equal widths and heights', async ({ app, page }) => {
  await app.signInAs('admin', '/sync');
  const cards = page.locator('.sync-entry');
  await expect(cards).toHaveCount(4);
  const boxes = await cards.evaluateAll((els) => els.map((el) => (el as unknown as PageElement).getBoundingClientRect().toJSON()));
  const widths = new Set(boxes.map((b) => Math.round(b.width)));
  const heights = new Set(boxes.map((b) => Math.round(b.height)));
  const tops = new Set(boxes.map((b) => Math.round(b.top)));
  expect(widths.size).toBe(1);
  expect(heights.size).toBe(1);
  expect(tops.size).toBe(1);
});

for (const theme of ['light', 'dark'] as const) {
  test(`every page at 1280×720 in the ${theme} theme (screenshots)`, async ({ app, page }) => {
    test.slow();
    await app.setStorage('theme', theme);
    await app.signInAs('admin', '/analysis');
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page).toHaveTitle(/ · /);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      // Not 'networkidle': the change stream (/api/events) stays open for as long as a page is. A page
      // has settled when nothing on it is busy any more (the overlay gone, no table loading).
      await expect(page.getByTestId('busy-overlay')).toHaveCount(0);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/${path.slice(1)}-${theme}.png` });
    }
  });
}
