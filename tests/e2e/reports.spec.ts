// Reports: a day report for a range with both tabs, the trend charts with their numbers, a PDF of
// each tab downloaded with the server's file name, Clear, the date rules, and axe on the page.
import type { Locator, Page } from '@playwright/test';
import { apiGet } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';

const field = (page: Page, name: string): Locator => page.getByRole('textbox', { name, exact: true });
const notice = (page: Page): Locator => page.getByRole('region', { name: 'Notifications' });
const tab = (page: Page, name: string): Locator => page.getByRole('tab', { name, exact: true });

test.describe('Reports', () => {
  test('a day report for a range: both tabs, the trends, PDFs of each tab', async ({ app, page }) => {
    await app.signInAs('reader', '/reports');
    await expect(page.getByText('No data available', { exact: true })).toBeVisible();
    await field(page, 'Start date').fill('2026-11-17');
    await field(page, 'End date').fill('2026-11-19');
    await page.getByRole('button', { name: 'Report', exact: true }).click();

    const q = 'startDate=2026-11-17&endDate=2026-11-19';
    const day = await apiGet<{ dayReports: { line: string }[]; totalItems: number; days: { day: string; values: { pol?: { avg: number } } }[] }>(app, `reports/day?${q}`);
    const suspicious = await apiGet<{ suspiciousReports: { line: string }[]; totalItems: number }>(app, `reports/suspicious?${q}`);
    expect(day.totalItems).toBe(3);
    expect(suspicious.totalItems).toBeGreaterThan(0);

    await expect(page.getByRole('status').filter({ hasText: 'Currently showing' })).toHaveText(
      `Currently showing 3 Day Report(s) and ${suspicious.totalItems} suspicious SampleSelection-Id(s)`,
    );
    await expect(tab(page, 'Day Report')).toHaveAttribute('aria-selected', 'true');
    const dayLines = page.getByRole('list', { name: 'Day Report lines' }).getByRole('listitem');
    await expect(dayLines).toHaveCount(day.dayReports.length);
    await expect(dayLines.first()).toHaveText(day.dayReports[0]!.line);
    // Issue 27: the lines print decimals with the lab's comma, like the chart and the table beside them.
    await expect(dayLines.filter({ hasText: /average \d+,\d{2}\b/ }).first()).toBeVisible();
    await expect(dayLines.filter({ hasText: /\d\.\d/ })).toHaveCount(0);

    // The trend: an image per value, named and described, and its numbers in a table.
    const pol = page.getByRole('img', { name: 'Pol daily average' });
    await expect(pol).toBeVisible();
    await expect(pol).toHaveAccessibleDescription(/^Pol from .* on 2026-11-17 to .* on 2026-11-19; lowest .*, highest .*\.$/);
    const table = page.getByRole('table', { name: 'Daily averages per lab day' });
    const firstAvg = day.days[0]!.values.pol!.avg.toLocaleString('de-AT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    await expect(table.getByRole('row', { name: /2026-11-17/ }).getByRole('cell').first()).toHaveText(firstAvg);
    await expectNoSeriousViolations(page, page.getByRole('main'));

    const dayPdf = page.waitForEvent('download');
    await page.getByRole('button', { name: 'PDF', exact: true }).click();
    expect((await dayPdf).suggestedFilename()).toBe('day-report_2026-11-17_2026-11-19.pdf');

    await tab(page, 'Suspicious Report').click();
    const suspiciousLines = page.getByRole('list', { name: 'Suspicious Report lines' }).getByRole('listitem');
    await expect(suspiciousLines).toHaveCount(suspicious.suspiciousReports.length);
    await expect(suspiciousLines.first()).toHaveText(suspicious.suspiciousReports[0]!.line);
    const suspiciousPdf = page.waitForEvent('download');
    await app.runCommand('Report PDF');
    const file = await suspiciousPdf;
    expect(file.suggestedFilename()).toBe('suspicious-report_2026-11-17_2026-11-19.pdf');

    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(notice(page).getByRole('status')).toHaveText('Day Reports cleared!');
    await expect(page.getByRole('tab')).toHaveCount(0);
    await expect(page.getByText('No data available', { exact: true })).toBeVisible();
  });

  test('the date rules answer with their messages; an empty range shows no tabs', async ({ app, page }) => {
    await app.signInAs('reader', '/reports');
    await field(page, 'Start date').fill('2026-11-19');
    await field(page, 'End date').fill('2026-11-18');
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    await expect(notice(page).getByRole('alert')).toHaveText('Start date must be before end date!');
    await field(page, 'Start date').fill('2099-01-01');
    await field(page, 'End date').fill('');
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    await expect(notice(page).getByRole('alert')).toHaveText('A future date was chosen!');
    await field(page, 'Start date').fill('2026-01-10');
    await field(page, 'End date').fill('2026-01-11');
    await app.runCommand('Reports for 2026-01-10 to 2026-01-11');
    await expect(page.getByRole('status').filter({ hasText: 'Currently showing' })).toHaveText('Currently showing 0 Day Report(s)');
    await expect(page.getByRole('tab')).toHaveCount(0);
    await expect(page.getByText('No data available', { exact: true })).toBeVisible();
  });
});
