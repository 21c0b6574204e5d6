// Undo (docs/dev/architecture.md#undo): the audit events of one write are one change.
// - change_id: the writing transaction's id (txid_current(), the same on PGlite and PostgreSQL), set by
//   the column's default, so every way of writing audit_event (recordAudit, the set-based inserts of
//   the screen transfer and the imports) groups its events without passing anything;
// - written_at: when the event was written (clock_timestamp(), sub-second), which the undo window
//   is measured from (`at` keeps its whole seconds for the trail);
// - undo_of: on the events an undo wrote, the change id it undid.
// Old events keep null change ids: they are never undoable. A transaction id can come again after a
// restore into a new cluster; the undo looks only at events written within its window, so an old
// event with the same id is never taken for a new one.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('audit_event')
    .addColumn('change_id', 'bigint')
    .addColumn('written_at', 'timestamptz')
    .addColumn('undo_of', 'bigint')
    .execute();
  // Defaults set after the columns exist: the rows already there keep nulls instead of the
  // migration's own transaction id and time.
  await sql`alter table audit_event alter column change_id set default txid_current()`.execute(db);
  await sql`alter table audit_event alter column written_at set default clock_timestamp()`.execute(db);
  await db.schema.createIndex('audit_event_change_idx').on('audit_event').column('change_id').execute();
  await db.schema.createIndex('audit_event_undo_of_idx').on('audit_event').column('undo_of').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('audit_event_undo_of_idx').execute();
  await db.schema.dropIndex('audit_event_change_idx').execute();
  await db.schema.alterTable('audit_event').dropColumn('undo_of').dropColumn('written_at').dropColumn('change_id').execute();
}
