// The audit trail (docs/dev/architecture.md#audit-trail): an admin edits an analysis, opens its
// history from the row and sees who changed it with the values before and after; the drawer and
// the palette offer the page to admins; a reader is offered neither and reaches neither the page
// nor its API (403).
import type { Locator, Page } from '@playwright/test';
import type { Analysis } from '../../src/domain/entities/analysis';
import { apiGet } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { ACCOUNTS, baseUrl } from './support/env';
import { expect, test } from './support/fixtures';
import { listTable } from './support/listScreen';
import { AUDIT_PAGE } from './support/pages';

const analyses = listTable('Analyses');

const rowOf = (page: Page, id: string): Locator =>
  analyses
    .grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: id, exact: true }) });

test.describe('Audit trail', () => {
  test.slow();

  test('an admin edits an analysis, opens its history and sees before and after', async ({ app, page }) => {
    await page.setViewportSize({ width: 1600, height: 1000 });
    await app.setStorage('analysis.headers', '');
    await app.signInAs('admin', '/analysis');
    await expect(analyses.grid(page)).toHaveAttribute('aria-rowcount', '51');
    const aId = (await analyses.dataRows(page).first().getByRole('rowheader').innerText()).trim();
    const before = await apiGet<Analysis>(app, `analysis/${aId}`);
    const row = rowOf(page, aId);
    const index = await analyses.header(page, 'Pol').getAttribute('aria-colindex');
    await row.locator(`[aria-colindex="${index}"]`).dblclick();
    const pol = row.getByRole('textbox', { name: 'Pol' });
    await pol.fill(before.pol === 17.5 ? '17,25' : '17,5');
    const after = before.pol === 17.5 ? 17.25 : 17.5;
    await pol.press('Enter');
    await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('status')).toHaveText(
      `aId#${aId} was updated successfully!`,
    );

    await row.getByRole('button', { name: `Show history of ${aId}` }).click();
    await expect(page).toHaveURL(new RegExp(`/audit\\?entity=analysis&key=${aId}$`));
    const trail = page.getByRole('grid', { name: 'Audit trail' });
    const change = trail.getByRole('row').filter({ hasText: ACCOUNTS.admin.email }).filter({ hasText: 'update' }).first();
    await expect(change).toBeVisible();
    await expect(change.getByLabel(/^Before:/)).toContainText(`"pol": ${before.pol}`);
    await expect(change.getByLabel(/^After:/)).toContainText(`"pol": ${after}`);
    await expect(page.getByRole('textbox', { name: 'Record key' })).toHaveValue(aId);
    await expectNoSeriousViolations(page);
  });

  test('an admin opens the audit trail from the palette and from the drawer', async ({ app, page }) => {
    await app.signInAs('admin', '/samples');
    await app.runCommand(AUDIT_PAGE.command);
    await expect(page).toHaveURL(/\/audit$/);
    await expect(app.heading(AUDIT_PAGE.heading)).toBeFocused();

    await app.runCommand('Go to Boxes');
    await app.openDrawer();
    await app.drawer.getByRole('link', { name: AUDIT_PAGE.entry, exact: true }).click();
    await expect(app.drawer).toBeHidden();
    await expect(page).toHaveURL(/\/audit$/);
    await expect(app.heading(AUDIT_PAGE.heading)).toBeVisible();
  });

  test('a reader reaches neither the audit page nor its API (403)', async ({ app, page }) => {
    await app.signInAs('reader', '/audit');
    await expect(page).not.toHaveURL(/\/audit/);
    await expect(page.getByRole('heading', { name: 'Audit trail' })).toHaveCount(0);
    // Neither the drawer nor the palette offers it.
    await app.openDrawer();
    await expect(app.drawer.getByRole('link', { name: AUDIT_PAGE.entry })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await app.openPalette();
    await page.keyboard.type('audit');
    await expect(app.palette.getByRole('option', { name: AUDIT_PAGE.command })).toHaveCount(0);
    await page.keyboard.press('Escape');
    const user = JSON.parse((await app.getStorage('user')) ?? '{}') as { accessToken?: string };
    const response = await page.request.get(`${baseUrl()}/api/audit`, {
      headers: { authorization: `Bearer ${user.accessToken ?? ''}` },
    });
    expect(response.status()).toBe(403);
    // And the analysis rows offer a reader no history.
    await app.signInAs('reader', '/analysis');
    await expect(analyses.grid(page)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Show history of/ })).toHaveCount(0);
  });
});
