// Every list route answers through its response schema: a row carries exactly the schema's keys
// (nested ones too) — no totalItems, campaignStart, campaignEnd or rn of the view's statement —
// with a campaign stored (the normal state), which campaign-bound views check and others ignore.
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { analysisSchema } from '../../src/domain/entities/analysis';
import { boxSchema } from '../../src/domain/entities/box';
import { sampleSchema } from '../../src/domain/entities/sample';
import { screenItemSchema, screenSchema } from '../../src/domain/entities/screen';
import { useHarness } from './harness';
import { keyMismatches } from './schema-keys';
import { seedViews } from './views.fixture';

const h = useHarness();
let token = '';

beforeAll(async () => {
  await seedViews(h.db, 40);
  await h.db
    .updateTable('configSetting')
    .set({ startAt: '2000-01-01 00:00:00', endAt: '2099-12-31 23:59:59' })
    .where('name', '=', 'campaign')
    .execute();
  const [scr] = await h.db
    .insertInto('screen')
    .values([{ name: '2026091401' }, { name: '2026091402' }])
    .returning('scrId')
    .execute();
  const samples = await h.db.selectFrom('sample').select(['sId', 'sStamp']).limit(3).execute();
  await h.db
    .insertInto('screenItem')
    .values(samples.map((s, i) => ({ scrId: scr!.scrId, sId: s.sId, sStamp: i === 0 ? null : s.sStamp, name: `Item ${i}` })))
    .execute();
  token = await h.tokenFor('ROLE_READER');
});

const get = async (url: string) => {
  const res = await h.request({ method: 'GET', url, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Record<string, unknown>>();
};

describe('list routes answer exactly their schemas', () => {
  it.each([
    ['/api/analysis/view', 'analysis', analysisSchema],
    ['/api/analysis', 'analysis', analysisSchema],
    ['/api/samples/view', 'samples', sampleSchema],
    ['/api/samples', 'samples', sampleSchema],
    ['/api/boxes/view', 'boxes', boxSchema],
    ['/api/boxes', 'boxes', boxSchema],
    ['/api/screens/view', 'screens', screenSchema],
    ['/api/screens', 'screens', screenSchema],
  ] as const)('%s', async (url, key, rowSchema) => {
    const body = await get(url);
    const rows = body[key] as unknown[];
    expect(rows.length).toBeGreaterThan(0);
    expect(keyMismatches(z.array(rowSchema), rows)).toEqual([]);
    expect(Object.keys(body).sort()).not.toContain('campaignStart');
  });

  it('the analyses of selected samples', async () => {
    const [s] = await h.db.selectFrom('analysis').select(['sId', 'sStamp']).limit(1).execute();
    const body = await get(`/api/analysis/samples?selection=${encodeURIComponent(`${s!.sId}|${s!.sStamp}`)}`);
    expect((body.analysis as unknown[]).length).toBeGreaterThan(0);
    expect(keyMismatches(z.array(analysisSchema), body.analysis)).toEqual([]);
  });

  it("a screen's items", async () => {
    const scr = await h.db.selectFrom('screen').select('scrId').where('name', '=', '2026091401').executeTakeFirstOrThrow();
    const body = await get(`/api/screens/${scr.scrId}/items`);
    expect((body.screenItems as unknown[]).length).toBe(3);
    expect(keyMismatches(z.array(screenItemSchema), body.screenItems)).toEqual([]);
  });

  it('the helper finds an extra key', () => {
    expect(keyMismatches(screenSchema, { scrId: 1, name: '1', comment: null, dateCreated: null, version: 1, rn: 1 })).toEqual([
      '.rn (extra)',
    ]);
    expect(keyMismatches(screenItemSchema, { screenItemId: { scrId: 1 }, sStamp: null, name: null })).toEqual([
      '.screenItemId.sId (missing)',
    ]);
  });
});
