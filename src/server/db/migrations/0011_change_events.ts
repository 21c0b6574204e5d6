// Change events (docs/dev/architecture.md#change-events): every committed write leaves one row in
// change_event per resource it touched, and a NOTIFY on 'labdesk_change' carrying that row's id.
//
// The database writes them itself, so no write path can forget one (the generic record routes, the
// services, box positions, batch updates, SAP/ZFT flagging, screen transfers, a sample upload, a sync
// file, a bulk COPY of the importers alike): STATEMENT-level triggers with transition tables, one per
// table and event, fold what a statement touched into the transaction's row for that resource — the
// first statement inserts it and notifies, later ones add their keys (at most EVENT_KEYS_CAP) and
// their count. A rollback takes the row and the NOTIFY with it; PostgreSQL delivers the NOTIFY only
// at commit, to the listeners of every instance (PGlite delivers it to its own `listen()` the same way).
//
// Who wrote: the transaction's setting `labdesk.actor` when the writer set one (the sync sets
// 'sync:<entry>'), else the actor of the transaction's audit events (a trigger on audit_event
// fills it in), else null (the server itself).
//
// The table is the bounded window a reconnecting client resumes from (events/hub.ts prunes it).
import { sql, type Kysely } from 'kysely';
import { EVENT_KEYS_CAP } from '../../../domain/events';

export const CHANGE_CHANNEL = 'labdesk_change';
/** A live feed, not data: a backup leaves it out (backup/dump.ts). */
export const CHANGE_EVENT_TABLE = 'change_event';

/** Each watched table: the resource it belongs to, its key as text, whether it has `version`. */
const WATCHED: readonly { table: string; resource: string; key: string; versioned: boolean }[] = [
  { table: 'analysis', resource: 'analysis', key: 'a_id::text', versioned: true },
  { table: 'sample', resource: 'samples', key: `s_id || '|' || to_char(s_stamp, 'YYYY-MM-DD HH24:MI:SS')`, versioned: true },
  { table: 'box', resource: 'boxes', key: 'b_id', versioned: true },
  { table: 'box_position', resource: 'boxes', key: 'b_id', versioned: false },
  { table: 'screen', resource: 'screens', key: 'scr_id::text', versioned: true },
  { table: 'screen_item', resource: 'screens', key: 'scr_id::text', versioned: false },
  { table: 'config_limit', resource: 'limits', key: 'name', versioned: true },
  { table: 'config_setting', resource: 'settings', key: 'name', versioned: true },
  { table: 'sync_config', resource: 'sync', key: 'sync_id', versioned: true },
  { table: 'sync_run', resource: 'sync', key: 'sync_id', versioned: false },
  { table: 'sync_file', resource: 'sync', key: 'sync_id', versioned: false },
  { table: 'hw_log', resource: 'logs', key: 'log_id::text', versioned: false },
  { table: 'app_user', resource: 'users', key: 'email', versioned: false },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table change_event (
    id bigserial primary key,
    tx bigint not null default txid_current(),
    resource text not null,
    keys jsonb not null default '[]',
    count integer not null default 0,
    version integer,
    actor text,
    at timestamp(0) not null default localtimestamp(0)
  )`.execute(db);
  await sql`create index change_event_tx on change_event (tx, resource)`.execute(db);
  await sql`create index change_event_at on change_event (at)`.execute(db);

  // Folds one statement's rows into the transaction's event of the resource.
  await sql.raw(`create function change_event_add(res text, new_keys text[], n integer, ver integer) returns void
    language plpgsql as $$
    declare
      row_id bigint;
      merged jsonb;
    begin
      if n = 0 then return; end if;
      select id into row_id from change_event where tx = txid_current() and resource = res;
      if row_id is null then
        insert into change_event (resource, keys, count, version, actor)
          values (res, to_jsonb(new_keys[1:${EVENT_KEYS_CAP}]), n, case when n = 1 then ver end,
                  nullif(current_setting('labdesk.actor', true), ''))
          returning id into row_id;
        perform pg_notify('${CHANGE_CHANNEL}', row_id::text);
      else
        select coalesce(jsonb_agg(k), '[]') into merged from (
          select k from (select jsonb_array_elements_text(keys) as k from change_event where id = row_id
                         union select unnest(new_keys)) as u limit ${EVENT_KEYS_CAP}) as m;
        -- Below the cap the keys are all of them; above it the count adds up what each statement wrote.
        -- One record written twice keeps its newest version (an unversioned table's statement keeps it too).
        update change_event set
          keys = merged,
          count = case when jsonb_array_length(merged) < ${EVENT_KEYS_CAP} then jsonb_array_length(merged) else count + n end,
          version = case when jsonb_array_length(merged) = 1 then coalesce(ver, version) end
        where id = row_id;
      end if;
    end $$`).execute(db);

  for (const w of WATCHED) {
    for (const [event, table] of [
      ['insert', 'new_rows'],
      ['update', 'new_rows'],
      ['delete', 'old_rows'],
    ] as const) {
      const name = `change_${w.table}_${event}`;
      const version = w.versioned && event !== 'delete' ? `(select max(version) from ${table})` : 'null';
      await sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin
        perform change_event_add('${w.resource}',
          array(select distinct ${w.key} from ${table} limit ${EVENT_KEYS_CAP}),
          (select count(distinct ${w.key})::int from ${table}), ${version});
        return null; end $$`).execute(db);
      await sql.raw(`create trigger ${name} after ${event} on ${w.table}
        referencing ${table === 'new_rows' ? 'new' : 'old'} table as ${table}
        for each statement execute function ${name}()`).execute(db);
    }
  }

  // The audit trail names who wrote: it fills in the transaction's events that do not say yet.
  await sql.raw(`create function change_event_actor() returns trigger language plpgsql as $$ begin
      update change_event set actor = (select actor from new_rows limit 1)
        where tx = txid_current() and actor is null;
      if coalesce(current_setting('labdesk.actor', true), '') = '' then
        perform set_config('labdesk.actor', (select actor from new_rows limit 1), true);
      end if;
      return null; end $$`).execute(db);
  await sql`create trigger change_event_actor after insert on audit_event referencing new table as new_rows
    for each statement execute function change_event_actor()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists change_event_actor on audit_event`.execute(db);
  await sql`drop function if exists change_event_actor()`.execute(db);
  for (const w of WATCHED)
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger if exists change_${w.table}_${event} on ${w.table}`).execute(db);
      await sql.raw(`drop function if exists change_${w.table}_${event}()`).execute(db);
    }
  await sql`drop function if exists change_event_add(text, text[], integer, integer)`.execute(db);
  await sql`drop table if exists change_event`.execute(db);
}
