// Backup → fresh database → restore finds every row, user and audit event: the labdesk backup (the
// embedded database's format) on the database the suite runs on, and with DATABASE_URL set the
// pg_dump archive that `npm run backup` writes for PostgreSQL; a backup of the embedded database
// restores into PostgreSQL (the move of a lab from PGlite to PostgreSQL). Also: restore refuses a
// non-empty database without --force, and a file cut short is refused.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { restoreBackup, tablesInOrder } from '../../src/server/backup/dump';
import { backup, restore } from '../../src/server/cli/backup';
import { streamBackup } from '../../src/server/backup/socket';
import { pgliteDb } from '../../src/server/db/create-db';
import type { Database } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { createUser, setPassword } from '../../src/server/services/users';
import { createTestDatabase, onPostgres, openMigratedPGlite, TEST_JWT_SECRET, type TestDatabase } from './harness';
import { seedViews } from './views.fixture';
import { createWriteStream } from 'node:fs';

const dir = mkdtempSync(join(tmpdir(), 'labdesk-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every table's rows as sorted JSON text: equal snapshots mean every row came back. */
const snapshot = async (db: Kysely<Database>): Promise<Record<string, string[]>> => {
  const out: Record<string, string[]> = {};
  for (const table of await tablesInOrder(db)) {
    const { rows } = await sql<{ j: string }>`select to_jsonb(t)::text as j from ${sql.raw(`"${table}"`)} t`.execute(db);
    out[table] = rows.map((r) => r.j).sort();
  }
  return out;
};

const fill = async (db: Kysely<Database>): Promise<void> => {
  await seedViews(db, 40);
  await createUser(db, { email: 'anna@backup.test', password: 'correct-horse-42', role: 'ROLE_ADMIN' }, 'test');
  await createUser(db, { email: 'ben@backup.test', password: 'correct-horse-42', role: 'ROLE_READER' }, 'test');
  await setPassword(db, 'ben@backup.test', 'another-horse-42', 'cli');
};

const backupTo = async (db: Kysely<Database>, name: string): Promise<string> => {
  const file = join(dir, name);
  await streamBackup(db, createWriteStream(file));
  return file;
};

describe('backup and restore', () => {
  it('a restored database holds every row, user and audit event of the backup', async () => {
    const source = await createTestDatabase();
    const target = await createTestDatabase();
    try {
      await fill(source.db);
      const before = await snapshot(source.db);
      expect(before['app_user']).toHaveLength(2);
      expect(before['audit_event']!.length).toBeGreaterThan(2);
      const file = await backupTo(source.db, 'same.json.gz');
      await restoreBackup(target.db, file);
      expect(await snapshot(target.db)).toEqual(before);
      // Identity sequences continue after the restored rows: a new audit event gets a new id.
      await createUser(target.db, { email: 'new@backup.test', password: 'correct-horse-42', role: 'ROLE_READER' }, 'test');
    } finally {
      await source.close();
      await target.close();
    }
  }, 300_000);

  it('refuses a database with users, records or audit events unless forced; refuses a cut file', async () => {
    const source = await createTestDatabase();
    const target = await createTestDatabase();
    try {
      await fill(source.db);
      const file = await backupTo(source.db, 'force.json.gz');
      await createUser(target.db, { email: 'here@backup.test', password: 'correct-horse-42', role: 'ROLE_READER' }, 'test');
      await expect(restoreBackup(target.db, file)).rejects.toThrow(/not empty .*--force/);
      await restoreBackup(target.db, file, { force: true });
      expect(await snapshot(target.db)).toEqual(await snapshot(source.db));

      const lines = gunzipSync(readFileSync(file)).toString().trim().split('\n');
      const cut = join(dir, 'cut.json.gz');
      writeFileSync(cut, gzipSync(lines.slice(0, -3).join('\n')));
      await expect(restoreBackup(target.db, cut, { force: true })).rejects.toThrow(/incomplete/);
      // The failed restore changed nothing.
      expect(await snapshot(target.db)).toEqual(await snapshot(source.db));
    } finally {
      await source.close();
      await target.close();
    }
  }, 300_000);

  it.runIf(onPostgres())('moves a lab from the embedded database to PostgreSQL', async () => {
    const embedded = pgliteDb(await openMigratedPGlite());
    const target = await createTestDatabase();
    try {
      await migrateToLatest(embedded.db);
      await fill(embedded.db);
      const file = await backupTo(embedded.db, 'move.json.gz');
      await restoreBackup(target.db, file);
      expect(await snapshot(target.db)).toEqual(await snapshot(embedded.db));
    } finally {
      await embedded.close();
      await target.close();
    }
  }, 300_000);

  describe.runIf(onPostgres())('PostgreSQL: npm run backup and restore with pg_dump archives', () => {
    /** The environment `npm run backup` / `restore` would see for `database`. */
    const envOf = (database: TestDatabase): NodeJS.ProcessEnv => ({
      PATH: process.env['PATH'],
      DATABASE_URL: database.databaseUrl,
      LAB_DATA_DIR: dir,
      LAB_JWT_SECRET: TEST_JWT_SECRET,
    });

    it('writes a pg_dump archive; restored into a fresh database it holds every row, user and audit event', async () => {
      const source = await createTestDatabase();
      const target = await createTestDatabase();
      try {
        await fill(source.db);
        const before = await snapshot(source.db);
        expect(before['app_user']).toHaveLength(2);
        expect(before['audit_event']!.length).toBeGreaterThan(2);
        const file = join(dir, 'pg.dump');
        expect(await backup(file, envOf(source))).toMatch(/pg_dump archive/);
        expect(readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP');
        const rows = await restore(file, false, envOf(target));
        expect(rows).toBe(before['app_user']!.length + before['sample_row']!.length + before['analysis_row']!.length +
          before['box']!.length + before['screen']!.length + before['hw_log_row']!.length + before['audit_event']!.length);
        expect(await snapshot(target.db)).toEqual(before);
        await createUser(target.db, { email: 'new@backup.test', password: 'correct-horse-42', role: 'ROLE_READER' }, 'test');
      } finally {
        await source.close();
        await target.close();
      }
    }, 300_000);

    it('refuses a database with users, records or audit events unless forced, then replaces it', async () => {
      const source = await createTestDatabase();
      const target = await createTestDatabase();
      try {
        await fill(source.db);
        const file = join(dir, 'pg-force.dump');
        await backup(file, envOf(source));
        await createUser(target.db, { email: 'here@backup.test', password: 'correct-horse-42', role: 'ROLE_READER' }, 'test');
        const held = await snapshot(target.db);
        await expect(restore(file, false, envOf(target))).rejects.toThrow(/not empty .*--force/);
        expect(await snapshot(target.db)).toEqual(held);
        await restore(file, true, envOf(target));
        expect(await snapshot(target.db)).toEqual(await snapshot(source.db));
      } finally {
        await source.close();
        await target.close();
      }
    }, 300_000);
  });
});
