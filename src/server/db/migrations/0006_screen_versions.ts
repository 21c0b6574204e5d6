// Screens become editable records (docs/dev/product-rules.md#calls PUT /screens/{scrId}): a `version` bumped by the trigger
// of migration 0002, so a PUT from an outdated copy answers 409 (docs/dev/architecture.md#api-contract). A screen number
// names one screen: an import is idempotent by screen number and SampleID (docs/dev/architecture.md#domain-decisions), so
// the number is unique (its "C"-collated btree also serves the view's "starts with" filter).
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('screen')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`create trigger screen_version before update on screen for each row execute function bump_row_version()`.execute(
    db,
  );
  await sql`drop index if exists screen_name_idx`.execute(db);
  await sql`create unique index screen_name_key on screen (name)`.execute(db);
  await sql`create index screen_date_created_idx on screen (date_created)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists screen_date_created_idx`.execute(db);
  await sql`drop index if exists screen_name_key`.execute(db);
  await sql`create index screen_name_idx on screen (name)`.execute(db);
  await sql`drop trigger if exists screen_version on screen`.execute(db);
  await db.schema.alterTable('screen').dropColumn('version').execute();
}
