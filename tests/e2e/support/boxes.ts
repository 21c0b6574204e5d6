// What the Boxes e2e specs share (boxes.spec.ts, boxes-keyboard.spec.ts): the page's tables and
// buttons by role and name, samples the page can file, and the steps of creating and filling a box.
import type { Locator, Page } from '@playwright/test';
import { apiGet } from './api';
import { expect, type LabApp } from './fixtures';

export interface ApiSample {
  sampleId: { sId: string; sStamp: string };
  boxPos: string | null;
}
export interface ApiPosition {
  boxposId: { box: string; boxPosId: number };
  sample: { sampleId: { sId: string; sStamp: string } };
}

export const boxesGrid = (page: Page): Locator => page.getByRole('grid', { name: 'Boxes' });
export const positionsGrid = (page: Page, bId: string): Locator =>
  page.getByRole('grid', { name: `Box positions of ${bId}` });
export const snackbar = (page: Page): Locator => page.getByRole('region', { name: 'Notifications' });
export const button = (page: Page, name: string): Locator => page.getByRole('button', { name, exact: true });

/** Sample ids with one stamp each that sit in no box: the page files them. */
export async function unboxedSamples(app: LabApp, n: number, skip = 0): Promise<ApiSample[]> {
  const found: ApiSample[] = [];
  const seen = new Set<string>();
  for (let page = 4; found.length < n + skip && page < 40; page++) {
    const { samples } = await apiGet<{ samples: ApiSample[] }>(app, `samples/view?page=${page}&size=100`);
    for (const s of samples) {
      if (s.boxPos !== null || seen.has(s.sampleId.sId)) continue;
      seen.add(s.sampleId.sId);
      const { timestamps } = await apiGet<{ timestamps: string[] }>(
        app,
        `samples/timestamps/${s.sampleId.sId}`,
      );
      if (timestamps.length === 1) found.push(s);
      if (found.length >= n + skip) break;
    }
  }
  expect(found.length).toBeGreaterThanOrEqual(n + skip);
  return found.slice(skip, skip + n);
}

export async function createBox(page: Page, bId: string, numMax = 40): Promise<void> {
  await button(page, 'Create new Box').click();
  const dialog = page.getByRole('dialog', { name: 'Create Box' });
  await dialog.getByRole('textbox', { name: 'BoxID' }).fill(bId);
  await dialog.getByRole('textbox', { name: 'Name' }).fill(bId);
  await dialog.getByRole('textbox', { name: 'MaxPositions' }).fill(String(numMax));
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(snackbar(page)).toContainText(`bId#${bId} was created successfully!`);
  await expect(dialog).toBeHidden();
}

export async function showBox(page: Page, bId: string): Promise<void> {
  await page.getByRole('textbox', { name: 'BoxID starts with' }).fill(bId);
  await button(page, 'Filter').click();
  await button(page, `Show positions of ${bId}`).click();
  await expect(page.getByRole('heading', { name: new RegExp(`^Box positions of ${bId} `) })).toBeVisible();
}

export async function addPosition(page: Page, bId: string, n: number, sample: ApiSample): Promise<void> {
  await button(page, 'Create new Box Position').click();
  const dialog = page.getByRole('dialog', { name: `Create Box Position ${bId}/${n}` });
  await dialog.getByRole('textbox', { name: 'SampleID' }).fill(sample.sampleId.sId);
  const time = dialog.getByRole('combobox', { name: 'SampleTime' });
  await time.fill(sample.sampleId.sStamp);
  // The stamps' list opens on focus once they have arrived; Tab takes the typed one and closes it,
  // as a keyboard user would, so the list never lies over Create.
  await time.press('Tab');
  await expect(time).toHaveValue(sample.sampleId.sStamp);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(snackbar(page)).toContainText(`boxPosition#${bId}/${n} was created successfully!`);
}

/** The SampleIDs of the positions table, top to bottom. */
export const shownSIds = async (page: Page, bId: string): Promise<string[]> =>
  positionsGrid(page, bId)
    .locator('[role="row"][data-row-key]')
    .evaluateAll((rows) => rows.map((r) => (r.getAttribute('data-row-key') ?? '').split('|')[0]!));

export const storedSIds = async (app: LabApp, bId: string): Promise<string[]> =>
  (await apiGet<{ boxpos: ApiPosition[] }>(app, `boxes/${bId}/boxpos`)).boxpos.map(
    (p) => p.sample.sampleId.sId,
  );
