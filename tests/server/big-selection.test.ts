// The largest selection (MAX_SELECTION sample IDs, about 44 KB as a comma list) travels in a view's
// query string; over a real socket, Node's default 16 KB header limit answered it with 431 (found by
// hand: a selection of more than about 370 samples could not be viewed).
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_SELECTION } from '../../src/domain/constants';
import { toSearchParams } from '../../src/domain/query';
import { useHarness } from './harness';
import { seedViews, type Fixture } from './views.fixture';

const h = useHarness();
let fx: Fixture;
let base: string;

beforeAll(async () => {
  fx = await seedViews(h.db);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
});

describe('a view of the largest selection over HTTP', () => {
  it(`answers ${MAX_SELECTION} sample IDs in the query string, as inject does`, async () => {
    const real = fx.samples.map((s) => `${s.sId}|${s.sStamp}`);
    // The rest: well-formed keys of samples that do not exist (13-digit ids, full stamps).
    const keys = [...real];
    for (let i = 0; keys.length < MAX_SELECTION; i++)
      keys.push(`${String(9_000_000_000_000 + i)}|2026-11-24 06:00:00`);
    // As the client sends it (a comma list).
    const url = `/api/analysis/view?${toSearchParams({ selection: keys, size: 50 }).toString()}`;
    expect(url.length).toBeGreaterThan(16 * 1024);
    const token = await h.tokenFor('ROLE_READER');
    const response = await fetch(base + url, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status, await response.clone().text()).toBe(200);
    const viaInject = await h.request({ method: 'GET', url, token });
    expect(viaInject.statusCode).toBe(200);
    const body = (await response.json()) as { totalItems: number };
    expect(body.totalItems).toBe(viaInject.json<{ totalItems: number }>().totalItems);
    expect(body.totalItems).toBeGreaterThan(0);
  });
});
