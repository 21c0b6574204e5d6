// Sign-in, sign-out and the route guard (docs/dev/product-rules.md#screens, docs/dev/product-rules.md#behaviour, docs/dev/product-rules.md#field-rules, docs/dev/product-rules.md#messages).
import { ACCOUNTS, expect, test } from './support/fixtures';

test.describe('login', () => {
  test('an admin signs in by keyboard only and sees the shell with ADMIN', async ({ app, page }) => {
    await page.goto('/login');
    await app.signInByKeyboard(ACCOUNTS.admin.email, ACCOUNTS.admin.password);

    await expect(page).toHaveURL(/\/analysis$/);
    await expect(app.heading('Analysis')).toBeVisible();
    await expect(app.banner).toContainText('ADMIN');
    await expect(app.banner).not.toContainText('ROLE_');
    await expect(app.banner.getByRole('link', { name: 'Hilfe' })).toBeVisible();
    await expect(app.banner.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test('a reader sees READER', async ({ app, page }) => {
    await page.goto('/login');
    await app.signInByKeyboard(ACCOUNTS.reader.email, ACCOUNTS.reader.password);

    await expect(app.heading('Analysis')).toBeVisible();
    await expect(app.banner).toContainText('READER');
    await expect(app.banner).not.toContainText('ADMIN');
  });

  test("a wrong password shows 'Login was unsuccessful!' and the server's message under the form", async ({
    app,
    page,
  }) => {
    await page.goto('/login');
    await app.signInByKeyboard(ACCOUNTS.admin.email, 'not-the-password');

    await expect(app.snackbarError).toHaveText('Login was unsuccessful!');
    await expect(app.loginFormAlert).toHaveText('Bad credentials');
    await expect(page).toHaveURL(/\/login$/);
    expect(await app.getStorage('user')).toBeNull();
  });

  test('client validation shows the messages of docs/dev/product-rules.md#field-rules per field', async ({ app, page }) => {
    await page.goto('/login');

    await app.loginButton.click();
    await expect(app.email).toHaveAccessibleDescription('Required');
    await expect(app.password).toHaveAccessibleDescription('Required');
    await expect(app.email).toBeFocused();

    await app.email.fill('not-an-address');
    await app.password.fill('short');
    await expect(app.email).toHaveAccessibleDescription('E-Mail must be valid');
    await expect(app.password).toHaveAccessibleDescription('Min 8 characters');
    await expect(app.email).toHaveAttribute('aria-invalid', 'true');

    await app.email.fill(ACCOUNTS.admin.email);
    await app.password.fill(ACCOUNTS.admin.password);
    await expect(app.email).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Min 8 characters')).toHaveCount(0);
    await app.password.press('Enter');
    await expect(app.heading('Analysis')).toBeVisible();
  });

  test('after signing in the user lands on the page they wanted', async ({ app, page }) => {
    await page.goto('/boxes');
    await app.expectOnLoginPage();

    await app.signInByKeyboard(ACCOUNTS.reader.email, ACCOUNTS.reader.password);
    await expect(page).toHaveURL(/\/boxes$/);
    await expect(app.heading('Boxes')).toBeVisible();
  });
});

test.describe('logout', () => {
  test('the top-bar button returns to /login and forgets the session', async ({ app, page }) => {
    await app.signInAs('admin');
    await app.banner.getByRole('button', { name: 'Logout' }).click();

    await app.expectOnLoginPage();
    expect(await app.getStorage('user')).toBeNull();
    await page.goto('/analysis');
    await app.expectOnLoginPage();
  });

  test('the drawer entry at the bottom logs out', async ({ app }) => {
    await app.signInAs('reader');
    await app.openDrawer();
    await app.drawer.getByRole('button', { name: 'Logout' }).click();
    await app.expectOnLoginPage();
  });

  test('the palette command logs out', async ({ app }) => {
    await app.signInAs('admin');
    await app.runCommand('Log out');
    await app.expectOnLoginPage();
  });
});

test.describe('session check before navigation', () => {
  test('a tampered token sends the user to /login at the next navigation', async ({ app, page }) => {
    await app.signInAs('admin', '/analysis');
    const stored = JSON.parse((await app.getStorage('user')) ?? '{}') as { accessToken: string };
    // Change the signature: the token still looks like a JWT, but the server must refuse it.
    const token = stored.accessToken;
    const tampered = `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    await app.setStorage('user', JSON.stringify({ ...stored, accessToken: tampered }));

    await page.goto('/samples');
    await app.expectOnLoginPage();
    expect(await app.getStorage('user')).toBeNull();
  });

  test('a session stored for another role than the token carries is refused', async ({ app, page }) => {
    await app.signInAs('reader', '/analysis');
    const stored = JSON.parse((await app.getStorage('user')) ?? '{}') as Record<string, unknown>;
    await app.setStorage('user', JSON.stringify({ ...stored, roles: ['ROLE_ADMIN'] }));

    await page.goto('/limits');
    await app.expectOnLoginPage();
  });
});
