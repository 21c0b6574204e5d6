// Row edit on the e2e demo campaign (docs/dev/product-rules.md#behaviour Row edit, Create, Delete; docs/dev/product-rules.md#field-rules; docs/dev/product-rules.md#messages), found by role and
// name: a double-click edits that column and Enter saves; a lane of 7 is refused with the spec's
// message and nothing is saved; Create from the template with the sample's timestamps; delete with
// a confirmation (Samples warn about what goes with a sample); readers see no edit controls. A row
// changed by someone else while it is being edited is not overwritten (docs/dev/architecture.md#api-contract versions):
// the save is refused with the spec's message and the reason, and the row shows the other change.
// A row deleted by someone else while it is being edited ends its edit: said in the snackbar's
// alert region, the row and its fields gone, nothing saved, the focus on the edited column's header.
import type { Locator, Page } from '@playwright/test';
import type { Analysis } from '../../src/domain/entities/analysis';
import {
  changedMeanwhile,
  changedWhileEditing,
  CHANGED_MEANWHILE,
  deletedWhileEditing,
} from '../../src/domain/messages';
import { apiGet } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { baseUrl } from './support/env';
import { expect, test, type LabApp } from './support/fixtures';
import { listTable, SCREENSHOTS } from './support/listScreen';

const tables = { Analyses: listTable('Analyses'), Samples: listTable('Samples') };
type TableName = keyof typeof tables;
const grid = (page: Page, name: TableName = 'Analyses'): Locator => tables[name].grid(page);
const dataRows = (page: Page, name: TableName = 'Analyses'): Locator => tables[name].dataRows(page);
const snackbar = (page: Page): Locator => page.getByRole('region', { name: 'Notifications' });

/** The row whose row header (first data column) reads `id`. */
const rowOf = (page: Page, id: string, name: TableName = 'Analyses'): Locator =>
  grid(page, name)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: id, exact: true }) });

/** The cell of column `header` in `row`, by the column index the grid gives headers and cells. */
async function cellOf(
  page: Page,
  row: Locator,
  header: string,
  name: TableName = 'Analyses',
): Promise<Locator> {
  const column = tables[name].header(page, header);
  const index = await column.getAttribute('aria-colindex');
  expect(index, `column ${header}`).toMatch(/^\d+$/);
  return row.locator(`[aria-colindex="${index}"]`);
}

/** Another admin's save: PUT /api/analysis/{aId} with the analysis as stored now plus `change`. */
async function changeBehindTheBack(app: LabApp, aId: string, change: Partial<Analysis>): Promise<void> {
  const current = await apiGet<Analysis>(app, `analysis/${aId}`);
  const user = JSON.parse((await app.getStorage('user')) ?? '{}') as { accessToken?: string };
  const response = await app.page.request.put(`${baseUrl()}/api/analysis/${aId}`, {
    headers: { authorization: `Bearer ${user.accessToken ?? ''}` },
    data: { ...current, ...change },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Another admin's delete: DELETE /api/analysis/{aId}. */
async function deleteBehindTheBack(app: LabApp, aId: string): Promise<void> {
  const user = JSON.parse((await app.getStorage('user')) ?? '{}') as { accessToken?: string };
  const response = await app.page.request.delete(`${baseUrl()}/api/analysis/${aId}`, {
    headers: { authorization: `Bearer ${user.accessToken ?? ''}` },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function firstAnalysis(page: Page): Promise<{ row: Locator; aId: string }> {
  const row = dataRows(page).first();
  const aId = (await row.getByRole('rowheader').innerText()).trim();
  return { row: rowOf(page, aId), aId };
}

test.describe('Row edit (admin)', () => {
  // Inherently heavy: every test renders the Analysis table at 1600 px, where all of its columns
  // and twice the rows are on screen, and most reload it to find what was saved.
  test.slow();
  test.beforeEach(async ({ app, page }) => {
    // The bench screens are wide; at 1600 px the measured columns are in view without scrolling.
    await page.setViewportSize({ width: 1600, height: 1000 });
    await app.setStorage('analysis.headers', '');
    await app.setStorage('samples.headers', '');
    await app.signInAs('admin', '/analysis');
    await expect(grid(page)).toHaveAttribute('aria-rowcount', '51');
  });

  test('a double-click edits pol; Enter saves and the list shows the new value', async ({ page }) => {
    const { row, aId } = await firstAnalysis(page);
    await (await cellOf(page, row, 'Pol')).dblclick();
    const pol = row.getByRole('textbox', { name: 'Pol' });
    await expect(pol).toBeFocused();
    // Non-editable columns stay text.
    await expect(row.getByRole('textbox', { name: 'SampleID' })).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Save' })).toBeVisible();

    await pol.fill('17,5');
    await page.screenshot({ path: `${SCREENSHOTS}/row-edit-1600x1000.png` });
    // The Analysis page is checked whole in analysis-screen.spec.ts; here the row in edit.
    await expectNoSeriousViolations(page, row);
    await pol.press('Enter');
    await expect(snackbar(page).getByRole('status')).toHaveText(`aId#${aId} was updated successfully!`);
    await expect(row.getByRole('textbox')).toHaveCount(0);
    await expect(await cellOf(page, row, 'Pol')).toHaveText('17,50');
    await page.reload();
    await expect(rowOf(page, aId)).toBeVisible();
    await expect(await cellOf(page, rowOf(page, aId), 'Pol')).toHaveText('17,50');
  });

  test("lane 7 is refused with 'Lane has to be between 0 and 3' and nothing is saved", async ({ page }) => {
    const { row, aId } = await firstAnalysis(page);
    const before = await (await cellOf(page, row, 'Lane')).innerText();
    await row.getByRole('button', { name: `Edit row ${aId}` }).click();
    const lane = row.getByRole('textbox', { name: 'Lane' });
    await expect(lane).toBeVisible();
    await lane.fill('7');
    await lane.press('Enter');
    const message = 'Lane has to be between 0 and 3';
    await expect(snackbar(page).getByRole('alert')).toHaveText(message);
    await expect(page.getByRole('list', { name: `Errors in row ${aId}` })).toHaveText(message);
    await expect(lane).toHaveAttribute('aria-invalid', 'true');
    // Still editing; Esc cancels and clears the errors.
    await lane.press('Escape');
    await expect(row.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByRole('list', { name: `Errors in row ${aId}` })).toHaveCount(0);
    await page.reload();
    await expect(rowOf(page, aId)).toBeVisible();
    await expect(await cellOf(page, rowOf(page, aId), 'Lane')).toHaveText(before);
  });

  test('a row changed by someone else meanwhile is not overwritten: the save says so and shows the change', async ({
    app,
    page,
  }) => {
    const { row, aId } = await firstAnalysis(page);
    await (await cellOf(page, row, 'Pol')).dblclick();
    const pol = row.getByRole('textbox', { name: 'Pol' });
    await expect(pol).toBeFocused();

    await changeBehindTheBack(app, aId, { pol: 19.25, comment: 'changed elsewhere' });
    await pol.fill('17,5');
    await pol.press('Enter');

    await expect(snackbar(page).getByRole('alert')).toHaveText(changedMeanwhile('aId', aId));
    // The row is loaded again: the other change is what the fields hold now, and the row says why.
    await expect(pol).toHaveValue('19.25');
    await expect(row.getByRole('textbox', { name: 'Comment' })).toHaveValue('changed elsewhere');
    await expect(page.getByRole('list', { name: `Errors in row ${aId}` })).toHaveText(CHANGED_MEANWHILE);
    await pol.press('Escape');
    await expect(row.getByRole('textbox')).toHaveCount(0);
    await expect(await cellOf(page, row, 'Pol')).toHaveText('19,25');
    await expect(await cellOf(page, row, 'Comment')).toHaveText('changed elsewhere');
    await page.reload();
    await expect(await cellOf(page, rowOf(page, aId), 'Pol')).toHaveText('19,25');

    // Edited again from the new copy, the save goes through.
    await (await cellOf(page, rowOf(page, aId), 'Pol')).dblclick();
    const again = rowOf(page, aId).getByRole('textbox', { name: 'Pol' });
    await again.fill('17,5');
    await again.press('Enter');
    await expect(snackbar(page).getByRole('status')).toHaveText(`aId#${aId} was updated successfully!`);
    await expect(await cellOf(page, rowOf(page, aId), 'Pol')).toHaveText('17,50');
  });

  test('a row deleted by someone else while in edit ends the edit: said, the row gone, nothing saved, the focus on its column header', async ({
    app,
    page,
  }) => {
    const { aId } = await firstAnalysis(page);
    const row = rowOf(page, aId);
    await (await cellOf(page, row, 'Pol')).dblclick();
    const pol = row.getByRole('textbox', { name: 'Pol' });
    await expect(pol).toBeFocused();
    await pol.fill('17,5');
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET') writes.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });

    await deleteBehindTheBack(app, aId);

    await expect(snackbar(page).getByRole('alert')).toHaveText(deletedWhileEditing('aId', aId));
    await expect(row).toHaveCount(0);
    await expect(grid(page).getByRole('textbox')).toHaveCount(0);
    await expect(grid(page).getByRole('button', { name: 'Save' })).toHaveCount(0);
    // No notice of a change Save would meet is left over the table.
    await expect(page.getByRole('alert').filter({ hasText: changedWhileEditing('aId', aId) })).toHaveCount(0);
    await expect(tables.Analyses.header(page, 'Pol')).toBeFocused();
    await expect(page.locator('body')).not.toBeFocused();
    await page.screenshot({ path: `${SCREENSHOTS}/row-edit-deleted-elsewhere-1600x1000.png` });
    expect(writes).toEqual([]);
    // The next row edits as before.
    const next = await firstAnalysis(page);
    await (await cellOf(page, next.row, 'Pol')).dblclick();
    await expect(next.row.getByRole('textbox', { name: 'Pol' })).toBeFocused();
  });

  test('a blur outside the row cancels the edit', async ({ page }) => {
    const { row } = await firstAnalysis(page);
    const flagsCell = await cellOf(page, row, 'Flags');
    const before = await flagsCell.innerText();
    await flagsCell.dblclick();
    const flags = row.getByRole('textbox', { name: 'Flags' });
    await expect(flags).toBeFocused();
    await flags.fill('F----');
    await page.getByRole('heading', { level: 1, name: 'Analysis' }).click();
    await expect(row.getByRole('textbox')).toHaveCount(0);
    await expect(flagsCell).toHaveText(before);
  });

  test('creates an analysis from the template with the sample’s timestamps', async ({ page }) => {
    const { row } = await firstAnalysis(page);
    const sId = await (await cellOf(page, row, 'SampleID')).innerText();
    const sStamp = await (await cellOf(page, row, 'SampleTime')).innerText();
    await page.getByRole('button', { name: 'Create new Analysis' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create new Analysis' });
    await expect(dialog).toBeVisible();
    const sampleId = dialog.getByRole('textbox', { name: 'SampleID' });
    await expect(sampleId).toBeFocused();
    await expect(sampleId).toHaveValue('8888888888888');
    await expect(dialog.getByRole('textbox', { name: 'Flags' })).toHaveValue('-----');
    await expect(dialog.getByRole('textbox', { name: 'DateIn' })).toHaveValue('2000-01-01 00:00:00');

    // An invalid SampleID: its message, and Create waits.
    await sampleId.fill('12ab');
    await expect(dialog.getByText('sId must be a Number and not longer as 13 digits')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();

    await sampleId.fill(sId);
    const time = dialog.getByRole('combobox', { name: 'SampleTime' });
    await dialog.getByRole('button', { name: 'Show SampleTime choices' }).click();
    await page.getByRole('option', { name: sStamp, exact: true }).click();
    await expect(time).toHaveValue(sStamp);
    await dialog.getByRole('textbox', { name: 'Pol' }).fill('16.25');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(snackbar(page).getByRole('status')).toHaveText(/^aId#\d+ was created successfully!$/);
    await expect(dialog).toHaveCount(0);
  });

  test('deletes an analysis after a confirmation', async ({ page }) => {
    const { row, aId } = await firstAnalysis(page);
    await row.getByRole('button', { name: `Delete row ${aId}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Analysis' });
    await expect(confirm).toContainText(`aId#${aId}`);
    await expect(confirm.getByRole('button', { name: 'No' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(snackbar(page).getByRole('status')).toHaveText(`aId#${aId} was deleted successfully!`);
    await expect(rowOf(page, aId)).toHaveCount(0);
  });

  test('Samples: creates a sample and warns what a delete removes', async ({ page }) => {
    await page.goto('/samples');
    await expect(grid(page, 'Samples')).toHaveAttribute('aria-rowcount', /\d+/);
    await page.getByRole('button', { name: 'Create new Sample' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Sample' });
    await expect(dialog.getByRole('textbox', { name: 'Lane' })).toHaveValue('1');
    await dialog.getByRole('textbox', { name: 'SampleID' }).fill('4006381333931');
    await dialog.getByRole('combobox', { name: 'SampleTime' }).fill('2026-10-15 08:00:00');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(snackbar(page).getByRole('status')).toHaveText(
      'sId#4006381333931|2026-10-15 08:00:00 was created successfully!',
    );

    // Inline edit of a sample: its key (sId|sStamp, with a space and colons) goes into the path.
    const first = dataRows(page, 'Samples').first();
    const key = (await first.getByRole('button', { name: /^Edit row / }).getAttribute('aria-label'))!.slice(
      'Edit row '.length,
    );
    await (await cellOf(page, first, 'Name', 'Samples')).dblclick();
    const nameField = first.getByRole('textbox', { name: 'Name' });
    await expect(nameField).toBeFocused();
    await nameField.fill('Probe C');
    await nameField.press('Enter');
    await expect(snackbar(page).getByRole('status')).toHaveText(`sId#${key} was updated successfully!`);
    await expect(await cellOf(page, first, 'Name', 'Samples')).toHaveText('Probe C');

    await first.getByRole('button', { name: /^Delete row / }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Sample' });
    await expect(confirm).toContainText(
      'This will also remove all BoxPositions and Analysis associated with this Sample!',
    );
    await confirm.getByRole('button', { name: 'No' }).click();
    await expect(confirm).toHaveCount(0);
  });
});

test.describe('Row edit (reader)', () => {
  test('a reader sees no pencil, delete, Create or double-click edit', async ({ app, page }) => {
    await app.signInAs('reader', '/analysis');
    await expect(grid(page)).toHaveAttribute('aria-rowcount', /\d+/);
    await expect(dataRows(page).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Edit row / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete row / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Create new Analysis' })).toHaveCount(0);
    const row = dataRows(page).first();
    await (await cellOf(page, row, 'Pol')).dblclick();
    await expect(grid(page).getByRole('textbox')).toHaveCount(0);

    await page.goto('/samples');
    await expect(dataRows(page, 'Samples').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Edit row / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Create new Sample' })).toHaveCount(0);
  });
});
