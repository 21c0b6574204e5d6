// Box position writes of services/boxes-positions.ts, read from the code before the file's
// mutation run (docs/dev/mutation-scores.md): the message of a refused list or position names the box
// or the position, a body that is JSON null is a 400 and never a 500, a list that changes only a
// position's dateExported is stored, and a position may be saved again with its own sample. Each test
// fails with the bug it guards planted by hand; five of the seven plants (the null body's optional
// chaining, dateExported left out of the comparison of rows, the create's and the update's and the
// delete's messages emptied) passed boxes.test.ts and boxes-list-version.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import type { BoxPosition, BoxPositionWrite } from '../../src/domain/entities/boxPosition';
import { CHANGED_MEANWHILE } from '../../src/domain/messages';
import { useHarness } from './harness';
import { jsonCalls } from './support/write-bodies';

const h = useHarness();
let admin = '';

const STAMP = '2025-10-02 07:00:00';
let seq = 0;
const newSamples = async (n: number): Promise<{ sId: string; sStamp: string }[]> => {
  const keys = Array.from({ length: n }, () => ({ sId: String(4_206_381_000_000 + ++seq), sStamp: STAMP }));
  await h.db.insertInto('sample').values(keys).execute();
  return keys;
};
let boxSeq = 800;
const newBox = async (): Promise<string> => {
  const bId = `V${++boxSeq}`;
  await h.db.insertInto('box').values({ bId, name: bId, numMax: 40 }).execute();
  return bId;
};
const position = (
  bId: string,
  n: number,
  sampleId: { sId: string; sStamp: string },
  dateExported: string | null = null,
): BoxPositionWrite => ({ boxposId: { box: bId, boxPosId: n }, dateExported, sample: { sampleId } });

const call = jsonCalls(h, () => admin);
const listOf = async (bId: string) => {
  const res = await call('GET', `/api/boxes/${bId}/boxpos`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ boxpos: BoxPosition[]; version: number }>();
};
const putList = async (bId: string, boxpos: unknown[]) =>
  call('PUT', `/api/boxes/${bId}/boxpos`, { version: (await listOf(bId)).version, boxpos });
const answer = (res: { json: <T>() => T }) => res.json<{ message: string; errors?: string[] }>();

beforeAll(async () => {
  admin = await h.tokenFor('ROLE_ADMIN');
});

describe('the whole list', () => {
  it('names the box in the message of a refused list', async () => {
    const bId = await newBox();
    const res = await putList(bId, [
      { boxposId: { box: bId, boxPosId: 1 }, sample: { sampleId: { sId: 'x' } } },
    ]);
    expect(res.statusCode).toBe(400);
    expect(answer(res).message).toBe(`Error occurred, bId#${bId} was not modified!`);
    expect(answer(res).errors?.length).toBeGreaterThan(0);
  });

  it('answers a list whose body is JSON null with 400', async () => {
    const bId = await newBox();
    const res = await call('PUT', `/api/boxes/${bId}/boxpos`, null);
    expect(res.statusCode, res.body).toBe(400);
  });

  it('stores a list that changes only the date a position was exported', async () => {
    const bId = await newBox();
    const [k] = await newSamples(1);
    expect((await putList(bId, [position(bId, 1, k!)])).statusCode).toBe(200);
    const before = await listOf(bId);
    const res = await putList(bId, [position(bId, 1, k!, '2025-10-05 10:00:00')]);
    expect(res.statusCode, res.body).toBe(200);
    const after = await listOf(bId);
    expect(after.boxpos[0]!.dateExported).toBe('2025-10-05 10:00:00');
    expect(after.version).toBe(before.version + 1);
  });
});

describe('one position', () => {
  it('names the position in the message of a create refused for an unknown sample', async () => {
    const bId = await newBox();
    const res = await call(
      'POST',
      `/api/boxes/${bId}/boxpos/1`,
      position(bId, 1, { sId: '999', sStamp: STAMP }),
    );
    expect(res.statusCode).toBe(400);
    expect(answer(res)).toEqual({
      message: `Error occurred, boxPosition#${bId}/1 was not created!`,
      errors: [`Error occurred, SampleId#999|${STAMP} was not found!`],
    });
  });

  it('saves a position again with its own sample and a new export date', async () => {
    const bId = await newBox();
    const keys = await newSamples(2);
    expect(
      (
        await putList(
          bId,
          keys.map((k, i) => position(bId, i + 1, k)),
        )
      ).statusCode,
    ).toBe(200);
    const res = await call(
      'PUT',
      `/api/boxes/${bId}/boxpos/2`,
      position(bId, 2, keys[1]!, '2025-10-06 09:00:00'),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await listOf(bId)).boxpos[1]).toMatchObject({
      dateExported: '2025-10-06 09:00:00',
      sample: { sampleId: keys[1] },
    });
  });

  it('names the position in the 409 of an update or delete based on an outdated list', async () => {
    const bId = await newBox();
    const keys = await newSamples(2);
    expect((await putList(bId, [position(bId, 1, keys[0]!)])).statusCode).toBe(200);
    const stale = (await listOf(bId)).version - 1;
    const put = await call('PUT', `/api/boxes/${bId}/boxpos/1?version=${stale}`, position(bId, 1, keys[1]!));
    expect(put.statusCode, put.body).toBe(409);
    expect(answer(put)).toEqual({
      message: `Error occurred, boxPosition#${bId}/1 was not modified!`,
      errors: [CHANGED_MEANWHILE],
    });
    const del = await call('DELETE', `/api/boxes/${bId}/boxpos/1?version=${stale}`);
    expect(del.statusCode, del.body).toBe(409);
    expect(answer(del)).toEqual({
      message: `Error occurred, boxPosition#${bId}/1 was not deleted!`,
      errors: [CHANGED_MEANWHILE],
    });
    expect((await listOf(bId)).boxpos).toHaveLength(1);
  });
});
