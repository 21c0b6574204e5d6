// The Analysis view's rows leave the database as the answer's JSON (views/listSource.ts viewJson):
// the answer must be exactly what the entity path (toAnalysis, through the response schema) gives,
// for every sort, filter, selection, page and the empty page with its hidden counts; on both databases.
import { beforeAll, describe, expect, it } from 'vitest';
import { analysisListSchema, analysisViewSchema } from '../../src/domain/entities/analysis';
import { DEFAULT_PAGE_SIZE, LIST_PAGE_SIZES } from '../../src/domain/constants';
import { loadCampaign } from '../../src/server/views/campaign';
import { parseViewRequest, viewQuerySchemaOf } from '../../src/server/views/request';
import { ANALYSIS_VIEW_RULES, analysisView } from '../../src/server/repositories/analysis';
import { useHarness } from './harness';
import { qs, seedViews } from './views.fixture';

const h = useHarness();
let token = '';

beforeAll(async () => {
  await seedViews(h.db, 60);
  // One analysis with every nullable value empty, one sample without box position among the seeded.
  const sample = await h.db.selectFrom('sample').select(['sId', 'sStamp']).orderBy('sId').executeTakeFirstOrThrow();
  await h.db.insertInto('analysis').values({ sId: sample.sId, sStamp: sample.sStamp, comment: 'ä "quoted" \\ \n line' }).execute();
  await h.db
    .updateTable('configSetting')
    .set({ startAt: '2000-01-01 00:00:00', endAt: '2099-12-31 23:59:59' })
    .where('name', '=', 'campaign')
    .execute();
  token = await h.tokenFor('ROLE_READER');
});

type Query = Record<string, string | number | (string | number)[] | undefined>;

/** What the entity path answers for the same query (as the route parses it), as JSON. */
const expected = async (query: Query) => {
  // As Fastify hands a query string over: a repeated key is an array, a single one a string.
  const raw = Object.fromEntries(
    Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, Array.isArray(v) ? v.map(String) : String(v)]])),
  );
  const request = parseViewRequest(viewQuerySchemaOf(DEFAULT_PAGE_SIZE.analysis).parse(raw), ANALYSIS_VIEW_RULES);
  const result = await analysisView(h.db, request, await loadCampaign(h.db));
  return JSON.parse(JSON.stringify(analysisViewSchema.parse(result))) as Record<string, unknown>;
};

const QUERIES: Query[] = [
  {},
  { size: LIST_PAGE_SIZES[0], page: 1 },
  { sort: ['pol,asc', 'sample.boxPos,desc'], size: 15000 },
  { sort: 'dateOut,desc', filter: 'lane,2', size: 100 },
  { filter: 'sId,9999999999999' },
  { exclusion: ['farmer', 'test'], size: 15000 },
  { size: 50, page: 9999 },
];

describe('the Analysis view answers the rows the database built as JSON', () => {
  it.each(QUERIES.map((q) => [JSON.stringify(q), q] as const))('view %s equals the entity path', async (_, query) => {
    const res = await h.request({ method: 'GET', url: `/api/analysis/view${qs(query)}`, token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json<Record<string, unknown>>();
    expect(body).toEqual(await expected(query));
    // Exactly the schema's keys: what the schema strips is what must not be there.
    expect(body).toEqual(JSON.parse(JSON.stringify(analysisViewSchema.parse(body))));
  });

  it('the list route answers every matching row the same way', async () => {
    const res = await h.request({ method: 'GET', url: `/api/analysis${qs({ sort: 'aId,asc' })}`, token });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ analysis: unknown[]; totalItems: number }>();
    const whole = await expected({ sort: 'aId,asc', size: Math.max(...LIST_PAGE_SIZES) });
    expect(body).toEqual({ analysis: whole['analysis'], totalItems: whole['totalItems'] });
    expect(body.analysis).toEqual(JSON.parse(JSON.stringify(analysisListSchema.parse(body).analysis)));
    expect(body.analysis.length).toBeGreaterThan(60);
  });
});
