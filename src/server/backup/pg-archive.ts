// Backups of a PostgreSQL database in pg_dump's custom format (docs/dev/architecture.md#backup-and-restore):
// the format PostgreSQL operators know, restorable with pg_restore also without labdesk. pg_dump
// reads one consistent snapshot while the servers write on. Restoring empties the database's
// schema first (only when it holds no users, records or audit events, or with --force), then
// pg_restore loads the archive in one transaction, and the schema is migrated to this version.
// The tools come from the PATH, or else from the newest /usr/lib/postgresql/<version>/bin.
import { spawn } from 'node:child_process';
import { existsSync, openSync, readSync, closeSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { BackupError, contentCounts, refuseUnlessEmpty } from './dump';

/** The first bytes of every pg_dump archive in custom format. */
const ARCHIVE_MAGIC = 'PGDMP';

/** Whether `file` is a pg_dump archive (custom format) rather than a labdesk backup. */
export const isPgArchive = (file: string): boolean => {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(ARCHIVE_MAGIC.length);
    return readSync(fd, head, 0, head.length, 0) === head.length && head.toString('latin1') === ARCHIVE_MAGIC;
  } finally {
    closeSync(fd);
  }
};

type Tool = 'pg_dump' | 'pg_restore';

const findTool = (tool: Tool, env: NodeJS.ProcessEnv): string => {
  for (const dir of (env['PATH'] ?? '').split(':').filter(Boolean))
    if (existsSync(join(dir, tool))) return join(dir, tool);
  const base = '/usr/lib/postgresql';
  const newest = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a))[0] : undefined;
  if (newest && existsSync(join(base, newest, 'bin', tool))) return join(base, newest, 'bin', tool);
  throw new BackupError(
    `labdesk: ${tool} was not found; install PostgreSQL's client tools (package postgresql-client)`,
  );
};

/**
 * The connection for a tool: the URL without its password, which goes into the tool's environment
 * (PGPASSWORD) so that it never shows in the process list.
 */
const connection = (
  databaseUrl: string,
  env: NodeJS.ProcessEnv,
): { dbname: string; env: NodeJS.ProcessEnv } => {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { ...env, PGPASSWORD: password } : env };
};

const run = (tool: Tool, args: string[], databaseUrl: string, env: NodeJS.ProcessEnv): Promise<void> =>
  new Promise((resolve, reject) => {
    const { dbname, env: toolEnv } = connection(databaseUrl, env);
    const child = spawn(findTool(tool, env), [...args, `--dbname=${dbname}`], {
      env: toolEnv,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`labdesk: ${tool} failed (${signal ?? `exit ${code}`}): ${errors.trim()}`)),
    );
  });

/** Writes a pg_dump archive (custom format) of the database at `databaseUrl` into `file`. */
export const dumpPgArchive = (
  databaseUrl: string,
  file: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> =>
  run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`], databaseUrl, env);

/** Checks that `file` is a whole archive pg_restore can read (its table of contents). */
const checkArchive = (file: string, env: NodeJS.ProcessEnv): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn(findTool('pg_restore', env), ['--list', file], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(
            new BackupError(`labdesk restore: ${file} is not a readable pg_dump archive: ${errors.trim()}`),
          ),
    );
  });

/** Drops every table, sequence and function of the current schema: the database as createdb left it. */
const emptySchema = async (db: Kysely<Database>): Promise<void> =>
  db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ statement: string }>`
      select format('drop table if exists %I.%I cascade', schemaname, tablename) as statement
        from pg_tables where schemaname = current_schema()
      union all
      select format('drop sequence if exists %I.%I cascade', schemaname, sequencename)
        from pg_sequences where schemaname = current_schema()
      union all
      select format('drop function if exists %s cascade', p.oid::regprocedure)
        from pg_proc p where p.pronamespace = current_schema()::regnamespace`.execute(trx);
    for (const { statement } of rows) await sql.raw(statement).execute(trx);
  });

/**
 * Restores a pg_dump archive into the database at `databaseUrl` (`db` is a connection to it).
 * Refuses a database with users, records or audit events unless `force`. Answers the rows restored
 * in the tables that hold content.
 */
export const restorePgArchive = async (
  db: Kysely<Database>,
  databaseUrl: string,
  file: string,
  { force = false, env = process.env }: { force?: boolean; env?: NodeJS.ProcessEnv } = {},
): Promise<{ rows: number }> => {
  await checkArchive(file, env);
  refuseUnlessEmpty(await contentCounts(db), force);
  await emptySchema(db);
  await run(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', file],
    databaseUrl,
    env,
  );
  await migrateToLatest(db);
  const counts = await contentCounts(db);
  return { rows: Object.values(counts).reduce((sum, n) => sum + n, 0) };
};
