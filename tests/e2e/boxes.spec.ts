// The Boxes page as the lab uses it (docs/dev/product-rules.md#screens Boxes, docs/dev/product-rules.md#behaviour Box positions): create a box, fill it, move
// one row by keyboard only and one by mouse drag, Reorganize, Update, reload and find the new order;
// scan ten samples in a burst into the next free positions; Create disabled at numMax; CSV and PDF
// of the positions; the box map; axe on the page with a box selected.
import { readFileSync } from 'node:fs';
import { apiGet } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
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
  type ApiSample,
} from './support/boxes';
import { expect, test } from './support/fixtures';
import { wedgeScan } from './support/scanner';

test.describe('Boxes page', () => {
  test.beforeEach(async ({ app }) => {
    await app.setStorage('boxes.filter', '[]');
    await app.signInAs('admin', '/boxes');
    await expect(boxesGrid(app.page)).toBeVisible();
  });

  test('create a box, add positions, reorder by keyboard and by mouse, Reorganize, Update, reload', async ({
    app,
    page,
  }) => {
    const bId = 'V9001';
    const samples = await unboxedSamples(app, 3);
    await createBox(page, bId);
    await showBox(page, bId);
    await expect(positionsGrid(page, bId)).toContainText(
      'No data to show! Either the Box is empty or no Box is selected!',
    );
    for (const [i, s] of samples.entries()) await addPosition(page, bId, i + 1, s);
    const ids = samples.map((s) => s.sampleId.sId);
    await expect.poll(() => shownSIds(page, bId)).toEqual(ids);
    await expect(button(page, 'Update Box Positions')).toBeDisabled();
    await expect(button(page, 'Clear and Reload')).toBeDisabled();

    // Keyboard only: the first row's move button, Enter to pick it up, Tab to the third row, Enter.
    const key = (s: ApiSample) => `${s.sampleId.sId}|${s.sampleId.sStamp}`;
    await positionsGrid(page, bId)
      .getByRole('button', { name: `Move row ${key(samples[0]!)}` })
      .focus();
    await page.keyboard.press('Enter');
    // The drag session takes Tab only once it has started (React Aria announces it); a Tab before
    // that moves focus as usual, and the row would land one place early.
    await expect(page.locator('[data-live-announcer]')).toContainText('Started dragging');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => shownSIds(page, bId)).toEqual([ids[1], ids[2], ids[0]]);
    await expect(positionsGrid(page, bId)).toContainText('↕ moved');
    await expect(button(page, 'Clear and Reload')).toBeEnabled();
    await expect(button(page, 'Update Box Positions')).toBeDisabled();

    // Mouse: drag the (now) last row onto the first: back to the loaded order, still marked moved.
    const rowOf = (s: ApiSample) =>
      positionsGrid(page, bId).locator(`[role="row"][data-row-key="${key(s)}"]`);
    await rowOf(samples[0]!)
      .getByRole('button', { name: /^Move row/ })
      .dragTo(rowOf(samples[1]!));
    await expect.poll(() => shownSIds(page, bId)).toEqual([ids[0], ids[1], ids[2]]);

    // A move that changes the order: the second row to the top, by mouse.
    await rowOf(samples[1]!)
      .getByRole('button', { name: /^Move row/ })
      .dragTo(rowOf(samples[0]!));
    await expect.poll(() => shownSIds(page, bId)).toEqual([ids[1], ids[0], ids[2]]);

    await button(page, 'Reorganize Box Positions').click();
    await expect(positionsGrid(page, bId)).toContainText('✎ modified');
    await expect(button(page, 'Update Box Positions')).toBeEnabled();
    await button(page, 'Update Box Positions').click();
    await expect(snackbar(page)).toContainText(`Successfully updated ${bId}/1, ${bId}/2!`);
    await expect(button(page, 'Update Box Positions')).toBeDisabled();
    expect(await storedSIds(app, bId)).toEqual([ids[1], ids[0], ids[2]]);

    await page.reload();
    await showBox(page, bId);
    await expect.poll(() => shownSIds(page, bId)).toEqual([ids[1], ids[0], ids[2]]);
    await page.screenshot({ path: 'test-results/boxes-page.png', fullPage: true });
  });

  test('ten scans in a burst fill ten positions in scan order; Create is disabled at numMax', async ({
    app,
    page,
  }) => {
    const bId = 'V9002';
    const samples = await unboxedSamples(app, 10, 3);
    await createBox(page, bId, 10);
    await showBox(page, bId);
    await expect(page.getByText('Scan a sample to place it in the next free position.')).toBeVisible();
    for (const s of samples) await wedgeScan(page, s.sampleId.sId);
    await expect
      .poll(() => storedSIds(app, bId), { timeout: 30_000 })
      .toEqual(samples.map((s) => s.sampleId.sId));
    await expect.poll(() => shownSIds(page, bId)).toEqual(samples.map((s) => s.sampleId.sId));
    await expect(page.getByRole('heading', { name: `Box positions of ${bId} (10 of 10)` })).toBeVisible();
    await expect(button(page, 'Create new Box Position')).toBeDisabled();
    await expect(page.getByText('The box is full (10 positions).')).toBeVisible();

    // A scan into the full box changes nothing and says why.
    const [extra] = await unboxedSamples(app, 1, 13);
    await wedgeScan(page, extra!.sampleId.sId);
    await expect(snackbar(page)).toContainText('The box is full (10 positions).');
    expect(await storedSIds(app, bId)).toHaveLength(10);

    // The map: every slot named, arrows move, Enter focuses the row.
    const map = page.getByRole('grid', { name: `Box map of ${bId}` });
    const first = samples[0]!.sampleId;
    const slot1 = map.getByRole('gridcell', { name: `Position 1: ${first.sId}, ${first.sStamp}` });
    await slot1.focus();
    await page.keyboard.press('ArrowRight');
    const second = samples[1]!.sampleId;
    await expect(
      map.getByRole('gridcell', { name: `Position 2: ${second.sId}, ${second.sStamp}` }),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    const row = positionsGrid(page, bId).locator(
      `[role="row"][data-row-key="${second.sId}|${second.sStamp}"]`,
    );
    await expect.poll(() => row.evaluate((r) => r.contains(r.ownerDocument.activeElement))).toBe(true);

    await expectNoSeriousViolations(page, page.locator('main'));
    await page.screenshot({ path: 'test-results/boxes-scanned.png', fullPage: true });
  });

  test('a sample boxed elsewhere or an unknown id is refused with a message', async ({ app, page }) => {
    const bId = 'V9003';
    const boxed = (await apiGet<{ boxpos: ApiPosition[] }>(app, 'boxes/A1/boxpos')).boxpos[0]!;
    await createBox(page, bId, 5);
    await showBox(page, bId);
    await wedgeScan(page, boxed.sample.sampleId.sId);
    await expect(snackbar(page)).toContainText(`is already in box position A1/${boxed.boxposId.boxPosId}!`);
    await wedgeScan(page, '1234567890128');
    await expect(snackbar(page)).toContainText('Error occurred, SampleId#1234567890128 was not found!');
    // Digits typed by hand into a field, at a person's pace, are that field's input, not a scan.
    const [typed] = await unboxedSamples(app, 1, 30);
    const name = page.getByRole('textbox', { name: 'Name starts with' });
    await name.click();
    await page.keyboard.type(typed!.sampleId.sId, { delay: 80 });
    await page.keyboard.press('Enter');
    await expect(name).toHaveValue(typed!.sampleId.sId);
    await expect(boxesGrid(page)).toContainText(
      'Sorry, there is no data! Please check your search parameters!',
    );
    expect(await storedSIds(app, bId)).toEqual([]);
  });

  test('goes to a box from the palette and exports its positions as CSV and PDF', async ({ app, page }) => {
    await page.keyboard.press('Control+k');
    await app.paletteInput.fill('Show Box A1');
    await expect(app.palette.getByRole('option', { name: 'Show Box A1', exact: true })).toBeVisible();
    await app.palette.getByRole('option', { name: 'Show Box A1', exact: true }).click();
    await expect(page.getByRole('heading', { name: /^Box positions of A1 / })).toBeVisible();
    const stored = await storedSIds(app, 'A1');
    const [csv] = await Promise.all([page.waitForEvent('download'), button(page, 'Export CSV').click()]);
    expect(csv.suggestedFilename()).toBe('boxpositions_A1.csv');
    const text = readFileSync((await csv.path())!, 'utf8');
    expect(text.split('\r\n')[0]).toBe('\uFEFFBoxID;BoxPosID;dateExported;SampleID;SampleTime');
    expect(text.split('\r\n').filter((l) => l.startsWith('A1;'))).toHaveLength(stored.length);
    const [pdf] = await Promise.all([page.waitForEvent('download'), button(page, 'PDF').click()]);
    expect(pdf.suggestedFilename()).toBe('boxpositions_A1.pdf');
    expect(
      readFileSync((await pdf.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  test('leaving with unsaved changes asks first', async ({ app, page }) => {
    await showBox(page, 'A1');
    const rows = positionsGrid(page, 'A1').locator('[role="row"][data-row-key]');
    await expect(rows.first()).toBeVisible();
    const before = await storedSIds(app, 'A1');
    await rows
      .nth(1)
      .getByRole('button', { name: /^Move row/ })
      .dragTo(rows.nth(0));
    await expect(positionsGrid(page, 'A1')).toContainText('↕ moved');
    const question = page.getByRole('alertdialog', { name: 'Unsaved changes' });

    // A drawer link: asked, and No stays on the page with the changes.
    await app.menuButton.click();
    await app.drawer.getByRole('link', { name: 'Analysis' }).click();
    await expect(question).toContainText(
      'The box positions have unsaved changes. Leave without saving them?',
    );
    await question.getByRole('button', { name: 'No' }).click();
    await expect(page).toHaveURL(/\/boxes$/);
    await expect(positionsGrid(page, 'A1')).toContainText('↕ moved');

    // Hiding the box (choosing it again): asked, Yes drops the changes; nothing was saved.
    // The answered question hands the focus back to the drawer's link; Escape then closes the drawer.
    await expect(app.drawer.getByRole('link', { name: 'Analysis' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(app.drawer).toBeHidden();
    await button(page, 'Show positions of A1').click();
    await question.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('heading', { name: 'Box positions', exact: true })).toBeVisible();
    expect(await storedSIds(app, 'A1')).toEqual(before);
  });
});
