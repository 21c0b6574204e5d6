// A big list page checked after it is shown (src/api/http.ts sendPage, checkRowsLater): against a
// real HTTP server answering a 15,000-row analysis page, the late check must fail on a bad row near
// the end with the very error a full check gives, hand back the rows as the schema outputs them, and
// leave every caller that did not ask for it with a page checked in full.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewAnalysis } from '../../src/api/analysis';
import { ApiError, checkRowsLater, createHttp, FIRST_ROWS, type RowCheck } from '../../src/api/http';
import { analysisViewSchema } from '../../src/domain/entities/analysis';

const ROWS = 15_000;

const row = (i: number): Record<string, unknown> => ({
  aId: i + 1,
  sample: {
    sampleId: { sId: String(4_006_381_333_931 + i), sStamp: '2025-10-01 06:00:00' },
    weightNet: 12.5,
    weightBru: null,
    name: null,
    boxPos: null,
  },
  aFlags: '',
  dateIn: '2025-10-01 06:10:00',
  dateOut: null,
  pol: 17.1,
  nat: 2.1,
  kal: 4.2,
  an: 1.3,
  glu: null,
  dry: null,
  weightMea: 1,
  weightNrm: 1,
  weightCur: 1,
  weightDif: 0,
  density: null,
  lane: 3,
  comment: null,
  dateExported: null,
  version: 1,
});

const page = (patch?: (rows: Record<string, unknown>[]) => void) => {
  const analysis = Array.from({ length: ROWS }, (_, i) => row(i));
  patch?.(analysis);
  return {
    analysis,
    average: {
      polAverage: 17.1,
      natAverage: 2.1,
      kalAverage: 4.2,
      anAverage: 1.3,
      gluAverage: null,
      dryAverage: null,
    },
    totalPages: 2,
    totalItems: 15_414,
  };
};

/** Bodies by the path's last segment: /api/analysis/view?page=… answers bodies[page]. */
let bodies: Record<string, string> = {};
let server: Server;
let baseUrl = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const key = new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? '0';
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(bodies[key] ?? '{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const http = () => createHttp({ getToken: () => 'token', baseUrl });

/** The error the whole answer gives when checked in full (what `send` rejects with). */
const fullError = (body: unknown): string => {
  const result = analysisViewSchema.safeParse(body);
  expect(result.success).toBe(false);
  return `Unexpected response: ${result.error!.message}`;
};

const badPol = (at: number) => (rows: Record<string, unknown>[]) => {
  rows[at]!.pol = 'not a number';
};

// Each test checks 15,000 rows with zod, some twice: about a second on a quiet machine, past
// vitest's 5 s default on a loaded one (it failed so in CI beside other work). The timeout only
// stops a hang; nothing here asserts a time.
describe('a 15,000-row page checked after it is shown', { timeout: 30_000 }, () => {
  it('resolves with the first rows checked; the rest, checked later, are the schema output', async () => {
    const body = page();
    bodies = { '0': JSON.stringify(body) };
    const controller = new AbortController();
    let check: RowCheck | undefined;
    checkRowsLater(controller.signal, (c) => {
      check = c;
    });
    const view = await viewAnalysis(http(), { page: 0, size: ROWS }, { signal: controller.signal });
    expect(check).toBeDefined();
    expect(view.totalItems).toBe(15_414);
    expect(view.analysis).toHaveLength(ROWS);
    expect(await check!.rows).toEqual(analysisViewSchema.parse(body).analysis);
  });

  it('a bad row near the end: the page is shown, then the check rejects with the error a full check gives', async () => {
    const body = page(badPol(14_000));
    bodies = { '0': JSON.stringify(body) };
    const controller = new AbortController();
    let check: RowCheck | undefined;
    checkRowsLater(controller.signal, (c) => {
      check = c;
    });
    const view = await viewAnalysis(http(), { page: 0, size: ROWS }, { signal: controller.signal });
    expect(view.analysis).toHaveLength(ROWS);
    const error = await check!.rows.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'invalid', message: fullError(body) });
  });

  it('a bad row among the first rows rejects the request itself, with the same error', async () => {
    const body = page(badPol(FIRST_ROWS - 1));
    bodies = { '0': JSON.stringify(body) };
    const controller = new AbortController();
    let check: RowCheck | undefined;
    checkRowsLater(controller.signal, (c) => {
      check = c;
    });
    await expect(
      viewAnalysis(http(), { page: 0, size: ROWS }, { signal: controller.signal }),
    ).rejects.toMatchObject({
      kind: 'invalid',
      message: fullError(body),
    });
    expect(check).toBeUndefined();
  });

  it('a caller that did not ask for it gets the page checked in full: the bad row rejects the request', async () => {
    const body = page(badPol(14_000));
    bodies = { '0': JSON.stringify(body) };
    await expect(viewAnalysis(http(), { page: 0, size: ROWS })).rejects.toMatchObject({
      kind: 'invalid',
      message: fullError(body),
    });
    await expect(
      viewAnalysis(http(), { page: 0, size: ROWS }, { signal: new AbortController().signal }),
    ).rejects.toMatchObject({ kind: 'invalid' });
  });

  it('a cancelled check rejects as aborted and checks no further', async () => {
    bodies = { '0': JSON.stringify(page()) };
    const controller = new AbortController();
    let check: RowCheck | undefined;
    checkRowsLater(controller.signal, (c) => {
      check = c;
    });
    await viewAnalysis(http(), { page: 0, size: ROWS }, { signal: controller.signal });
    check!.cancel();
    await expect(check!.rows).rejects.toMatchObject({ kind: 'aborted' });
  });
});
