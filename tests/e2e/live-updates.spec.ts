// Change events in the browser (docs/dev/architecture.md#change-events): a save in one browser
// shows in another's open Analysis page as a marked row, without a reload and without moving the
// other's focus or selection; the page says the change in its polite live region; axe stays clean.
// A file the sync imports shows its analyses on an open Analysis page the same way, said as sync's.
// A row one browser edits and another saves says so in the first before its Save (the 409 stays).
import { randomInt } from 'node:crypto';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import type { Analysis } from '../../src/domain/entities/analysis';
import { ean13CheckDigit } from '../../src/domain/ids';
import { changedMeanwhile, changedWhileEditing } from '../../src/domain/messages';
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

/** GET /api/… as the signed-in page, answering its text (a sync start answers the entry). */
async function apiText(app: LabApp, path: string): Promise<string> {
  const user = JSON.parse((await app.getStorage('user')) ?? '{}') as { accessToken?: string };
  const response = await app.page.request.get(`${baseUrl()}/api/${path}`, {
    headers: { authorization: `Bearer ${user.accessToken ?? ''}` },
  });
  expect(response.ok(), `GET ${path} answered ${response.status()}`).toBe(true);
  return response.text();
}

/** A second browser (its own storage: another workstation) signed in as `account`. */
async function otherBrowser(browser: Browser, account: 'admin' | 'reader', wide = false): Promise<LabApp> {
  const context = await browser.newContext(wide ? { viewport: WIDE } : {});
  const app = new LabApp(await context.newPage());
  await app.signInAs(account, '/analysis');
  return app;
}

/** At 1600 px the measured columns are in view without scrolling. */
const WIDE = { width: 1600, height: 1000 };

/** The cell of column `header` in `row`, by the column index the grid gives headers and cells. */
async function cellOf(page: Page, row: Locator, header: string): Promise<Locator> {
  const index = await analyses.header(page, header).getAttribute('aria-colindex');
  expect(index, `column ${header}`).toMatch(/^\d+$/);
  return row.locator(`[aria-colindex="${index}"]`);
}

test.describe('Live updates', () => {
  test("a save in one browser shows as a marked row in another's open Analysis page", async ({
    app,
    browser,
  }) => {
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
      // The word is drawn in the row header (not over the checkbox) and said as the row's description.
      await expect(changed.getByRole('rowheader')).toContainText('Updated');
      await expect(changed).toHaveAccessibleDescription('Updated');
      await expect(page.locator('.list-live')).toHaveText('1 analysis changed by a colleague');
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

  test("a sync file dropped in the inbox shows its analyses on an open Analysis page, marked, said as sync's", async ({
    app,
  }) => {
    test.setTimeout(180_000);
    await app.signInAs('admin', '/analysis');
    const page = app.page;
    await expect(analyses.dataRows(page).first()).toBeVisible();
    const reloads: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloads.push(frame.url());
    });

    // Three analyses of a new sample, as an instrument writes them into the sync source.
    const source = (await apiText(app, 'config/sync/datasource')).split('\n')[0]!;
    const twelve = `7${String(randomInt(10 ** 10)).padStart(11, '0')}`;
    const sId = `${twelve}${ean13CheckDigit(twelve)}`;
    const dir = join(source, 'analysis');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `live-${sId}.csv`);
    writeFileSync(
      file,
      [
        'sId;sStamp;dateIn;pol;nat',
        ...[7, 8, 9].map((h) => `${sId};2026-10-01 06:00:00;2026-10-01 0${h}:00:00;17,5;1,2`),
      ].join('\n') + '\n',
    );
    // The instrument finished writing a while ago (a younger file waits for the next run).
    const past = new Date(Date.now() - 60_000);
    utimesSync(file, past, past);
    // GET /config/sync/Analysis starts that sync, as its timer would.
    await apiText(app, 'config/sync/Analysis');

    // The open page shows the three new rows at its top (newest aId first), marked, without a reload.
    const fresh = analyses.dataRows(page).filter({ hasText: sId });
    await expect(fresh).toHaveCount(3, { timeout: 30_000 });
    for (const row of await fresh.all()) {
      await expect(row).toHaveAttribute('data-updated', 'true');
      await expect(row).toContainText('Updated');
    }
    await expect(page.locator('.list-live')).toHaveText('3 analyses changed by sync');
    expect(reloads).toEqual([]);
    await expectNoSeriousViolations(page);
  });

  test('a row one browser edits and another saves says so before Save, the focus staying in the editor; Save meets the 409', async ({
    app,
    browser,
  }) => {
    test.setTimeout(240_000);
    await app.page.setViewportSize(WIDE);
    await app.signInAs('admin', '/analysis');
    const other = await otherBrowser(browser, 'admin', true);
    try {
      const page = app.page;
      const aId = (await analyses.dataRows(page).nth(2).getByRole('rowheader').innerText()).trim();
      // A opens Pol of the row and types, not saving yet.
      await (await cellOf(page, rowOf(page, aId), 'Pol')).dblclick();
      const pol = rowOf(page, aId).getByRole('textbox', { name: 'Pol' });
      await expect(pol).toBeFocused();
      await pol.fill('17.3');
      const notice = page.getByRole('alert').filter({ hasText: changedWhileEditing('aId', aId) });
      await expect(notice).toHaveCount(0);

      // B saves a comment on the same row in its own browser.
      const theirs = other.page;
      await (await cellOf(theirs, rowOf(theirs, aId), 'Comment')).dblclick();
      const comment = rowOf(theirs, aId).getByRole('textbox', { name: 'Comment' });
      await expect(comment).toBeFocused();
      const words = `theirs ${Date.now()}`;
      await comment.fill(words);
      await theirs.keyboard.press('Enter');
      await expect(theirs.getByRole('region', { name: 'Notifications' })).toContainText(
        `aId#${aId} was updated successfully!`,
      );

      // A is told before saving; the editor, its text and the focus stay.
      await expect(notice).toBeVisible();
      await expect(pol).toBeFocused();
      await expect(pol).toHaveValue('17.3');
      await expectNoSeriousViolations(page);
      // Save is still refused, and the row shows their change.
      await page.keyboard.press('Enter');
      await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
        changedMeanwhile('aId', aId),
      );
      await expect(notice).toHaveCount(0);
      // The row is loaded again and stays in edit (as after any 409): their comment is in its field.
      await expect(rowOf(page, aId).getByRole('textbox', { name: 'Comment' })).toHaveValue(words);
    } finally {
      await other.page.context().close();
    }
  });
});
