// 4xx answers carry the spec's messages only (issue 29 item 8): no database wording — 'integer
// out of range', 'invalid byte sequence', constraint or column names — whatever reaches the
// database. Every route of the route table, as an admin so that writes get past the role check:
// each path parameter, a query parameter and each field of a valid body replaced in turn by NUL
// bytes, out-of-range numbers, a huge string and impossible dates. PGlite and, with DATABASE_URL,
// PostgreSQL (their messages differ in places; neither may show).
import type { HTTPMethods, RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness';
import { seedViews, type Fixture } from './views.fixture';

const routes: RouteOptions[] = [];
const h = useHarness({ onRoute: (route) => void routes.push(route) });
let admin: string;
let fx: Fixture;
let bodies: Map<string, unknown>;

/** What a database says and a user must never read. */
const DATABASE_WORDING =
  /out of range|invalid input syntax|invalid input value|invalid byte sequence|violates|constraint|duplicate key|syntax error|relation "|column "|value too long|null value|numeric field overflow|date\/time field|does not exist|operator|PGlite|postgres|SQLSTATE|_pkey|_pk\b|_fk\b|_idx\b|_check\b|unterminated|malformed|character varying|bigint|integer|timestamp|cannot be cast|zero-length|encoding "UTF8"/i;

const JUNK_TEXT = [
  '\u0000',
  'a\u0000b',
  '9'.repeat(30),
  '9223372036854775808',
  '-9223372036854775809',
  '2147483648',
  '1e400',
  '0000-01-01 00:00:00',
  '9999-12-31 23:59:59',
  'x'.repeat(20_000),
];
const JUNK_VALUES: unknown[] = [...JUNK_TEXT, 1e308, 2 ** 31, 2 ** 63, -(2 ** 63), 1e20, -1];
const QUERIES = [
  'filter=aId,0~99999999999999999999',
  'filter=aId,9223372036854775808~',
  'filter=sId,%00',
  'filter=dateIn,0000-01-01T00:00:00~',
  'filter=lane,2147483648',
  'sort=pol%00,asc',
  'page=99999999999999',
  'selection=99999999999999999999',
  'selection=1%7C0000-01-01%2000:00:00',
  'selectionSId=%00',
  'exclusion=%00',
  'file=%00',
  'attributes=%00',
  'startDate=%00&endDate=%00',
  'startDate=0000-01-01',
  'limit=99999999999999999999',
  'before=99999999999999999999',
];
// Once per junk text (the 20,000-character one is tens of milliseconds each time).
const encoded = new Map<string, string>();
const enc = (v: string): string => {
  let text = encoded.get(v);
  if (text === undefined) {
    text = [...Buffer.from(v)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
    encoded.set(v, text);
  }
  return text;
};

beforeAll(async () => {
  fx = await seedViews(h.db, 30, 7);
  admin = await h.tokenFor('ROLE_ADMIN');
  const get = async (url: string) =>
    (await h.request({ method: 'GET', url, token: admin })).json<Record<string, unknown>>();
  const s = fx.samples[0]!;
  const a = fx.analyses[0]!;
  const sampleUrl = `/api/samples/${s.sId}/${encodeURIComponent(s.sStamp)}`;
  const sample = await get(sampleUrl);
  const sampleRecord = (sample['samples'] as unknown[] | undefined)?.[0] ?? sample;
  const box = ((await get('/api/boxes?size=25'))['boxes'] as Record<string, unknown>[])[0]!;
  const boxpos = ((await get(`/api/boxes/${String(box['bId'])}/boxpos`))['boxpos'] as unknown[]) ?? [];
  const limits = (await get('/api/config/limits'))['limits'] as Record<string, unknown>[];
  const settings = (await get('/api/config/settings'))['settings'] as Record<string, unknown>[];
  const sync = (await get('/api/config/sync'))['sync'] as Record<string, unknown>[];
  bodies = new Map<string, unknown>([
    ['POST /api/analysis', await get(`/api/analysis/${a.aId}`)],
    ['PUT /api/analysis/:id', await get(`/api/analysis/${a.aId}`)],
    [
      'POST /api/samples',
      { ...(sampleRecord as object), sampleId: { sId: '4006381000009', sStamp: '2026-09-02 06:00:00' } },
    ],
    ['PUT /api/samples/:sId/:sStamp', sampleRecord],
    ['POST /api/boxes', { ...box, bId: 'A990', name: 'A990' }],
    ['PUT /api/boxes/:id', box],
    ['PUT /api/boxes/:id/boxpos', boxpos],
    ['POST /api/boxes/:id/boxpos/:pos', boxpos[0] ?? {}],
    ['PUT /api/boxes/:id/boxpos/:pos', boxpos[0] ?? {}],
    ['PUT /api/config/limits/:name', limits.find((l) => l['name'] === 'pol') ?? limits[0]],
    ['PUT /api/config/settings/:name', settings.find((x) => x['name'] === 'aminoFactor') ?? settings[0]],
    ['PUT /api/config/sync/:syncID', sync[0]],
    ['POST /api/auth/signin', { email: 'nobody@test.lab', password: 'not-the-password' }],
  ]);
  const real = {
    id: String(a.aId),
    sId: s.sId,
    sStamp: s.sStamp,
    name: 'pol',
    type: 'csv',
    syncID: 'Analysis',
    pos: '1',
  };
  realParams = (name, url) => {
    if (url.startsWith('/api/boxes') && name === 'id') return encodeURIComponent(String(box['bId']));
    if (url.startsWith('/api/config/settings') && name === 'name') return 'aminoFactor';
    if (url.startsWith('/api/logs')) return '2026-09-01';
    if (url.startsWith('/api/samples/timestamps') || url.startsWith('/api/samples/startsWithId'))
      return s.sId;
    return encodeURIComponent(real[name as keyof typeof real] ?? '1');
  };
});
let realParams: (name: string, url: string) => string;

/** Each top-level field (and each field of a nested object) of `body` replaced by `junk`. */
const variants = (body: unknown, junk: unknown): unknown[] => {
  if (Array.isArray(body))
    return body.length ? variants(body[0], junk).map((v) => [v, ...body.slice(1)]) : [[junk]];
  if (typeof body !== 'object' || body === null) return [junk];
  const out: unknown[] = [];
  for (const [key, value] of Object.entries(body)) {
    out.push({ ...body, [key]: junk });
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      for (const inner of Object.keys(value)) out.push({ ...body, [key]: { ...value, [inner]: junk } });
  }
  return out;
};

const methodsOf = (route: RouteOptions): HTTPMethods[] =>
  ((Array.isArray(route.method) ? route.method : [route.method]) as HTTPMethods[]).filter(
    (m) => m !== 'HEAD',
  );

describe('no database wording in any 4xx answer', () => {
  it('holds for bad path parameters, query strings and body fields on every route', async () => {
    // The change stream never ends by design: its one input, Last-Event-ID, is checked in events.test.ts.
    const api = routes.filter(
      (r) =>
        r.url.startsWith('/api/') &&
        r.url !== '/api/samples/upload' &&
        r.url !== '/api/docs' &&
        r.url !== '/api/events',
    );
    expect(api.length).toBeGreaterThan(25);
    const leaks: string[] = [];
    let requests = 0;
    let clientErrors = 0;
    const send = async (method: HTTPMethods, url: string, body?: unknown) => {
      const res = await h.request({
        method,
        url,
        token: admin,
        ...(body !== undefined
          ? { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
          : {}),
      });
      requests++;
      if (res.statusCode >= 400 && res.statusCode < 500) {
        clientErrors++;
        // A body may name the path it was asked (a 404, a too-long parameter): that is not wording.
        // As asked (percent-encoded) or decoded.
        const raw = url.split('?', 1)[0]!;
        const path = decodeURIComponent(raw.replace(/%(?![0-9a-f]{2})/gi, '%25'));
        if (DATABASE_WORDING.test(res.body.split(path).join('').split(raw).join('')))
          leaks.push(
            `${method} ${url.slice(0, 160)} ${JSON.stringify(body)?.slice(0, 120) ?? ''} → ${res.statusCode} ${res.body.slice(0, 300)}`,
          );
      }
    };
    for (const route of api) {
      for (const method of methodsOf(route)) {
        const key = `${method} ${route.url}`;
        const names = [...route.url.matchAll(/:([A-Za-z]+)|\*/g)].map((m) => m[1] ?? '*');
        const path = (junkFor?: string, junk?: string) =>
          route.url.replace(/:([A-Za-z]+)|\*/g, (_m, name: string | undefined) =>
            (name ?? '*') === junkFor ? enc(junk!) : name ? realParams(name, route.url) : 'x',
          );
        const body = method === 'POST' || method === 'PUT' ? (bodies.get(key) ?? {}) : undefined;
        for (const name of names) for (const junk of JUNK_TEXT) await send(method, path(name, junk), body);
        // Not on a delete: with real path parameters it would remove the fixture's records.
        if (method !== 'DELETE') for (const query of QUERIES) await send(method, `${path()}?${query}`, body);
        if (body !== undefined)
          for (const junk of JUNK_VALUES) for (const v of variants(body, junk)) await send(method, path(), v);
      }
    }
    expect(leaks).toEqual([]);
    // The inputs must reach the checks (and past them, the database) often enough to prove anything.
    expect(requests).toBeGreaterThan(1500);
    expect(clientErrors).toBeGreaterThan(1000);
  }, 600_000);
});
