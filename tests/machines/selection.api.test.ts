// The Selection card's lookups (src/api/selection.ts) over real HTTP against a small server on
// 127.0.0.1 that answers as the labdesk routes do: which paths they call, how an exact sId is told
// apart from a prefix, the order of the items, and the 'Fetch from Samples' query.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttp, type Http } from '../../src/api/http';
import { analysesOfSamples, lookupSelectionItems, LOOKUP_CONCURRENCY } from '../../src/api/selection';
import { closeServer, createServer, json, listenLocal, type Server } from './local-server';

const analysis = (aId: number, sId: string, sStamp: string) => ({
  aId,
  sample: { sampleId: { sId, sStamp }, weightNet: null, weightBru: null, name: null, boxPos: null },
  aFlags: '-------',
  dateIn: null,
  dateOut: null,
  pol: null,
  nat: null,
  kal: null,
  an: null,
  glu: null,
  dry: null,
  weightMea: null,
  weightNrm: null,
  weightCur: null,
  weightDif: null,
  density: null,
  lane: null,
  comment: null,
  dateExported: null,
  version: 1,
});

const sample = (sId: string, sStamp: string) => ({
  ID: `${sId}|${sStamp}`,
  sampleId: { sId, sStamp },
  name: null,
  weightNet: null,
  weightBru: null,
  weightTar: null,
  quantity: null,
  distance: null,
  dateCrumbled: null,
  sFlags: '-----',
  lane: null,
  comment: null,
  dateExported: null,
  boxPos: null,
  version: 1,
});

const S1 = '6011399500006';
const S1_LONGER = '60113995000061'; // not a real sId length, but it starts with S1: must not count
const S2 = '6011399300002';
const ANALYSES = [
  analysis(1, S1, '2026-11-20 11:32:47'),
  analysis(2, S1, '2026-11-20 11:32:47'),
  analysis(3, S1_LONGER, '2026-11-20 11:40:00'),
  analysis(4, S2, '2026-11-20 11:29:19'),
];
const SAMPLES = [
  sample(S1, '2026-11-20 11:32:47'),
  sample(S1, '2026-11-21 08:00:00'),
  sample(S2, '2026-11-20 11:29:19'),
];

const urls: string[] = [];
let inFlight = 0;
let maxInFlight = 0;
let server: Server;
let http: Http;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    urls.push(decodeURIComponent(url.pathname + url.search));
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    // A little latency so that concurrent requests overlap.
    setTimeout(() => {
      inFlight -= 1;
      let m = /^\/api\/analysis\/sid\/startsWith\/(\d+)$/.exec(url.pathname);
      if (m)
        return json(res, 200, { analysis: ANALYSES.filter((a) => a.sample.sampleId.sId.startsWith(m![1]!)) });
      m = /^\/api\/samples\/startsWithId\/(\d+)$/.exec(url.pathname);
      if (m) return json(res, 200, { samples: SAMPLES.filter((s) => s.sampleId.sId.startsWith(m![1]!)) });
      if (url.pathname === '/api/analysis/samples') {
        const keys = (url.searchParams.get('selection') ?? '').split(',');
        const rows = ANALYSES.filter((a) =>
          keys.includes(`${a.sample.sampleId.sId}|${a.sample.sampleId.sStamp}`),
        );
        return json(res, 200, {
          analysis: rows,
          average: {
            polAverage: null,
            natAverage: null,
            kalAverage: null,
            anAverage: null,
            gluAverage: null,
            dryAverage: null,
          },
          totalPages: 1,
          totalItems: rows.length,
        });
      }
      return json(res, 404, { message: 'Not found' });
    }, 5);
  });
  http = createHttp({ getToken: () => 't', baseUrl: await listenLocal(server) });
});

afterAll(() => closeServer(server));

describe('selection lookups', () => {
  it('an exact sId on Analysis: the prefix search, keeping only that very sId, as aId items', async () => {
    const items = await lookupSelectionItems(http, 'analysis', [{ kind: 'exact', sId: S1 }]);
    expect(urls.at(-1)).toBe(`/api/analysis/sid/startsWith/${S1}`);
    expect(items).toEqual([
      { key: '1', sId: S1, sStamp: '2026-11-20 11:32:47' },
      { key: '2', sId: S1, sStamp: '2026-11-20 11:32:47' },
    ]);
  });

  it('a 7-digit prefix on Samples: every sample found, keyed sId|sStamp', async () => {
    const items = await lookupSelectionItems(http, 'samples', [{ kind: 'prefix', prefix: '6011399' }]);
    expect(urls.at(-1)).toBe('/api/samples/startsWithId/6011399');
    expect(items.map((i) => i.key)).toEqual(SAMPLES.map((s) => s.ID));
  });

  it('nothing found is an empty list (the machine then names the id as not found)', async () => {
    await expect(
      lookupSelectionItems(http, 'samples', [{ kind: 'exact', sId: '1234567890123' }]),
    ).resolves.toEqual([]);
  });

  it(`keeps request order with at most ${LOOKUP_CONCURRENCY} requests at a time`, async () => {
    maxInFlight = 0;
    const requests = Array.from({ length: 12 }, (_, i) => ({
      kind: 'exact' as const,
      sId: i % 2 === 0 ? S2 : S1,
    }));
    const items = await lookupSelectionItems(http, 'analysis', requests);
    expect(items.map((i) => i.key)).toEqual(requests.flatMap((r) => (r.sId === S2 ? ['4'] : ['1', '2'])));
    expect(maxInFlight).toBeGreaterThan(1);
    expect(maxInFlight).toBeLessThanOrEqual(LOOKUP_CONCURRENCY);
  });

  it('a failing request fails the lookup with the typed error', async () => {
    // A path the server does not know: 404 for the prefix search of a non-number.
    await expect(
      lookupSelectionItems(http, 'samples', [{ kind: 'prefix', prefix: 'abc' }]),
    ).rejects.toMatchObject({
      kind: 'http',
      status: 404,
    });
  });

  it("'Fetch from Samples': GET /analysis/samples with the samples' keys as selection", async () => {
    const keys = [`${S1}|2026-11-20 11:32:47`, `${S2}|2026-11-20 11:29:19`];
    const items = await analysesOfSamples(http, keys);
    const url = new URL(urls.at(-1)!, 'http://x');
    expect(url.pathname).toBe('/api/analysis/samples');
    expect(url.searchParams.get('selection')).toBe(keys.join(','));
    expect(Number(url.searchParams.get('size'))).toBeGreaterThan(1000);
    expect(items.map((i) => i.key)).toEqual(['1', '2', '4']);
  });

  it('fetches nothing for an empty Samples selection', async () => {
    const before = urls.length;
    await expect(analysesOfSamples(http, [])).resolves.toEqual([]);
    expect(urls.length).toBe(before);
  });
});
