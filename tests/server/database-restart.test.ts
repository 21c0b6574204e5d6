// Two instances on a PostgreSQL server of this test's own (never the shared one, which other tests
// use), which is stopped and started again: /api/health says 503 while it is away and 200 once it is
// back, on both instances, neither process exits, each takes its session locks again, and the sync
// scheduler runs its due entries again (docs/dev/architecture.md#health-and-shutdown). Uses the PostgreSQL binaries the CI installs;
// runs where the PostgreSQL suite runs (DATABASE_URL set).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVISORY_LOCKS, LABDESK_LOCKS } from '../../src/server/db/advisory-lock';
import { onPostgres, TEST_JWT_SECRET, TEST_PASSWORD } from './harness';
import { START_TIMEOUT_MS, eventually, signIn, startOwnPostgres, startServer, type OwnPostgres, type ServerProcess } from './processes';

const ADMIN = 'admin@restart.test';

/** One query on a connection of its own (the servers' pools are theirs). */
const query = async <T extends object>(url: string, text: string, values: unknown[] = []): Promise<T[]> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
};

/** The newest sync run of the Log entry (its id; 0 when none): the scheduler starts one every second (set below). */
const lastLogRun = async (url: string): Promise<number> =>
  Number((await query<{ id: string | null }>(url, `select max(id) as id from sync_run where sync_id = 'Log'`))[0]?.id ?? 0);

const instancesHoldingTheLock = async (url: string): Promise<number> => {
  const rows = await query<{ n: string }>(
    url,
    `select count(*) as n from pg_locks where locktype = 'advisory' and classid = $1 and objid = $2 and mode = 'ShareLock' and granted`,
    [LABDESK_LOCKS, ADVISORY_LOCKS.instances],
  );
  return Number(rows[0]?.n ?? 0);
};

describe.skipIf(!onPostgres())('PostgreSQL stops and starts again (needs DATABASE_URL: the PostgreSQL suite)', () => {
  let database: OwnPostgres;
  let dataDir: string;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await startOwnPostgres();
    dataDir = mkdtempSync(join(tmpdir(), 'labdesk-restart-'));
    const env = {
      DATABASE_URL: database.url,
      LAB_DATA_DIR: dataDir,
      LAB_SYNC_SOURCE: join(dataDir, 'sync'),
      LAB_JWT_SECRET: TEST_JWT_SECRET,
      LAB_ADMIN_EMAIL: ADMIN,
      LAB_ADMIN_PASSWORD: TEST_PASSWORD,
    };
    servers.push(await startServer(env));
    servers.push(await startServer(env));
    // The schedule as an administrator sets it: the Log entry is due every second.
    await query(database.url, `update sync_config set time_interval = 1, unit = 'SECONDS' where sync_id = 'Log'`);
  }, 3 * START_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    database?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const health = async (server: ServerProcess) => {
    const res = await server.call('/api/health');
    return { status: res.status, body: (await res.json()) as { status: string; database: string } };
  };

  it('health is 200, then 503 while the database is away, then 200 again; neither instance exits', async () => {
    for (const server of servers) expect((await health(server)).status).toBe(200);
    expect(await instancesHoldingTheLock(database.url)).toBe(2);
    const before = await lastLogRun(database.url);
    await eventually('the scheduler runs the Log entry', async () => (await lastLogRun(database.url)) > before);

    database.stop();
    for (const server of servers)
      await eventually('503 while PostgreSQL is stopped', async () => {
        const { status, body } = await health(server);
        return status === 503 && body.database === 'unreachable';
      });
    // Long enough for every held session to notice the loss (HELD_CHECK_MS) and to retry a few times.
    await new Promise((r) => setTimeout(r, 3_000));
    for (const server of servers) expect(server.alive(), server.output()).toBe(true);

    database.start();
    for (const server of servers)
      await eventually('200 after PostgreSQL is back', async () => (await health(server)).status === 200);
    for (const server of servers) expect(server.alive(), server.output()).toBe(true);
    // Each instance took its session lock again, and requests work as before.
    await eventually('locks taken again', async () => (await instancesHoldingTheLock(database.url)) === 2);
    for (const server of servers) expect(await signIn(server, ADMIN, TEST_PASSWORD)).toMatch(/\./);
    // The scheduler goes on: a run of the due entry starts after the restart, and finishes.
    const last = await lastLogRun(database.url);
    await eventually('the scheduler runs the Log entry again', async () => {
      const rows = await query(database.url, `select 1 from sync_run where sync_id = 'Log' and id > $1 and status = 'DONE'`, [last]);
      return rows.length > 0;
    });
  }, 180_000);
});
