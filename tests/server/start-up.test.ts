// What a start costs and what the server says while its database starts (src/server/serve.ts): a
// current schema is checked with one query; on the embedded database, which boots in its own thread
// while the app is built and may still be booting when the server listens, /api/health answers 503
// 'starting' and other requests wait for the database.
import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { pgliteDb, type DbHandle, type openPGlite } from '../../src/server/db/create-db';
import { MigrationError, migrateToLatest } from '../../src/server/db/migrate';
import { APP_VERSION } from '../../src/server/paths';
import { onPostgres, openMigratedPGlite, testConfig, useHarness } from './harness';

const h = useHarness();

/** Counts the statements run through a database object. */
const statementCounter = (): KyselyPlugin & { count: number } => {
  const counter = {
    count: 0,
    transformQuery: (args: Parameters<KyselyPlugin['transformQuery']>[0]) => {
      counter.count += 1;
      return args.node;
    },
    transformResult: async (args: Parameters<KyselyPlugin['transformResult']>[0]) => args.result,
  };
  return counter;
};

describe('migrations at start', () => {
  it('check a current schema with one query and apply nothing', async () => {
    const counter = statementCounter();
    expect(await migrateToLatest(h.db.withPlugin(counter))).toEqual([]);
    expect(counter.count).toBe(1);
  });

  it('still refuse a database holding a migration this version does not know', async () => {
    await sql`insert into kysely_migration (name, timestamp) values ('9999_from_a_later_version', '2026-11-26T00:00:00.000Z')`.execute(
      h.db,
    );
    try {
      await expect(migrateToLatest(h.db)).rejects.toBeInstanceOf(MigrationError);
    } finally {
      await sql`delete from kysely_migration where name = '9999_from_a_later_version'`.execute(h.db);
    }
  });
});

describe.skipIf(onPostgres())('while the embedded database starts', () => {
  const handles: DbHandle[] = [];
  afterAll(async () => {
    for (const handle of handles) await handle.close();
  });

  it("answers /api/health 503 'starting', lets other requests wait for the database, then serves them", async () => {
    let open!: (pglite: Awaited<ReturnType<typeof openPGlite>>) => void;
    const starting = new Promise<Awaited<ReturnType<typeof openPGlite>>>((resolve) => (open = resolve));
    const handle = pgliteDb(starting);
    handles.push(handle);
    // Built while the database is not there yet, as serve.ts does.
    const app = await buildApp({ config: testConfig(), db: handle.db, starting });

    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'starting', database: 'starting', migrations: 'unknown', version: APP_VERSION });

    let answered = false;
    const signIn = app
      .inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'nobody@lab.example', password: 'wrong-password-1' } })
      .finally(() => (answered = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(answered).toBe(false);

    const pglite = await openMigratedPGlite();
    await migrateToLatest(pgliteDb(pglite).db);
    open(pglite);

    // Neither refused nor failed: the sign-in is judged on the database (no such account).
    expect((await signIn).statusCode).toBe(401);
    const after = await app.inject({ method: 'GET', url: '/api/health' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ status: 'ok', database: 'reachable', migrations: 'current' });
    await app.close();
  });
});
