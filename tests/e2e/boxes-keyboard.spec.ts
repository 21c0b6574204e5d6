// The Boxes items of issue 27, as a keyboard and screen-reader user meets them: Clear and Reload asks
// before throwing changes away; the box dialogs show no red messages before anything was typed; a
// reader is not invited to scan; Enter on a focused box row shows that box; a refused MaxPositions
// says the server's reason; 'export' in the palette finds the export before a box is shown; and after
// Create Box Position, Reorganize, Clear and Reload, Update and deleting a position the focus is on a
// named control, never on <body>.
import type { Page } from '@playwright/test';
import { apiGet } from './support/api';
import {
  addPosition,
  boxesGrid,
  button,
  createBox,
  positionsGrid,
  shownSIds,
  showBox,
  snackbar,
  storedSIds,
  unboxedSamples,
  type ApiPosition,
} from './support/boxes';
import { expect, test } from './support/fixtures';

/** The focus is on an element with an accessible name, not on <body>. */
async function expectNamedFocus(page: Page, after: string): Promise<void> {
  await expect(page.locator('body'), `focus after ${after}`).not.toBeFocused();
  await expect(page.locator(':focus'), `focus after ${after}`).toHaveAccessibleName(/\S/);
}

const SCAN_INVITE = 'Scan a sample to place it in the next free position.';

/** Moves the first row of the shown box below the second by keyboard (the row's move button). */
async function moveFirstRowDown(page: Page, bId: string): Promise<void> {
  await positionsGrid(page, bId)
    .getByRole('button', { name: /^Move row/ })
    .first()
    .focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-live-announcer]')).toContainText('Started dragging');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(positionsGrid(page, bId)).toContainText('↕ moved');
}

test.describe('Boxes by keyboard (issue 27)', () => {
  test.beforeEach(async ({ app }) => {
    await app.setStorage('boxes.filter', '[]');
  });

  test('Clear and Reload asks before throwing unsaved changes away', async ({ app, page }) => {
    await app.signInAs('admin', '/boxes');
    await showBox(page, 'A1');
    const before = await storedSIds(app, 'A1');
    await moveFirstRowDown(page, 'A1');
    const question = page.getByRole('alertdialog', { name: 'Unsaved changes' });

    await button(page, 'Clear and Reload').click();
    await expect(question).toContainText(
      'The box positions have unsaved changes. Throw them away and reload the box?',
    );
    await question.getByRole('button', { name: 'No' }).click();
    await expect(question).toBeHidden();
    await expect(positionsGrid(page, 'A1')).toContainText('↕ moved');
    await expect(button(page, 'Clear and Reload')).toBeFocused();

    await page.keyboard.press('Enter');
    await question.getByRole('button', { name: 'Yes' }).click();
    await expect(positionsGrid(page, 'A1')).not.toContainText('↕ moved');
    // The rows in view (the table draws those) are the stored order again.
    await expect
      .poll(async () => {
        const shown = await shownSIds(page, 'A1');
        return shown.length > 0 && shown.every((sId, i) => sId === before[i]);
      })
      .toBe(true);
    await expectNamedFocus(page, 'Clear and Reload');
  });

  test('the box dialogs show no red messages before anything was typed', async ({ app, page }) => {
    await app.signInAs('admin', '/boxes');
    await button(page, 'Create new Box').click();
    const boxDialog = page.getByRole('dialog', { name: 'Create Box' });
    await expect(boxDialog.getByRole('textbox', { name: 'BoxID' })).toBeFocused();
    await expect(boxDialog).not.toContainText('Starts with A, B, C, D or V followed by digits');
    await expect(boxDialog).not.toContainText('Name must be set!');
    await expect(boxDialog.getByRole('button', { name: 'Create' })).toBeDisabled();
    // Typed into: the field's message shows (and only that field's).
    await page.keyboard.type('Q1');
    await expect(boxDialog).toContainText('Starts with A, B, C, D or V followed by digits');
    await expect(boxDialog).not.toContainText('Name must be set!');
    await page.keyboard.press('Escape');
    await expect(boxDialog).toBeHidden();

    await createBox(page, 'V9101', 5);
    await showBox(page, 'V9101');
    await button(page, 'Create new Box Position').click();
    const positionDialog = page.getByRole('dialog', { name: 'Create Box Position V9101/1' });
    await expect(positionDialog.getByRole('textbox', { name: 'SampleID' })).toBeFocused();
    await expect(positionDialog).not.toContainText('sId must be a Number and not longer as 13 digits');
    await expect(positionDialog).not.toContainText('Input fields are invalid');
    await page.keyboard.type('12ab');
    await expect(positionDialog).toContainText('sId must be a Number and not longer as 13 digits');
    await expect(positionDialog).toContainText('Input fields are invalid, V9101/1 was not created!');
  });

  test('a reader is not invited to scan a sample into a box', async ({ app, page }) => {
    await app.signInAs('reader', '/boxes');
    await expect(boxesGrid(page)).toBeVisible();
    await showBox(page, 'A1');
    await expect(positionsGrid(page, 'A1').locator('[role="row"][data-row-key]').first()).toBeVisible();
    await expect(page.getByText(SCAN_INVITE)).toHaveCount(0);
  });

  test('Enter on a focused box row shows that box', async ({ app, page }) => {
    await app.signInAs('admin', '/boxes');
    const row = boxesGrid(page).locator('[role="row"][data-row-key="A1"]');
    await row.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: /^Box positions of A1 / })).toBeVisible();
  });

  test("a MaxPositions below the box's count is refused with the server's reason", async ({ app, page }) => {
    await app.signInAs('admin', '/boxes');
    const count = (await apiGet<{ boxpos: ApiPosition[] }>(app, 'boxes/A1/boxpos')).boxpos.length;
    expect(count).toBeGreaterThan(1);
    await boxesGrid(page).getByRole('button', { name: 'Edit row A1', exact: true }).click();
    const numMax = boxesGrid(page)
      .locator('[role="row"][data-row-key="A1"]')
      .getByRole('textbox', { name: 'MaxPositions', exact: true });
    await numMax.fill(String(count - 1));
    await numMax.press('Enter');
    await expect(snackbar(page)).toContainText('Error occurred, bId#A1 was not modified!');
    await expect(snackbar(page)).toContainText(`holds ${count} positions`);
    await numMax.press('Escape');
  });

  test("'export' in the palette finds the positions' export before a box is shown, and asks for one", async ({
    app,
    page,
  }) => {
    await app.signInAs('admin', '/boxes');
    await expect(boxesGrid(page)).toBeVisible();
    await page.keyboard.press('Control+k');
    await app.paletteInput.fill('export');
    const option = app.palette.getByRole('option', { name: 'Export Box Positions as CSV', exact: true });
    await expect(option).toBeVisible();
    await option.click();
    await expect(snackbar(page)).toContainText('Select a box first, then export its positions!');
    await expectNamedFocus(page, 'the export without a box');
  });

  test('after Create Box Position, Reorganize, Update, Clear and Reload and a delete the focus is on a named control', async ({
    app,
    page,
  }) => {
    // Many steps, each waiting for the server: more time than one step needs on a busy machine.
    test.slow();
    await app.signInAs('admin', '/boxes');
    const bId = 'V9102';
    const samples = await unboxedSamples(app, 3, 40);
    await createBox(page, bId, 10);
    await showBox(page, bId);
    for (const [i, s] of samples.entries()) {
      await addPosition(page, bId, i + 1, s);
      await expectNamedFocus(page, 'Create Box Position');
    }
    // The new row is where the focus went.
    const last = samples.at(-1)!.sampleId;
    await expect(
      positionsGrid(page, bId).locator(`[role="row"][data-row-key="${last.sId}|${last.sStamp}"]`),
    ).toBeFocused();

    await moveFirstRowDown(page, bId);
    await button(page, 'Reorganize Box Positions').focus();
    await page.keyboard.press('Enter');
    await expect(positionsGrid(page, bId)).toContainText('✎ modified');
    await expectNamedFocus(page, 'Reorganize');

    await button(page, 'Update Box Positions').focus();
    await page.keyboard.press('Enter');
    await expect(snackbar(page)).toContainText(`Successfully updated ${bId}/1, ${bId}/2`);
    await expect(button(page, 'Update Box Positions')).toBeDisabled();
    await expectNamedFocus(page, 'Update Box Positions');

    await moveFirstRowDown(page, bId);
    await button(page, 'Clear and Reload').focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('alertdialog', { name: 'Unsaved changes' })
      .getByRole('button', { name: 'Yes' })
      .click();
    await expect(positionsGrid(page, bId)).not.toContainText('↕ moved');
    await expectNamedFocus(page, 'Clear and Reload');

    const first = (await shownSIds(page, bId))[0]!;
    const row = positionsGrid(page, bId).locator('[role="row"][data-row-key]').first();
    await row.getByRole('button', { name: /^Delete row/ }).focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('alertdialog', { name: 'Delete Box Position' })
      .getByRole('button', { name: 'Yes' })
      .click();
    await expect(snackbar(page)).toContainText(`boxPosition#${bId}/1 was deleted successfully!`);
    await expect.poll(() => shownSIds(page, bId)).not.toContain(first);
    await expectNamedFocus(page, 'deleting a position');
  });
});
