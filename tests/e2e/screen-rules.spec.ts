// The spec's remaining rules on Analysis, as a user meets them: a validation message stays while
// the row has errors (it used to close after 3 s); a new analysis for an unknown SampleID offers no
// SampleTime and cannot be created; dialogs are 290 px wide; an auto-refresh never covers the page
// with the busy overlay; and opening the page writes no error into the browser console.
import type { Locator, Page } from '@playwright/test';
import { liveUpdatesOff } from '../../src/domain/messages';
import { expect, test } from './support/fixtures';

const grid = (page: Page): Locator => page.getByRole('grid', { name: 'Analyses' });
const snackbar = (page: Page): Locator => page.getByRole('region', { name: 'Notifications' });

test.describe('Analysis rules', () => {
  test.beforeEach(async ({ app, page }) => {
    await page.setViewportSize({ width: 1600, height: 1000 });
    await app.setStorage('analysis.headers', '');
    await app.signInAs('admin', '/analysis');
    await expect(grid(page)).toHaveAttribute('aria-rowcount', '51');
  });

  test('the message of an invalid Pol stays while the row has the error', async ({ page }) => {
    const row = grid(page).getByRole('row').nth(1);
    const aId = (await row.getByRole('rowheader').innerText()).trim();
    await row.getByRole('button', { name: `Edit row ${aId}` }).click();
    const pol = row.getByRole('textbox', { name: 'Pol' });
    await pol.fill('99');
    await pol.press('Enter');
    const alert = snackbar(page).getByRole('alert');
    await expect(alert).toBeVisible();
    // Longer than the 3 s a plain notification stays.
    await page.waitForTimeout(4_000);
    await expect(alert).toBeVisible();
    await pol.press('Escape');
    await expect(alert).toBeHidden();
  });

  test('a new analysis for an unknown SampleID has no SampleTime and cannot be created', async ({
    page,
  }) => {
    await page.getByRole('button', { name: 'Create new Analysis' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create new Analysis' });
    const sampleId = dialog.getByRole('textbox', { name: 'SampleID' });
    await sampleId.fill('9999999999999');
    await expect(dialog.getByText('Error occurred, SampleId#9999999999999 was not found!')).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'SampleTime' })).toHaveValue('');
    await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  test('dialogs are 290 px wide', async ({ page }) => {
    const row = grid(page).getByRole('row').nth(1);
    const aId = (await row.getByRole('rowheader').innerText()).trim();
    await row.getByRole('button', { name: `Delete row ${aId}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Analysis' });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(290);
    await dialog.getByRole('button', { name: /Cancel|No/ }).click();
  });

  test('an auto-refresh never shows the busy overlay', async ({ page }) => {
    // The timer refreshes while the change stream is down (with it live, a change reloads what it
    // touches and the timer waits): the stream is cut here.
    await page.route('**/api/events', (route) => route.abort());
    await page.reload();
    await expect(page.getByText(liveUpdatesOff(0))).toBeVisible();
    // Every appearance of the overlay is counted in the page, however short.
    await page.evaluate(() => {
      const g = globalThis as unknown as {
        overlays: number;
        document: { body: unknown; querySelector(s: string): unknown };
        MutationObserver: new (cb: () => void) => { observe(node: unknown, options: object): void };
      };
      g.overlays = 0;
      new g.MutationObserver(() => {
        if (g.document.querySelector('[data-testid=busy-overlay]')) g.overlays += 1;
      }).observe(g.document.body, { childList: true, subtree: true });
    });
    const views: number[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/analysis/view')) views.push(Date.now());
    });
    const refresh = page.getByRole('textbox', { name: 'Refresh interval (s)' });
    await refresh.fill('1');
    await refresh.press('Enter');
    await expect.poll(() => views.length).toBeGreaterThanOrEqual(3);
    await refresh.fill('0');
    await refresh.press('Enter');
    expect(await page.evaluate(() => (globalThis as unknown as { overlays: number }).overlays)).toBe(0);
  });
});

test('opening Analysis writes no error into the browser console', async ({ app, page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await app.signInAs('admin', '/analysis');
  await expect(grid(page)).toHaveAttribute('aria-rowcount', '51');
  await expect(page.getByText(/^Currently filtering #\d+$/)).toBeVisible();
  expect(errors).toEqual([]);
});

test('the table speaks English (the page is lang="en"); the date-time picker speaks German, all of it', async ({
  app,
  page,
}) => {
  await app.signInAs('admin', '/analysis');
  await expect(grid(page)).toHaveAttribute('aria-rowcount', '51');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // React Aria's own words: the sortable-column hint and the selection announcement.
  await grid(page).getByRole('row').nth(1).getByRole('checkbox', { name: 'Select' }).check({ force: true });
  const spoken = (await page.locator('body').innerText()) + (await page.content());
  expect(spoken).not.toMatch(/sortierbar|ausgewählt|Spalte/);
  await expect(page.locator('[data-live-announcer]')).toContainText(/selected/);

  await app.setStorage('analysis.filterPanelOpen', 'true');
  await app.signInAs('admin', '/analysis');
  const toggle = page.getByRole('button', { name: 'Filter', exact: true });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.getByRole('button', { name: /^Pick DateIn/ }).first().click();
  const picker = page.getByRole('dialog', { name: /^Pick DateIn/ }).first();
  // docs/dev/product-rules.md#constants 'Pickers use German locale', and issue 27: calendar, time
  // field and buttons in one language (German days beside English 'Time' and 'Apply date' before),
  // all inside lang="de" so that a screen reader speaks them German.
  const german = picker.locator('[lang="de"]');
  await expect(german).toHaveCount(1);
  await expect(german.getByRole('grid')).toHaveCount(1);
  await expect(german.getByRole('button', { name: /^Montag, \d+\. \S+ \d{4}$/ }).first()).toBeVisible();
  await expect(german.getByRole('heading')).toHaveText(/^Datum, \S+ \d{4}$/);
  await expect(german.getByRole('button', { name: 'Voriger Monat' })).toBeVisible();
  await expect(german.getByRole('button', { name: 'Nächster Monat' })).toBeVisible();
  await expect(german.getByText('Uhrzeit', { exact: true })).toBeVisible();
  await expect(german.getByRole('group', { name: 'Uhrzeit' })).toContainText(/\d{2}:\d{2}:\d{2}/);
  await expect(german.getByRole('button', { name: 'Abbrechen' })).toBeVisible();
  await expect(german.getByRole('button', { name: 'Übernehmen' })).toBeVisible();
  // No English word of the picker is left.
  await expect(picker).not.toContainText(/\b(Time|Cancel|Apply|Mon|Tue|Date)\b/);
});

for (const size of [
  { width: 1280, height: 720 },
  { width: 1600, height: 1000 },
]) {
  test(`at ${size.width}×${size.height} the pager and the Pol column are in view and the page does not scroll`, async ({
    app,
    page,
  }) => {
    await page.setViewportSize(size);
    await app.setStorage('analysis.headers', '');
    await app.signInAs('admin', '/analysis');
    await expect(grid(page)).toHaveAttribute('aria-rowcount', '51');
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeInViewport({ ratio: 1 });
    await expect(grid(page).getByRole('columnheader', { name: /^Pol\b/ })).toBeInViewport({ ratio: 1 });
    // One scroll area: the table's rows; the page itself is exactly the window.
    const overflow = await page.evaluate(() => {
      const g = globalThis as unknown as {
        document: { scrollingElement: { scrollHeight: number; clientHeight: number } };
      };
      return g.document.scrollingElement.scrollHeight - g.document.scrollingElement.clientHeight;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    // A header cut short keeps its full name on hover.
    await expect(grid(page).getByRole('columnheader', { name: /^WeightMea\b/ }).getByTitle('WeightMea')).toHaveCount(1);
  });
}
