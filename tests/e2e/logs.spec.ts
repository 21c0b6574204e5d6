// Hardware Logs: a range fetched with the date fields, filtered by the search box as you type, the
// date rules' messages, Clear, and axe on the page.
import type { Locator, Page } from '@playwright/test';
import { apiGet } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';

interface ApiLog {
  logId: number;
  dateCreated: string;
  level: string;
  info: string;
}

const field = (page: Page, name: string): Locator => page.getByRole('textbox', { name, exact: true });
const grid = (page: Page): Locator => page.getByRole('grid', { name: 'Hardware logs' });
const bodyRows = (page: Page): Locator => grid(page).getByRole('row').filter({ has: page.getByRole('gridcell') });
/** The ID cell of a row: the row's header cell. */
const idOf = (row: Locator): Locator => row.getByRole('rowheader');
const notice = (page: Page): Locator => page.getByRole('region', { name: 'Notifications' });

test.describe('Hardware Logs', () => {
  test('a range fetched, sorted by ID descending, filtered by the search box', async ({ app, page }) => {
    await app.signInAs('reader', '/logs');
    // The default range is yesterday to today; the demo campaign's log ends on 2026-11-20.
    await field(page, 'Start date').fill('2026-11-10');
    await field(page, 'End date').fill('2026-11-20');
    await page.getByRole('button', { name: 'Get Logs', exact: true }).click();
    // Eleven days are a heavy read, one per user at once (src/server/http/heavyReads.ts): the API is
    // asked for the same range only after the page has its answer, or one of the two would get a 503.
    const status = page.getByRole('status').filter({ hasText: 'lines of' });
    await expect(status).toHaveText(/^[\d.]+ lines of 2026-11-10 – 2026-11-20/);

    const { logs, totalItems } = await apiGet<{ logs: ApiLog[]; totalItems: number }>(app, 'logs/2026-11-10/2026-11-20');
    expect(totalItems).toBeGreaterThan(20);
    await expect(status).toHaveText(`${totalItems} lines of 2026-11-10 – 2026-11-20`);
    // Newest ID first.
    await expect(idOf(bodyRows(page).first())).toHaveText(String(logs[0]!.logId));
    await expectNoSeriousViolations(page, page.getByRole('main'));

    const term = 'warn';
    const matching = logs.filter((l) => `${l.logId} ${l.dateCreated} ${l.level} ${l.info}`.toLowerCase().includes(term));
    expect(matching.length).toBeGreaterThan(0);
    expect(matching.length).toBeLessThan(totalItems);
    await page.getByRole('searchbox', { name: 'Search' }).pressSequentially(term);
    await expect(page.getByRole('status').filter({ hasText: 'match' })).toHaveText(
      `${matching.length} of ${totalItems} lines of 2026-11-10 – 2026-11-20 match`,
    );
    await expect(idOf(bodyRows(page).first())).toHaveText(String(matching[0]!.logId));
    for (const text of await bodyRows(page).allTextContents()) expect(text.toLowerCase()).toContain(term);

    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(notice(page).getByRole('status')).toHaveText('Logs cleared!');
    await expect(grid(page)).toContainText('No data available');
  });

  test('the date rules answer with their messages', async ({ app, page }) => {
    await app.signInAs('reader', '/logs');
    await field(page, 'Start date').fill('');
    await page.getByRole('button', { name: 'Get Logs', exact: true }).click();
    await expect(notice(page).getByRole('alert')).toHaveText('You must provide a start date!');
    await field(page, 'Start date').fill('2026-11-12');
    await field(page, 'End date').fill('2026-11-10');
    await page.getByRole('button', { name: 'Get Logs', exact: true }).click();
    await expect(notice(page).getByRole('alert')).toHaveText('Start date must be before end date!');
    await field(page, 'End date').fill('2026-11-31');
    await page.getByRole('button', { name: 'Get Logs', exact: true }).click();
    await expect(notice(page).getByRole('alert')).toHaveText('Please check your dates!');
  });

  test('Get Logs from the palette, with the date picker in German', async ({ app, page }) => {
    await app.signInAs('reader', '/logs');
    await field(page, 'Start date').fill('2026-11-20');
    await page.getByRole('button', { name: 'Pick Start date' }).click();
    const picker = page.getByRole('dialog', { name: 'Pick Start date' });
    // docs/dev/product-rules.md#constants: a German picker, all of it marked German (issue 27).
    await expect(picker.locator('[lang="de"]')).toContainText('November 2026');
    await expect(picker.locator('[lang="de"]').getByRole('button', { name: 'Voriger Monat' })).toBeVisible();
    // The calendar opens on the field's date; one day back and Enter writes it into the field.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect(picker).toBeHidden();
    await expect(field(page, 'Start date')).toHaveValue('2026-11-19');
    await app.runCommand('Get Logs');
    await expect(page.getByRole('status').filter({ hasText: 'lines of' })).toBeVisible();
  });
});
