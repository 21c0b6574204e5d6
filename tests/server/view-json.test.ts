// The Analysis and Samples views' rows leave the database as the answer's JSON text
// (views/listSource.ts viewJson, views/jsonText.ts): the answer must be byte for byte what the
// entity path gives through the response schema (the app's serializer: JSON.stringify of the
// encoded object) — key order, numbers (12.30 stored, 12.3 sent), lab times, nulls, escapes — for
// every sort, filter, selection, page and the empty page with its hidden counts; on both databases.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { analysisListSchema, analysisViewSchema } from '../../src/domain/entities/analysis';
import { samplesListSchema, samplesViewSchema } from '../../src/domain/entities/sample';
import { DEFAULT_PAGE_SIZE, LIST_PAGE_SIZES } from '../../src/domain/constants';
import { loadCampaign } from '../../src/server/views/campaign';
import { PAGE_GROUP, rowsJsonOf } from '../../src/server/views/listSource';
import {
  parseViewRequest,
  viewQuerySchemaOf,
  type ViewRequest,
  type ViewRules,
} from '../../src/server/views/request';
import { ANALYSIS_READS, ANALYSIS_VIEW_RULES, analysisView } from '../../src/server/repositories/analysis';
import { SAMPLE_VIEW_RULES, samplesView } from '../../src/server/repositories/samples';
import type { Campaign } from '../../src/server/views/campaign';
import { useHarness } from './harness';
import { qs, seedViews } from './views.fixture';

const h = useHarness();
let token = '';

/** Text no ordinary row has: what JSON.stringify and to_json escape, and what neither does. */
const AWKWARD = 'ä "quoted" \\ back\nline\ttab\r\u0001\u001f\u007f / \u2028 😀 </script>';

beforeAll(async () => {
  await seedViews(h.db, 60);
  // One analysis with every nullable value empty.
  const sample = await h.db
    .selectFrom('sample')
    .select(['sId', 'sStamp'])
    .orderBy('sId')
    .executeTakeFirstOrThrow();
  await h.db
    .insertInto('analysis')
    .values({ sId: sample.sId, sStamp: sample.sStamp, comment: AWKWARD })
    .execute();
  // One sample and its analysis at the columns' extremes: trailing zeros, the largest and the
  // smallest steps of each scale, negative values, a time with fractional seconds; edited twice.
  await h.db
    .insertInto('sample')
    .values({
      sId: '6990000000001',
      sStamp: '2026-09-03 07:08:09.654321',
      name: AWKWARD,
      weightNet: 999999.999,
      weightBru: 0.001,
      weightTar: 10.5,
      quantity: 0,
      distance: -0.01,
      dateCrumbled: '2026-09-03 07:18:09.5',
      sFlags: 'X----',
      lane: 0,
      comment: '',
      dateExported: null,
    })
    .execute();
  await h.db
    .insertInto('analysis')
    .values({
      sId: '6990000000001',
      sStamp: '2026-09-03 07:08:09.654321',
      aFlags: '-------',
      dateIn: '2026-09-03 08:00:00',
      pol: 12.3,
      nat: 9999.99,
      kal: -0.01,
      an: 0,
      glu: 100,
      dry: 0.1,
      weightMea: 123.45,
      weightNrm: 0.001,
      weightCur: -999999.999,
      weightDif: 1.1,
      density: 0.0001,
      lane: 3,
      comment: AWKWARD,
    })
    .execute();
  for (let i = 0; i < 2; i++) {
    await h.db
      .updateTable('sample')
      .set({ lane: i + 1 })
      .where('sId', '=', '6990000000001')
      .execute();
    await h.db
      .updateTable('analysis')
      .set({ lane: i + 1 })
      .where('sId', '=', '6990000000001')
      .execute();
  }
  await h.db
    .updateTable('configSetting')
    .set({ startAt: '2000-01-01 00:00:00', endAt: '2099-12-31 23:59:59' })
    .where('name', '=', 'campaign')
    .execute();
  token = await h.tokenFor('ROLE_READER');
});

type Query = Record<string, string | number | (string | number)[] | undefined>;

interface Resource {
  path: string;
  rowsKey: string;
  defaultSize: number;
  rules: ViewRules;
  viewSchema: z.ZodType;
  listSchema: z.ZodType;
  view: (request: ViewRequest, campaign: Campaign) => Promise<Record<string, unknown>>;
  queries: Query[];
}

const RESOURCES: Resource[] = [
  {
    path: 'analysis',
    rowsKey: 'analysis',
    defaultSize: DEFAULT_PAGE_SIZE.analysis,
    rules: ANALYSIS_VIEW_RULES,
    viewSchema: analysisViewSchema,
    listSchema: analysisListSchema.extend({ totalItems: analysisViewSchema.shape.totalItems }),
    view: async (request, campaign) => ({ ...(await analysisView(h.db, request, campaign)) }),
    queries: [
      {},
      { size: LIST_PAGE_SIZES[0], page: 1 },
      { sort: ['pol,asc', 'sample.boxPos,desc'], size: 15000 },
      { sort: ['comment,desc', 'density,asc'], size: 15000 },
      { sort: 'dateOut,desc', filter: 'lane,2', size: 100 },
      { filter: 'sId,9999999999999' },
      { exclusion: ['farmer', 'test'], size: 15000 },
      { size: 50, page: 9999 },
    ],
  },
  {
    path: 'samples',
    rowsKey: 'samples',
    defaultSize: DEFAULT_PAGE_SIZE.samples,
    rules: SAMPLE_VIEW_RULES,
    viewSchema: samplesViewSchema,
    listSchema: samplesListSchema.extend({ totalItems: samplesViewSchema.shape.totalItems }),
    view: async (request, campaign) => ({ ...(await samplesView(h.db, request, campaign)) }),
    queries: [
      {},
      { size: LIST_PAGE_SIZES[0], page: 1 },
      { sort: ['weightNet,asc', 'boxPos,desc'], size: 15000 },
      { sort: ['name,desc', 'distance,asc'], size: 15000 },
      { filter: 'lane,2', size: 100 },
      { filter: 'sId,9999999999999' },
      { exclusion: ['farmer', 'test', 'screens'], size: 15000 },
      { size: 50, page: 9999 },
    ],
  },
];

/** The query as the route parses it (Fastify hands a repeated key over as an array, a single one as a string). */
const requestOf = (resource: Resource, query: Query): ViewRequest => {
  const raw = Object.fromEntries(
    Object.entries(query).flatMap(([k, v]) =>
      v === undefined ? [] : [[k, Array.isArray(v) ? v.map(String) : String(v)]],
    ),
  );
  return parseViewRequest(viewQuerySchemaOf(resource.defaultSize).parse(raw), resource.rules);
};

/** What the entity path answers: the serializer's text of the view through its response schema. */
const expectedText = async (
  resource: Resource,
  query: Query,
  schema = resource.viewSchema,
): Promise<string> => {
  const result = await resource.view(requestOf(resource, query), await loadCampaign(h.db));
  return JSON.stringify(schema.encode(result));
};

describe.each(RESOURCES.map((r) => [r.path, r] as const))(
  'the %s view answers the rows the database built as JSON',
  (_, resource) => {
    it.each(resource.queries.map((q) => [JSON.stringify(q), q] as const))(
      'view %s is byte for byte the entity path',
      async (_q, query) => {
        const res = await h.request({ method: 'GET', url: `/api/${resource.path}/view${qs(query)}`, token });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.body).toBe(await expectedText(resource, query));
      },
    );

    it('the fixture holds what the encoding must get right', async () => {
      const res = await h.request({
        method: 'GET',
        url: `/api/${resource.path}/view${qs({ size: 15000 })}`,
        token,
      });
      // timestamp(0) keeps whole seconds: the stamp was rounded on the way in.
      const wanted = [
        JSON.stringify(AWKWARD),
        'null',
        '"2026-09-03 07:08:10"',
        '"version":3',
        ...(resource.path === 'analysis'
          ? ['"pol":12.3,', '"density":0.0001,', '"weightCur":-999999.999,']
          : ['"weightTar":10.5,', '"distance":-0.01,', '"quantity":0,']),
      ];
      for (const text of wanted) expect(res.body.includes(text), text).toBe(true);
    });

    it('the list route answers every matching row the same way', async () => {
      const res = await h.request({
        method: 'GET',
        url: `/api/${resource.path}${qs({ sort: 'lane,asc' })}`,
        token,
      });
      expect(res.statusCode, res.body).toBe(200);
      const whole = await resource.view(
        requestOf(resource, { sort: 'lane,asc', size: Math.max(...LIST_PAGE_SIZES) }),
        await loadCampaign(h.db),
      );
      const list = { [resource.rowsKey]: whole[resource.rowsKey], totalItems: whole['totalItems'] };
      expect(res.body).toBe(JSON.stringify(resource.listSchema.encode(list)));
      expect(res.json<Record<string, unknown[]>>()[resource.rowsKey]!.length).toBeGreaterThan(60);
    });
  },
);

describe('the page rows joined into one array', () => {
  it('puts rows the joins returned out of order back in page order, and leaves out the aggregate row', () => {
    const rows = [
      { rn: 3, j: '{"c":3}' },
      { rn: null, j: null },
      { rn: 1, j: '{"a":1}' },
      { rn: 2, j: '{"b":2}' },
    ];
    expect(rowsJsonOf(rows)).toBe('[{"a":1},{"b":2},{"c":3}]');
    expect(rowsJsonOf([{ rn: null, j: null }])).toBe('[]');
  });
  it('joins runs of rows (PGlite\'s grouped answer), each under its first rn, in page order', () => {
    expect(rowsJsonOf([{ rn: null, j: null }, { rn: 1001, j: '{"c":3}' }, { rn: 1, j: '{"a":1},{"b":2}' }])).toBe(
      '[{"a":1},{"b":2},{"c":3}]',
    );
  });
});

describe('the page keeps its order when the joins do not', () => {
  it('a hash join built on the page (its rows come out in the samples\' order): the rows are in page order still, either shape', async () => {
    const request = parseViewRequest(viewQuerySchemaOf(DEFAULT_PAGE_SIZE.analysis).parse({ size: '50' }), ANALYSIS_VIEW_RULES);
    const aIds = (text: string): number[] => (JSON.parse(text) as { aId: number }[]).map((r) => r.aId);
    await h.db.transaction().execute(async (trx) => {
      // Joins by hash only: the planner hashes the 50-row page and probes it with the samples.
      await sql`set local enable_nestloop = off`.execute(trx);
      await sql`set local enable_mergejoin = off`.execute(trx);
      const campaign = await loadCampaign(trx);
      const expected = (await analysisView(trx, request, campaign)).analysis.map((a) => a.aId);
      expect(expected).toHaveLength(50);
      const run = async (grouped: boolean) =>
        (await trx.withoutPlugins().executeQuery<{ rn: number | null; j: string | null }>(
          ANALYSIS_READS.viewJsonQuery!(request, campaign, {}, grouped).compile(trx),
        )).rows;
      // The case is real: the page's rows come out of the joins out of order.
      const rns = (await run(false)).flatMap((r) => (r.rn === null ? [] : [Number(r.rn)]));
      expect(rns).toHaveLength(50);
      expect(rns).not.toEqual([...rns].sort((x, y) => x - y));
      // Each shape puts them back: per row by rn (PostgreSQL), in runs by the aggregate's ORDER BY (PGlite).
      for (const grouped of [false, true]) expect(aIds(rowsJsonOf(await run(grouped))), `grouped: ${grouped}`).toEqual(expected);
      expect(aIds((await ANALYSIS_READS.viewJson!(trx, request, campaign)).rowsJson)).toEqual(expected);
    });
  });
});

describe('a page longer than a run of the grouped answer', () => {
  it(`answers runs of ${PAGE_GROUP} rows in page order, the same rows as one by one and as the entity path`, async () => {
    const request = parseViewRequest(
      viewQuerySchemaOf(DEFAULT_PAGE_SIZE.analysis).parse({ size: '15000', sort: 'pol,desc' }),
      ANALYSIS_VIEW_RULES,
    );
    const aIds = (text: string): number[] => (JSON.parse(text) as { aId: number }[]).map((r) => r.aId);
    const rolledBack = new Error('rolled back');
    await expect(
      h.db.transaction().execute(async (trx) => {
        const sample = await trx.selectFrom('sample').select(['sId', 'sStamp']).orderBy('sId').executeTakeFirstOrThrow();
        // 2,500 more analyses of one sample, many of one pol: the page's order rests on the tie-break too.
        await sql`insert into analysis (s_id, s_stamp, pol)
          select ${sample.sId}, ${sample.sStamp}, (g % 97) / 10.0 from generate_series(1, 2500) g`.execute(trx);
        const campaign = await loadCampaign(trx);
        const expected = (await analysisView(trx, request, campaign)).analysis.map((a) => a.aId);
        expect(expected.length).toBeGreaterThan(2 * PAGE_GROUP);
        const run = async (grouped: boolean) =>
          (await trx.withoutPlugins().executeQuery<{ rn: number | null; j: string | null }>(
            ANALYSIS_READS.viewJsonQuery!(request, campaign, {}, grouped).compile(trx),
          )).rows;
        const grouped = await run(true);
        expect(grouped.filter((r) => r.j !== null)).toHaveLength(Math.ceil(expected.length / PAGE_GROUP));
        for (const shape of [false, true]) expect(aIds(rowsJsonOf(await run(shape))), `grouped: ${shape}`).toEqual(expected);
        expect(aIds((await ANALYSIS_READS.viewJson!(trx, request, campaign)).rowsJson)).toEqual(expected);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });
});
