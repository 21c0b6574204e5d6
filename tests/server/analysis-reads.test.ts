// GET /api/analysis/** on the fixture of views.fixture.ts: every answer is compared with the
// reference computed in JS from the inserted rows (filters via the domain's termMatches).
// Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Analysis, AnalysisView } from '../../src/domain/entities/analysis';
import { FILTER_MISMATCH, SELECTION_TOO_LARGE } from '../../src/domain/messages';
import { useHarness } from './harness';
import {
  expectedAnalyses,
  expectedAverages,
  qs,
  sampleOf,
  seedViews,
  sortBy,
  type Fixture,
  type FxAnalysis,
} from './views.fixture';

const h = useHarness();
let fx: Fixture;
let token: string;

beforeAll(async () => {
  fx = await seedViews(h.db);
  token = await h.tokenFor('ROLE_READER');
});

const get = (url: string, t: string | null = token) => h.request({ method: 'GET', url, token: t ?? undefined });
const view = async (params: Parameters<typeof qs>[0], path = '/api/analysis/view'): Promise<AnalysisView> => {
  const res = await get(`${path}${qs(params)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AnalysisView>();
};
const ids = (rows: { aId: number }[]) => rows.map((r) => r.aId);
const newestFirst = (rows: FxAnalysis[]) => sortBy(rows, [[(a) => a.aId, 'desc']]);

const setCampaign = (start: string | null, end: string | null) =>
  h.db.updateTable('configSetting').set({ startAt: start, endAt: end }).where('name', '=', 'campaign').execute();

describe('GET /api/analysis/view', () => {
  it('answers 401 without a token', async () => {
    expect((await get('/api/analysis/view', null)).statusCode).toBe(401);
    expect((await get('/api/analysis/view', 'not-a-token')).statusCode).toBe(401);
  });

  it('pages the whole table newest first with totals and the averages of all rows', async () => {
    const all = newestFirst(fx.analyses);
    const body = await view({ page: 1, size: 25 });
    expect(body.totalItems).toBe(all.length);
    expect(body.totalPages).toBe(Math.ceil(all.length / 25));
    expect(ids(body.analysis)).toEqual(ids(all.slice(25, 50)));
    expect(body.average).toEqual(expectedAverages(all));
  });

  it('maps each row to the Analysis JSON of docs/dev/architecture.md#api-contract, the sample joined in', async () => {
    const boxed = fx.analyses.find((a) => sampleOf(fx, a).boxPos !== null)!;
    const body = await view({ filter: `aId,${boxed.aId}` });
    const s = sampleOf(fx, boxed);
    expect(body.analysis).toEqual([
      {
        aId: boxed.aId,
        sample: {
          sampleId: { sId: boxed.sId, sStamp: boxed.sStamp },
          weightNet: s.weightNet,
          weightBru: s.weightBru,
          name: s.name,
          boxPos: s.boxPos,
        },
        aFlags: boxed.aFlags,
        dateIn: boxed.dateIn,
        dateOut: boxed.dateOut,
        pol: boxed.pol,
        nat: boxed.nat,
        kal: boxed.kal,
        an: boxed.an,
        glu: boxed.glu,
        dry: boxed.dry,
        weightMea: null,
        weightNrm: null,
        weightCur: null,
        weightDif: null,
        density: null,
        lane: boxed.lane,
        comment: boxed.comment,
        dateExported: null,
        // A record read before any change is at its first version (docs/dev/architecture.md#api-contract).
        version: 1,
      } satisfies Analysis,
    ]);
    expect(Object.keys(body.analysis[0]!.sample)).toEqual(['sampleId', 'weightNet', 'weightBru', 'name', 'boxPos']);
  });

  const mid = () => fx.analyses[Math.floor(fx.analyses.length / 2)]!;
  const filterCases: [string, () => string[]][] = [
    ['aId range', () => [`aId,${fx.analyses[10]!.aId}~${fx.analyses[40]!.aId}`]],
    ['aId open low', () => [`aId,~${fx.analyses[5]!.aId}`]],
    ['aId open high', () => [`aId,${fx.analyses[100]!.aId}~`]],
    ['aId beyond bigint', () => ['aId,9999999999999999999~']],
    ['sId exact', () => [`sId,${mid().sId}`]],
    ['sId prefix', () => ['sId,602~']],
    ['sId suffix', () => ['sId,~7']],
    ['sId prefix and suffix', () => ['sId,611~3']],
    ['sampleId as sId', () => ['sampleId,601000000~']],
    ['dateIn date-time range', () => ['dateIn,2026-09-02T06:00:00~2026-09-05T05:59:59']],
    ['dateIn whole days, inclusive end date', () => ['dateIn,2026-09-03~2026-09-04']],
    ['dateOut open start', () => ['dateOut,~2026-08-28']],
    ['sStamp open end', () => ['sStamp,2026-09-08T12:00:00~']],
    ['aFlags pattern with _', () => ['aFlags,-_L']],
    ['aFlags first flag', () => ['aFlags,F']],
    ['lane', () => ['lane,2']],
    ['name (the sample’s, ignoring case)', () => ['name,10003']],
    ['bId (the box the sample sits in)', () => ['bId,B1']],
    ['several terms together', () => ['sId,60~', 'lane,1', 'dateIn,2026-08-27~']],
  ];
  it.each(filterCases)('filters: %s', async (_name, filter) => {
    const f = filter();
    const expected = newestFirst(expectedAnalyses(fx, { filter: f }));
    const body = await view({ filter: f, size: 100 });
    expect(ids(body.analysis)).toEqual(ids(expected));
    expect(body.totalItems).toBe(expected.length);
    expect(body.average).toEqual(expectedAverages(expected));
  });

  it('answers 400 Filter mismatch for terms that break the grammar or do not belong to the view', async () => {
    for (const filter of ['lane,7', 'sId,abc', 'aId,1~2~3', 'dateIn,2026-13-01~', 'dateIn,~', 'nope,1', 'sFlags,F', 'type,1', 'lane']) {
      const res = await get(`/api/analysis/view${qs({ filter })}`);
      expect(res.statusCode, filter).toBe(400);
      expect(res.json().message).toBe(FILTER_MISMATCH);
    }
  });

  it('sorts by several keys, sample. fields included, with aId breaking ties', async () => {
    const sample = (a: FxAnalysis) => sampleOf(fx, a);
    const body = await view({ sort: ['lane,asc', 'sample.name,desc', 'pol,asc'], size: 1000 });
    const expected = sortBy(fx.analyses, [
      [(a) => a.lane, 'asc'],
      [(a) => sample(a).name, 'desc'],
      [(a) => a.pol, 'asc'],
      [(a) => a.aId, 'desc'],
    ]);
    expect(ids(body.analysis)).toEqual(ids(expected));

    const byWeight = await view({ sort: ['sample.weightNet,desc', 'aId,asc'], size: 1000 });
    expect(ids(byWeight.analysis)).toEqual(
      ids(sortBy(fx.analyses, [[(a) => sample(a).weightNet, 'desc'], [(a) => a.aId, 'asc']])),
    );

    // boxPos orders by box, then position number (2 before 10), rows without a box last.
    const byBox = await view({ sort: 'sample.boxPos,asc', size: 1000 });
    const boxKey = (a: FxAnalysis) => sample(a).boxPos;
    const expectedBox = sortBy(fx.analyses, [
      [(a) => boxKey(a)?.split('/')[0] ?? null, 'asc'],
      [(a) => (boxKey(a) ? Number(boxKey(a)!.split('/')[1]) : null), 'asc'],
      [(a) => a.aId, 'desc'],
    ]);
    expect(ids(byBox.analysis)).toEqual(ids(expectedBox));
  });

  it('pages deterministically: the pages of a sort with many ties add up to the whole set', async () => {
    const pages = await Promise.all([0, 1, 2, 3, 4, 5, 6].map((page) => view({ sort: 'lane,asc', size: 25, page })));
    const seen = pages.flatMap((p) => ids(p.analysis));
    expect(new Set(seen).size).toBe(fx.analyses.length);
    expect(seen.length).toBe(fx.analyses.length);
  });

  it('answers 400 for an unknown sort field, a bad direction, a bad size or page', async () => {
    for (const q of [
      { sort: 'password,asc' },
      { sort: 'pol,up' },
      { sort: 'a_id;drop table analysis,asc' },
      // Names every object inherits: the whitelist lookup must see its own fields only.
      { sort: 'constructor,asc' },
      { sort: 'toString,desc' },
      { sort: 'hasOwnProperty,asc' },
      { size: 30 },
      { size: 20000 },
      { page: -1 },
      { page: 'x' },
    ]) {
      expect((await get(`/api/analysis/view${qs(q)}`)).statusCode, JSON.stringify(q)).toBe(400);
    }
  });

  it('answers an empty page past the end, with the totals', async () => {
    const body = await view({ page: 999, size: 50 });
    expect(body.analysis).toEqual([]);
    expect(body.totalItems).toBe(fx.analyses.length);
    const huge = await view({ page: Number.MAX_SAFE_INTEGER, size: 15000 });
    expect(huge.analysis).toEqual([]);
  });

  it('answers null averages and zero pages when nothing matches', async () => {
    const body = await view({ filter: 'sId,9999999999999' });
    expect(body).toEqual({
      analysis: [],
      totalItems: 0,
      totalPages: 0,
      average: { polAverage: null, natAverage: null, kalAverage: null, anAverage: null, gluAverage: null, dryAverage: null },
    });
  });

  it('restricts to samples stamped within the campaign, either end open', async () => {
    try {
      for (const campaign of [
        { start: '2026-09-01 00:00:00', end: null },
        { start: null, end: '2026-09-04 23:59:59' },
        { start: '2026-08-30 00:00:00', end: '2026-09-06 23:59:59' },
      ]) {
        await setCampaign(campaign.start, campaign.end);
        const expected = newestFirst(expectedAnalyses(fx, { campaign }));
        expect(expected.length).toBeLessThan(fx.analyses.length);
        const body = await view({ size: 1000 });
        expect(ids(body.analysis)).toEqual(ids(expected));
        expect(body.average).toEqual(expectedAverages(expected));
      }
    } finally {
      await setCampaign(null, null);
    }
  });

  it('drops farmer, test and screened samples on request', async () => {
    for (const exclusion of [['farmer'], ['test'], ['screens'], ['farmer', 'test', 'screens']] as const) {
      const expected = newestFirst(expectedAnalyses(fx, { exclusion: [...exclusion] }));
      expect(expected.length).toBeLessThan(fx.analyses.length);
      const body = await view({ exclusion: [...exclusion], size: 1000 });
      expect(ids(body.analysis), exclusion.join()).toEqual(ids(expected));
    }
    expect((await get('/api/analysis/view?exclusion=farmers')).statusCode).toBe(400);
  });

  it('filters by selection (aIds and sample IDs) and selectionSId', async () => {
    const a = fx.analyses;
    const selection = [String(a[3]!.aId), String(a[50]!.aId), `${a[70]!.sId}|${a[70]!.sStamp}`];
    const expected = newestFirst(expectedAnalyses(fx, { selection }));
    const body = await view({ selection: selection.join(',') });
    expect(ids(body.analysis)).toEqual(ids(expected));
    expect(expected.length).toBeGreaterThanOrEqual(3);

    const selectionSId = [a[0]!.sId, a[60]!.sId];
    const bySId = await view({ selectionSId: selectionSId.join(',') });
    expect(ids(bySId.analysis)).toEqual(ids(newestFirst(expectedAnalyses(fx, { selectionSId }))));

    // Both together narrow each other; a sample that does not exist matches nothing.
    const both = await view({ selection: selection.join(','), selectionSId: a[3]!.sId });
    expect(ids(both.analysis)).toEqual(ids(newestFirst(expectedAnalyses(fx, { selection, selectionSId: [a[3]!.sId] }))));
    expect((await view({ selection: '1234|2026-09-01 00:00:00' })).totalItems).toBe(0);
    expect((await view({ selection: '99999999999999999999' })).totalItems).toBe(0);
  });

  it('answers 400 with the spec message for more than 1000 selected elements, and for malformed items', async () => {
    const selection = Array.from({ length: 1001 }, (_v, i) => String(i + 1)).join(',');
    const res = await get(`/api/analysis/view${qs({ selection })}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SELECTION_TOO_LARGE);
    const ok = await get(`/api/analysis/view${qs({ selection: selection.split(',').slice(0, 1000).join(',') })}`);
    expect(ok.statusCode).toBe(200);
    const sids = Array.from({ length: 1001 }, (_v, i) => String(6000000000000 + i)).join(',');
    expect((await get(`/api/analysis/view${qs({ selectionSId: sids })}`)).json().message).toBe(SELECTION_TOO_LARGE);
    for (const bad of ['abc', '123|yesterday', '1,,2', '12345678901234|2026-09-01 00:00:00']) {
      expect((await get(`/api/analysis/view${qs({ selection: bad })}`)).statusCode, bad).toBe(400);
    }
  });
});

describe('GET /api/analysis/samples', () => {
  it('answers the analyses of the selected samples, with the view query', async () => {
    const keys = [fx.analyses[7]!, fx.analyses[90]!].map((a) => `${a.sId}|${a.sStamp}`);
    const body = await view({ selection: keys.join(','), sort: 'dateIn,asc' }, '/api/analysis/samples');
    const expected = sortBy(expectedAnalyses(fx, { selection: keys }), [
      [(a) => a.dateIn, 'asc'],
      [(a) => a.aId, 'desc'],
    ]);
    expect(ids(body.analysis)).toEqual(ids(expected));
    expect(body.average).toEqual(expectedAverages(expected));
  });

  it('answers nothing without a selection', async () => {
    expect((await view({}, '/api/analysis/samples')).totalItems).toBe(0);
  });
});

describe('GET /api/analysis', () => {
  it('answers every matching analysis in view order with the total', async () => {
    const res = await get(`/api/analysis${qs({ filter: 'lane,3', sort: 'pol,desc' })}`);
    expect(res.statusCode).toBe(200);
    const expected = sortBy(expectedAnalyses(fx, { filter: ['lane,3'] }), [
      [(a) => a.pol, 'desc'],
      [(a) => a.aId, 'desc'],
    ]);
    const body = res.json<{ analysis: Analysis[]; totalItems: number }>();
    expect(ids(body.analysis)).toEqual(ids(expected));
    expect(body.totalItems).toBe(expected.length);
    expect((await get('/api/analysis?filter=lane,9')).statusCode).toBe(400);
  });
});

describe('single reads', () => {
  it('GET /api/analysis/{id}: the analysis, 404 when missing, 400 when not a number', async () => {
    const a = fx.analyses[12]!;
    const res = await get(`/api/analysis/${a.aId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<Analysis>()).toMatchObject({ aId: a.aId, sample: { sampleId: { sId: a.sId, sStamp: a.sStamp } }, pol: a.pol });
    expect((await get('/api/analysis/987654321')).statusCode).toBe(404);
    expect((await get('/api/analysis/9999999999999999999')).statusCode).toBe(404);
    expect((await get('/api/analysis/abc')).statusCode).toBe(400);
    expect((await get(`/api/analysis/${a.aId}`, null)).statusCode).toBe(401);
  });

  it('GET /api/analysis/sid/{sId}/{sStamp}: the sample’s analyses, an empty list when none', async () => {
    const a = fx.analyses[20]!;
    const res = await get(`/api/analysis/sid/${a.sId}/${encodeURIComponent(a.sStamp)}`);
    expect(res.statusCode).toBe(200);
    const expected = fx.analyses.filter((x) => x.sId === a.sId && x.sStamp === a.sStamp).map((x) => x.aId);
    expect(ids(res.json<{ analysis: Analysis[] }>().analysis)).toEqual(expected);
    const none = await get(`/api/analysis/sid/${a.sId}/${encodeURIComponent('2000-01-01 00:00:00')}`);
    expect(none.json()).toEqual({ analysis: [] });
    expect((await get(`/api/analysis/sid/${a.sId}/yesterday`)).statusCode).toBe(400);
    expect((await get(`/api/analysis/sid/abc/${encodeURIComponent(a.sStamp)}`)).statusCode).toBe(400);
  });

  it('GET /api/analysis/sid/startsWith/{id}: analyses whose sId starts with id, by sId', async () => {
    const res = await get('/api/analysis/sid/startsWith/6110');
    expect(res.statusCode).toBe(200);
    const expected = sortBy(
      fx.analyses.filter((a) => a.sId.startsWith('6110')),
      [
        [(a) => a.sId, 'asc'],
        [(a) => a.sStamp, 'asc'],
        [(a) => a.aId, 'asc'],
      ],
    );
    expect(ids(res.json<{ analysis: Analysis[] }>().analysis)).toEqual(ids(expected));
    expect((await get('/api/analysis/sid/startsWith/61a')).statusCode).toBe(400);
  });
});
