// Boxes become editable records (docs/dev/product-rules.md#calls PUT /boxes/{id}): a `version` bumped by the trigger of
// migration 0002, so a PUT from an outdated copy answers 409 (docs/dev/architecture.md#api-contract). Box positions carry
// no version of their own: every write of a box's positions locks the box row and rewrites the list
// in one transaction (services/boxes-positions.ts), so two writers of one box queue up.
//
// Indexes of the boxes view (docs/dev/product-rules.md#field-rules filters bId and name "starts with", type equal; sorts by
// every column): the key's text_pattern_ops index serves `b_id like 'A1%'` in any collation, the
// lower(name) one the case-blind name prefix.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('box')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`create trigger box_version before update on box for each row execute function bump_row_version()`.execute(
    db,
  );
  await sql`create index box_b_id_pattern_idx on box (b_id text_pattern_ops)`.execute(db);
  await sql`create index box_name_lower_idx on box (lower(name) text_pattern_ops)`.execute(db);
  await sql`create index box_name_idx on box (name)`.execute(db);
  await sql`create index box_type_idx on box (type)`.execute(db);
  await sql`create index box_num_max_idx on box (num_max)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    'box_num_max_idx',
    'box_type_idx',
    'box_name_idx',
    'box_name_lower_idx',
    'box_b_id_pattern_idx',
  ]) {
    await sql`drop index if exists ${sql.raw(index)}`.execute(db);
  }
  await sql`drop trigger if exists box_version on box`.execute(db);
  await db.schema.alterTable('box').dropColumn('version').execute();
}
