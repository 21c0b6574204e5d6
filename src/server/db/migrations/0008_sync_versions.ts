// Sync entries become versioned records (docs/dev/architecture.md#api-contract: a PUT with a stale version answers 409)
// and the sync ledger remembers how much of a file it imported (docs/sync.md: rows an instrument
// appends after its file was moved to done/ are imported on the next run).
//
// The version of a sync entry covers what a user edits, its schedule (time_interval, unit): every
// run writes status and last_sync, and a page open for a minute must not see its copy go stale by
// that. So the entry has its own trigger instead of migration 0002's bump_row_version.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sync_config')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`
    create function bump_sync_config_version() returns trigger language plpgsql as $$
    begin
      new.version := old.version;
      if (new.time_interval, new.unit) is distinct from (old.time_interval, old.unit) then
        new.version := old.version + 1;
      end if;
      return new;
    end
    $$`.execute(db);
  await sql`create trigger sync_config_version before update on sync_config
    for each row execute function bump_sync_config_version()`.execute(db);
  // The bytes of the file the import took (its tail is read from there) and its name in done/.
  await db.schema
    .alterTable('sync_file')
    .addColumn('bytes_imported', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('sync_file').addColumn('done_name', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sync_file').dropColumn('done_name').execute();
  await db.schema.alterTable('sync_file').dropColumn('bytes_imported').execute();
  await sql`drop trigger if exists sync_config_version on sync_config`.execute(db);
  await sql`drop function if exists bump_sync_config_version()`.execute(db);
  await db.schema.alterTable('sync_config').dropColumn('version').execute();
}
