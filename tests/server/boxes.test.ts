// Boxes and box positions (docs/dev/product-rules.md#records–docs/dev/product-rules.md#calls, docs/dev/architecture.md#database–docs/dev/architecture.md#api-contract): every route with its statuses, the docs/dev/architecture.md#domain-decisions
// rules, the numbering (consecutive from 1 after every write, at most numMax), one position per
// sample, the delete cascade, audit events, readers' 403s, and two concurrent list PUTs on one box
// (versioned: one applied, one refused; boxes-list-version.test.ts has the rest of issue 29 item 2).
import { beforeAll, describe, expect, it } from 'vitest';
import type { BoxPosition, BoxPositionWrite } from '../../src/domain/entities/boxPosition';
import type { BoxWrite } from '../../src/domain/entities/box';
import {
  BOX_ID_MESSAGE,
  NAME_MUST_BE_SET,
  NUM_MAX_MESSAGE,
  FILTER_MISMATCH,
  CHANGED_MEANWHILE,
} from '../../src/domain/messages';
import { useHarness } from './harness';

const h = useHarness();
let admin = '';
let reader = '';

const STAMP = '2025-10-02 07:00:00';
let seq = 0;
/** Samples created directly in the database; each test takes fresh ones. */
const newSamples = async (n: number): Promise<{ sId: string; sStamp: string }[]> => {
  const keys = Array.from({ length: n }, () => ({ sId: String(4_006_381_000_000 + ++seq), sStamp: STAMP }));
  await h.db.insertInto('sample').values(keys).execute();
  return keys;
};
let boxSeq = 100;
const newBoxId = () => `B${++boxSeq}`;

const box = (bId: string, overrides: Partial<BoxWrite> = {}): BoxWrite => ({
  bId,
  name: bId,
  numMax: 40,
  type: 1,
  comment: 'Kühlraum 2',
  dateExported: null,
  ...overrides,
});
const position = (bId: string, n: number, sampleId: { sId: string; sStamp: string }): BoxPositionWrite => ({
  boxposId: { box: bId, boxPosId: n },
  dateExported: null,
  sample: { sampleId },
});

type Req = Parameters<typeof h.request>[0];
const call = (method: Req['method'], url: string, payload?: unknown, token: string = admin) =>
  h.request({ method, url, token, ...(payload === undefined ? {} : { payload: payload as object }) });

const createdBox = async (overrides: Partial<BoxWrite> = {}): Promise<string> => {
  const bId = overrides.bId ?? newBoxId();
  const res = await call('POST', '/api/boxes', box(bId, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return bId;
};
const positionsOf = async (bId: string): Promise<BoxPosition[]> => {
  const res = await call('GET', `/api/boxes/${bId}/boxpos`, undefined, reader);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ boxpos: BoxPosition[] }>().boxpos;
};
/** The version of the box's list as stored now. */
const versionOf = async (bId: string): Promise<number> =>
  (await call('GET', `/api/boxes/${bId}/boxpos`, undefined, reader)).json<{ version: number }>().version;
/** A PUT body of the whole list, based on the list as stored now. */
const listBody = async (bId: string, boxpos: unknown[]) => ({ version: await versionOf(bId), boxpos });
const numbersAndSamples = (list: BoxPosition[]) =>
  list.map((p) => [p.boxposId.boxPosId, p.sample.sampleId.sId]);
const fill = async (bId: string, keys: { sId: string; sStamp: string }[]) => {
  const res = await call(
    'PUT',
    `/api/boxes/${bId}/boxpos`,
    await listBody(
      bId,
      keys.map((k, i) => position(bId, i + 1, k)),
    ),
  );
  expect(res.statusCode, res.body).toBe(200);
};
const errorsOf = (res: { json: <T>() => T }) => res.json<{ errors: string[] }>().errors;
const audits = (entity: string, key: string) =>
  h.db
    .selectFrom('auditEvent')
    .selectAll()
    .where('entity', '=', entity)
    .where('entityKey', '=', key)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  admin = await h.tokenFor('ROLE_ADMIN');
  reader = await h.tokenFor('ROLE_READER');
});

describe('boxes', () => {
  it('creates, reads, updates and deletes a box, audited', async () => {
    const bId = newBoxId();
    const res = await call('POST', '/api/boxes', box(bId));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: `bId#${bId} was created successfully!`, bId });
    const got = await call('GET', `/api/boxes/${bId}`, undefined, reader);
    expect(got.json()).toEqual({ ...box(bId), version: 1 });

    const put = await call('PUT', `/api/boxes/${bId}`, {
      ...box(bId, { numMax: 20, comment: 'Regal 3' }),
      version: 1,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ message: `bId#${bId} was updated successfully!`, bId });
    expect((await call('GET', `/api/boxes/${bId}`)).json()).toMatchObject({
      numMax: 20,
      comment: 'Regal 3',
      version: 2,
    });

    const stale = await call('PUT', `/api/boxes/${bId}`, { ...box(bId), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: `Error occurred, bId#${bId} was not modified!`,
      errors: [CHANGED_MEANWHILE],
    });

    const del = await call('DELETE', `/api/boxes/${bId}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({
      message: `bId#${bId} was deleted successfully!`,
      removed: { boxPositions: 0 },
    });
    expect((await call('GET', `/api/boxes/${bId}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/boxes/${bId}`)).statusCode).toBe(404);
    expect((await audits('box', bId)).map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('answers the docs/dev/product-rules.md#field-rules messages for a bad box and never a 500', async () => {
    const bad = await call('POST', '/api/boxes', box('X1', { name: '', numMax: 41 }));
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)).toEqual(
      expect.arrayContaining([BOX_ID_MESSAGE, NAME_MUST_BE_SET, NUM_MAX_MESSAGE]),
    );
    const name = await call('POST', '/api/boxes', box(newBoxId(), { name: 'Kiste' }));
    expect(errorsOf(name)).toEqual([BOX_ID_MESSAGE]);
    const zero = await call('POST', '/api/boxes', box(newBoxId(), { numMax: 0 }));
    expect(errorsOf(zero)).toEqual([NUM_MAX_MESSAGE]);
    const long = await call('POST', '/api/boxes', box(`A${'1'.repeat(30)}`));
    expect(long.statusCode).toBe(400);
    const bId = await createdBox();
    const twice = await call('POST', '/api/boxes', box(bId));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(`Error occurred, bId#${bId} was not created!`);
    expect((await call('GET', '/api/boxes/Kiste')).statusCode).toBe(400);
  });

  it('refuses a numMax below the positions the box holds', async () => {
    const bId = await createdBox();
    await fill(bId, await newSamples(3));
    const res = await call('PUT', `/api/boxes/${bId}`, { ...box(bId, { numMax: 2 }), version: 1 });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([
      `Error occurred, bId#${bId} holds 3 positions: MaxPositions cannot be less!`,
    ]);
  });

  it('renames a box with its positions', async () => {
    const bId = await createdBox();
    const keys = await newSamples(2);
    await fill(bId, keys);
    const to = newBoxId();
    const res = await call('PUT', `/api/boxes/${bId}`, { ...box(to), version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(numbersAndSamples(await positionsOf(to))).toEqual([
      [1, keys[0]!.sId],
      [2, keys[1]!.sId],
    ]);
  });

  it('gives readers 403 on every write and lets them read', async () => {
    const bId = await createdBox();
    const [k] = await newSamples(1);
    const writes: [Req['method'], string, unknown][] = [
      ['POST', '/api/boxes', box(newBoxId())],
      ['PUT', `/api/boxes/${bId}`, { ...box(bId), version: 1 }],
      ['DELETE', `/api/boxes/${bId}`, undefined],
      ['PUT', `/api/boxes/${bId}/boxpos`, { version: 1, boxpos: [position(bId, 1, k!)] }],
      ['POST', `/api/boxes/${bId}/boxpos/1`, position(bId, 1, k!)],
      ['PUT', `/api/boxes/${bId}/boxpos/1`, position(bId, 1, k!)],
      ['DELETE', `/api/boxes/${bId}/boxpos/1`, undefined],
    ];
    for (const [method, url, body] of writes) {
      const res = await call(method, url, body, reader);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await positionsOf(bId)).toEqual([]);
    for (const url of [
      '/api/boxes',
      '/api/boxes/view',
      `/api/boxes/${bId}`,
      `/api/boxes/${bId}/boxpos`,
      `/api/boxes/${bId}/boxpos/export/csv`,
    ]) {
      expect((await call('GET', url, undefined, reader)).statusCode, url).toBe(200);
    }
    expect((await h.request({ method: 'GET', url: '/api/boxes' })).statusCode).toBe(401);
  });

  it('deleting a box removes its positions, each audited', async () => {
    const bId = await createdBox();
    const keys = await newSamples(3);
    await fill(bId, keys);
    const res = await call('DELETE', `/api/boxes/${bId}`);
    expect(res.json()).toMatchObject({ removed: { boxPositions: 3 } });
    expect(await h.db.selectFrom('boxPosition').selectAll().where('bId', '=', bId).execute()).toEqual([]);
    expect(await audits('boxPosition', `${bId}/2`)).toHaveLength(1);
    // The samples stay and can be boxed again.
    const again = await createdBox();
    await fill(again, keys);
  });
});

describe('the boxes view and list', () => {
  const prefix = 'V77';
  beforeAll(async () => {
    for (const [i, type] of [0, 1, 2, 3, 1].entries()) {
      await createdBox({
        bId: `${prefix}${i}`,
        name: i === 4 ? 'D9' : `${prefix}${i}`,
        type,
        numMax: 10 + i,
      });
    }
  });

  it('pages, sorts by several keys and filters bId, name and type', async () => {
    const res = await call(
      'GET',
      `/api/boxes/view?filter=bId,${prefix}&sort=type,desc&sort=bId,desc&size=25`,
      undefined,
      reader,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ boxes: { bId: string }[]; totalItems: number; totalPages: number }>();
    expect(body.totalItems).toBe(5);
    expect(body.totalPages).toBe(1);
    expect(body.boxes.map((b) => b.bId)).toEqual([
      `${prefix}3`,
      `${prefix}2`,
      `${prefix}4`,
      `${prefix}1`,
      `${prefix}0`,
    ]);
    const typed = await call('GET', `/api/boxes/view?filter=bId,${prefix}&filter=type,1`);
    expect(typed.json<{ boxes: { bId: string }[] }>().boxes.map((b) => b.bId)).toEqual([
      `${prefix}1`,
      `${prefix}4`,
    ]);
    const named = await call('GET', `/api/boxes/view?filter=name,d9`);
    expect(named.json<{ boxes: { bId: string }[] }>().boxes.map((b) => b.bId)).toEqual([`${prefix}4`]);
    const page = await call('GET', `/api/boxes/view?filter=bId,${prefix}&page=1&size=25`);
    expect(page.json()).toMatchObject({ boxes: [], totalItems: 5, totalPages: 1 });
    const list = await call('GET', `/api/boxes?filter=bId,${prefix}&sort=numMax,desc`);
    expect(
      list.json<{ boxes: { numMax: number }[]; totalItems: number }>().boxes.map((b) => b.numMax),
    ).toEqual([14, 13, 12, 11, 10]);
  });

  it('defaults to 25 rows and refuses bad queries with 400', async () => {
    for (let i = 0; i < 26; i++)
      await h.db
        .insertInto('box')
        .values({ bId: `C5${String(i).padStart(2, '0')}`, name: 'C5', numMax: 40 })
        .execute();
    const res = await call('GET', '/api/boxes/view?filter=bId,C5');
    expect(res.json<{ boxes: unknown[]; totalPages: number }>()).toMatchObject({ totalPages: 2 });
    expect(res.json<{ boxes: unknown[] }>().boxes).toHaveLength(25);
    const mismatch = await call('GET', '/api/boxes/view?filter=bId,Q1');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(FILTER_MISMATCH);
    expect((await call('GET', '/api/boxes/view?filter=lane,1')).json().message).toBe(FILTER_MISMATCH);
    expect((await call('GET', '/api/boxes/view?sort=pol,asc')).statusCode).toBe(400);
    expect((await call('GET', '/api/boxes/view?size=7')).statusCode).toBe(400);
  });
});

describe('box positions', () => {
  it('puts the whole list, numbered 1..n in its order, and reads it back', async () => {
    const bId = await createdBox();
    const keys = await newSamples(4);
    // Numbers as sent do not count: the order does.
    const body = [keys[2], keys[0], keys[3], keys[1]].map((k, i) => position(bId, [7, 3, 1, 2][i]!, k!));
    const res = await call('PUT', `/api/boxes/${bId}/boxpos`, await listBody(bId, body));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`bId#${bId} was updated successfully!`);
    expect(numbersAndSamples(await positionsOf(bId))).toEqual([
      [1, keys[2]!.sId],
      [2, keys[0]!.sId],
      [3, keys[3]!.sId],
      [4, keys[1]!.sId],
    ]);
    const one = await call('GET', `/api/boxes/${bId}/boxpos/3`, undefined, reader);
    expect(one.json()).toEqual({
      boxposId: { box: bId, boxPosId: 3 },
      dateExported: null,
      sample: { sampleId: keys[3] },
    });
    expect((await call('GET', `/api/boxes/${bId}/boxpos/5`)).statusCode).toBe(404);
    expect((await call('GET', '/api/boxes/A999999/boxpos')).statusCode).toBe(404);
    expect((await audits('boxPositions', bId)).map((a) => a.action)).toEqual(['update']);
    // An empty list empties the box.
    await fill(bId, []);
    expect(await positionsOf(bId)).toEqual([]);
  });

  it('refuses more than numMax positions, another box, a sample twice or unknown, and keeps the old list', async () => {
    const bId = await createdBox({ numMax: 3 });
    const keys = await newSamples(4);
    await fill(bId, keys.slice(0, 2));
    const over = await call(
      'PUT',
      `/api/boxes/${bId}/boxpos`,
      await listBody(
        bId,
        keys.map((k, i) => position(bId, i + 1, k)),
      ),
    );
    expect(over.statusCode).toBe(400);
    expect(errorsOf(over)).toEqual([`Error occurred, bId#${bId} is full: it holds at most 3 positions!`]);
    const other = await call(
      'PUT',
      `/api/boxes/${bId}/boxpos`,
      await listBody(bId, [position('A1', 1, keys[0]!)]),
    );
    expect(errorsOf(other)).toEqual([`Every position must belong to bId#${bId}!`]);
    const twice = await call(
      'PUT',
      `/api/boxes/${bId}/boxpos`,
      await listBody(bId, [position(bId, 1, keys[0]!), position(bId, 2, keys[0]!)]),
    );
    expect(errorsOf(twice)).toEqual([
      `Error occurred, SampleId#${keys[0]!.sId}|${STAMP} appears twice in the list!`,
    ]);
    const unknown = await call(
      'PUT',
      `/api/boxes/${bId}/boxpos`,
      await listBody(bId, [position(bId, 1, { sId: '1234567890123', sStamp: STAMP })]),
    );
    expect(unknown.statusCode).toBe(400);
    expect(errorsOf(unknown)).toEqual([`Error occurred, SampleId#1234567890123|${STAMP} was not found!`]);
    const badBody = await call(
      'PUT',
      `/api/boxes/${bId}/boxpos`,
      await listBody(bId, [
        { boxposId: { box: bId, boxPosId: 1 }, sample: { sampleId: { sId: 'abc', sStamp: 'x' } } },
      ]),
    );
    expect(badBody.statusCode).toBe(400);
    expect(numbersAndSamples(await positionsOf(bId))).toEqual([
      [1, keys[0]!.sId],
      [2, keys[1]!.sId],
    ]);
  });

  it('places a sample in at most one position: again answers 409 naming where it is', async () => {
    const a = await createdBox();
    const b = await createdBox();
    const [k] = await newSamples(1);
    await fill(a, [k!]);
    const message = `Error occurred, SampleId#${k!.sId}|${STAMP} is already in box position ${a}/1!`;
    const put = await call('PUT', `/api/boxes/${b}/boxpos`, await listBody(b, [position(b, 1, k!)]));
    expect(put.statusCode).toBe(409);
    expect(put.json().message).toBe(message);
    const post = await call('POST', `/api/boxes/${b}/boxpos/1`, position(b, 1, k!));
    expect(post.statusCode).toBe(409);
    expect(post.json().message).toBe(message);
    const same = await call('POST', `/api/boxes/${a}/boxpos/2`, position(a, 2, k!));
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(message);
    expect(await positionsOf(b)).toEqual([]);
  });

  it('creates a position at pos (later ones move down; past the end appends), 409 when full', async () => {
    const bId = await createdBox({ numMax: 4 });
    const keys = await newSamples(5);
    await fill(bId, keys.slice(0, 2));
    const mid = await call('POST', `/api/boxes/${bId}/boxpos/1`, position(bId, 1, keys[2]!));
    expect(mid.statusCode, mid.body).toBe(201);
    expect(mid.json()).toMatchObject({
      message: `boxPosition#${bId}/1 was created successfully!`,
      boxPos: `${bId}/1`,
    });
    const end = await call('POST', `/api/boxes/${bId}/boxpos/40`, position(bId, 40, keys[3]!));
    expect(end.json()).toMatchObject({ boxPos: `${bId}/4` });
    expect(numbersAndSamples(await positionsOf(bId))).toEqual([
      [1, keys[2]!.sId],
      [2, keys[0]!.sId],
      [3, keys[1]!.sId],
      [4, keys[3]!.sId],
    ]);
    const full = await call('POST', `/api/boxes/${bId}/boxpos/5`, position(bId, 5, keys[4]!));
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(`Error occurred, bId#${bId} is full: it holds at most 4 positions!`);
    const invalid = await call('POST', `/api/boxes/${bId}/boxpos/2`, {
      boxposId: { box: bId, boxPosId: 2 },
      sample: { sampleId: { sId: 'x', sStamp: STAMP } },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(`Input fields are invalid, ${bId}/2 was not created!`);
    expect((await call('POST', `/api/boxes/${bId}/boxpos/0`, position(bId, 1, keys[4]!))).statusCode).toBe(
      400,
    );
    expect((await call('POST', `/api/boxes/${bId}/boxpos/41`, position(bId, 1, keys[4]!))).statusCode).toBe(
      400,
    );
    expect(
      (await call('POST', '/api/boxes/A424242/boxpos/1', position('A424242', 1, keys[4]!))).statusCode,
    ).toBe(404);
    expect(await audits('boxPosition', `${bId}/4`)).toHaveLength(1);
  });

  it('updates a position: a new sample, or a new number moves it', async () => {
    const bId = await createdBox();
    const keys = await newSamples(4);
    await fill(bId, keys.slice(0, 3));
    const swap = await call('PUT', `/api/boxes/${bId}/boxpos/2`, {
      ...position(bId, 2, keys[3]!),
      dateExported: '2025-10-05 10:00:00',
    });
    expect(swap.statusCode, swap.body).toBe(200);
    expect(swap.json().message).toBe(`boxPosition#${bId}/2 was updated successfully!`);
    const move = await call('PUT', `/api/boxes/${bId}/boxpos/1`, position(bId, 3, keys[0]!));
    expect(move.json()).toMatchObject({ boxPos: `${bId}/3` });
    const list = await positionsOf(bId);
    expect(numbersAndSamples(list)).toEqual([
      [1, keys[3]!.sId],
      [2, keys[2]!.sId],
      [3, keys[0]!.sId],
    ]);
    expect(list[0]!.dateExported).toBe('2025-10-05 10:00:00');
    const invalid = await call('PUT', `/api/boxes/${bId}/boxpos/1`, {
      ...position(bId, 1, keys[3]!),
      dateExported: '2025-02-30 00:00:00',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(`Input fields are invalid, ${bId}/1 was not modified!`);
    expect((await call('PUT', `/api/boxes/${bId}/boxpos/9`, position(bId, 9, keys[1]!))).statusCode).toBe(
      404,
    );
  });

  it('deletes a position and closes the gap', async () => {
    const bId = await createdBox();
    const keys = await newSamples(3);
    await fill(bId, keys);
    const res = await call('DELETE', `/api/boxes/${bId}/boxpos/2`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`boxPosition#${bId}/2 was deleted successfully!`);
    expect(numbersAndSamples(await positionsOf(bId))).toEqual([
      [1, keys[0]!.sId],
      [2, keys[2]!.sId],
    ]);
    expect((await call('DELETE', `/api/boxes/${bId}/boxpos/3`)).statusCode).toBe(404);
  });

  it('two concurrent list PUTs read at one version: one is applied, the other refused with 409 (10 trials)', async () => {
    const bId = await createdBox();
    const keys = await newSamples(12);
    for (let trial = 0; trial < 10; trial++) {
      await fill(bId, keys.slice(0, 6));
      const version = await versionOf(bId);
      // Overlapping samples: both lists move the same rows, in different orders and sizes.
      const first = keys.slice(0, 6).reverse();
      const second = keys.slice(3, 12);
      const [r1, r2] = await Promise.all(
        [first, second].map((list) =>
          call('PUT', `/api/boxes/${bId}/boxpos`, {
            version,
            boxpos: list.map((k, i) => position(bId, i + 1, k)),
          }),
        ),
      );
      expect([r1!.statusCode, r2!.statusCode].sort()).toEqual([200, 409]);
      const list = await positionsOf(bId);
      expect(list.map((p) => p.boxposId.boxPosId)).toEqual(list.map((_, i) => i + 1));
      const ids = list.map((p) => p.sample.sampleId.sId);
      const applied = r1!.statusCode === 200 ? first : second;
      expect(ids).toEqual(applied.map((k) => k.sId));
    }
  });

  it('two concurrent creates fill consecutive positions', async () => {
    const bId = await createdBox();
    const keys = await newSamples(6);
    const results = await Promise.all(
      keys.map((k) => call('POST', `/api/boxes/${bId}/boxpos/40`, position(bId, 40, k))),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect((await positionsOf(bId)).map((p) => p.boxposId.boxPosId)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('shows the real position as boxPos on the Analysis and Samples views', async () => {
    const bId = await createdBox();
    const keys = await newSamples(2);
    await h.db.insertInto('analysis').values({ sId: keys[1]!.sId, sStamp: STAMP }).execute();
    await fill(bId, keys);
    const sample = await call('GET', `/api/samples/${keys[1]!.sId}/${encodeURIComponent(STAMP)}`);
    expect(sample.json()).toMatchObject({ boxPos: `${bId}/2` });
    const analysis = await call('GET', `/api/analysis/view?filter=sId,${keys[1]!.sId}~`);
    expect(analysis.json<{ analysis: { sample: { boxPos: string } }[] }>().analysis[0]!.sample.boxPos).toBe(
      `${bId}/2`,
    );
    await fill(bId, [keys[1]!, keys[0]!]);
    expect(
      (await call('GET', `/api/samples/${keys[1]!.sId}/${encodeURIComponent(STAMP)}`)).json(),
    ).toMatchObject({ boxPos: `${bId}/1` });
  });

  it('exports the positions as CSV and PDF with the file name in content-disposition', async () => {
    const bId = await createdBox();
    const keys = await newSamples(2);
    await fill(bId, keys);
    const csv = await call(
      'GET',
      `/api/boxes/${bId}/boxpos/export/csv?attributes=boxPosId,sId,sStamp`,
      undefined,
      reader,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="boxpositions_${bId}.csv"`);
    expect(csv.body).toBe(
      `\uFEFFBoxPosID;SampleID;SampleTime\r\n1;${keys[0]!.sId};${STAMP}\r\n2;${keys[1]!.sId};${STAMP}\r\n`,
    );
    const all = await call('GET', `/api/boxes/${bId}/boxpos/export/csv`);
    expect(all.body.split('\r\n')[0]).toBe('\uFEFFBoxID;BoxPosID;dateExported;SampleID;SampleTime');
    const pdf = await call('GET', `/api/boxes/${bId}/boxpos/export/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="boxpositions_${bId}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call('GET', `/api/boxes/${bId}/boxpos/export/csv?attributes=pol`)).statusCode).toBe(400);
    expect((await call('GET', `/api/boxes/${bId}/boxpos/export/xlsx`)).statusCode).toBe(400);
    expect((await call('GET', '/api/boxes/A31337/boxpos/export/csv')).statusCode).toBe(404);
  });
});
