// The embedded database's backup format (docs/dev/architecture.md#backup-and-restore): a gzip file of
// JSON lines that the embedded database writes and both databases read, so one file also moves a lab
// from PGlite to PostgreSQL (PostgreSQL's own backups are pg_dump archives: pg-archive.ts). Line 1 is the header (format, app version, applied migrations, sequence values),
// then one line per row `{"t": table, "r": row}` with the row as PostgreSQL's to_jsonb gives it,
// and a last line `{"end": true, "rows": n}` that tells a complete file from a cut one. Everything
// is read in one REPEATABLE READ transaction: one consistent snapshot while the server writes on.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { Migrator, sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import { MIGRATIONS } from '../db/migrate';
import { REPORT_SUMMARY_TABLES, SUSPECT_NEXT } from '../db/migrations/0010_report_summary';
import { CHANGE_EVENT_TABLE } from '../db/migrations/0011_change_events';
import { APP_VERSION } from '../paths';

export const BACKUP_FORMAT = 'labdesk-backup';

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: 1;
  app: string;
  createdAt: string;
  migrations: string[];
  tables: string[];
  sequences: Record<string, number>;
}

export class BackupError extends Error {
  override name = 'UserError';
}

/** Tables that hold something: users, records or audit events (restore refuses them without --force). */
const CONTENT_TABLES = ['app_user', 'sample', 'analysis', 'box', 'screen', 'hw_log', 'audit_event'] as const;

/** The app's tables (not the report summaries and prepared suspect rows: derived; not the change events: a live feed), each after the tables it references (so rows insert in this order). */
export const tablesInOrder = async (db: Kysely<Database>): Promise<string[]> => {
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely\\_%'
    order by table_name`.execute(db);
  const { rows: refs } = await sql<{ child: string; parent: string }>`
    select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
    from pg_constraint c where c.contype = 'f' and c.connamespace = current_schema()::regnamespace`.execute(db);
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>): void => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const r of refs) if (r.child === name && r.parent !== name) visit(r.parent, path);
    ordered.push(name);
  };
  // Derived: the summaries and the suspect rows hidden runs prepared (their runs are discarded at a restart).
  const derived = new Set([...REPORT_SUMMARY_TABLES, SUSPECT_NEXT, CHANGE_EVENT_TABLE]);
  for (const t of tables) if (!derived.has(t.name)) visit(t.name, new Set());
  return ordered;
};

const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** Writes the whole database as backup lines to `write` (which may wait: back-pressure). */
export const writeBackup = async (
  db: Kysely<Database>,
  write: (line: string) => Promise<void> | void,
): Promise<{ rows: number }> =>
  db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const tables = await tablesInOrder(trx);
      const { rows: migrations } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(trx);
      const { rows: sequences } = await sql<{ name: string; value: string | number | null }>`
        select sequencename as name, last_value as value from pg_sequences where schemaname = current_schema()`.execute(trx);
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        version: 1,
        app: APP_VERSION,
        createdAt: new Date().toISOString(),
        migrations: migrations.map((m) => m.name),
        tables,
        sequences: Object.fromEntries(sequences.filter((s) => s.value !== null).map((s) => [s.name, Number(s.value)])),
      };
      await write(`${JSON.stringify(header)}\n`);
      let count = 0;
      for (const table of tables) {
        const rows = trx
          .selectFrom(sql<{ j: string }>`(select to_jsonb(t)::text as j from ${sql.raw(quoteIdent(table))} t)`.as('q'))
          .select('q.j')
          .stream(STREAM_CHUNK);
        for await (const row of rows) {
          await write(`{"t":${JSON.stringify(table)},"r":${row.j}}\n`);
          count += 1;
        }
      }
      await write(`${JSON.stringify({ end: true, rows: count })}\n`);
      return { rows: count };
    });

/** The header and the rows of a backup file, read as a stream. */
export async function* readBackup(file: string): AsyncGenerator<BackupHeader | { t: string; r: unknown } | { end: true; rows: number }> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  let first = true;
  for await (const line of lines) {
    if (!line) continue;
    const value = JSON.parse(line) as Record<string, unknown>;
    if (first && value['format'] !== BACKUP_FORMAT) throw new BackupError(`labdesk restore: ${file} is not a labdesk backup`);
    first = false;
    yield value as never;
  }
}

/** Rows in the tables that make a database "not empty", by table (a table not created yet holds none). */
export const contentCounts = async (db: Kysely<Database>): Promise<Record<string, number>> => {
  const { rows: present } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(db);
  const counts: Record<string, number> = {};
  for (const table of CONTENT_TABLES) {
    if (!present.some((t) => t.name === table)) continue;
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.raw(quoteIdent(table))}`.execute(db);
    counts[table] = rows[0]?.n ?? 0;
  }
  return counts;
};

/** Throws unless the counts (contentCounts) are all zero or `force` is set. */
export const refuseUnlessEmpty = (counts: Record<string, number>, force: boolean): void => {
  const held = Object.entries(counts).filter(([, n]) => n > 0);
  if (held.length > 0 && !force)
    throw new BackupError(
      `labdesk restore: the database is not empty (${held.map(([t, n]) => `${n} in ${t}`).join(', ')}); ` +
        'restoring replaces everything in it: run again with --force to do so',
    );
};

const BATCH = 500;
const STREAM_CHUNK = 1000;

/**
 * Restores `file` into `db`: brings the schema to the backup's migrations, replaces every table's
 * rows in one transaction, sets the sequences, then migrates to this version. Refuses a database
 * with users, records or audit events unless `force`.
 */
export const restoreBackup = async (
  db: Kysely<Database>,
  file: string,
  { force = false }: { force?: boolean } = {},
): Promise<{ rows: number }> => {
  const reader = readBackup(file);
  const first = await reader.next();
  if (first.done || !('format' in first.value)) throw new BackupError(`labdesk restore: ${file} is empty`);
  const header = first.value;
  const unknown = header.migrations.filter((m) => !(m in MIGRATIONS));
  if (unknown.length > 0)
    throw new BackupError(`labdesk restore: the backup comes from a newer labdesk (migrations ${unknown.join(', ')}); upgrade first`);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => ({ ...MIGRATIONS }) } });
  const last = header.migrations.at(-1);
  const migrated = last ? await migrator.migrateTo(last) : await migrator.migrateToLatest();
  if (migrated.error) throw migrated.error;
  refuseUnlessEmpty(await contentCounts(db), force);
  let rows = 0;
  let complete = false;
  await db.transaction().execute(async (trx) => {
    const tables = await tablesInOrder(trx);
    // Row types named with their schema: `null::box` would be PostgreSQL's geometric type box.
    const { rows: schemaRows } = await sql<{ s: string }>`select current_schema() as s`.execute(trx);
    const schema = quoteIdent(schemaRows[0]?.s ?? 'public');
    await sql`truncate table ${sql.raw(tables.map(quoteIdent).join(', '))} restart identity cascade`.execute(trx);
    let table: string | undefined;
    let batch: unknown[] = [];
    const flush = async () => {
      if (!table || batch.length === 0) return;
      if (!tables.includes(table)) throw new BackupError(`labdesk restore: the backup has a table ${table} this database lacks`);
      const t = sql.raw(`${schema}.${quoteIdent(table)}`);
      await sql`insert into ${t} overriding system value
        select * from jsonb_populate_recordset(null::${t}, ${JSON.stringify(batch)}::jsonb)`.execute(trx);
      rows += batch.length;
      batch = [];
    };
    for await (const line of reader) {
      if ('end' in line) {
        complete = line.rows === rows + batch.length;
        break;
      }
      if (!('t' in line)) continue;
      if (line.t !== table) {
        await flush();
        table = line.t;
      }
      batch.push(line.r);
      if (batch.length >= BATCH) await flush();
    }
    await flush();
    if (!complete) throw new BackupError(`labdesk restore: ${file} is incomplete (cut off before its end)`);
    for (const [name, value] of Object.entries(header.sequences))
      await sql`select setval(${quoteIdent(name)}::regclass, ${value})`.execute(trx);
  });
  const latest = await migrator.migrateToLatest();
  if (latest.error) throw latest.error;
  return { rows };
};
