// Fuzz of the two views: ≥1,000 random and malformed query strings (filter, sort, page, size,
// selection, selectionSId, exclusion; unicode, SQL-ish text, huge numbers, empty and repeated
// parameters) built by a seeded PRNG, so a failure replays. Every answer must be 200 or 400 — a
// 5xx means some input reached PostgreSQL unchecked (an overflow, a bad timestamp, a cast).
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness';
import { prng, seedViews } from './views.fixture';

const h = useHarness();
let token: string;

beforeAll(async () => {
  await seedViews(h.db, 30, 7);
  token = await h.tokenFor('ROLE_READER');
});

const CASES_PER_VIEW = 600;

const fuzzQuery = (r: () => number): string => {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(r() * 10)).join('');
  const junk = () =>
    pick([
      '',
      ' ',
      '~',
      ',',
      '|',
      "'; drop table analysis; --",
      "' or 1=1 --",
      '%',
      '_',
      '\\',
      '\u0000',
      'é',
      '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
      '٣٤٥',
      'NaN',
      'Infinity',
      '-1',
      '1e308',
      '9'.repeat(40),
      '0x1F',
      'null',
      'undefined',
      '[]',
      '{}',
      'a'.repeat(2000),
      digits(Math.floor(r() * 25)),
    ]);
  const date = () =>
    pick([
      `${pick(['0000', '0001', '1999', '2026', '9999'])}-${pick(['01', '02', '12', '13', '00'])}-${pick(['01', '29', '31', '00'])}`,
      '2026-09-01T06:00:00',
      '2026-09-01T24:00:00',
      '0000-01-01T00:00:00',
      '9999-12-31T23:59:59',
      '2026-02-29',
      '2024-02-29T23:59:59',
      junk(),
    ]);
  const column = () =>
    pick(['aId', 'sId', 'sampleId', 'bId', 'name', 'type', 'lane', 'aFlags', 'sFlags', 'screenNumber', 'dateIn', 'dateOut', 'sStamp', 'dateCrumbled', 'dateExported', 'dateCreated', 'x', '', 'AID', junk()]);
  const value = () =>
    pick([
      () => digits(1 + Math.floor(r() * 21)),
      () => `${digits(Math.floor(r() * 20))}~${digits(Math.floor(r() * 20))}`,
      () => `${date()}~${date()}`,
      () => `~${date()}`,
      () => `${date()}~`,
      () => pick(['F', '-_L', '____', 'XHHHHHHHHHH', 'F%', "F'", 'A1', 'V', 'B12', '0', '3', '4', 'Ñame', 'na_me', 'a b/c-d.e']),
      junk,
    ])();
  const sortField = () =>
    pick(['aId', 'pol', 'dateIn', 'sample.boxPos', 'sample.name', 'boxPos', 'weightNet', 'ID', 'sampleId.sId', 'sStamp', 'lane', 'nope', 'a_id', 'sample.', '__proto__', 'constructor', junk()]);
  const sampleKey = () => `${pick([digits(13), digits(3), digits(14), junk()])}|${pick(['2026-09-01 06:00:00', '0000-01-01 00:00:00', '2026-02-30 00:00:00', date(), junk()])}`;

  const params: [string, string][] = [];
  const n = Math.floor(r() * 7);
  for (let i = 0; i < n; i++) {
    switch (Math.floor(r() * 8)) {
      case 0:
        params.push(['filter', r() < 0.8 ? `${column()},${value()}` : junk()]);
        break;
      case 1:
        params.push(['sort', r() < 0.8 ? `${sortField()},${pick(['asc', 'desc', 'ASC', 'up', ''])}` : junk()]);
        break;
      case 2:
        params.push(['page', pick(['0', '1', '-1', '1.5', '1e3', '9007199254740993', '99999999999999999999', '', 'abc', digits(6)])]);
        break;
      case 3:
        params.push(['size', pick(['25', '50', '15000', '15001', '0', '-50', '50.0', '', '1e4', junk()])]);
        break;
      case 4: {
        const items = Array.from({ length: Math.floor(r() * 6) }, () => (r() < 0.5 ? pick([digits(1 + Math.floor(r() * 22)), junk()]) : sampleKey()));
        params.push(['selection', r() < 0.05 ? Array.from({ length: 1001 }, (_v, k) => String(k)).join(',') : items.join(',')]);
        break;
      }
      case 5:
        params.push(['selectionSId', Array.from({ length: Math.floor(r() * 4) }, () => pick([digits(13), digits(14), junk()])).join(',')]);
        break;
      case 6:
        params.push(['exclusion', pick(['farmer', 'screens', 'test', 'FARMER', '', junk()])]);
        break;
      default:
        // Unknown parameters and raw, unencoded fragments.
        params.push([pick(['foo', 'filter[]', 'sort[0]', '__proto__', 'page[x]']), junk()]);
    }
  }
  const encoded = params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  // Sometimes leave a raw, badly encoded piece in the string.
  if (r() < 0.1) encoded.push(pick(['%', '%E0%A4%A', 'filter=%zz', '&&', '=', 'filter', 'sort=pol%2Cdesc&sort=pol%2Casc']));
  return encoded.join('&');
};

describe('fuzzed view queries', () => {
  for (const path of ['/api/analysis/view', '/api/samples/view']) {
    it(`${path}: ${CASES_PER_VIEW} random queries answer 200 or 400, never 5xx`, async () => {
      const r = prng(path.length * 7919);
      const statuses = new Map<number, number>();
      for (let i = 0; i < CASES_PER_VIEW; i++) {
        const query = fuzzQuery(r);
        const res = await h.request({ method: 'GET', url: `${path}?${query}`, token });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        expect([200, 400], `${res.statusCode} for ?${query}: ${res.body.slice(0, 300)}`).toContain(res.statusCode);
      }
      // The generator must reach both outcomes often, or the fuzz proves little.
      expect(statuses.get(200) ?? 0).toBeGreaterThan(CASES_PER_VIEW / 10);
      expect(statuses.get(400) ?? 0).toBeGreaterThan(CASES_PER_VIEW / 10);
    }, 120_000);
  }
});
