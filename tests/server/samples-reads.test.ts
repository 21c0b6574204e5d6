// GET /api/samples/** on the fixture of views.fixture.ts, compared with the reference computed in
// JS from the inserted rows. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Sample, SamplesView } from '../../src/domain/entities/sample';
import { FILTER_MISMATCH, SELECTION_TOO_LARGE } from '../../src/domain/messages';
import { useHarness } from './harness';
import { expectedSamples, qs, seedViews, sortBy, type Fixture, type FxSample } from './views.fixture';

const h = useHarness();
let fx: Fixture;
let token: string;

beforeAll(async () => {
  fx = await seedViews(h.db);
  token = await h.tokenFor('ROLE_READER');
});

const get = (url: string, t: string | null = token) => h.request({ method: 'GET', url, token: t ?? undefined });
const view = async (params: Parameters<typeof qs>[0]): Promise<SamplesView> => {
  const res = await get(`/api/samples/view${qs(params)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SamplesView>();
};
const keys = (rows: { sampleId: { sId: string; sStamp: string } }[]) => rows.map((r) => `${r.sampleId.sId}|${r.sampleId.sStamp}`);
const fxKeys = (rows: FxSample[]) => rows.map((s) => `${s.sId}|${s.sStamp}`);
const newestFirst = (rows: FxSample[]) =>
  sortBy(rows, [
    [(s) => s.sStamp, 'desc'],
    [(s) => s.sId, 'desc'],
  ]);

describe('GET /api/samples/view', () => {
  it('answers 401 without a token', async () => {
    expect((await get('/api/samples/view', null)).statusCode).toBe(401);
  });

  it('pages newest first with totals, rows as the Sample JSON of docs/dev/architecture.md#api-contract', async () => {
    const all = newestFirst(fx.samples);
    const body = await view({ page: 2, size: 25 });
    expect(body.totalItems).toBe(fx.samples.length);
    expect(body.totalPages).toBe(Math.ceil(fx.samples.length / 25));
    expect(keys(body.samples)).toEqual(fxKeys(all.slice(50, 75)));
    const boxed = fx.samples.find((s) => s.boxPos !== null)!;
    const one = await view({ selection: `${boxed.sId}|${boxed.sStamp}` });
    const { boxPos, ...rest } = boxed;
    // Never changed since it was stored: its first version (docs/dev/architecture.md#api-contract).
    expect(one.samples).toEqual([{ ID: `${boxed.sId}|${boxed.sStamp}`, sampleId: { sId: boxed.sId, sStamp: boxed.sStamp }, ...withoutKey(rest), boxPos, version: 1 }]);
  });

  const filterCases: string[][] = [
    ['sId,602~'],
    ['sId,~3'],
    [`sId,${'601'}0000001~`],
    ['sStamp,2026-09-01~2026-09-03'],
    ['name,10005'],
    ['lane,0'],
    ['sFlags,F'],
    ['sFlags,_-'],
    ['dateCrumbled,2026-09-05T00:00:00~'],
    ['dateExported,2026-08-20~2026-09-30'],
    ['bId,A'],
    ['sampleId,611~', 'lane,3'],
  ];
  it.each(filterCases)('filters: %s', async (...filter) => {
    const expected = newestFirst(expectedSamples(fx, { filter }));
    const body = await view({ filter, size: 100 });
    expect(keys(body.samples)).toEqual(fxKeys(expected));
    expect(body.totalItems).toBe(expected.length);
  });

  it('answers 400 Filter mismatch for bad terms and analysis-only columns', async () => {
    for (const filter of ['aId,1', 'aFlags,F', 'dateIn,2026-09-01~', 'lane,x', 'sFlags,Q']) {
      const res = await get(`/api/samples/view${qs({ filter })}`);
      expect(res.statusCode, filter).toBe(400);
      expect(res.json().message).toBe(FILTER_MISMATCH);
    }
  });

  it('sorts by several keys with the key breaking ties, and by boxPos', async () => {
    const body = await view({ sort: ['lane,desc', 'weightNet,asc'], size: 1000 });
    expect(keys(body.samples)).toEqual(
      fxKeys(
        sortBy(fx.samples, [
          [(s) => s.lane, 'desc'],
          [(s) => s.weightNet, 'asc'],
          [(s) => s.sStamp, 'desc'],
          [(s) => s.sId, 'desc'],
        ]),
      ),
    );
    const byId = await view({ sort: 'ID,asc', size: 1000 });
    expect(keys(byId.samples)).toEqual(fxKeys(sortBy(fx.samples, [[(s) => s.sId, 'asc'], [(s) => s.sStamp, 'asc']])));
    expect((await get('/api/samples/view?sort=aId,asc')).statusCode).toBe(400);
    // Names every object inherits are no sort fields (own-property lookup of the whitelist).
    for (const field of ['constructor', 'toString', 'valueOf', 'hasOwnProperty']) {
      const res = await get(`/api/samples/view?sort=${field},asc`);
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toEqual({ message: 'Validation failed', errors: [`sort field '${field}' is not sortable`] });
    }
    expect((await get('/api/samples/view?size=7')).statusCode).toBe(400);
  });

  it('restricts to the campaign and applies exclusions', async () => {
    const campaign = { start: '2026-09-02 00:00:00', end: '2026-09-08 00:00:00' };
    await h.db.updateTable('configSetting').set({ startAt: campaign.start, endAt: campaign.end }).where('name', '=', 'campaign').execute();
    try {
      const body = await view({ size: 1000, exclusion: ['farmer', 'screens'] });
      const expected = newestFirst(expectedSamples(fx, { campaign, exclusion: ['farmer', 'screens'] }));
      expect(keys(body.samples)).toEqual(fxKeys(expected));
    } finally {
      await h.db.updateTable('configSetting').set({ startAt: null, endAt: null }).where('name', '=', 'campaign').execute();
    }
  });

  it('filters by selection (sample IDs only) and selectionSId, capped at 1000', async () => {
    const selection = [fx.samples[1]!, fx.samples[40]!].map((s) => `${s.sId}|${s.sStamp}`);
    expect(keys((await view({ selection: selection.join(',') })).samples)).toEqual(
      fxKeys(newestFirst(expectedSamples(fx, { selection }))),
    );
    const twice = fx.samples.find((s) => s.comment === 'Second delivery')!;
    const bySId = await view({ selectionSId: twice.sId });
    expect(bySId.totalItems).toBe(2);
    expect((await get('/api/samples/view?selection=12345')).statusCode).toBe(400);
    const tooMany = Array.from({ length: 1001 }, (_v, i) => `${i + 1}|2026-09-01 00:00:00`).join(',');
    const res = await get(`/api/samples/view${qs({ selection: tooMany })}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SELECTION_TOO_LARGE);
  });
});

/** The fixture row without the key fields the API nests (sId, sStamp). */
const withoutKey = ({ sId: _i, sStamp: _s, ...rest }: Omit<FxSample, 'boxPos'>) => rest;

describe('GET /api/samples', () => {
  it('answers every matching sample in view order with the total', async () => {
    const res = await get(`/api/samples${qs({ filter: 'lane,1' })}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ samples: Sample[]; totalItems: number }>();
    const expected = newestFirst(expectedSamples(fx, { filter: ['lane,1'] }));
    expect(keys(body.samples)).toEqual(fxKeys(expected));
    expect(body.totalItems).toBe(expected.length);
  });
});

describe('single reads', () => {
  it('GET /api/samples/{sId}/{sStamp}: one Sample object, 404 when missing', async () => {
    const s = fx.samples[33]!;
    const res = await get(`/api/samples/${s.sId}/${encodeURIComponent(s.sStamp)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<Sample>()).toMatchObject({ ID: `${s.sId}|${s.sStamp}`, name: s.name, boxPos: s.boxPos, lane: s.lane });
    expect((await get(`/api/samples/${s.sId}/${encodeURIComponent('2001-01-01 00:00:00')}`)).statusCode).toBe(404);
    // Year 0 is outside the lab's years (domain/datetime.ts): bad input, not a missing sample.
    expect((await get(`/api/samples/${s.sId}/${encodeURIComponent('0000-01-01 00:00:00')}`)).statusCode).toBe(400);
    expect((await get(`/api/samples/${s.sId}/notatime`)).statusCode).toBe(400);
    expect((await get(`/api/samples/${s.sId}/${encodeURIComponent(s.sStamp)}`, null)).statusCode).toBe(401);
  });

  it('GET /api/samples/timestamps/{id}: the stamps oldest first, 404 when the sId is unknown', async () => {
    const twice = fx.samples.find((s) => s.comment === 'Second delivery')!;
    const res = await get(`/api/samples/timestamps/${twice.sId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      timestamps: fx.samples.filter((s) => s.sId === twice.sId).map((s) => s.sStamp).sort(),
    });
    expect((await get('/api/samples/timestamps/1234567890123')).statusCode).toBe(404);
    expect((await get('/api/samples/timestamps/12345678901234')).statusCode).toBe(400);
  });

  it('GET /api/samples/startsWithId/{id}: samples whose sId starts with id', async () => {
    const res = await get('/api/samples/startsWithId/6020');
    expect(res.statusCode).toBe(200);
    const expected = sortBy(
      fx.samples.filter((s) => s.sId.startsWith('6020')),
      [
        [(s) => s.sId, 'asc'],
        [(s) => s.sStamp, 'asc'],
      ],
    );
    expect(keys(res.json<{ samples: Sample[] }>().samples)).toEqual(fxKeys(expected));
  });
});
