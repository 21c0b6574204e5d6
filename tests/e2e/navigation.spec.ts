// Every page is reachable from the command palette and from the drawer (docs/dev/product-rules.md#screens), the
// drawer is a proper modal, and /doc shows the help.
import { ACCOUNTS, expect, PAGES, test } from './support/fixtures';
import { ADMIN_PAGES } from './support/pages';

test.describe('command palette navigation', () => {
  for (const target of PAGES) {
    test(`Ctrl+K, '${target.command}', Enter opens ${target.path}`, async ({ app, page }) => {
      // Start somewhere else than the target, so the navigation is real.
      await app.signInAs('admin', target.path === '/settings' ? '/labels' : '/settings');
      await app.runCommand(target.command);

      await expect(page).toHaveURL(new RegExp(`${target.path}$`));
      await expect(app.heading(target.heading)).toBeVisible();
      // The new page's heading has the focus, so a screen reader announces the page.
      await expect(app.heading(target.heading)).toBeFocused();
    });
  }

  test('typing part of a name is enough', async ({ app, page }) => {
    await app.signInAs('reader', '/analysis');
    await app.openPalette();
    await page.keyboard.type('limits');
    await expect(app.palette.getByRole('option', { selected: true })).toHaveText('Go to Value Limits');
    await page.keyboard.press('Enter');
    await expect(app.heading('Value Limits')).toBeVisible();
  });
});

test.describe('drawer', () => {
  for (const target of PAGES) {
    test(`the entry '${target.entry}' opens ${target.path}`, async ({ app, page }) => {
      await app.signInAs('reader', target.path === '/settings' ? '/labels' : '/settings');
      await app.openDrawer();
      await app.drawer.getByRole('link', { name: target.entry, exact: true }).click();

      await expect(app.drawer).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`${target.path}$`));
      await expect(app.heading(target.heading)).toBeVisible();
    });
  }

  test('is a modal dialog: focus inside, the current page marked, Esc closes and focus returns', async ({
    app,
    page,
  }) => {
    await app.signInAs('admin', '/boxes');
    await app.menuButton.focus();
    await page.keyboard.press('Enter');
    await expect(app.drawer).toBeVisible();
    await expect(app.menuButton).toHaveAttribute('aria-expanded', 'true');

    const links = app.drawer.getByRole('link');
    await expect(links).toHaveText(ADMIN_PAGES.map((p) => p.entry));
    await expect(app.drawer.getByRole('link', { name: 'Boxes' })).toHaveAttribute('aria-current', 'page');
    // The drawer is 256 px wide at the left edge (docs/dev/product-rules.md#constants), once it has slid in.
    await expect.poll(async () => await app.drawer.boundingBox()).toMatchObject({ x: 0, width: 256 });

    // Focus is trapped: tabbing through all entries stays inside the drawer.
    for (let i = 0; i < ADMIN_PAGES.length + 3; i++) {
      await page.keyboard.press('Tab');
      await expect(app.drawer.locator(':focus')).toHaveCount(1);
    }

    await page.keyboard.press('Escape');
    await expect(app.drawer).toBeHidden();
    await expect(app.menuButton).toBeFocused();
  });
});

test.describe('pages', () => {
  test('the first Tab offers Skip to content, which moves focus past the top bar', async ({ app, page }) => {
    await app.signInAs('reader', '/screens');
    // Focus on the document itself, as on a page just opened (body.focus() alone does nothing while
    // a control holds focus, and the shell's focus rule gives a closed form's focus to the page).
    await page.locator('body').evaluate((body) => {
      body.setAttribute('tabindex', '-1');
      (body as unknown as { focus(): void }).focus();
      body.removeAttribute('tabindex');
    });
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page).toHaveURL(/\/screens$/);
  });

  test('after a reload the first Tab reaches Skip to content; after sign-in the page heading has focus', async ({
    app,
    page,
  }) => {
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await app.signInAs('reader', '/screens');
    await page.reload();
    await expect(page).toHaveTitle(/^Screens · /);
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();

    await app.banner.getByRole('button', { name: 'Logout' }).click();
    await app.expectOnLoginPage();
    await app.signInByKeyboard(ACCOUNTS.reader.email, ACCOUNTS.reader.password);
    // Signing in is an action: the Login button goes, and the page it leads to (the one the
    // session left, or Analysis) takes the focus on its heading, never leaving it on <body>.
    await expect(page).toHaveTitle(/^(?!Login)\S+ · /);
    const arrivedHeading = async () => app.heading((await page.title()).split(' · ')[0] ?? '');
    await expect(await arrivedHeading()).toBeFocused();

    // The same after a load that showed the login form first.
    await app.banner.getByRole('button', { name: 'Logout' }).click();
    await app.expectOnLoginPage();
    await page.reload();
    await app.signInByKeyboard(ACCOUNTS.reader.email, ACCOUNTS.reader.password);
    await expect(page).toHaveTitle(/^(?!Login)\S+ · /);
    await expect(await arrivedHeading()).toBeFocused();

    // Arriving by navigation still gives the new page's heading the focus (the first test above).
    await app.runCommand('Go to Value Limits');
    await expect(app.heading('Value Limits')).toBeFocused();
  });

  test('while the stored session is checked, a full-screen progress indicator shows', async ({
    app,
    page,
  }) => {
    await app.signInAs('reader', '/analysis');
    // Hold the server's answer back, so that the waiting state can be seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/verify', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await expect(page.getByRole('progressbar', { name: 'Checking session' })).toBeVisible();
    release();
    await expect(app.heading('Analysis')).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
  });

  test("'/' shows the Analysis view", async ({ app, page }) => {
    await app.signInAs('reader', '/');
    await expect(app.heading('Analysis')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('/doc shows the help in a full-size frame titled Hilfe', async ({ app, page }) => {
    await app.signInAs('reader', '/analysis');
    await app.banner.getByRole('link', { name: 'Hilfe' }).click();
    await expect(page).toHaveURL(/\/doc$/);

    const frameElement = page.getByTitle('Hilfe');
    await expect(frameElement).toBeVisible();
    const box = await frameElement.boundingBox();
    const viewport = page.viewportSize();
    expect(box?.width).toBe(viewport?.width);
    expect(box?.height ?? 0).toBeGreaterThan((viewport?.height ?? 0) - 60);

    const help = page.frameLocator('iframe[title="Hilfe"]');
    await expect(help.getByRole('heading', { level: 1, name: 'Getting started' })).toBeVisible();
    await help
      .getByRole('navigation', { name: 'Help pages' })
      .getByRole('link', { name: 'Keyboard shortcuts' })
      .click();
    await expect(help.getByRole('heading', { level: 1, name: 'Keyboard shortcuts' })).toBeVisible();
    await expect(help.getByRole('table')).toContainText('Ctrl+K');
  });
});
