// A view is built with the campaign it last saw and its statement reads the stored one along
// (views/campaign.ts): a change made elsewhere — another instance, the CLI — shows on the very next
// view, and a view that keeps meeting a new campaign gives up with a clear 503 instead of looping.
import { beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_CHANGING } from '../../src/domain/messages';
import { HttpError } from '../../src/server/http/errors';
import { CampaignChanged, withCampaign, type Campaign } from '../../src/server/views/campaign';
import { useHarness } from './harness';
import { seedViews } from './views.fixture';

const h = useHarness();
beforeAll(async () => {
  await seedViews(h.db);
});

const setCampaign = (start: string | null, end: string | null) =>
  h.db
    .updateTable('configSetting')
    .set({ startAt: start, endAt: end })
    .where('name', '=', 'campaign')
    .execute();

describe('the campaign of a view', () => {
  it('runs the view again with the stored campaign when its statement found another', async () => {
    await setCampaign(null, null);
    const seen: Campaign[] = [];
    await withCampaign(h.db, async (c) => seen.push(c));
    await setCampaign('2025-09-01 00:00:00', null);
    const result = await withCampaign(h.db, async (campaign) => {
      seen.push(campaign);
      if (campaign.start === null) throw new CampaignChanged({ start: '2025-09-01 00:00:00', end: null });
      return 'answered';
    });
    expect(result).toBe('answered');
    expect(seen).toEqual([
      { start: null, end: null },
      { start: null, end: null },
      { start: '2025-09-01 00:00:00', end: null },
    ]);
    // The next view starts from the campaign the last one found.
    await withCampaign(h.db, async (c) => seen.push(c));
    expect(seen.at(-1)).toEqual({ start: '2025-09-01 00:00:00', end: null });
    await setCampaign(null, null);
  });

  it('answers 503 when the campaign changes under every attempt', async () => {
    let attempts = 0;
    const error = await withCampaign(h.db, async () => {
      attempts += 1;
      throw new CampaignChanged({ start: `2025-09-0${attempts} 00:00:00`, end: null });
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(503);
    expect((error as HttpError).message).toBe(CAMPAIGN_CHANGING);
    expect(attempts).toBe(5);
  });

  it('shows a campaign set behind the server on the next Analysis and Samples view', async () => {
    const token = await h.tokenFor('ROLE_READER');
    const count = async (path: string) =>
      (await h.request({ method: 'GET', url: `/api/${path}/view?size=50`, token })).json<{
        totalItems: number;
      }>().totalItems;
    await setCampaign(null, null);
    const all = { analysis: await count('analysis'), samples: await count('samples') };
    expect(all.analysis).toBeGreaterThan(0);
    expect(all.samples).toBeGreaterThan(0);
    // A campaign that ended before any sample: the next view of each shows nothing.
    await setCampaign(null, '1999-12-31 23:59:59');
    expect(await count('analysis')).toBe(0);
    expect(await count('samples')).toBe(0);
    await setCampaign(null, null);
    expect(await count('analysis')).toBe(all.analysis);
    expect(await count('samples')).toBe(all.samples);
  });
});
