// Change events in the browser (docs/dev/architecture.md#change-events): a save in one browser
// shows in another's open Analysis page as a marked row, without a reload and without moving the
// other's focus or selection; the page says the change in its polite live region; axe stays clean.
import type { Browser, Locator, Page } from '@playwright/test';
import type { Analysis } from '../../src/domain/entities/analysis';
import { apiGet } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { baseUrl } from './support/env';
import { expect, test, LabApp } from './support/fixtures';
import { listTable } from './support/listScreen';

const analyses = listTable('Analyses');

const rowOf = (page: Page, aId: string): Locator =>
  analyses
    .grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: aId, exact: true }) });

/** A second browser (its own storage: another workstation) signed in as `account`. */
async function otherBrowser(browser: Browser, account: 'admin' | 'reader'): Promise<LabApp> {
  const context = await browser.newContext();
  const app = new LabApp(await context.newPage());
  await app.signInAs(account, '/analysis');
  return app;
}

test.describe('Live updates', () => {
  test("a save in one browser shows as a marked row in another's open Analysis page", async ({ app, browser }) => {
    // Two browsers each load the Analysis page: twice the work of a one-browser test.
    test.setTimeout(240_000);
    await app.signInAs('admin', '/analysis');
    const other = await otherBrowser(browser, 'reader');
    try {
      const page = other.page;
      const row = analyses.dataRows(page).nth(1);
      await expect(row).toBeVisible();
      const aId = (await row.getByRole('rowheader').innerText()).trim();
      // The reader works on the page: the row selected, the focus on its checkbox.
      const box = rowOf(page, aId).getByRole('checkbox', { name: 'Select' });
      await box.focus();
      await page.keyboard.press('Space');
      await expect(box).toBeChecked();
      await expect(box).toBeFocused();
      const reloads: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) reloads.push(frame.url());
      });

      // The admin saves the analysis in the first browser.
      const current = await apiGet<Analysis>(app, `analysis/${aId}`);
      const user = JSON.parse((await app.getStorage('user')) ?? '{}') as { accessToken?: string };
      const comment = `live ${Date.now()}`;
      const response = await app.page.request.put(`${baseUrl()}/api/analysis/${aId}`, {
        headers: { authorization: `Bearer ${user.accessToken ?? ''}` },
        data: { ...current, comment },
      });
      expect(response.status(), await response.text()).toBe(200);

      // The other browser shows it, marked in text and colour, and says so politely.
      const changed = rowOf(page, aId);
      await expect(changed).toHaveAttribute('data-updated', 'true');
      await expect(changed).toContainText('Updated');
      await expect(page.locator('.list-live')).toHaveText('1 analysis updated by a colleague');
      await expect(page.locator('.list-live')).toHaveAttribute('aria-live', 'polite');
      // Nothing moved under the reader's hands.
      await expect(box).toBeFocused();
      await expect(box).toBeChecked();
      expect(reloads).toEqual([]);
      await expectNoSeriousViolations(page);
      // The mark goes after a few seconds; the change is there (as the server has it now).
      await expect(changed).not.toHaveAttribute('data-updated', 'true');
      expect((await apiGet<Analysis>(other, `analysis/${aId}`)).comment).toBe(comment);
    } finally {
      await other.page.context().close();
    }
  });
});
