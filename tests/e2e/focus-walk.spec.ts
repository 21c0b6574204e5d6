// Keyboard alone through every page's actions (issue 27; Boxes and Screens have their own walk):
// each control is reached with Tab from the page heading and pressed with Enter, and after each
// action focus must be on a named control, never on <body> (src/ui/focus/focusHome.ts).
import type { Locator, Page } from '@playwright/test';
import { isolatedTest as test, expect } from './support/fixtures';

const MAX_TABS = 60;

/** The page's globals as these checks use them (the tests compile without the DOM library). */
interface PageDocument {
  document: { activeElement: { tagName: string } | null };
}

/** Presses Tab from where focus is until `target` has it. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < MAX_TABS; i += 1) {
    if (await target.evaluate((el) => el === (globalThis as unknown as PageDocument).document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** What has focus: its tag and accessible name, read as a screen reader would. */
async function focused(page: Page): Promise<{ tag: string; name: string }> {
  const snapshot = await page.locator(':focus').ariaSnapshot().catch(() => '');
  const tag = await page.evaluate(() => (globalThis as unknown as PageDocument).document.activeElement?.tagName.toLowerCase() ?? 'none');
  return { tag, name: snapshot };
}

/** Focus on a named control, not on <body>, and (when given) on the expected one. */
async function expectFocusHome(page: Page, expected?: Locator): Promise<void> {
  await expect.poll(async () => (await focused(page)).tag, { message: 'focus fell to <body>' }).not.toBe('body');
  // Compared in the page: a download may take the window's focus away, not the document's.
  if (expected) await expect.poll(() => expected.evaluate((el) => el === (globalThis as unknown as PageDocument).document.activeElement)).toBe(true);
  const { name } = await focused(page);
  expect(name, 'the focused element has a name').toMatch(/"[^"]+"|: \S/);
}

const button = (page: Page, name: string): Locator => page.getByRole('button', { name, exact: true });
const field = (page: Page, name: string): Locator => page.getByRole('textbox', { name, exact: true });

async function press(page: Page, target: Locator): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press('Enter');
}

async function typeInto(page: Page, target: Locator, text: string): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

test.describe('Focus after every action, keyboard only', () => {
  test('Reports: Report, PDF, a date error and Clear', async ({ app, page }) => {
    await app.signInAs('admin', '/reports');
    await typeInto(page, field(page, 'Start date'), '2026-11-17');
    await typeInto(page, field(page, 'End date'), '2026-11-19');
    await press(page, button(page, 'Report'));
    await expect(page.getByRole('tab', { name: 'Day Report' })).toBeVisible();
    await expectFocusHome(page, button(page, 'Report'));

    const pdf = button(page, 'PDF');
    await tabTo(page, pdf);
    await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    await expect(pdf).toBeEnabled();
    await expectFocusHome(page, pdf);

    // A refused range: its message, focus stays on Report, and the old result goes (issue 27).
    await typeInto(page, field(page, 'End date'), '2026-11-16');
    await press(page, button(page, 'Report'));
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Start date must be before end date!');
    await expectFocusHome(page, button(page, 'Report'));
    await expect(page.getByRole('tab', { name: 'Day Report' })).toHaveCount(0);
    await expect(page.getByText('No data available', { exact: true })).toBeVisible();

    await press(page, button(page, 'Clear'));
    await expectFocusHome(page, button(page, 'Clear'));
  });

  test('Hardware Logs: Get Logs and Clear', async ({ app, page }) => {
    await app.signInAs('admin', '/logs');
    await press(page, button(page, 'Get Logs'));
    await expect(page.getByRole('status').filter({ hasText: /lines of/ })).toBeVisible();
    await expectFocusHome(page, button(page, 'Get Logs'));
    await press(page, button(page, 'Clear'));
    await expectFocusHome(page, button(page, 'Clear'));
  });

  test('Value Limits: Reload, an edit, Update', async ({ app, page }) => {
    await app.signInAs('admin', '/limits');
    await expect(field(page, 'Minimum of pol')).toHaveValue(/\d/);
    await press(page, button(page, 'Reload'));
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Limits reloaded');
    await expectFocusHome(page, button(page, 'Reload'));

    await typeInto(page, field(page, 'Minimum of pol'), '9');
    const update = button(page, 'Update');
    await tabTo(page, update);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Successfully updated pol!');
    // Update disables itself once nothing is changed: focus goes to the nearest home.
    await expectFocusHome(page);
  });

  test('Settings: Reload and Update', async ({ app, page }) => {
    await app.signInAs('admin', '/settings');
    await expect(page.getByRole('grid', { name: 'Application settings' })).toBeVisible();
    await press(page, button(page, 'Reload'));
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Settings reloaded');
    await expectFocusHome(page, button(page, 'Reload'));
  });

  test('Synchronization: Reload', async ({ app, page }) => {
    await app.signInAs('admin', '/sync');
    const reload = page.getByRole('button', { name: /^Reload/ }).first();
    await press(page, reload);
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('SyncConfig reloaded');
    await expectFocusHome(page, reload);
  });

  test('Labels: Print (refused and sent) and Clear', async ({ app, page }) => {
    await app.signInAs('admin', '/labels');
    await press(page, button(page, 'Print'));
    await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('alert')).toBeVisible();
    await expectFocusHome(page);

    await typeInto(page, field(page, 'Sample ID'), '12345678');
    await press(page, button(page, 'Print'));
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(/Label/);
    await expectFocusHome(page, button(page, 'Print'));
    await press(page, button(page, 'Clear'));
    await expectFocusHome(page, button(page, 'Clear'));
  });

  test('Analysis and Samples: the table pager and Export keep focus', async ({ app, page }) => {
    for (const path of ['/analysis', '/samples']) {
      await app.signInAs('admin', path);
      // Fifty rows of buttons lie between the heading and the pager: the walk starts at the
      // control (as Alt+Shift+F and Alt+I reach the filters and the Selection card); the action
      // itself is the keyboard's.
      const next = button(page, 'Next page');
      // Enabled once the first page has arrived.
      await expect(next).toBeEnabled();
      await next.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByText(/^Page 2 of \d/)).toBeVisible();
      await expectFocusHome(page, next);
      const csv = page.getByRole('region', { name: 'Export', exact: true }).getByRole('button', { name: 'Export CSV' });
      await csv.focus();
      await page.keyboard.press('Enter');
      await expectFocusHome(page);
    }
  });
});
