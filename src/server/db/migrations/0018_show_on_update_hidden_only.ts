// 0016's show_on_update takes the mark off a sample only while its run is hidden. It took it off any
// marked sample, and a revealed run's samples keep their mark (nothing reads it), so the first update
// of such a sample changed `pending` and made the row distinct from before: the version trigger
// (0002, which fires after this one) bumped the version of a sample whose values did not change, and
// a sample upload of the same values counted it as updated and audited it.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function show_on_update() returns trigger language plpgsql as $$ begin
      if exists (select 1 from import_hidden where run = old.pending) then
        new.pending := null;
      end if;
      return new;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function show_on_update() returns trigger language plpgsql as $$ begin
      new.pending := null;
      return new;
    end $$`.execute(db);
}
