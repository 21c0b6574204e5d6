// A box's position list becomes a versioned record of its own (issue 29: no list save is lost): the
// column `positions_version` on the box row counts the list's changes. Every write of the list (the
// page's PUT of the whole list, one position created, changed or removed, a box sync file) locks
// the box row, compares the version the client read where it sends one, stores the list and bumps
// the count when the list changed (services/boxes-positions.ts, sync/importers/box.ts).
//
// The box's own `version` (migration 0005) counts changes of the box's fields only: a list change
// bumps `positions_version`, and the box's trigger ignores that column, so a box edit started before
// a scan is not refused as 'changed by someone else'.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('box')
    .addColumn('positions_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`
    create function bump_box_version() returns trigger language plpgsql as $$
    begin
      new.version := old.version;
      if (to_jsonb(new) - 'positions_version') is distinct from (to_jsonb(old) - 'positions_version') then
        new.version := old.version + 1;
      end if;
      return new;
    end
    $$`.execute(db);
  await sql`drop trigger box_version on box`.execute(db);
  await sql`create trigger box_version before update on box for each row execute function bump_box_version()`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger box_version on box`.execute(db);
  await sql`create trigger box_version before update on box for each row execute function bump_row_version()`.execute(
    db,
  );
  await sql`drop function bump_box_version()`.execute(db);
  await db.schema.alterTable('box').dropColumn('positions_version').execute();
}
