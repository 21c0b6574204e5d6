// POST /api/undo (docs/dev/architecture.md#undo): each kind of write is undone to its before-image
// exactly (versions one up), with the rows that went with it; the undo is audited as an undo of that
// change; it is refused — changing nothing — after a newer change, after the window, for another
// user's change, twice, and for what it cannot restore. On PGlite, and on PostgreSQL with DATABASE_URL.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Limit } from '../../src/domain/entities/limit';
import type { Setting } from '../../src/domain/entities/setting';
import { CHANGE_HEADER, parseChangeHeader, UNDO_MESSAGES } from '../../src/domain/undo';
import { useHarness } from './harness';

const h = useHarness();
let admin = '';
let other = '';

const STAMP = '2025-10-02 07:00:00';
let seq = 0;
const newSample = async (extra: Record<string, unknown> = {}) => {
  const key = { sId: String(4_006_382_000_000 + ++seq), sStamp: STAMP };
  await h.db.insertInto('sample').values({ ...key, name: 'Nord', weightNet: 10.5, ...extra }).execute();
  return key;
};
const samplePath = (k: { sId: string; sStamp: string }) => `/api/samples/${k.sId}/${k.sStamp.replace(' ', 'T')}`;

type Req = Parameters<typeof h.request>[0];
const call = (method: Req['method'], url: string, payload?: unknown, token: string = admin) =>
  h.request({ method, url, token, ...(payload === undefined ? {} : { payload: payload as object }) });

/** The change ids a write's answer names (it must name some). */
const changesOf = (res: Awaited<ReturnType<typeof call>>): number[] => {
  expect(res.statusCode, res.body).toBeLessThan(300);
  const changes = parseChangeHeader(res.headers[CHANGE_HEADER] as string | undefined);
  expect(changes.length).toBeGreaterThan(0);
  return changes;
};
const undo = (changes: number[], token: string = admin) => call('POST', '/api/undo', { changes }, token);
const undone = async (changes: number[]) => {
  const res = await undo(changes);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ message: string; change: number; restored: number }>();
};

/** Everything stored that an undo might touch: compared whole before and after a refusal. */
const everything = async () => ({
  sample: await h.db.selectFrom('sample').selectAll().orderBy('sId').execute(),
  analysis: await h.db.selectFrom('analysis').selectAll().orderBy('aId').execute(),
  box: await h.db.selectFrom('box').selectAll().orderBy('bId').execute(),
  boxPosition: await h.db.selectFrom('boxPosition').selectAll().orderBy('bId').orderBy('boxPosId').execute(),
  limits: await h.db.selectFrom('configLimit').selectAll().orderBy('id').execute(),
  settings: await h.db.selectFrom('configSetting').selectAll().orderBy('name').execute(),
  screen: await h.db.selectFrom('screen').selectAll().orderBy('scrId').execute(),
  screenItem: await h.db.selectFrom('screenItem').selectAll().orderBy('scrId').orderBy('sId').execute(),
  audit: Number((await h.db.selectFrom('auditEvent').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
});

/** A box's whole list as the Boxes page sends it, with the list's version as stored. */
const boxList = async (bId: string, keys: readonly { sId: string; sStamp: string }[]) => ({
  version: (await h.db.selectFrom('box').select('positionsVersion').where('bId', '=', bId).executeTakeFirstOrThrow()).positionsVersion,
  boxpos: keys.map((k, i) => ({ boxposId: { box: bId, boxPosId: i + 1 }, dateExported: null, sample: { sampleId: k } })),
});

const withoutVersion = <T extends { version: number }>(row: T) => ({ ...row, version: undefined });

const analysisBody = (key: { sId: string; sStamp: string }, extra: Record<string, unknown> = {}) => ({
  sample: { sampleId: key },
  aFlags: '-----',
  dateIn: '2025-10-02 08:00:00',
  dateOut: '2025-10-02 09:00:00',
  pol: 17.5,
  lane: 1,
  ...extra,
});

beforeAll(async () => {
  admin = await h.tokenFor('ROLE_ADMIN');
  other = await h.tokenFor('ROLE_ADMIN');
});

describe('undo restores the before-image exactly', () => {
  it('of an analysis edit: every column back, the version one up, audited as an undo of that change', async () => {
    const key = await newSample();
    const created = await call('POST', '/api/analysis', analysisBody(key));
    const aId = created.json<{ aId: number }>().aId;
    const before = await h.db.selectFrom('analysis').selectAll().where('aId', '=', aId).executeTakeFirstOrThrow();
    const current = (await call('GET', `/api/analysis/${aId}`)).json<Record<string, unknown>>();
    const put = await call('PUT', `/api/analysis/${aId}`, { ...current, pol: 18.25, comment: 'redo', lane: 2 });
    const changes = changesOf(put);
    const result = await undone(changes);
    expect(result.message).toBe(UNDO_MESSAGES.undone);
    const after = await h.db.selectFrom('analysis').selectAll().where('aId', '=', aId).executeTakeFirstOrThrow();
    expect(withoutVersion(after)).toEqual(withoutVersion(before));
    expect(after.version).toBe(before.version + 2);
    const trail = await h.db
      .selectFrom('auditEvent')
      .select(['action', 'actor', 'undoOf', 'changeId'])
      .where('entity', '=', 'analysis')
      .where('entityKey', '=', String(aId))
      .orderBy('id')
      .execute();
    expect(trail.map((e) => [e.action, e.undoOf])).toEqual([
      ['create', null],
      ['update', null],
      ['update', changes[0]],
    ]);
    expect(trail[2]?.changeId).toBe(result.change);
    expect(new Set(trail.map((e) => e.actor)).size).toBe(1);
  });

  it('of a create: the record is gone', async () => {
    const key = await newSample();
    const created = await call('POST', '/api/analysis', analysisBody(key));
    await undone(changesOf(created));
    const aId = created.json<{ aId: number }>().aId;
    expect(await h.db.selectFrom('analysis').selectAll().where('aId', '=', aId).executeTakeFirst()).toBeUndefined();
  });

  it('of a sample delete: the sample, its analyses and its box position come back as they were', async () => {
    const key = await newSample({ comment: 'weighed twice', weightTar: 0.7 });
    const aIds = [];
    for (const pol of [17.1, 17.3]) aIds.push((await call('POST', '/api/analysis', analysisBody(key, { pol }))).json<{ aId: number }>().aId);
    expect((await call('POST', '/api/boxes', { bId: 'B901', name: 'B901', numMax: 10, type: 1, comment: null, dateExported: null })).statusCode).toBe(201);
    const placed = await call('PUT', '/api/boxes/B901/boxpos', await boxList('B901', [key]));
    expect(placed.statusCode, placed.body).toBe(200);
    const before = await everything();
    const del = await call('DELETE', samplePath(key));
    expect(del.json()).toMatchObject({ removed: { analyses: 2, boxPositions: 1 } });
    await undone(changesOf(del));
    const after = await everything();
    const sample = (s: typeof after) => s.sample.find((r) => r.sId === key.sId)!;
    expect(withoutVersion(sample(after))).toEqual(withoutVersion(sample(before)));
    expect(sample(after).version).toBe(sample(before).version + 1);
    expect(after.analysis.map(withoutVersion)).toEqual(before.analysis.map(withoutVersion));
    expect(after.boxPosition).toEqual(before.boxPosition);
    // The box's list version moved on: an open copy of the list reloads instead of overwriting.
    expect(after.box[0]!.positionsVersion).toBeGreaterThan(before.box[0]!.positionsVersion);
  });

  it('of a box reorder: the old order', async () => {
    const keys = [await newSample(), await newSample(), await newSample()];
    expect((await call('POST', '/api/boxes', { bId: 'B902', name: 'B902', numMax: 10, type: 1, comment: null, dateExported: null })).statusCode).toBe(201);
    const list = (order: typeof keys) => boxList('B902', order);
    expect((await call('PUT', '/api/boxes/B902/boxpos', await list(keys))).statusCode).toBe(200);
    const before = await h.db.selectFrom('boxPosition').selectAll().where('bId', '=', 'B902').orderBy('boxPosId').execute();
    const reordered = await call('PUT', '/api/boxes/B902/boxpos', await list([keys[2]!, keys[0]!, keys[1]!]));
    await undone(changesOf(reordered));
    expect(await h.db.selectFrom('boxPosition').selectAll().where('bId', '=', 'B902').orderBy('boxPosId').execute()).toEqual(before);
  });

  it('of a batch update of limits (one PUT per row): all rows in one undo', async () => {
    const limits = (await call('GET', '/api/config/limits')).json<{ limits: Limit[] }>().limits;
    const [pol, nat] = [limits.find((l) => l.name === 'pol')!, limits.find((l) => l.name === 'nat')!];
    const before = await h.db.selectFrom('configLimit').selectAll().orderBy('id').execute();
    const changes = [
      ...changesOf(await call('PUT', '/api/config/limits/pol', { ...pol, min: '14.5' })),
      ...changesOf(await call('PUT', '/api/config/limits/nat', { ...nat, max: '3.5', info: 'Natrium' })),
    ];
    expect(new Set(changes).size).toBe(2);
    await undone(changes);
    const after = await h.db.selectFrom('configLimit').selectAll().orderBy('id').execute();
    expect(after.map(withoutVersion)).toEqual(before.map(withoutVersion));
  });

  it('of a setting update', async () => {
    const settings = (await call('GET', '/api/config/settings')).json<{ settings: Setting[] }>().settings;
    const amino = settings.find((s) => s.name === 'aminoFactor')!;
    const before = await h.db.selectFrom('configSetting').selectAll().where('name', '=', 'aminoFactor').executeTakeFirstOrThrow();
    await undone(changesOf(await call('PUT', '/api/config/settings/aminoFactor', { ...amino, value: '2.5' })));
    const after = await h.db.selectFrom('configSetting').selectAll().where('name', '=', 'aminoFactor').executeTakeFirstOrThrow();
    expect(withoutVersion(after)).toEqual(withoutVersion(before));
  });

  it('of a screen delete: the screen and its items (parents before children)', async () => {
    const keys = [await newSample(), await newSample()];
    const screen = await h.db.insertInto('screen').values({ name: '7779', comment: 'Feld 3' }).returning('scrId').executeTakeFirstOrThrow();
    const scrId = Number(screen.scrId);
    await h.db.insertInto('screenItem').values(keys.map((k, i) => ({ scrId, sId: k.sId, sStamp: k.sStamp, name: `Item ${i}` }))).execute();
    const before = {
      screen: await h.db.selectFrom('screen').selectAll().where('scrId', '=', scrId).executeTakeFirstOrThrow(),
      items: await h.db.selectFrom('screenItem').selectAll().where('scrId', '=', scrId).orderBy('sId').execute(),
    };
    await undone(changesOf(await call('DELETE', `/api/screens/${scrId}`)));
    const screenAfter = await h.db.selectFrom('screen').selectAll().where('scrId', '=', scrId).executeTakeFirstOrThrow();
    expect(withoutVersion(screenAfter)).toEqual(withoutVersion(before.screen));
    expect(await h.db.selectFrom('screenItem').selectAll().where('scrId', '=', scrId).orderBy('sId').execute()).toEqual(before.items);
  });

  it('of a transfer of screen names: every sample its old name', async () => {
    const keys = [await newSample({ name: 'A' }), await newSample({ name: null })];
    const screen = await h.db.insertInto('screen').values({ name: '7777' }).returning('scrId').executeTakeFirstOrThrow();
    await h.db
      .insertInto('screenItem')
      .values(keys.map((k, i) => ({ scrId: Number(screen.scrId), sId: k.sId, sStamp: k.sStamp, name: `Screen ${i}` })))
      .execute();
    const before = await h.db.selectFrom('sample').selectAll().where('sId', 'in', keys.map((k) => k.sId)).orderBy('sId').execute();
    const transfer = await call('POST', `/api/screens/transfer/${screen.scrId}`);
    expect(transfer.json()).toMatchObject({ changed: 2 });
    await undone(changesOf(transfer));
    const after = await h.db.selectFrom('sample').selectAll().where('sId', 'in', keys.map((k) => k.sId)).orderBy('sId').execute();
    expect(after.map(withoutVersion)).toEqual(before.map(withoutVersion));
  });
});

/** Everything as stored but the versions (an undo moves them on) and the audit trail (it grows). */
const contents = async () => {
  const { audit: _audit, ...rest } = await everything();
  return JSON.parse(
    JSON.stringify(rest, (k, v: unknown) => (k === 'version' || k === 'positionsVersion' ? undefined : v)),
  ) as unknown;
};

/**
 * The write, then its undo: everything stored is as before the write (but the versions), and every
 * event the undo wrote is audited as an undo of the write's change(s).
 */
const expectUndone = async (write: () => Promise<Awaited<ReturnType<typeof call>>>) => {
  const before = await contents();
  const changes = changesOf(await write());
  expect(await contents()).not.toEqual(before);
  const result = await undone(changes);
  expect(await contents()).toEqual(before);
  const trail = await h.db.selectFrom('auditEvent').select(['undoOf', 'actor']).where('changeId', '=', result.change).execute();
  expect(trail.length).toBeGreaterThan(0);
  for (const e of trail) expect(changes).toContain(Number(e.undoOf));
};

describe('every write the issue lists is undone (an edit, a delete, a create of each record)', () => {
  const boxBody = (bId: string) => ({ bId, name: bId, numMax: 10, type: 1, comment: null, dateExported: null });
  const position = (bId: string, boxPosId: number, key: { sId: string; sStamp: string }) => ({
    boxposId: { box: bId, boxPosId },
    dateExported: null,
    sample: { sampleId: key },
  });
  /** A box holding three samples, placed through the API. */
  const filledBox = async (bId: string) => {
    const keys = [await newSample(), await newSample(), await newSample()];
    expect((await call('POST', '/api/boxes', boxBody(bId))).statusCode).toBe(201);
    expect((await call('PUT', `/api/boxes/${bId}/boxpos`, await boxList(bId, keys))).statusCode).toBe(200);
    return keys;
  };

  it('a sample: create, edit, delete', async () => {
    const key = { sId: '4006382999101', sStamp: STAMP };
    await expectUndone(() => call('POST', '/api/samples', { sampleId: key, sFlags: '-----', lane: 1 }));
    const stored = await newSample({ comment: 'first' });
    const current = (await call('GET', samplePath(stored))).json<Record<string, unknown>>();
    await expectUndone(() => call('PUT', samplePath(stored), { ...current, weightNet: 12.75, comment: 'second' }));
    await expectUndone(() => call('DELETE', samplePath(stored)));
  });

  it('an analysis delete', async () => {
    const key = await newSample();
    const aId = (await call('POST', '/api/analysis', analysisBody(key, { comment: 'kept' }))).json<{ aId: number }>().aId;
    await expectUndone(() => call('DELETE', `/api/analysis/${aId}`));
  });

  it('a box: create, edit, delete (with its positions)', async () => {
    await expectUndone(() => call('POST', '/api/boxes', boxBody('B910')));
    await filledBox('B911');
    const current = (await call('GET', '/api/boxes/B911')).json<Record<string, unknown>>();
    await expectUndone(() => call('PUT', '/api/boxes/B911', { ...current, name: 'B9110', numMax: 12 }));
    const renamed = (await call('GET', '/api/boxes/B911')).json<Record<string, unknown>>();
    await expectUndone(() => call('PUT', '/api/boxes/B911', { ...renamed, bId: 'B9111' }));
    await expectUndone(() => call('DELETE', '/api/boxes/B911'));
  });

  it('a screen: create, edit', async () => {
    await expectUndone(() => call('POST', '/api/screens', { name: '7790', comment: 'new', dateCreated: null }));
    const scrId = Number((await h.db.insertInto('screen').values({ name: '7791' }).returning('scrId').executeTakeFirstOrThrow()).scrId);
    const current = (await call('GET', `/api/screens/${scrId}`)).json<Record<string, unknown>>();
    await expectUndone(() => call('PUT', `/api/screens/${scrId}`, { ...current, name: '7792', comment: 'renamed' }));
  });

  it('a single box position: placed, changed (moved to another number), removed', async () => {
    const keys = await filledBox('B912');
    const extra = await newSample();
    await expectUndone(() => call('POST', '/api/boxes/B912/boxpos/2', position('B912', 2, extra)));
    await expectUndone(() => call('PUT', '/api/boxes/B912/boxpos/1', position('B912', 3, keys[0]!)));
    await expectUndone(() => call('PUT', '/api/boxes/B912/boxpos/2', position('B912', 2, extra)));
    await expectUndone(() => call('DELETE', '/api/boxes/B912/boxpos/2'));
  });
});

describe('undo refuses and changes nothing', () => {
  const editedAnalysis = async () => {
    const key = await newSample();
    const aId = (await call('POST', '/api/analysis', analysisBody(key))).json<{ aId: number }>().aId;
    const current = (await call('GET', `/api/analysis/${aId}`)).json<Record<string, unknown>>();
    const changes = changesOf(await call('PUT', `/api/analysis/${aId}`, { ...current, pol: 18.5 }));
    return { aId, changes };
  };
  const expectRefused = async (changes: number[], status: number, message: string, token: string = admin) => {
    const before = await everything();
    const res = await undo(changes, token);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json<{ message: string }>().message).toBe(message);
    expect(await everything()).toEqual(before);
  };

  it('after a newer change of the record', async () => {
    const { aId, changes } = await editedAnalysis();
    const current = (await call('GET', `/api/analysis/${aId}`)).json<Record<string, unknown>>();
    expect((await call('PUT', `/api/analysis/${aId}`, { ...current, pol: 19 })).statusCode).toBe(200);
    await expectRefused(changes, 409, UNDO_MESSAGES.changedSince);
  });

  it('after a newer change the after-image does not show (a weight edited after a transfer of names)', async () => {
    const key = await newSample({ name: 'Old' });
    const screen = await h.db.insertInto('screen').values({ name: '7778' }).returning('scrId').executeTakeFirstOrThrow();
    await h.db.insertInto('screenItem').values({ scrId: Number(screen.scrId), sId: key.sId, sStamp: key.sStamp, name: 'New' }).execute();
    const changes = changesOf(await call('POST', `/api/screens/transfer/${screen.scrId}`));
    const current = (await call('GET', samplePath(key))).json<Record<string, unknown>>();
    expect((await call('PUT', samplePath(key), { ...current, weightNet: 11.25 })).statusCode).toBe(200);
    await expectRefused(changes, 409, UNDO_MESSAGES.changedSince);
  });

  it("after a newer write of another position of the box (a single position's write renumbers the list)", async () => {
    const keys = [await newSample(), await newSample()];
    expect((await call('POST', '/api/boxes', { bId: 'B920', name: 'B920', numMax: 10, type: 1, comment: null, dateExported: null })).statusCode).toBe(201);
    expect((await call('PUT', '/api/boxes/B920/boxpos', await boxList('B920', keys))).statusCode).toBe(200);
    const extra = await newSample();
    const changes = changesOf(
      await call('POST', '/api/boxes/B920/boxpos/1', { boxposId: { box: 'B920', boxPosId: 1 }, dateExported: null, sample: { sampleId: extra } }),
    );
    expect((await call('DELETE', '/api/boxes/B920/boxpos/3')).statusCode).toBe(200);
    await expectRefused(changes, 409, UNDO_MESSAGES.changedSince);
  });

  it('when the stored row is no longer the after-image (a write the audit did not see)', async () => {
    const { aId, changes } = await editedAnalysis();
    await h.db.updateTable('analysis').set({ comment: 'by hand' }).where('aId', '=', aId).execute();
    await expectRefused(changes, 409, UNDO_MESSAGES.changedSince);
  });

  it('of a create while rows hang on it since (a sample that got an analysis)', async () => {
    const key = { sId: '4006382999001', sStamp: STAMP };
    const created = await call('POST', '/api/samples', { sampleId: key, sFlags: '-----', lane: 1 });
    const changes = changesOf(created);
    expect((await call('POST', '/api/analysis', analysisBody(key))).statusCode).toBe(201);
    await expectRefused(changes, 409, UNDO_MESSAGES.changedSince);
  });

  it('after the window', async () => {
    const { changes } = await editedAnalysis();
    await sql`update audit_event set written_at = written_at - interval '10.5 seconds' where change_id = ${changes[0]}`.execute(h.db);
    await expectRefused(changes, 409, UNDO_MESSAGES.tooLate);
  });

  it("for another user's change, and for a reader", async () => {
    const { changes } = await editedAnalysis();
    await expectRefused(changes, 403, UNDO_MESSAGES.notYours, other);
    const reader = await h.tokenFor('ROLE_READER');
    expect((await undo(changes, reader)).statusCode).toBe(403);
  });

  it('a second time, and a change that does not exist', async () => {
    const { changes } = await editedAnalysis();
    await undone(changes);
    await expectRefused(changes, 409, UNDO_MESSAGES.alreadyUndone);
    await expectRefused([999_999_999], 404, UNDO_MESSAGES.notFound);
  });

  it('for all changes when one of them cannot be undone (all or nothing)', async () => {
    const limits = (await call('GET', '/api/config/limits')).json<{ limits: Limit[] }>().limits;
    const kal = limits.find((l) => l.name === 'kal')!;
    const an = limits.find((l) => l.name === 'an')!;
    const first = changesOf(await call('PUT', '/api/config/limits/kal', { ...kal, min: '0.5' }));
    const second = changesOf(await call('PUT', '/api/config/limits/an', { ...an, max: '4' }));
    const anNow = (await call('GET', '/api/config/limits/an')).json<Limit>();
    expect((await call('PUT', '/api/config/limits/an', { ...anNow, max: '5' })).statusCode).toBe(200);
    await expectRefused([...first, ...second], 409, UNDO_MESSAGES.changedSince);
  });

  it('for a kind of change it cannot restore (an account)', async () => {
    const [event] = await sql<{ changeId: number }>`
      insert into audit_event (actor, action, entity, entity_key, after)
      values ((select email from app_user order by id limit 1), 'create', 'user', 'x@lab', '{"email":"x@lab"}')
      returning change_id as "changeId"`.execute(h.db.withoutPlugins()).then((r) => r.rows);
    const actor = await h.db.selectFrom('appUser').select('email').orderBy('id').executeTakeFirstOrThrow();
    expect(actor.email).toMatch(/^admin/);
    await expectRefused([Number(event!.changeId)], 400, UNDO_MESSAGES.notUndoable);
  });

  it('reads name no change: only writes answer the header', async () => {
    const res = await call('GET', '/api/config/limits');
    expect(res.headers[CHANGE_HEADER]).toBeUndefined();
  });
});

describe('undo at the same moment as another undo or a save of the record', () => {
  /** An analysis created and edited through the API: the edit's change and the stored rows. */
  const edited = async () => {
    const key = await newSample();
    const aId = (await call('POST', '/api/analysis', analysisBody(key))).json<{ aId: number }>().aId;
    const before = await h.db.selectFrom('analysis').selectAll().where('aId', '=', aId).executeTakeFirstOrThrow();
    const current = (await call('GET', `/api/analysis/${aId}`)).json<Record<string, unknown>>();
    const put = await call('PUT', `/api/analysis/${aId}`, { ...current, pol: 18.75, comment: 'edit' });
    const changes = changesOf(put);
    const edit = await h.db.selectFrom('analysis').selectAll().where('aId', '=', aId).executeTakeFirstOrThrow();
    return { aId, changes, before, edit };
  };
  const stored = (aId: number) => h.db.selectFrom('analysis').selectAll().where('aId', '=', aId).executeTakeFirstOrThrow();
  const messageOf = (res: Awaited<ReturnType<typeof call>>) => res.json<{ message: string }>().message;

  // Both orders: each round starts the other request first.
  it.each([0, 1, 2, 3])('two undos of one change: exactly one wins, the other is refused (round %i)', async (round) => {
    const { aId, changes, before } = await edited();
    const results = await Promise.all(round % 2 === 0 ? [undo(changes), undo(changes)] : [undo(changes), undo(changes)].reverse());
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes, results.map((r) => r.body).join(' / ')).toEqual([200, 409]);
    const refused = results.find((r) => r.statusCode === 409)!;
    expect([UNDO_MESSAGES.alreadyUndone, UNDO_MESSAGES.changedSince]).toContain(messageOf(refused));
    expect(withoutVersion(await stored(aId))).toEqual(withoutVersion(before));
    const undos = await h.db.selectFrom('auditEvent').select('id').where('undoOf', '=', changes[0]!).execute();
    expect(undos).toHaveLength(1);
  });

  it.each([0, 1, 2, 3])('an undo and a save of the record: exactly one wins, the other is refused, nothing lost (round %i)', async (round) => {
    const { aId, changes, before, edit } = await edited();
    const current = (await call('GET', `/api/analysis/${aId}`)).json<Record<string, unknown>>();
    const save = () => call('PUT', `/api/analysis/${aId}`, { ...current, pol: 19.5, comment: 'save' });
    const [undoRes, saveRes] =
      round % 2 === 0
        ? await Promise.all([undo(changes), save()])
        : await Promise.all([save(), undo(changes)]).then(([s, u]) => [u, s] as const);
    expect([undoRes.statusCode, saveRes.statusCode].sort(), `${undoRes.body} / ${saveRes.body}`).toEqual([200, 409]);
    const row = await stored(aId);
    if (undoRes.statusCode === 200) {
      // The save was refused as stale (its version is gone): the before-image stands.
      expect(withoutVersion(row)).toEqual(withoutVersion(before));
      expect(saveRes.json<{ errors: string[] }>().errors.join(' ')).toMatch(/changed/i);
    } else {
      // The save stands; the undo says the record changed since and wrote nothing.
      expect(messageOf(undoRes)).toBe(UNDO_MESSAGES.changedSince);
      expect({ pol: row.pol, comment: row.comment, version: row.version }).toEqual({ pol: 19.5, comment: 'save', version: edit.version + 1 });
      expect(await h.db.selectFrom('auditEvent').select('id').where('undoOf', '=', changes[0]!).execute()).toEqual([]);
    }
  });
});

describe('a bulk undo', () => {
  it('of a transfer of 1,000 screen names: every sample its old name, in one undo', async () => {
    const n = 1000;
    const keys = Array.from({ length: n }, (_, i) => ({ sId: String(4_006_383_000_000 + i), sStamp: STAMP }));
    await h.db.insertInto('sample').values(keys.map((k, i) => ({ ...k, name: `Old ${i}`, weightNet: 10 }))).execute();
    const scrId = Number((await h.db.insertInto('screen').values({ name: '7800' }).returning('scrId').executeTakeFirstOrThrow()).scrId);
    await h.db.insertInto('screenItem').values(keys.map((k, i) => ({ scrId, sId: k.sId, sStamp: k.sStamp, name: `New ${i}` }))).execute();
    const names = () => h.db.selectFrom('sample').select(['sId', 'name']).where('sId', 'in', keys.map((k) => k.sId)).orderBy('sId').execute();
    const before = await names();
    const transfer = await call('POST', `/api/screens/transfer/${scrId}`);
    expect(transfer.json()).toMatchObject({ changed: n });
    const result = await undone(changesOf(transfer));
    expect(result.restored).toBe(n);
    expect(await names()).toEqual(before);
  });
});
