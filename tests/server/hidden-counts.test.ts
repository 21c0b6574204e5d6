// An empty Analysis or Samples view says what it hides on purpose (issue 27): the rows that match
// the filters but lie outside the campaign, and those the exclusions leave out. Asked only when the
// page is empty; a view that shows rows carries no count.
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness';
import { seedViews } from './views.fixture';

const h = useHarness();
let token = '';
beforeAll(async () => {
  await seedViews(h.db);
  token = await h.tokenFor('ROLE_READER');
});

const setCampaign = (start: string | null, end: string | null) =>
  h.db.updateTable('configSetting').set({ startAt: start, endAt: end }).where('name', '=', 'campaign').execute();

interface View {
  totalItems: number;
  hidden?: { outsideCampaign: number; excluded: number };
}
const view = async (path: string, query = ''): Promise<View> => {
  const res = await h.request({ method: 'GET', url: `/api/${path}/view?size=50${query}`, token });
  expect(res.statusCode).toBe(200);
  return res.json<View>();
};

describe('what an empty view hides', () => {
  it('counts the rows outside the campaign when the campaign hides them all', async () => {
    await setCampaign(null, null);
    const all = { analysis: (await view('analysis')).totalItems, samples: (await view('samples')).totalItems };
    expect(all.analysis).toBeGreaterThan(0);
    await setCampaign(null, '1999-12-31 23:59:59');
    for (const path of ['analysis', 'samples'] as const) {
      const v = await view(path);
      expect(v.totalItems).toBe(0);
      expect(v.hidden).toEqual({ outsideCampaign: all[path], excluded: 0 });
    }
    await setCampaign(null, null);
  });

  it("shows them with campaign=all: the user lifted the campaign for the view ('Show them')", async () => {
    await setCampaign(null, null);
    const all = { analysis: (await view('analysis')).totalItems, samples: (await view('samples')).totalItems };
    await setCampaign(null, '1999-12-31 23:59:59');
    for (const path of ['analysis', 'samples'] as const) {
      const v = await view(path, '&campaign=all');
      expect(v.totalItems).toBe(all[path]);
      expect(v.hidden).toBeUndefined();
      // Only 'all' is a value; anything else is a 400, never a silent bound.
      const bad = await h.request({ method: 'GET', url: `/api/${path}/view?campaign=none`, token });
      expect(bad.statusCode).toBe(400);
    }
    await setCampaign(null, null);
  });

  it('counts the rows the exclusions leave out, only those matching the filters', async () => {
    await setCampaign(null, null);
    // The test samples (first flag T) alone, then excluded.
    const tests = await view('analysis', '&filter=aFlags,T');
    expect(tests.totalItems).toBeGreaterThan(0);
    const excluded = await view('analysis', '&filter=aFlags,T&exclusion=test');
    expect(excluded.totalItems).toBe(0);
    expect(excluded.hidden?.excluded).toBeGreaterThan(0);
    expect(excluded.hidden?.outsideCampaign).toBe(0);
  });

  it('sends nothing with a view that shows rows, or when nothing hides any', async () => {
    await setCampaign(null, null);
    expect((await view('analysis')).hidden).toBeUndefined();
    const none = await view('analysis', '&filter=aId,999999999');
    expect(none.totalItems).toBe(0);
    expect(none.hidden).toBeUndefined();
  });
});
