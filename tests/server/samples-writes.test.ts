// POST /api/samples, PUT and DELETE /api/samples/{sId}/{sStamp}: admin only, the rules of docs/dev/product-rules.md#field-rules,
// the key change and the delete cascading to analyses and box positions, audited row by row.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SampleWrite } from '../../src/domain/entities/sample';
import { DATETIME_MESSAGE, LANE_MESSAGE, SFLAGS_MESSAGE, SID_MESSAGE } from '../../src/domain/messages';
import { useHarness } from './harness';
import { sampleBody } from './support/write-bodies';

const h = useHarness();
let admin = '';
let reader = '';
/** The request helpers default to the admin's token; an empty one sends no Authorization header. */
const NO_TOKEN = '';

let seq = 0;
/** A fresh key per test: the file shares one database. */
const nextKey = () => ({ sId: String(4_000_000_000_000 + ++seq), sStamp: '2025-10-01 06:30:00' });

const sample = (key = nextKey(), overrides: Partial<SampleWrite> = {}): SampleWrite => sampleBody(key, overrides);

type Key = { sId: string; sStamp: string };
const path = (k: Key) => `/api/samples/${k.sId}/${encodeURIComponent(k.sStamp)}`;
const post = (body: unknown, token: string = admin) =>
  h.request({ method: 'POST', url: '/api/samples', token, payload: body as object });
/**
 * PUT as a client that read the sample just before sends it: with the stored version, unless the
 * body names one (the version checks are in versions.test.ts).
 */
const put = async (k: Key, body: unknown, token: string = admin) =>
  h.request({ method: 'PUT', url: path(k), token, payload: await withVersion(k, body) });
const del = (k: Key, token: string = admin) => h.request({ method: 'DELETE', url: path(k), token });

const errorsOf = (res: { json: <T>() => T }) => res.json<{ errors: string[] }>().errors;
const stored = (k: Key) =>
  h.db
    .selectFrom('sample')
    .selectAll()
    .where('sId', '=', k.sId)
    .where('sStamp', '=', k.sStamp)
    .executeTakeFirst();
const audits = (entity: string, key: string) =>
  h.db
    .selectFrom('auditEvent')
    .selectAll()
    .where('entity', '=', entity)
    .where('entityKey', '=', key)
    .orderBy('id')
    .execute();
const id = (k: Key) => `${k.sId}|${k.sStamp}`;
const withVersion = async (k: Key, body: unknown): Promise<object> => {
  const current = await stored(k).catch(() => undefined);
  return current && typeof body === 'object' && body !== null && !('version' in body)
    ? { ...body, version: current.version }
    : (body as object);
};

const createdSample = async (body: SampleWrite = sample()): Promise<Key> => {
  const res = await post(body);
  expect(res.statusCode, res.body).toBe(201);
  return body.sampleId as Key;
};

beforeAll(async () => {
  admin = await h.tokenFor('ROLE_ADMIN');
  reader = await h.tokenFor('ROLE_READER');
  await h.db.insertInto('box').values({ bId: 'A1', name: 'A1', numMax: 40 }).execute();
});

describe('POST /api/samples', () => {
  it('creates a sample, answers 201 and records the audit', async () => {
    const body = sample();
    const res = await post(body);
    expect(res.statusCode).toBe(201);
    const k = body.sampleId as Key;
    expect(res.json()).toEqual({ message: `sId#${id(k)} was created successfully!`, ID: id(k), sampleId: k });
    expect(await stored(k)).toMatchObject({
      ...k,
      name: 'Farmer 17',
      weightNet: 12.5,
      quantity: 20,
      sFlags: 'F----',
      lane: 2,
    });
    const [event] = await audits('sample', id(k));
    expect(event).toMatchObject({
      action: 'create',
      before: null,
      after: expect.objectContaining({ weightNet: 12.5 }),
    });
  });

  it('gives an empty lane the template lane 1', async () => {
    const k = await createdSample(sample(undefined, { lane: null }));
    expect((await stored(k))?.lane).toBe(1);
  });

  it('answers 409 for a sample that exists', async () => {
    const k = await createdSample();
    const res = await post(sample(k));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: `Error occurred, sId#${id(k)} was not created!` });
  });

  it('answers 401 without a token', async () => {
    expect((await post(sample(), NO_TOKEN)).statusCode).toBe(401);
  });

  it('should not create a sample as a reader', async () => {
    const body = sample();
    expect((await post(body, reader)).statusCode).toBe(403);
    expect(await stored(body.sampleId as Key)).toBeUndefined();
  });

  it.each([
    ['lane 7', { lane: 7 }, LANE_MESSAGE],
    ['sFlags with a foreign first character', { sFlags: 'Q----' }, SFLAGS_MESSAGE],
    ['sFlags with L in front', { sFlags: 'L' }, SFLAGS_MESSAGE],
    ['sFlags longer than 5', { sFlags: 'F-----' }, SFLAGS_MESSAGE],
    ['a crumbling date of 31 April', { dateCrumbled: '2025-04-31 08:00:00' }, DATETIME_MESSAGE],
    ['weightNet outside its limit', { weightNet: 51 }, 'weightNet has to be between 0 and 50'],
    ['a negative gross weight', { weightBru: -1 }, 'weightBru has to be between 0 and 999999.999'],
    [
      'a tare too large for its column',
      { weightTar: 1_000_000 },
      'weightTar has to be between 0 and 999999.999',
    ],
    ['a fractional quantity', { quantity: 2.5 }, 'quantity must be a whole number'],
    ['a name of 65 characters', { name: 'x'.repeat(65) }, 'Name can only have 64 characters!'],
  ])('refuses %s', async (_name, overrides, message) => {
    const res = await post(sample(undefined, overrides as Partial<SampleWrite>));
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([message]);
  });

  it.each([
    ['14 digits', '12345678901234'],
    ['letters', '12345x'],
    ['empty', ''],
  ])('refuses an sId of %s', async (_name, sId) => {
    const res = await post(sample({ sId, sStamp: '2025-10-01 06:30:00' }));
    expect(errorsOf(res)).toEqual([SID_MESSAGE]);
  });

  it('refuses a sample time without seconds', async () => {
    const res = await post(sample({ sId: '42', sStamp: '2025-10-01 06:30' }));
    expect(errorsOf(res)).toEqual([DATETIME_MESSAGE]);
  });

  it('answers 400, never a 5xx, for malformed bodies', async () => {
    const k = await createdSample();
    const bodies = [
      [],
      42,
      { sampleId: 'x' },
      { ...sample(k), quantity: 1e12, name: {}, weightNet: 'Infinity' },
      { ...sample(k), distance: 1e9, dateExported: 'yesterday' },
    ];
    for (const body of bodies) {
      const payload = JSON.stringify(body);
      const headers = { 'content-type': 'application/json' };
      for (const [method, url] of [
        ['POST', '/api/samples'],
        ['PUT', path(k)],
      ] as const) {
        const res = await h.request({ method, url, token: admin, headers, payload });
        expect(res.statusCode, `${method} ${payload}`).toBe(400);
        expect(errorsOf(res).length).toBeGreaterThan(0);
      }
    }
  });

  it('lists every failing field in one answer', async () => {
    const res = await post(
      sample({ sId: '123456789012345', sStamp: 'now' }, { lane: 7, sFlags: 'Z', weightNet: -1 }),
    );
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res).sort()).toEqual(
      [
        SID_MESSAGE,
        DATETIME_MESSAGE,
        LANE_MESSAGE,
        SFLAGS_MESSAGE,
        'weightNet has to be between 0 and 50',
      ].sort(),
    );
  });
});

describe('PUT /api/samples/{sId}/{sStamp}', () => {
  it('updates a sample and records before and after', async () => {
    const k = await createdSample();
    const res = await put(
      k,
      sample(k, { weightNet: 13, comment: 'weighed again', boxPos: 'B9/9', ID: 'ignored' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: `sId#${id(k)} was updated successfully!`, ID: id(k), sampleId: k });
    expect(await stored(k)).toMatchObject({ weightNet: 13, comment: 'weighed again' });
    const events = await audits('sample', id(k));
    expect(events.map((e) => e.action)).toEqual(['create', 'update']);
    expect(events[1]).toMatchObject({
      before: expect.objectContaining({ weightNet: 12.5, comment: null }),
      after: expect.objectContaining({ weightNet: 13, comment: 'weighed again' }),
    });
  });

  it('keeps the stored lane when the lane is left empty', async () => {
    const k = await createdSample(sample(undefined, { lane: 3 }));
    expect((await put(k, sample(k, { lane: null }))).statusCode).toBe(200);
    expect((await stored(k))?.lane).toBe(3);
  });

  it('takes the sample time in the path with T as well', async () => {
    const k = await createdSample();
    const res = await h.request({
      method: 'PUT',
      url: `/api/samples/${k.sId}/${k.sStamp.replace(' ', 'T')}`,
      token: admin,
      payload: await withVersion(k, sample(k, { comment: 'T form' })),
    });
    expect(res.statusCode).toBe(200);
  });

  it('moves the analyses and the box position along when the key changes', async () => {
    const k = await createdSample();
    await h.db
      .insertInto('analysis')
      .values({ ...k, pol: 17 })
      .execute();
    await h.db
      .insertInto('boxPosition')
      .values({ ...k, bId: 'A1', boxPosId: 5 })
      .execute();
    const moved = { sId: k.sId, sStamp: '2025-10-01 06:31:00' };
    const res = await put(k, sample(moved));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ID: id(moved), sampleId: moved });
    expect(await stored(k)).toBeUndefined();
    expect(await stored(moved)).toBeDefined();
    const analyses = await h.db.selectFrom('analysis').select('sStamp').where('sId', '=', k.sId).execute();
    expect(analyses).toEqual([{ sStamp: moved.sStamp }]);
    const position = await h.db
      .selectFrom('boxPosition')
      .selectAll()
      .where('sId', '=', k.sId)
      .executeTakeFirst();
    expect(position).toMatchObject({ sStamp: moved.sStamp, bId: 'A1', boxPosId: 5 });
  });

  it('answers 409 when the new key belongs to another sample', async () => {
    const a = await createdSample();
    const b = await createdSample();
    const res = await put(a, sample(b));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: `Error occurred, sId#${id(a)} was not modified!` });
    expect(await stored(a)).toBeDefined();
  });

  it('keeps a stored weightNet outside the limits when it is not changed', async () => {
    const k = nextKey();
    await h.db
      .insertInto('sample')
      .values({ ...k, weightNet: 70 })
      .execute();
    expect((await put(k, sample(k, { weightNet: 70, comment: 'synced' }))).statusCode).toBe(200);
    expect(errorsOf(await put(k, sample(k, { weightNet: 71 })))).toEqual([
      'weightNet has to be between 0 and 50',
    ]);
  });

  it('answers 404 for a missing sample', async () => {
    const k = nextKey();
    const res = await put(k, sample(k));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: `Error occurred, SampleId#${id(k)} was not found!` });
  });

  it('answers 400 for a bad key in the path', async () => {
    const res = await put({ sId: '12345678901234', sStamp: '2025-10-01 06:30:00' }, sample());
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([SID_MESSAGE]);
    const badTime = await put({ sId: '1', sStamp: '2025-13-01 06:30:00' }, sample());
    expect(errorsOf(badTime)).toEqual([DATETIME_MESSAGE]);
  });

  it('refuses lane 7', async () => {
    const k = await createdSample();
    expect(errorsOf(await put(k, sample(k, { lane: 7 })))).toEqual([LANE_MESSAGE]);
  });

  it('answers 401 without a token', async () => {
    const k = nextKey();
    expect((await put(k, sample(k), NO_TOKEN)).statusCode).toBe(401);
  });

  it('should not update a sample as a reader', async () => {
    const k = await createdSample();
    expect((await put(k, sample(k, { comment: 'reader was here' }), reader)).statusCode).toBe(403);
    expect((await stored(k))?.comment).toBeNull();
  });
});

describe('DELETE /api/samples/{sId}/{sStamp}', () => {
  it('removes the sample with its analyses and box position, and audits each row', async () => {
    const k = await createdSample();
    const analyses = await h.db
      .insertInto('analysis')
      .values([
        { ...k, pol: 17 },
        { ...k, pol: 18 },
      ])
      .returning('aId')
      .execute();
    await h.db
      .insertInto('boxPosition')
      .values({ ...k, bId: 'A1', boxPosId: 7 })
      .execute();

    const res = await del(k);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: `sId#${id(k)} was deleted successfully!`,
      ID: id(k),
      sampleId: k,
      removed: { analyses: 2, boxPositions: 1 },
    });
    expect(await stored(k)).toBeUndefined();
    expect(await h.db.selectFrom('analysis').select('aId').where('sId', '=', k.sId).execute()).toEqual([]);
    expect(await h.db.selectFrom('boxPosition').select('bId').where('sId', '=', k.sId).execute()).toEqual([]);

    expect((await audits('sample', id(k))).at(-1)).toMatchObject({
      action: 'delete',
      before: expect.objectContaining({ sId: k.sId, weightNet: 12.5 }),
      after: null,
    });
    for (const [i, { aId }] of analyses.entries()) {
      expect(await audits('analysis', String(aId))).toEqual([
        expect.objectContaining({ action: 'delete', before: expect.objectContaining({ aId, pol: 17 + i }) }),
      ]);
    }
    expect(await audits('boxPosition', 'A1/7')).toEqual([
      expect.objectContaining({
        action: 'delete',
        before: expect.objectContaining({ sId: k.sId, boxPosId: 7 }),
      }),
    ]);
  });

  it('answers 404 for a missing sample', async () => {
    const k = nextKey();
    const res = await del(k);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: `Error occurred, SampleId#${id(k)} was not found!` });
  });

  it('answers 400 for a bad key in the path', async () => {
    expect(errorsOf(await del({ sId: 'abc', sStamp: '2025-10-01 06:30:00' }))).toEqual([SID_MESSAGE]);
  });

  it('answers 401 without a token', async () => {
    expect((await del(nextKey(), NO_TOKEN)).statusCode).toBe(401);
  });

  it('should not delete a sample as a reader', async () => {
    const k = await createdSample();
    await h.db
      .insertInto('analysis')
      .values({ ...k, pol: 17 })
      .execute();
    expect((await del(k, reader)).statusCode).toBe(403);
    expect(await stored(k)).toBeDefined();
    expect(await h.db.selectFrom('analysis').select('aId').where('sId', '=', k.sId).execute()).toHaveLength(
      1,
    );
  });
});
