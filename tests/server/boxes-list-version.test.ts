// Issue 29 item 2: a box's position list is versioned like every record. GET answers the list's
// version, every write that changes the list bumps it, and a save based on an older list answers 409
// with the spec's message ('Error occurred, bId#… was not modified!' and why) instead of dropping
// what another admin or a box sync file put in meanwhile. Runs on PGlite and, with DATABASE_URL, on
// PostgreSQL.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoxPosition, BoxPositionWrite } from '../../src/domain/entities/boxPosition';
import { CHANGED_MEANWHILE, VERSION_MESSAGE } from '../../src/domain/messages';
import { useHarness } from './harness';

const source = mkdtempSync(join(tmpdir(), 'labdesk-boxsync-'));
const h = useHarness({ config: { syncSource: source }, sync: { settleMs: 0 } });
let admin = '';
let reader = '';
beforeAll(async () => {
  admin = await h.tokenFor('ROLE_ADMIN');
  reader = await h.tokenFor('ROLE_READER');
});
afterAll(() => rmSync(source, { recursive: true, force: true }));

const STAMP = '2025-10-02 07:00:00';
let seq = 0;
const newSamples = async (n: number): Promise<{ sId: string; sStamp: string }[]> => {
  const keys = Array.from({ length: n }, () => ({ sId: String(4_106_381_000_000 + ++seq), sStamp: STAMP }));
  await h.db.insertInto('sample').values(keys).execute();
  return keys;
};
let boxSeq = 700;
const position = (bId: string, n: number, sampleId: { sId: string; sStamp: string }): BoxPositionWrite => ({
  boxposId: { box: bId, boxPosId: n },
  dateExported: null,
  sample: { sampleId },
});

type Req = Parameters<typeof h.request>[0];
const call = (method: Req['method'], url: string, payload?: unknown, token: string = admin) =>
  h.request({ method, url, token, ...(payload === undefined ? {} : { payload: payload as object }) });

const newBox = async (numMax = 40): Promise<string> => {
  const bId = `D${++boxSeq}`;
  const res = await call('POST', '/api/boxes', {
    bId,
    name: bId,
    numMax,
    type: 0,
    comment: null,
    dateExported: null,
  });
  expect(res.statusCode, res.body).toBe(201);
  return bId;
};
const listOf = async (bId: string) => {
  const res = await call('GET', `/api/boxes/${bId}/boxpos`, undefined, reader);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ boxpos: BoxPosition[]; version: number }>();
};
const sIdsOf = (list: BoxPosition[]) => list.map((p) => p.sample.sampleId.sId);
const putList = (bId: string, version: unknown, keys: { sId: string; sStamp: string }[]) =>
  call('PUT', `/api/boxes/${bId}/boxpos`, { version, boxpos: keys.map((k, i) => position(bId, i + 1, k)) });

describe('the box position list version', () => {
  it('is read with the list and bumped by every write that changes it, not by one that does not', async () => {
    const bId = await newBox();
    const keys = await newSamples(3);
    const start = await listOf(bId);
    expect(start).toEqual({ boxpos: [], version: 1 });
    const put = await putList(bId, 1, keys.slice(0, 2));
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().version).toBe(2);
    // The same list again: nothing changes, the version stays.
    expect((await putList(bId, 2, keys.slice(0, 2))).json().version).toBe(2);
    const post = await call('POST', `/api/boxes/${bId}/boxpos/3`, position(bId, 3, keys[2]!));
    expect(post.json().version).toBe(3);
    const del = await call('DELETE', `/api/boxes/${bId}/boxpos/1`);
    expect(del.json().version).toBe(4);
    expect(await listOf(bId)).toMatchObject({ version: 4 });
  });

  it('a list without its version is refused with 400', async () => {
    const bId = await newBox();
    const [k] = await newSamples(1);
    for (const body of [
      [position(bId, 1, k!)],
      { boxpos: [position(bId, 1, k!)] },
      { version: 'x', boxpos: [] },
    ]) {
      const res = await call('PUT', `/api/boxes/${bId}/boxpos`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toEqual([VERSION_MESSAGE]);
    }
    expect((await listOf(bId)).boxpos).toEqual([]);
  });

  it('20 concurrent appends read at one version: exactly one is applied, 19 get 409, none is lost silently', async () => {
    const bId = await newBox();
    const base = await newSamples(2);
    const extra = await newSamples(20);
    expect((await putList(bId, 1, base)).statusCode).toBe(200);
    const { version } = await listOf(bId);
    const answers = await Promise.all(extra.map((k) => putList(bId, version, [...base, k])));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of answers.filter((a) => a.statusCode === 409)) {
      expect(r.json()).toEqual({
        message: `Error occurred, bId#${bId} was not modified!`,
        errors: [CHANGED_MEANWHILE],
      });
    }
    // The one applied append is in the box; every refused one was told so and is not.
    const winner = extra[codes.indexOf(200)]!;
    const stored = await listOf(bId);
    expect(sIdsOf(stored.boxpos)).toEqual([...base, winner].map((k) => k.sId));
    expect(stored.version).toBe(version + 1);
  });

  it("a stale save cannot remove another admin's sample", async () => {
    const bId = await newBox();
    const keys = await newSamples(3);
    await putList(bId, 1, keys.slice(0, 2));
    const mine = await listOf(bId);
    // Another admin places a sample (a scan) and rearranges the box meanwhile.
    const other = await h.tokenFor('ROLE_ADMIN');
    expect(
      (await call('POST', `/api/boxes/${bId}/boxpos/3`, position(bId, 3, keys[2]!), other)).statusCode,
    ).toBe(201);
    // My save from the list I read would drop it: refused.
    const stale = await putList(bId, mine.version, [keys[1]!, keys[0]!]);
    expect(stale.statusCode).toBe(409);
    expect(sIdsOf((await listOf(bId)).boxpos)).toEqual(keys.map((k) => k.sId));
    // A delete by number from the old list would remove whatever stands there now: refused as well.
    const del = await call('DELETE', `/api/boxes/${bId}/boxpos/1?version=${mine.version}`);
    expect(del.statusCode).toBe(409);
    expect(sIdsOf((await listOf(bId)).boxpos)).toEqual(keys.map((k) => k.sId));
  });

  it("changes of the list leave the box's own version alone (a box edit is not refused by a scan)", async () => {
    const bId = await newBox();
    const [k] = await newSamples(1);
    const before = (await call('GET', `/api/boxes/${bId}`)).json<{ version: number }>().version;
    await call('POST', `/api/boxes/${bId}/boxpos/1`, position(bId, 1, k!));
    const edit = await call('PUT', `/api/boxes/${bId}`, {
      bId,
      name: bId,
      numMax: 20,
      type: 1,
      comment: 'Kühlraum 3',
      dateExported: null,
      version: before,
    });
    expect(edit.statusCode, edit.body).toBe(200);
  });
});

describe('a box sync file and a save racing for one box', () => {
  const header = 'bId;name;numMax;type;comment;boxPosId;sId;sStamp\n';
  const dropBoxFile = (name: string, bId: string, keys: { sId: string; sStamp: string }[]) => {
    const folder = join(source, 'box');
    mkdirSync(folder, { recursive: true });
    const lines = keys.map((k, i) => `${bId};${bId};40;0;;${i + 1};${k.sId};${k.sStamp}`);
    writeFileSync(join(folder, name), `${header}${lines.join('\n')}\n`);
  };
  const runBoxSync = async () => {
    const { started, done } = await h.app.sync.start('Box');
    expect(started).toBe(true);
    const outcome = await done;
    if (!outcome.ran) throw new Error('did not run');
    return outcome.run;
  };

  it('a save read before the file was imported is refused and the file stays applied (12 rounds)', async () => {
    for (let round = 0; round < 12; round++) {
      const bId = await newBox();
      const keys = await newSamples(3);
      await putList(bId, 1, keys.slice(0, 2));
      const read = await listOf(bId);
      dropBoxFile(`round-${round}.csv`, bId, keys);
      expect(await runBoxSync()).toMatchObject({ filesDone: 1, filesFailed: 0 });
      const save = await putList(bId, read.version, [keys[1]!, keys[0]!]);
      expect(save.statusCode).toBe(409);
      expect(sIdsOf((await listOf(bId)).boxpos)).toEqual(keys.map((k) => k.sId));
    }
  });

  it('run at the same time: the file is applied, and the save is either refused or replaced after it (12 rounds)', async () => {
    for (let round = 0; round < 12; round++) {
      const bId = await newBox();
      const keys = await newSamples(3);
      await putList(bId, 1, keys.slice(0, 2));
      const read = await listOf(bId);
      dropBoxFile(`race-${round}.csv`, bId, keys);
      const [summary, save] = await Promise.all([
        runBoxSync(),
        putList(bId, read.version, [keys[1]!, keys[0]!]),
      ]);
      expect(summary).toMatchObject({ filesDone: 1, filesFailed: 0 });
      const stored = await listOf(bId);
      // The file states the box's whole content, and it is what the box holds.
      expect(sIdsOf(stored.boxpos)).toEqual(keys.map((k) => k.sId));
      if (save.statusCode === 200) {
        // The save came first: the file replaced it afterwards, one version later.
        expect(stored.version).toBe(save.json().version + 1);
      } else {
        expect(save.statusCode).toBe(409);
      }
    }
  });
});
