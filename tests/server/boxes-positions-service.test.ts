// Box position writes of services/boxes-positions.ts, read from the code before the file's
// mutation run (docs/dev/mutation-scores.md): the message of a refused list or position names the box
// or the position, a body that is JSON null is a 400 and never a 500, a list that changes only a
// position's dateExported is stored, and a position may be saved again with its own sample. Each test
// fails with the bug it guards planted by hand; five of the seven plants (the null body's optional
// chaining, dateExported left out of the comparison of rows, the create's and the update's and the
// delete's messages emptied) passed boxes.test.ts and boxes-list-version.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditResponse } from '../../src/domain/entities/audit';
import type { BoxPosition, BoxPositionWrite } from '../../src/domain/entities/boxPosition';
import { CHANGED_MEANWHILE, created, VERSION_MESSAGE } from '../../src/domain/messages';
import { onPostgres, useHarness } from './harness';
import { jsonCalls } from './support/write-bodies';
import { untilWaitingOnLock } from './support/lock-wait';

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
const newBox = async (numMax = 40): Promise<string> => {
  const bId = `V${++boxSeq}`;
  await h.db.insertInto('box').values({ bId, name: bId, numMax }).execute();
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

// The survivors of the file's mutation run (docs/dev/mutation-scores.md, src/server): each test fails
// with its mutant planted by hand. Left as equivalent: itemOf's number emptied (83:57: the domain's
// insertPosition and removePosition renumber every item whose number differs, so the stored numbers
// are 1..n either way), the create's `() => false` made `() => undefined` (303:59: both falsy), and
// `failed === null` made false (182:11: the delete's errors are its own 404 and 409, which
// mapDbError hands back unchanged). `failed === null` made true or `!==` (182:11) turns a database
// refusal of a position write into a 500: on PGlite the writes queue up and the checks before the
// insert always see the other write, so only the PostgreSQL test at the end reaches it.
describe('what the mutation run found untested', () => {
  const twoStamps = async (): Promise<[{ sId: string; sStamp: string }, { sId: string; sStamp: string }]> => {
    const sId = String(4_206_381_000_000 + ++seq);
    const keys = [
      { sId, sStamp: STAMP },
      { sId, sStamp: '2025-10-03 07:00:00' },
    ] as const;
    await h.db.insertInto('sample').values([...keys]).execute();
    return [keys[0], keys[1]];
  };
  const trail = async (key: string) => {
    const res = await call('GET', `/api/audit?entity=boxPosition&key=${encodeURIComponent(key)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AuditResponse>().events;
  };

  it('stores a list that changes only the sample time of a position', async () => {
    const bId = await newBox();
    const [early, late] = await twoStamps();
    expect((await putList(bId, [position(bId, 1, early)])).statusCode).toBe(200);
    const before = await listOf(bId);
    const res = await putList(bId, [position(bId, 1, late)]);
    expect(res.statusCode, res.body).toBe(200);
    const after = await listOf(bId);
    expect(after.boxpos.map((p) => p.sample.sampleId)).toEqual([late]);
    expect(after.version).toBe(before.version + 1);
  });

  it('takes a list that fills the box exactly, and refuses one position more', async () => {
    const bId = await newBox(2);
    const keys = await newSamples(3);
    const full = await putList(bId, keys.slice(0, 2).map((k, i) => position(bId, i + 1, k)));
    expect(full.statusCode, full.body).toBe(200);
    const over = await putList(bId, keys.map((k, i) => position(bId, i + 1, k)));
    expect(over.statusCode).toBe(400);
    expect(answer(over)).toEqual({
      message: `Error occurred, bId#${bId} was not modified!`,
      errors: [`Error occurred, bId#${bId} is full: it holds at most 2 positions!`],
    });
  });

  it('answers a list body that is no object with the box named, and one without its version with the version message', async () => {
    const bId = await newBox();
    for (const body of [null, 5, 'list']) {
      const res = await call('PUT', `/api/boxes/${bId}/boxpos`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer(res).message, JSON.stringify(body)).toBe(`Error occurred, bId#${bId} was not modified!`);
    }
    const versionless = await call('PUT', `/api/boxes/${bId}/boxpos`, { boxpos: [] });
    expect(answer(versionless)).toEqual({ message: 'Validation failed', errors: [VERSION_MESSAGE] });
  });

  it('refuses one position naming another box, created or changed', async () => {
    const bId = await newBox();
    const other = await newBox();
    const [k, l] = await newSamples(2);
    expect((await putList(bId, [position(bId, 1, k!)])).statusCode).toBe(200);
    const post = await call('POST', `/api/boxes/${bId}/boxpos/2`, position(other, 2, l!));
    expect(post.statusCode).toBe(400);
    expect(answer(post)).toEqual({
      message: `Input fields are invalid, ${bId}/2 was not created!`,
      errors: [`Every position must belong to bId#${bId}!`],
    });
    const put = await call('PUT', `/api/boxes/${bId}/boxpos/1`, position(other, 1, l!));
    expect(put.statusCode).toBe(400);
    expect(answer(put)).toEqual({
      message: `Input fields are invalid, ${bId}/1 was not modified!`,
      errors: [`Every position must belong to bId#${bId}!`],
    });
    expect((await listOf(bId)).boxpos.map((p) => p.sample.sampleId)).toEqual([k]);
    expect((await listOf(other)).boxpos).toEqual([]);
  });

  it('a full box refuses a created position with the reason in its errors', async () => {
    const bId = await newBox(1);
    const [k, l] = await newSamples(2);
    expect((await putList(bId, [position(bId, 1, k!)])).statusCode).toBe(200);
    const res = await call('POST', `/api/boxes/${bId}/boxpos/2`, position(bId, 2, l!));
    expect(res.statusCode).toBe(409);
    const full = `Error occurred, bId#${bId} is full: it holds at most 1 positions!`;
    expect(answer(res)).toEqual({ message: full, errors: [full] });
  });

  it('answers where a created position went when the box holds the same sample id at another time', async () => {
    const bId = await newBox();
    const [early, late] = await twoStamps();
    expect((await putList(bId, [position(bId, 1, early)])).statusCode).toBe(200);
    const res = await call('POST', `/api/boxes/${bId}/boxpos/2`, position(bId, 2, late));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ boxPos: string; message: string }>()).toMatchObject({
      boxPos: `${bId}/2`,
      message: created('boxPosition', `${bId}/2`),
    });
    expect((await trail(`${bId}/2`)).map((e) => [e.action, e.after])).toEqual([
      ['create', { boxposId: { box: bId, boxPosId: 2 }, dateExported: null, sample: { sampleId: late } }],
    ]);
  });

  it("a changed position's audit event holds the position before and after", async () => {
    const bId = await newBox();
    const [k, l] = await newSamples(2);
    expect((await putList(bId, [position(bId, 1, k!)])).statusCode).toBe(200);
    const res = await call('PUT', `/api/boxes/${bId}/boxpos/1`, position(bId, 1, l!));
    expect(res.statusCode, res.body).toBe(200);
    expect((await trail(`${bId}/1`)).map((e) => [e.action, e.before, e.after])).toEqual([
      [
        'update',
        { boxposId: { box: bId, boxPosId: 1 }, dateExported: null, sample: { sampleId: k } },
        { boxposId: { box: bId, boxPosId: 1 }, dateExported: null, sample: { sampleId: l } },
      ],
    ]);
  });

  it('refuses a changed position whose sample sits in another box or another position of this box, saying where', async () => {
    const bId = await newBox();
    const other = await newBox();
    const [k, l, m] = await newSamples(3);
    expect((await putList(bId, [position(bId, 1, k!), position(bId, 2, l!)])).statusCode).toBe(200);
    expect((await putList(other, [position(other, 1, m!)])).statusCode).toBe(200);
    for (const [sample, where] of [
      [m!, `${other}/1`],
      [k!, `${bId}/1`],
    ] as const) {
      const res = await call('PUT', `/api/boxes/${bId}/boxpos/2`, position(bId, 2, sample));
      expect(res.statusCode, where).toBe(409);
      const message = `Error occurred, SampleId#${sample.sId}|${sample.sStamp} is already in box position ${where}!`;
      expect(answer(res), where).toEqual({ message, errors: [message] });
    }
    const unknown = await call('PUT', `/api/boxes/${bId}/boxpos/2`, position(bId, 2, { sId: '998', sStamp: STAMP }));
    expect(answer(unknown)).toEqual({
      message: `Error occurred, boxPosition#${bId}/2 was not modified!`,
      errors: [`Error occurred, SampleId#998|${STAMP} was not found!`],
    });
    expect((await listOf(bId)).boxpos.map((p) => p.sample.sampleId)).toEqual([k, l]);
  });

  // The header's race (docs: 'Two boxes placing one sample at once: the index refuses the second'):
  // another writer's placement not yet committed, so this write's check finds nothing and its insert
  // waits on the unique index; once the other commits, the index refuses it.
  it.runIf(onPostgres())('two boxes placing one sample at once: the index refuses the second with 409', async () => {
    const [here, there] = [await newBox(), await newBox()];
    const [k] = await newSamples(1);
    let commit!: () => void;
    let placed!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    const placedThere = new Promise<void>((resolve) => (placed = resolve));
    const other = h.db.transaction().execute(async (trx) => {
      await trx.insertInto('boxPosition').values({ bId: there, boxPosId: 1, ...k!, dateExported: null }).execute();
      placed();
      await committing;
    });
    await placedThere;
    const answered = call('POST', `/api/boxes/${here}/boxpos/1`, position(here, 1, k!));
    await untilWaitingOnLock(h.db, 'the write never waited on the index');
    commit();
    await other;
    const res = await answered;
    expect(res.statusCode, res.body).toBe(409);
    expect(answer(res).message).toBe(`Error occurred, boxPosition#${here}/1 was not created!`);
    expect((await listOf(here)).boxpos).toEqual([]);
  });
});
