// Row versions for optimistic concurrency (docs/dev/architecture.md#api-contract: "Editable records carry a `version`; a
// PUT with a stale version answers 409 … no silent lost update") and credential versions for
// access tokens (a password change or an account removal ends the sessions signed before it).
//
// The version is bumped by a trigger, not by each writer: rows also change by paths that are not a
// PUT (the SAP/ZFT exports flag analyses, the sample file import upserts samples, a sample's new
// key cascades to its analyses), and every one of those must make a copy read before it stale.
// The trigger bumps only when a column really changed, so a write that changes nothing (an
// idempotent re-import) leaves the version — and the records the lab has open — valid. Writers
// never set the version themselves; the trigger ignores a value they try to set.
//
// A later table with a PUT (box positions, boxes, screens) gets its version with
// `add column version integer not null default 1` and the same `bump_row_version` trigger.
import { sql, type Kysely } from 'kysely';

/** The tables whose records the API edits with PUT today. */
export const VERSIONED_TABLES = ['analysis', 'sample', 'config_limit', 'config_setting'] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function bump_row_version() returns trigger language plpgsql as $$
    begin
      new.version := old.version;
      if new is distinct from old then
        new.version := old.version + 1;
      end if;
      return new;
    end
    $$`.execute(db);
  for (const table of VERSIONED_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await sql`create trigger ${sql.raw(`${table}_version`)} before update on ${sql.table(table)}
      for each row execute function bump_row_version()`.execute(db);
  }

  // Credential versions come from one sequence, so a value is never reused: an account removed
  // and added again under the same email starts with a version no old token of it can carry.
  await sql`create sequence app_user_credential_version_seq`.execute(db);
  await db.schema
    .alterTable('app_user')
    .addColumn('credential_version', 'bigint', (c) =>
      c.notNull().defaultTo(sql`nextval('app_user_credential_version_seq')`),
    )
    .execute();
  // Whatever changes how an account signs in or what it may do (password, role, email) ends the
  // tokens issued before — by the user CLI or any later path, without each having to remember it.
  await sql`
    create function bump_credential_version() returns trigger language plpgsql as $$
    begin
      if new.password_hash is distinct from old.password_hash
        or new.role is distinct from old.role
        or new.email is distinct from old.email then
        new.credential_version := nextval('app_user_credential_version_seq');
      else
        new.credential_version := old.credential_version;
      end if;
      return new;
    end
    $$`.execute(db);
  await sql`create trigger app_user_credential_version before update on app_user
    for each row execute function bump_credential_version()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists app_user_credential_version on app_user`.execute(db);
  await sql`drop function if exists bump_credential_version()`.execute(db);
  await db.schema.alterTable('app_user').dropColumn('credential_version').execute();
  await sql`drop sequence if exists app_user_credential_version_seq`.execute(db);
  for (const table of VERSIONED_TABLES) {
    await sql`drop trigger if exists ${sql.raw(`${table}_version`)} on ${sql.table(table)}`.execute(db);
    await db.schema.alterTable(table).dropColumn('version').execute();
  }
  await sql`drop function if exists bump_row_version()`.execute(db);
}
