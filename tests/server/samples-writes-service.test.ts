// The sample writes of services/samples-writes.ts, and the checks the analysis and box writes share
// with them, that samples-writes.test.ts did not reach (found by the mutation run of the file,
// docs/dev/mutation-scores.md): the edges of the columns' ranges and of the name's length are
// accepted, a blank name is stored empty, negative tare, distance and quantity are refused, text in a
// number without a limit gets the column's message, a number is checked as a number (not as its text),
// a refused body is not told about the numbers it left out, and a body that is no object is one
// error, never a 500. Each test fails with its survivor planted by hand. The equivalent survivors are
// listed with their reasons in docs/dev/mutation-scores.md.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SampleWrite } from '../../src/domain/entities/sample';
import { LANE_MESSAGE } from '../../src/domain/messages';
import { useHarness } from './harness';
import { jsonCalls, sampleBody } from './support/write-bodies';

const h = useHarness();
let admin = '';

let seq = 0;
/** A fresh key per test: the file shares one database. */
const nextKey = () => ({ sId: String(4_100_000_000_000 + ++seq), sStamp: '2025-10-01 06:30:00' });
type Key = { sId: string; sStamp: string };

const sample = (key: Key = nextKey(), overrides: Partial<SampleWrite> = {}): SampleWrite => sampleBody(key, overrides);

const call = jsonCalls(h, () => admin);
const path = (k: Key) => `/api/samples/${k.sId}/${encodeURIComponent(k.sStamp)}`;
const stored = (k: Key) =>
  h.db
    .selectFrom('sample')
    .selectAll()
    .where('sId', '=', k.sId)
    .where('sStamp', '=', k.sStamp)
    .executeTakeFirstOrThrow();
const answer = (res: { json: <T>() => T }) => res.json<{ message: string; errors?: string[] }>();
const created = async (body: SampleWrite = sample()): Promise<Key> => {
  const res = await call('POST', '/api/samples', body);
  expect(res.statusCode, res.body).toBe(201);
  return body.sampleId as Key;
};

beforeAll(async () => {
  admin = await h.tokenFor('ROLE_ADMIN');
});

describe('sample values at the edges', () => {
  it('accepts a name of exactly 64 characters', async () => {
    const k = await created(sample(undefined, { name: 'x'.repeat(64) }));
    expect((await stored(k)).name).toBe('x'.repeat(64));
  });

  it('does not list the numbers a refused body leaves out', async () => {
    // A body that passes the route's schema arrives with its defaults (null); a refused one as sent.
    const res = await call('POST', '/api/samples', { sampleId: nextKey(), sFlags: '-----', lane: 7 });
    expect(res.statusCode).toBe(400);
    expect(answer(res).errors).toEqual([LANE_MESSAGE]);
  });

  it('stores a blank name as empty', async () => {
    const k = await created(sample(undefined, { name: '   ' }));
    expect((await stored(k)).name).toBeNull();
  });

  it('accepts the ends of the columns: weights 0 and 999999.999, a distance of 0, quantity 0', async () => {
    const low = await created(sample(undefined, { weightBru: 0, weightTar: 0, quantity: 0, distance: 0 }));
    expect(await stored(low)).toMatchObject({ weightBru: 0, weightTar: 0, quantity: 0, distance: 0 });
    const high = await created(
      sample(undefined, { weightBru: 999_999.999, weightTar: 999_999.999, quantity: 2_147_483_647 }),
    );
    expect(await stored(high)).toMatchObject({
      weightBru: 999_999.999,
      weightTar: 999_999.999,
      quantity: 2_147_483_647,
    });
  });
});

describe('sample numbers as sent', () => {
  it('refuses text in a number without a limit with the column message', async () => {
    const res = await call(
      'POST',
      '/api/samples',
      sample(undefined, { weightBru: 'heavy' as unknown as number }),
    );
    expect(res.statusCode).toBe(400);
    expect(answer(res).errors).toEqual(['weightBru has to be between 0 and 999999.999']);
  });

  it('checks a number against its limit as a number, not as the text JavaScript writes it in', async () => {
    // String(1e-7) is '1e-7', which is no number text of the lab.
    const k = await created(sample(undefined, { weightNet: 1e-7 }));
    expect((await stored(k)).weightNet).toBe(0);
  });
});

describe('sample values below their columns', () => {
  it.each([
    ['weightTar', 'weightTar has to be between 0 and 999999.999'],
    ['distance', 'distance has to be between 0 and 9999999.99'],
    ['quantity', 'quantity has to be between 0 and 2147483647'],
  ])('refuses a negative %s', async (name, message) => {
    const res = await call('POST', '/api/samples', sample(undefined, { [name]: -1 }));
    expect(res.statusCode).toBe(400);
    expect(answer(res).errors).toEqual([message]);
  });
});

describe('sample bodies that are no object', () => {
  it.each([
    ['a number', 42],
    ['a list', []],
    ['text', 'sample'],
  ])('refuses %s as one body, without a message per field', async (_name, body) => {
    const res = await call('POST', '/api/samples', body);
    expect(res.statusCode).toBe(400);
    expect(answer(res).errors).toHaveLength(1);
  });

  it('answers a PUT whose body is JSON null with 400', async () => {
    const k = await created();
    const res = await call('PUT', path(k), null);
    expect(res.statusCode, res.body).toBe(400);
    expect(answer(res).errors?.length).toBeGreaterThan(0);
  });
});

describe('sample delete', () => {
  it('deletes a sample that has no analyses nor box position, with one audit event', async () => {
    const k = await created();
    const res = await call('DELETE', path(k));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ removed: { analyses: 0, boxPositions: 0 } });
    const events = await h.db
      .selectFrom('auditEvent')
      .select('action')
      .where('entity', '=', 'sample')
      .where('entityKey', '=', `${k.sId}|${k.sStamp}`)
      .execute();
    expect(events.map((e) => e.action)).toEqual(['create', 'delete']);
  });
});
