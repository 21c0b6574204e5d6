// The embedded database in a thread of its own, as the server runs it (src/server/db/pglite-thread.ts):
// the same answers as PGlite in this thread, PostgreSQL's error fields that the app maps to its
// answers, NOTIFYs, COPY with a file both ways, snapshots, and a thread that ends unasked failing
// what waits and counting as fatal.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { notCreated } from '../../src/domain/messages';
import { openPGlite, pgliteDb } from '../../src/server/db/create-db';
import { CHANGE_CHANNEL } from '../../src/server/db/migrations/0011_change_events';
import { isFatalDatabaseError } from '../../src/server/db/pglite-dialect';
import { PGliteThread, pgliteWorker, startPGliteThread } from '../../src/server/db/pglite-thread';
import { decodeError, encodeError } from '../../src/server/db/pglite-wire';
import { listenForChanges } from '../../src/server/events/listener';
import { mapDbError } from '../../src/server/services/samples-writes';
import { migratedTemplate, onPostgres, useHarness } from './harness';

const TIMEZONE = 'Europe/Vienna';

/** Values of every kind the schema uses, and some it may: each parser's output must cross. */
const VALUES = `
  select 1::int2 as i2, 2::int4 as i4, 9007199254740991::int8 as i8, 12.345::numeric as num, 1.5::float8 as f8,
    '2025-10-01 06:00:00.123456'::timestamp as ts, '2025-10-01'::date as d,
    '2025-10-01 06:00:00+02'::timestamptz as tstz, true as b, null::text as nothing, null::numeric as no_num,
    '{"a":[1,"x",null]}'::jsonb as j, array[1,2,3]::int4[] as arr, array['a',null]::text[] as texts,
    '\\x00ff'::bytea as bytes, 'Zuckerrübe'::text as t, $1::text as param`;

describe.skipIf(onPostgres())('the embedded database in its own thread', () => {
  const h = useHarness({
    pgliteThread: true,
    // The app's mapping of a refusal by the database (not by a check before it) to its answer.
    setup: (app) => {
      app.post('/test/box-twice', async () => {
        try {
          await sql`insert into box (b_id, name, num_max) values ('A90', 'Box', 10), ('A90', 'Box', 10)`.execute(app.db);
        } catch (err) {
          throw mapDbError(err, notCreated('bId', 'A90'));
        }
        return {};
      });
    },
  });

  let local: PGlite;
  let thread: PGliteThread;
  let template: Blob;
  beforeAll(async () => {
    template = await migratedTemplate(TIMEZONE);
    local = await openPGlite(undefined, TIMEZONE, template);
    thread = startPGliteThread({ timezone: TIMEZONE, loadDataDir: template });
    await thread.waitReady;
  });
  afterAll(async () => {
    await local.close();
    await thread.close();
  });

  it('answers a query as PGlite in this thread does: rows with the app parsers, fields, counts', async () => {
    const there = await thread.query(VALUES, ['p']);
    const here = await local.query(VALUES, ['p']);
    expect(there.rows).toEqual(here.rows);
    expect(there.fields).toEqual(here.fields);
    expect(there.rows[0]).toMatchObject({ i8: 9007199254740991, num: 12.345, ts: '2025-10-01 06:00:00', d: '2025-10-01' });
    expect((there.rows[0] as { bytes: unknown }).bytes).toBeInstanceOf(Uint8Array);
    await thread.exec('create table counted (n int)');
    const inserted = await thread.query('insert into counted select generate_series(1, 3)');
    expect(inserted.affectedRows).toBe(3);
  });

  it('passes on PostgreSQL’s error fields, so that the app answers a duplicate with 409 and its message', async () => {
    const err = await thread.query("insert into counted values ('x')").catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '22P02', severity: 'ERROR', name: 'error' });
    expect(err).toBeInstanceOf(Error);
    const token = await h.tokenFor('ROLE_ADMIN');
    const res = await h.request({ method: 'POST', url: '/test/box-twice', token });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: notCreated('bId', 'A90') });
    const duplicate = await sql`insert into box (b_id, name, num_max) values ('A91', 'B', 1), ('A91', 'B', 1)`
      .execute(h.db)
      .catch((e: unknown) => e);
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'box_pkey', table: 'box', schema: 'public' });
    expect((duplicate as { detail: string }).detail).toContain('A91');
  });

  it('keeps what tells a fatal error: a FATAL severity and a WebAssembly trap’s name', () => {
    const trap = new (globalThis as unknown as { WebAssembly: { RuntimeError: new (m: string) => Error } }).WebAssembly.RuntimeError(
      'unreachable',
    );
    expect(isFatalDatabaseError(decodeError(encodeError(trap)))).toBe(true);
    const fatal = Object.assign(new Error('BeginTransactionBlock: unexpected state END'), { severity: 'FATAL', code: 'XX000' });
    expect(isFatalDatabaseError(decodeError(encodeError(fatal)))).toBe(true);
    expect(isFatalDatabaseError(decodeError(encodeError(Object.assign(new Error('x'), { severity: 'ERROR' }))))).toBe(false);
  });

  it('delivers a change’s NOTIFY to the app’s listener, and no more once it stops listening', async () => {
    const heard: string[] = [];
    const listener = await listenForChanges(h.db, {
      onNotify: (id) => heard.push(id),
      onResumed: () => undefined,
      onError: () => undefined,
    });
    const token = await h.tokenFor('ROLE_ADMIN');
    const created = await h.request({
      method: 'POST',
      url: '/api/boxes',
      token,
      payload: { bId: 'A92', name: 'A92', numMax: 10, type: 1, comment: null, dateExported: null },
    });
    expect(created.statusCode).toBe(201);
    await expect.poll(() => heard.length).toBeGreaterThan(0);
    await listener.close();
    const before = heard.length;
    await sql`select pg_notify(${CHANGE_CHANNEL}, '999999')`.execute(h.db);
    await sql`select 1`.execute(h.db);
    expect(heard).toHaveLength(before);
  });

  it('runs COPY with a file both ways', async () => {
    await thread.exec('create table copied (id int, name text)');
    await thread.query("copy copied from '/dev/blob' with (format csv)", [], { blob: new Blob(['1,Rübe\n2,"a, b"\n']) });
    expect((await thread.query('select * from copied order by id')).rows).toEqual([
      { id: 1, name: 'Rübe' },
      { id: 2, name: 'a, b' },
    ]);
    const out = await thread.query("copy (select * from copied order by id) to '/dev/blob' with (format csv)");
    expect(await out.blob?.text()).toBe('1,Rübe\n2,"a, b"\n');
  });

  it('dumps a snapshot that another thread starts from', async () => {
    await thread.exec("create table kept (v text); insert into kept values ('there')");
    const snapshot = await thread.dumpDataDir('none');
    const again = startPGliteThread({ timezone: TIMEZONE, loadDataDir: snapshot });
    try {
      expect((await again.query('select v from kept')).rows).toEqual([{ v: 'there' }]);
    } finally {
      await again.close();
    }
    expect(again.closed).toBe(true);
    await expect(again.query('select 1')).rejects.toThrow('closed');
  });

  it('counts a thread that ends unasked as fatal: what waits fails, and so does what comes after', async () => {
    const fatal: unknown[] = [];
    const worker = pgliteWorker({ timezone: TIMEZONE, loadDataDir: template });
    const dying = new PGliteThread(worker, (err) => fatal.push(err));
    const { db } = pgliteDb(dying);
    await sql`select 1`.execute(db);
    const waiting = sql`select pg_sleep(5)`.execute(db);
    await worker.terminate();
    await expect(waiting).rejects.toThrow('thread ended');
    expect(fatal).toHaveLength(1);
    expect(dying.closed).toBe(true);
    await expect(sql`select 1`.execute(db)).rejects.toThrow('thread ended');
    await dying.close();
    expect(fatal).toHaveLength(1);
  });

  it('creates a new data directory in a thread of its own, whose memory goes with it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'labdesk-thread-'));
    try {
      const before = process.memoryUsage().rss;
      const fresh = startPGliteThread({ timezone: TIMEZONE, dataDir: join(dir, 'db') });
      await fresh.waitReady;
      await fresh.exec('create table kept (x int); insert into kept values (42)');
      // PGlite's initdb leaves a copy of the database's memory and a grown memory in the thread
      // that ran it: with initdb in the database thread itself, this process grew by 637 MB.
      const grown = (process.memoryUsage().rss - before) / 1024 / 1024;
      expect(grown).toBeLessThan(400);
      await fresh.close();
      const again = startPGliteThread({ timezone: TIMEZONE, dataDir: join(dir, 'db') });
      await expect(again.query('select x from kept')).resolves.toMatchObject({ rows: [{ x: 42 }] });
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails its start when the database cannot open', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'labdesk-thread-'));
    try {
      writeFileSync(join(dir, 'file'), '');
      const broken = startPGliteThread({ timezone: TIMEZONE, dataDir: join(dir, 'file', 'db') });
      await expect(broken.waitReady).rejects.toMatchObject({ code: 'ENOTDIR' });
      await broken.close();
      await expect(broken.query('select 1')).rejects.toMatchObject({ code: 'ENOTDIR' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
