// axe finds no serious or critical violation on the login page and the shell, in both themes, and
// in the drawer and the palette when they are open. The screenshots are for a human look at the layout.
import { expectNoSeriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';

const SCREENSHOTS = 'test-results/screenshots';

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ app }) => {
      await app.setStorage('theme', theme);
    });

    test('login page', async ({ app, page }) => {
      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(app.loginButton).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.screenshot({ path: `${SCREENSHOTS}/login-${theme}.png` });

      // With messages showing (the error colour must keep its contrast).
      await app.loginButton.click();
      await expect(app.email).toHaveAttribute('aria-invalid', 'true');
      await expectNoSeriousViolations(page);
      await page.screenshot({ path: `${SCREENSHOTS}/login-errors-${theme}.png` });
    });

    test('shell, drawer and palette', async ({ app, page }) => {
      // Inherently heavy: axe over the whole Analysis page with its 50-row grid, in this theme.
      test.slow();
      await app.signInAs('admin', '/analysis');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(app.heading('Analysis')).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.screenshot({ path: `${SCREENSHOTS}/shell-${theme}.png` });

      // The page behind was checked just above; the open drawer and palette are checked themselves.
      await app.openDrawer();
      await expectNoSeriousViolations(page, app.drawer);
      await page.screenshot({ path: `${SCREENSHOTS}/drawer-${theme}.png` });
      await page.keyboard.press('Escape');
      await expect(app.drawer).toBeHidden();

      await app.openPalette();
      await expectNoSeriousViolations(page, app.palette);
      await page.screenshot({ path: `${SCREENSHOTS}/palette-${theme}.png` });
    });

    test('help at /doc, frame included', async ({ app, page }) => {
      await app.signInAs('reader', '/doc');
      const help = page.frameLocator('iframe[title="Hilfe"]');
      await expect(help.getByRole('heading', { level: 1, name: 'Getting started' })).toBeVisible();
      // The frame follows the app's theme.
      await expect(help.locator('html')).toHaveAttribute('data-theme', theme);
      await expectNoSeriousViolations(page);
      await page.screenshot({ path: `${SCREENSHOTS}/help-${theme}.png` });
    });

    test('failed sign-in with the snackbar', async ({ app, page }) => {
      await page.goto('/login');
      await app.signInByKeyboard('admin@labdesk.test', 'wrong-password');
      await expect(app.snackbarError).toHaveText('Login was unsuccessful!');
      await expectNoSeriousViolations(page);
      await page.screenshot({ path: `${SCREENSHOTS}/login-failed-${theme}.png` });
    });
  });
}
