// The sync survives the worst (docs/dev/architecture.md#running scale-out, docs/dev/architecture.md#domain-decisions Synchronization):
// - kill -9 of the real server process in the middle of a 100,000-row analysis file, then a
//   restart: the file is imported exactly once and nothing is ever half-imported;
// - two server instances on one database, both scheduling the same entry every second, import
//   each of 20 dropped files exactly once (on PostgreSQL two apps with their own connection pools,
//   coordinated only by the advisory lock; on the embedded database, which one process owns, two
//   apps of that process on it).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { SyncEntry } from '../../src/domain/entities/syncEntry';
import { buildApp } from '../../src/server/app';
import { createDb } from '../../src/server/db/create-db';
import type { Database } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { UPLOAD_OWNER } from '../../src/server/services/samples-import';
import { beginHiddenRun, writeHidden } from '../../src/server/sync/hiddenRun';
import { createTestDatabase, onPostgres, seedDataDir, testConfig, TEST_JWT_SECRET, TEST_PASSWORD, type TestDatabase } from './harness';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START_TIMEOUT_MS = 120_000;
const ROWS = 100_000;
const ADMIN = 'admin@sync-crash.test';

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dirs: string[] = [];
const databases: TestDatabase[] = [];
const onFinished: Array<() => void> = [];
afterAll(async () => {
  for (const fn of onFinished) fn();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  for (const d of databases) await d.close();
});

/** An analysis file of `rows` lines, each its own sample; its time set to the past so it has settled. */
const analysisFile = (path: string, rows: number, prefix: string): void => {
  const lines = ['sId;sStamp;dateIn;pol;nat;kal;an;glu;dry;lane'];
  for (let i = 0; i < rows; i++) {
    lines.push(`${prefix}${String(i).padStart(12 - prefix.length, '0')};2025-10-01 06:00:00;2025-10-01 07:00:00;17,${i % 100};1,1;4,2;1,3;0,4;23,1;${i % 4}`);
  }
  writeFileSync(path, `${lines.join('\n')}\n`);
  const past = new Date(Date.now() - 60_000);
  utimesSync(path, past, past);
};

interface Server {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<unknown>;
}

/**
 * A real server process: src/server/main.ts, or with `holdMarker` the same start that holds a sync
 * file's transaction before its commit and creates that file then (support/holding-server.ts).
 */
const startServer = async (
  dataDir: string,
  source: string,
  databaseUrl: string | undefined,
  port: number,
  holdMarker?: string,
): Promise<Server> => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LAB_DATA_DIR: dataDir,
    LAB_SYNC_SOURCE: source,
    LAB_PORT: String(port),
    LAB_JWT_SECRET: TEST_JWT_SECRET,
    LAB_ADMIN_EMAIL: ADMIN,
    LAB_ADMIN_PASSWORD: TEST_PASSWORD,
    LAB_LOG_LEVEL: 'warn',
  };
  delete env['DATABASE_URL'];
  if (databaseUrl) env['DATABASE_URL'] = databaseUrl;
  delete env['HOLD_MARKER'];
  if (holdMarker) env['HOLD_MARKER'] = holdMarker;
  const entry = holdMarker ? 'tests/server/support/holding-server.ts' : 'src/server/main.ts';
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (b: Buffer) => (text += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (text += b.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const until = Date.now() + START_TIMEOUT_MS;
  while (!text.includes('labdesk listening on')) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server ended at start:\n${text}`);
    if (Date.now() > until) {
      process.kill(-child.pid!, 'SIGKILL');
      throw new Error(`server not listening after ${START_TIMEOUT_MS} ms:\n${text}`);
    }
    await sleep(100);
  }
  return { child, url: `http://127.0.0.1:${port}`, output: () => text, exited };
};

const signIn = async (url: string): Promise<string> => {
  const res = await fetch(`${url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN, password: TEST_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
};

const api = async <T>(url: string, token: string, path: string): Promise<T> => {
  const res = await fetch(`${url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};

const analysisEntry = async (url: string, token: string): Promise<SyncEntry> =>
  (await api<{ sync: SyncEntry[] }>(url, token, '/config/sync')).sync.find((e) => e.syncID === 'Analysis')!;

/** The server's database, opened by the test: the embedded one only while no server runs on it. */
const openDatabase = async (dataDir: string, database: TestDatabase | undefined) =>
  database
    ? { db: database.db, close: async () => undefined }
    : await createDb({ databaseUrl: undefined, dataDir, timezone: 'Europe/Vienna' });

const countOf = async (db: Kysely<Database>, table: 'analysis' | 'sample' | 'syncFile'): Promise<number> =>
  Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

/** Every row of a table, shown or not (migration 0016_hidden_imports). */
const rowsOf = async (db: Kysely<Database>, table: 'analysis_row' | 'sample_row'): Promise<number> =>
  (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db)).rows[0]!.n;

/** The report's suspect rows of the test's samples (84…), hidden or not, with their run mark. */
const suspectsOf = async (db: Kysely<Database>) =>
  (
    await sql<{ sId: string; pending: number | null }>`select s_id as "sId", pending from report_suspect
      where s_id like '84%' order by s_id`.execute(db.withoutPlugins())
  ).rows;

describe('kill -9 in the middle of a 100,000-row sync file', () => {
  it(
    'restarting imports the file exactly once; nothing is half-imported',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'labdesk-sync-crash-'));
      dirs.push(dataDir);
      const source = join(dataDir, 'inbox');
      mkdirSync(join(source, 'analysis'), { recursive: true });
      analysisFile(join(source, 'analysis', 'big.csv'), ROWS, '3');
      let database: TestDatabase | undefined;
      if (onPostgres()) databases.push((database = await createTestDatabase()));
      // No entry is due at the first start: the test signs in first, then starts the run by hand
      // (on the embedded database a run's transaction holds the one connection, sign-in included).
      // The embedded database: migrated from the snapshot, as a first start would leave it.
      if (!database) await seedDataDir(dataDir);
      const before = await openDatabase(dataDir, database);
      await migrateToLatest(before.db);
      await before.db.updateTable('syncConfig').set({ lastSync: sql<string>`localtimestamp(0) + interval '1 day'` }).execute();
      await before.close();
      const port = await freePort();

      // The first process holds the file's transaction once every row is written, before its
      // commit, and says so (the marker file): the kill lands inside the transaction on both
      // databases, with the whole file written and nothing committed.
      const marker = join(dataDir, 'held');
      const first = await startServer(dataDir, source, database?.databaseUrl, port, marker);
      // A failed expectation below must not leave the server running.
      const killFirst = () => {
        if (first.child.exitCode === null && first.child.signalCode === null) process.kill(-first.child.pid!, 'SIGKILL');
      };
      onFinished.push(killFirst);
      const token = await signIn(first.url);
      const started = await fetch(`${first.url}/api/config/sync/Analysis`, { headers: { authorization: `Bearer ${token}` } });
      expect(started.status).toBe(200);
      const deadline = Date.now() + 300_000;
      while (!existsSync(marker)) {
        if (first.child.exitCode !== null || first.child.signalCode !== null) expect.fail(`the server ended:\n${first.output()}`);
        expect(Date.now(), 'the sync file was not held within 5 minutes').toBeLessThan(deadline);
        await sleep(50);
      }
      expect(readFileSync(marker, 'utf8')).toBe('big.csv');
      if (database) {
        // The rows are written and not committed: another connection sees none of them.
        expect(await countOf(database.db, 'analysis')).toBe(0);
      }
      killFirst();
      await first.exited;

      // Nothing of the file was committed, and it still waits in the inbox.
      expect(existsSync(join(source, 'analysis', 'big.csv'))).toBe(true);
      const between = await openDatabase(dataDir, database);
      try {
        expect(await countOf(between.db, 'analysis')).toBe(0);
        expect(await countOf(between.db, 'sample')).toBe(0);
        expect(await countOf(between.db, 'syncFile')).toBe(0);
        // On the embedded database the file was written as a hidden run (sync/hiddenRun.ts): its
        // rows are in the table, marked as the dead run's, and no read sees them.
        if (!database) expect(await rowsOf(between.db, 'analysis_row')).toBe(ROWS);
        // Due at once: the scheduler of the restarted server takes the file up by itself.
        await between.db.updateTable('syncConfig').set({ lastSync: null }).where('syncId', '=', 'Analysis').execute();
      } finally {
        await between.close();
      }

      const second = await startServer(dataDir, source, database?.databaseUrl, port);
      try {
        const token2 = await signIn(second.url);
        const until = Date.now() + 300_000;
        for (;;) {
          const e = await analysisEntry(second.url, token2);
          if (e.status === 'DONE' || e.status === 'ERROR') {
            expect(e.status).toBe('DONE');
            break;
          }
          expect(Date.now()).toBeLessThan(until);
          await sleep(250);
        }
        expect(readdirSync(join(source, 'analysis', 'done'))).toEqual(['big.csv']);
        expect(readdirSync(join(source, 'analysis')).filter((f) => f.endsWith('.csv'))).toEqual([]);
        const log = await fetch(`${second.url}/api/config/sync/logs/Analysis`, { headers: { authorization: `Bearer ${token2}` } });
        const text = await log.text();
        // The killed run is marked as interrupted; the new one imported every row once.
        expect(text).toContain('interrupted (the server stopped during the run)');
        expect(text).toContain(`big.csv: ${ROWS} row(s) imported`);
      } finally {
        process.kill(-second.child.pid!, 'SIGTERM');
        await second.exited;
      }
      const after = await openDatabase(dataDir, database);
      try {
        expect(await countOf(after.db, 'analysis')).toBe(ROWS);
        // The dead run's rows were deleted (on PGlite at the start, serve.ts): the table holds the file once.
        expect(await rowsOf(after.db, 'analysis_row')).toBe(ROWS);
        expect(await after.db.selectFrom('syncFile').select(['fileName', 'status', 'rowsImported']).execute()).toEqual([
          { fileName: 'big.csv', status: 'DONE', rowsImported: ROWS },
        ]);
      } finally {
        await after.close();
      }
    },
    600_000,
  );
});

describe('two instances scheduling the same entry', () => {
  it(
    'import each of 20 dropped files exactly once',
    async () => {
      const base = await createTestDatabase();
      databases.push(base);
      const source = mkdtempSync(join(tmpdir(), 'labdesk-sync-two-'));
      dirs.push(source);
      mkdirSync(join(source, 'analysis'), { recursive: true });
      await base.db.updateTable('syncConfig').set({ timeInterval: 1, unit: 'SECONDS' }).execute();
      // The second instance: its own pool on the same PostgreSQL database, or the same embedded one.
      const other = base.databaseUrl
        ? await createDb({ databaseUrl: base.databaseUrl, dataDir: '', timezone: 'Europe/Vienna' }, { maxConnections: 4 })
        : undefined;
      const config = testConfig({ syncSource: source });
      const apps = await Promise.all(
        [base.db, other?.db ?? base.db].map((db) =>
          buildApp({ config, db, sync: { schedule: { tickMs: 100 }, settleMs: 200 } }),
        ),
      );
      try {
        await Promise.all(apps.map((a) => a.ready()));
        for (let f = 0; f < 20; f++) {
          analysisFile(join(source, 'analysis', `file-${String(f).padStart(2, '0')}.csv`), 50, `4${String(f).padStart(2, '0')}`);
          await sleep(f % 3 === 0 ? 350 : 40);
        }
        const until = Date.now() + 120_000;
        while (readdirSync(join(source, 'analysis', 'done')).length < 20) {
          expect(Date.now()).toBeLessThan(until);
          await sleep(100);
        }
      } finally {
        await Promise.all(apps.map((a) => a.close()));
        await other?.close();
      }
      expect(readdirSync(join(source, 'analysis', 'done')).sort()).toEqual(
        Array.from({ length: 20 }, (_, f) => `file-${String(f).padStart(2, '0')}.csv`),
      );
      const ledger = await base.db.selectFrom('syncFile').select(['fileName', 'status', 'rowsImported']).execute();
      expect(ledger).toHaveLength(20);
      expect(ledger.every((l) => l.status === 'DONE' && l.rowsImported === 50)).toBe(true);
      const imported = await base.db
        .selectFrom('hwLog')
        .select('info')
        .where('info', 'like', 'Sync Analysis: file-%imported%')
        .execute();
      expect(imported).toHaveLength(20);
      const n = await base.db.selectFrom('analysis').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      expect(Number(n.n)).toBe(20 * 50);
      // More than one run took part: the entry really was scheduled again (the files were dropped
      // over about 3 s, each run takes what has settled). How many runs depends on the machine's
      // load: CI beside other work saw only 2, so no more than 'several' is asked.
      const runs = await base.db.selectFrom('syncRun').select('id').where('syncId', '=', 'Analysis').execute();
      expect(runs.length).toBeGreaterThan(1);
    },
    180_000,
  );
});

// One process opens the embedded database, so a hidden run found at a start (here an upload's) is a
// killed process's: its samples, never shown, would hold their keys for ever (serve.ts).
describe.skipIf(onPostgres())('a sample upload killed before it was shown', () => {
  it('its hidden samples are deleted at the next start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'labdesk-upload-crash-'));
    dirs.push(dataDir);
    await seedDataDir(dataDir);
    const before = await openDatabase(dataDir, undefined);
    try {
      await migrateToLatest(before.db);
      const run = await beginHiddenRun(before.db, UPLOAD_OWNER);
      await writeHidden(before.db, (trx) =>
        sql`insert into sample_row (s_id, s_stamp, pending)
          values ('8400000000001', '2025-10-03 06:00:00', ${run}), ('8400000000002', '2025-10-03 06:00:00', ${run})`.execute(trx),
      );
      expect(await countOf(before.db, 'sample')).toBe(0);
      // Their suspect rows were written with them, hidden like them (migration 0019).
      expect(await suspectsOf(before.db)).toEqual([
        { sId: '8400000000001', pending: run },
        { sId: '8400000000002', pending: run },
      ]);
    } finally {
      await before.close();
    }
    const server = await startServer(dataDir, join(dataDir, 'inbox'), undefined, await freePort());
    try {
      // The key is free again: a sample with it can be created.
      const token = await signIn(server.url);
      const created = await fetch(`${server.url}/api/samples`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ sampleId: { sId: '8400000000001', sStamp: '2025-10-03 06:00:00' }, sFlags: '-----' }),
      });
      expect(created.status, await created.text()).toBe(201);
    } finally {
      process.kill(-server.child.pid!, 'SIGTERM');
      await server.exited;
    }
    const after = await openDatabase(dataDir, undefined);
    try {
      expect(await after.db.selectFrom('importHidden' as never).selectAll().execute()).toEqual([]);
      expect(await countOf(after.db, 'sample')).toBe(1);
      // The run's suspect rows went with its samples; the sample created since has its own.
      expect(await suspectsOf(after.db)).toEqual([{ sId: '8400000000001', pending: null }]);
    } finally {
      await after.close();
    }
  }, 180_000);
});
