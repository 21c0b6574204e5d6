// The command palette as a screen-reader and keyboard user meets it, and the theme it toggles.
import { expect, test } from './support/fixtures';

test('is a dialog named Command palette with a combobox controlling a listbox of options', async ({
  app,
  page,
}) => {
  await app.signInAs('admin', '/reports');
  await app.openPalette();

  // Modal: the rest of the page is inert (out of reach of focus and of assistive technology) while
  // it is open. React Aria does this instead of aria-modal, which Safari handles badly.
  await expect(page.locator('#root')).toHaveJSProperty('inert', true);
  const listbox = app.palette.getByRole('listbox');
  await expect(listbox).toBeVisible();
  await expect(app.paletteInput).toHaveAttribute(
    'aria-controls',
    (await listbox.getAttribute('id')) ?? 'missing',
  );
  await expect(app.paletteInput).toHaveAttribute('aria-expanded', 'true');

  // Arrow keys move the highlighted option, which the combobox points at.
  const first = await app.paletteInput.getAttribute('aria-activedescendant');
  await page.keyboard.press('ArrowDown');
  await expect(app.paletteInput).not.toHaveAttribute('aria-activedescendant', first ?? '');
  const selected = app.palette.getByRole('option', { selected: true });
  await expect(selected).toHaveCount(1);
  await expect(app.paletteInput).toHaveAttribute(
    'aria-activedescendant',
    (await selected.getAttribute('id')) ?? '',
  );

  await page.keyboard.type('zzzz-nothing');
  await expect(app.palette.getByRole('option')).toHaveCount(0);
  await expect(app.palette).toContainText('No matching command.');

  await page.keyboard.press('Escape');
  await expect(app.palette).toBeHidden();
  await expect(page.locator('#root')).toHaveJSProperty('inert', false);
});

test('Esc closes it and focus returns to where it was', async ({ app, page }) => {
  await app.signInAs('admin', '/reports');

  // Opened from the top-bar button: focus goes back to the button.
  const button = app.banner.getByRole('button', { name: 'Command palette' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(app.palette).toBeVisible();
  await expect(app.paletteInput).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(app.palette).toBeHidden();
  await expect(button).toBeFocused();

  // Opened with Ctrl+K from the logout button: focus goes back there.
  const logout = app.banner.getByRole('button', { name: 'Logout' });
  await logout.focus();
  await app.openPalette();
  await page.keyboard.press('Escape');
  await expect(app.palette).toBeHidden();
  await expect(logout).toBeFocused();
  await expect(app.heading('Reports')).toBeVisible();
});

test('Ctrl+K again closes it; a new opening starts with an empty search', async ({ app, page }) => {
  await app.signInAs('reader', '/boxes');
  await app.openPalette();
  await page.keyboard.type('samp');
  await page.keyboard.press('Control+k');
  await expect(app.palette).toBeHidden();
  await app.openPalette();
  await expect(app.paletteInput).toHaveValue('');
});

test('the theme toggled in the palette is kept over a reload', async ({ app, page }) => {
  await app.signInAs('admin', '/analysis');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');

  await app.runCommand('Switch to dark theme');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  expect(await app.getStorage('theme')).toBe('dark');

  await page.reload();
  await expect(app.heading('Analysis')).toBeVisible();
  await expect(html).toHaveAttribute('data-theme', 'dark');

  // The command now offers the way back.
  await app.runCommand('Switch to light theme');
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'light');
});

test('the help command opens /doc', async ({ app, page }) => {
  await app.signInAs('reader', '/samples');
  await app.runCommand('Open help (Hilfe)');
  await expect(page).toHaveURL(/\/doc$/);
  await expect(page.getByTitle('Hilfe')).toBeVisible();
});

test.describe('never changes data by accident', () => {
  // Every short search an admin might type on Analysis, where SAP and ZFT are offered.
  test('opens on a page to go to, and s, sa, log + Enter start no export', async ({ app, page }) => {
    await app.signInAs('admin', '/analysis');
    await expect(page.getByRole('button', { name: 'Export SAP', exact: true })).toBeVisible();
    const exports: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/[a-z]+\/export\//.test(request.url())) exports.push(request.url());
    });

    await app.openPalette();
    await expect(app.palette.getByRole('option', { selected: true })).toHaveText(/^Go to /);
    await page.keyboard.press('Escape');

    for (const search of ['s', 'sa', 'log']) {
      await app.openPalette();
      await page.keyboard.type(search);
      const chosen = app.palette.getByRole('option', { selected: true });
      await expect(chosen).not.toHaveText(/SAP|ZFT/);
      await page.keyboard.press('Enter');
      await expect(app.palette).toBeHidden();
      // 'log' may have logged out; what matters is that nothing was exported.
      if (!page.url().endsWith('/analysis')) await app.signInAs('admin', '/analysis');
    }
    expect(exports).toEqual([]);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  test('Ctrl+K with the column menu open closes the menu; the search has the focus and takes what is typed', async ({ app, page }) => {
    await app.signInAs('admin', '/analysis');
    await page.getByRole('button', { name: 'Select Columns' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    // As app.openPalette(), which asks for the search's focus.
    await app.openPalette();
    await expect(page.getByRole('menu')).toHaveCount(0);
    await page.keyboard.type('samp');
    await expect(app.paletteInput).toHaveValue('samp');
  });

  test('Ctrl+K at once after Alt+Shift+K closes the menu that had no focus yet; Escape gives the focus back to Select Columns', async ({
    app,
    page,
  }) => {
    await app.signInAs('admin', '/analysis');
    const selectColumns = page.getByRole('button', { name: 'Select Columns' });
    await selectColumns.focus();
    // One after the other, before the menu has taken the focus (it does so some 100 ms later).
    await page.keyboard.press('Alt+Shift+K');
    await page.keyboard.press('Control+k');
    await expect(app.paletteInput).toBeFocused();
    await expect(page.getByRole('menu', { includeHidden: true })).toHaveCount(0);
    await page.keyboard.type('samp');
    await expect(app.paletteInput).toHaveValue('samp');
    await page.keyboard.press('Escape');
    await expect(app.paletteInput).toBeHidden();
    await expect(selectColumns).toBeFocused();
  });

  test('SAP from the palette asks first, like the button', async ({ app, page }) => {
    await app.signInAs('admin', '/analysis');
    // An export counts what the view answered (an export of nothing is refused before asking).
    await expect(page.getByText(/^Currently filtering #[1-9]\d*$/)).toBeVisible();
    await app.runCommand('Export SAP');
    const question = page.getByRole('alertdialog', { name: 'Start the SAP export?' });
    await expect(question).toBeVisible();
    await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(page.getByRole('button', { name: 'Download', exact: true })).toBeDisabled();
  });

  test('Ctrl+K opens it from the Add SampleID and Refresh interval fields', async ({ app, page }) => {
    await app.signInAs('reader', '/analysis');
    for (const name of ['Add SampleID', 'Refresh interval (s)']) {
      await page.getByRole('textbox', { name }).focus();
      await app.openPalette();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('textbox', { name })).toBeFocused();
    }
  });
});

test.describe('knows the page it is on (issue 27)', () => {
  test("'pdf' + Enter on Reports downloads the report's PDF, and the palette said so first", async ({ app, page }) => {
    await app.signInAs('reader', '/reports');
    await page.getByRole('textbox', { name: 'Start date', exact: true }).fill('2026-11-17');
    await page.getByRole('textbox', { name: 'End date', exact: true }).fill('2026-11-19');
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    await expect(page.getByRole('tab', { name: 'Day Report' })).toBeVisible();

    await app.openPalette();
    await page.keyboard.type('pdf');
    await expect(app.palette.getByRole('option', { selected: true })).toHaveAccessibleName('Report PDF');
    await expect(app.palette.getByRole('option', { selected: true })).toContainText('Alt+Shift+P');
    // What Enter would do, before it is pressed.
    await expect(app.palette.locator('#palette-preview')).toHaveText(
      'Enter runs Report PDF (Reports): downloads the PDF of the Day Report tab',
    );
    await expect(app.paletteInput).toHaveAccessibleDescription(/runs Report PDF/);
    const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    await expect(page).toHaveURL(/\/reports$/);
  });

  test("'log' on Hardware Logs lists Get Logs before Log out; the toolbar keys work", async ({ app, page }) => {
    await app.signInAs('reader', '/logs');
    await app.openPalette();
    await page.keyboard.type('log');
    const options = app.palette.getByRole('option');
    const names = await options.evaluateAll((els) => els.map((el) => el.querySelector('.palette-item-label')?.textContent));
    expect(names.indexOf('Get Logs')).toBeGreaterThanOrEqual(0);
    expect(names.indexOf('Get Logs')).toBeLessThan(names.indexOf('Log out'));
    await expect(options.first()).toHaveAccessibleName('Get Logs');
    await expect(options.first()).toContainText('Alt+Shift+R');
    await page.keyboard.press('Escape');

    // The shortcut shown is the shortcut bound.
    await page.keyboard.press('Alt+Shift+R');
    await expect(page.getByRole('status').filter({ hasText: 'lines of' })).toBeVisible();
    await page.keyboard.press('Alt+Shift+C');
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Logs cleared!');
  });

  test('every toolbar button of the config pages and Labels has a command with its keys', async ({ app, page }) => {
    const expected: Record<string, RegExp[]> = {
      '/reports': [/^Reports for /, /^Report PDF$/, /^Clear the reports$/],
      '/limits': [/^Reload limits$/, /^Update limits$/],
      '/settings': [/^Reload settings$/, /^Update settings$/],
      '/labels': [/^Print the current label$/, /^Clear the label$/],
      '/logs': [/^Get Logs$/, /^Clear the logs$/],
    };
    await app.signInAs('admin', '/limits');
    for (const [path, commands] of Object.entries(expected)) {
      await page.goto(path);
      await expect(page).toHaveTitle(/ · /);
      await app.openPalette();
      for (const command of commands) {
        const option = app.palette.getByRole('option').filter({ has: page.locator('.palette-item-label', { hasText: command }) }).first();
        await expect(option, `${command} on ${path}`).toHaveAttribute('aria-keyshortcuts', /^Alt\+Shift\+[A-Z]$/);
      }
      await page.keyboard.press('Escape');
    }
  });
});
