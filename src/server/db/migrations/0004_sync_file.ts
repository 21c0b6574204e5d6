// The sync ledger (docs/dev/architecture.md#domain-decisions Synchronization): one row per imported or refused instrument
// file, keyed by the entry, the file's name and a hash of its content. The row is written in the
// same transaction as the file's data, so after a crash (kill -9 between the commit and the move
// to done/) a restart finds the file recorded and moves it on instead of importing it twice; a
// file the crash caught before the commit has left nothing and is imported whole.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sync_file')
    .addColumn('sync_id', 'varchar(16)', (c) => c.notNull().references('sync_config.sync_id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull().check(sql`status in ('DONE','FAILED')`))
    .addColumn('rows_imported', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'text')
    .addColumn('run_id', 'bigint')
    .addColumn('imported_at', sql`timestamp(0) without time zone`, (c) =>
      c.notNull().defaultTo(sql`localtimestamp(0)`),
    )
    .addPrimaryKeyConstraint('sync_file_pk', ['sync_id', 'file_name', 'content_hash'])
    .execute();
  // Analyses arrive by (sample, dateIn): the sync's upsert looks them up by sample first.
  await db.schema.createIndex('sync_run_status_idx').on('sync_run').columns(['sync_id', 'status']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sync_run_status_idx').ifExists().execute();
  await db.schema.dropTable('sync_file').ifExists().execute();
}
