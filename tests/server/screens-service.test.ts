// Screen writes of services/screens.ts that screens.test.ts did not judge (found by the file's
// mutation run, docs/dev/mutation-scores.md): the messages and reasons of refused writes, what an
// update or create keeps of dateCreated, an unchanged update left unwritten, and the audit events of
// create, update, delete, import and Transfer ScreenNames. Each test fails with its bug planted by hand.
// Left as equivalent: upsertItems' `i < lines.length` made `<=` (179:19: the extra chunk is empty and
// writes nothing) and its chunk made the whole list (179:99: for a screen of more than ITEM_CHUNK
// lines the later statements find every item already as the file has it, so nothing more is
// written or counted; only slower), and the import's catch emptied (251:17: every value is checked
// by readScreenFile first, and a screen created meanwhile is met by ON CONFLICT DO NOTHING, so no
// database refusal reaches it). The create's 'scrId' emptied in its database-refusal message (79:38)
// is reached only by two creates of one number at once: the PostgreSQL test below.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Screen } from '../../src/domain/entities/screen';
import { onPostgres, useHarness } from './harness';
import { fileUpload } from './support/multipart';
import { jsonCalls } from './support/write-bodies';
import { untilWaitingOnLock } from './support/lock-wait';

const h = useHarness();
let admin = '';
const call = jsonCalls(h, () => admin);
const HEADER = 'ScreenNumber;SampleID;ItemName';
const upload = (fileName: string, content: string) =>
  h.request({ method: 'POST', url: '/api/screens/upload', token: admin, ...fileUpload(fileName, content) });
const answer = (res: { json: <T>() => T }) => res.json<{ message: string; errors?: string[] }>();
const screen = async (scrId: number) => (await call('GET', `/api/screens/${scrId}`)).json<Screen>();
const events = (entity: string, key?: string) => {
  let q = h.db.selectFrom('auditEvent').select(['action', 'entityKey', 'before', 'after']).where('entity', '=', entity);
  if (key !== undefined) q = q.where('entityKey', '=', key);
  return q.orderBy('id').execute();
};
const createScreen = async (body: unknown): Promise<number> => {
  const res = await call('POST', '/api/screens', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ scrId: number }>().scrId;
};

beforeAll(async () => {
  admin = await h.tokenFor('ROLE_ADMIN');
  await h.db
    .insertInto('sample')
    .values([
      { sId: '5101', sStamp: '2026-09-01 06:00:00', name: 'before 1' },
      { sId: '5102', sStamp: '2026-09-01 07:00:00', name: 'before 2' },
    ])
    .execute();
});

describe('create', () => {
  it('names the number it refused, and says why a taken one is refused', async () => {
    const bad = await call('POST', '/api/screens', { name: '51a' });
    expect(bad.statusCode).toBe(400);
    expect(answer(bad).message).toBe('Error occurred, scrId#51a was not created!');
    const none = await call('POST', '/api/screens', null);
    expect(none.statusCode, none.body).toBe(400);
    expect(answer(none).message).toBe('Error occurred, scrId# was not created!');
    await createScreen({ name: '5100' });
    const taken = await call('POST', '/api/screens', { name: '5100' });
    expect(taken.statusCode).toBe(409);
    expect(answer(taken)).toEqual({
      message: 'Error occurred, scrId#5100 was not created!',
      errors: ['ScreenNumber 5100 exists already.'],
    });
  });

  it('stores the dateCreated sent, and the time of the write without one; audits the new screen', async () => {
    const dated = await createScreen({ name: '5110', comment: 'dated', dateCreated: '2026-01-02 03:04:05' });
    expect(await screen(dated)).toMatchObject({ name: '5110', comment: 'dated', dateCreated: '2026-01-02 03:04:05' });
    const undated = await createScreen({ name: '5111' });
    expect((await screen(undated)).dateCreated).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await events('screen', String(dated))).toEqual([
      { action: 'create', entityKey: String(dated), before: null, after: await screen(dated) },
    ]);
  });
  // Two creates of one number at once: the other's row not yet committed, this create's check finds
  // nothing and its insert waits on the unique index (screen_name_key), which then refuses it. Only
  // PostgreSQL runs the two at once (PGlite, one transaction at a time, answers from the check).
  it.runIf(onPostgres())('two creates of one number at once: the index refuses the second, naming it', async () => {
    let commit!: () => void;
    let inserted!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    const insertedThere = new Promise<void>((resolve) => (inserted = resolve));
    const other = h.db.transaction().execute(async (trx) => {
      await trx.insertInto('screen').values({ name: '5190' }).execute();
      inserted();
      await committing;
    });
    await insertedThere;
    const answered = call('POST', '/api/screens', { name: '5190' });
    await untilWaitingOnLock(h.db, 'the create never waited on the index');
    commit();
    await other;
    const res = await answered;
    expect(res.statusCode, res.body).toBe(409);
    expect(answer(res).message).toBe('Error occurred, scrId#5190 was not created!');
  });
});

describe('update', () => {
  it("refuses another screen's number with the reason, and takes the screen's own", async () => {
    const a = await createScreen({ name: '5120' });
    await createScreen({ name: '5121' });
    const taken = await call('PUT', `/api/screens/${a}`, { name: '5121', comment: null, dateCreated: null, version: 1 });
    expect(taken.statusCode).toBe(409);
    expect(answer(taken)).toEqual({
      message: `Error occurred, scrId#${a} was not modified!`,
      errors: ['ScreenNumber 5121 exists already.'],
    });
    const own = await call('PUT', `/api/screens/${a}`, { name: '5120', comment: 'own', dateCreated: null, version: 1 });
    expect(own.statusCode, own.body).toBe(200);
    const bad = await call('PUT', `/api/screens/${a}`, { name: 'x', version: 2 });
    expect(bad.statusCode).toBe(400);
    expect(answer(bad).message).toBe(`Error occurred, scrId#${a} was not modified!`);
  });

  it('leaves an unchanged screen unwritten, and writes a change of the comment or dateCreated alone', async () => {
    const scrId = await createScreen({ name: '5130', comment: 'c', dateCreated: '2026-01-02 03:04:05' });
    const body = { name: '5130', comment: 'c', dateCreated: '2026-01-02 03:04:05', version: 1 };
    const same = await call('PUT', `/api/screens/${scrId}`, body);
    expect(same.statusCode, same.body).toBe(200);
    expect((await screen(scrId)).version).toBe(1);
    expect((await events('screen', String(scrId))).map((e) => e.action)).toEqual(['create']);
    expect((await call('PUT', `/api/screens/${scrId}`, { ...body, comment: 'd' })).statusCode).toBe(200);
    expect(await screen(scrId)).toMatchObject({ comment: 'd', version: 2 });
    const moved = await call('PUT', `/api/screens/${scrId}`, { ...body, comment: 'd', dateCreated: '2026-02-03 04:05:06', version: 2 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await screen(scrId)).toMatchObject({ dateCreated: '2026-02-03 04:05:06', version: 3 });
  });

  it('keeps the stored dateCreated when the edit sends none', async () => {
    const scrId = await createScreen({ name: '5140', dateCreated: '2026-01-02 03:04:05' });
    const res = await call('PUT', `/api/screens/${scrId}`, { name: '5141', comment: null, dateCreated: null, version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await screen(scrId)).toMatchObject({ name: '5141', dateCreated: '2026-01-02 03:04:05', version: 2 });
  });
});

describe('delete', () => {
  it('answers with the message, audits the screen and each item, and says why a missing one is 404', async () => {
    expect((await upload('del.csv', `${HEADER}\n5150;5101;One\n5150;5109;Two\n`)).statusCode).toBe(200);
    const { scrId } = await h.db.selectFrom('screen').select('scrId').where('name', '=', '5150').executeTakeFirstOrThrow();
    const before = await screen(Number(scrId));
    const res = await call('DELETE', `/api/screens/${scrId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: `scrId#${scrId} was deleted successfully!`, scrId: Number(scrId) });
    const items = await events('screenItem');
    expect(items.map((e) => [e.action, e.entityKey])).toEqual([
      ['delete', `${scrId}|5101`],
      ['delete', `${scrId}|5109`],
    ]);
    expect((await events('screen', String(scrId))).at(-1)).toEqual({
      action: 'delete',
      entityKey: String(scrId),
      before,
      after: null,
    });
    const missing = await call('DELETE', `/api/screens/${scrId}`);
    expect(missing.statusCode).toBe(404);
    expect(answer(missing)).toEqual({
      message: `Error occurred, scrId#${scrId} was not deleted!`,
      errors: [`Error occurred, scrId#${scrId} was not found!`],
    });
  });
});

describe('import', () => {
  it("audits a new screen and the items a file changed, and an item's new name", async () => {
    expect((await upload('imp.csv', `${HEADER}\n5160;5101;One\n5160;5102;Two\n`)).statusCode).toBe(200);
    const { scrId } = await h.db.selectFrom('screen').select('scrId').where('name', '=', '5160').executeTakeFirstOrThrow();
    const key = String(scrId);
    expect(await events('screen', key)).toEqual([
      { action: 'create', entityKey: key, before: null, after: await screen(Number(scrId)) },
      { action: 'update', entityKey: key, before: null, after: { import: 'imp.csv', items: 2, changedItems: 2 } },
    ]);
    const renamed = await upload('imp2.csv', `${HEADER}\n5160;5101;One\n5160;5102;Renamed\n`);
    expect(renamed.json<{ screens: unknown[] }>().screens).toEqual([
      { scrId: Number(scrId), name: '5160', created: false, items: 2, changedItems: 1 },
    ]);
    expect((await events('screen', key)).at(-1)).toMatchObject({ after: { import: 'imp2.csv', items: 2, changedItems: 1 } });
  });

  it('lists the first 1,000 bad lines of a file and how many more there were', async () => {
    const lines = Array.from({ length: 1003 }, (_, i) => `5170;${i}x;Bad`);
    const res = await upload('many.csv', `${HEADER}\n${lines.join('\n')}\n`);
    expect(res.statusCode).toBe(400);
    const { message, errors } = answer(res);
    expect(message).toBe('Error occurred, file many.csv was not imported!');
    expect(errors).toHaveLength(1001);
    expect(errors![0]).toBe('Line 2: SampleID must be 1 to 13 digits');
    expect(errors![999]).toBe('Line 1001: SampleID must be 1 to 13 digits');
    expect(errors![1000]).toBe('… and 3 more');
    const exact = await upload('exact.csv', `${HEADER}\n${lines.slice(0, 1000).join('\n')}\n`);
    expect(answer(exact).errors).toHaveLength(1000);
    expect(answer(exact).errors!.at(-1)).toBe('Line 1001: SampleID must be 1 to 13 digits');
  });
});

describe('Transfer ScreenNames', () => {
  it("audits each renamed sample with its old and new name and the screen, and says why a missing one is 404", async () => {
    expect((await upload('tr.csv', `${HEADER}\n5180;5101;North\n`)).statusCode).toBe(200);
    const { scrId } = await h.db.selectFrom('screen').select('scrId').where('name', '=', '5180').executeTakeFirstOrThrow();
    const res = await call('POST', `/api/screens/transfer/${scrId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await events('sample', '5101|2026-09-01 06:00:00')).toEqual([
      {
        action: 'update',
        entityKey: '5101|2026-09-01 06:00:00',
        before: { name: 'before 1' },
        after: { name: 'North', transfer: `scrId#${scrId}` },
      },
    ]);
    const missing = await call('POST', '/api/screens/transfer/99999999');
    expect(missing.statusCode).toBe(404);
    expect(answer(missing)).toEqual({
      message: 'Error occurred, scrId#99999999 was not modified!',
      errors: ['Error occurred, scrId#99999999 was not found!'],
    });
  });
});
