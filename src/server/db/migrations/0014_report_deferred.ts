// The report summary of an import, recomputed once at its commit (issue 28). Migration 0010's
// statement-level triggers recompute the lab days and samples each statement touched, at once; an
// import writes a file in several statements (the analysis sync: its new samples, then its
// analyses; the sample sync: a statement per chunk), so the same samples were recomputed once per
// statement — the suspects of a 100,000-line analysis file twice, most of its import's time.
//
// A transaction that calls report_defer() has its triggers only note what they touched (the lab
// days of received samples and of done analyses, the sample keys) in temporary tables of its
// session; a deferred constraint trigger recomputes all of it once, at COMMIT, inside the
// transaction (a failure there fails the commit: nothing of the file is kept). The recomputation
// reads the tables as they are then, so it is right whatever the statements did in between; a
// rollback (of the transaction or a savepoint) takes the notes with it. Writes after it (none
// today: it runs at commit) would be recomputed at once again, as without report_defer().
// Transactions that do not call it are unchanged.
import { sql, type Kysely } from 'kysely';
import { LAB_DAY_START_HOUR } from '../../../domain/reports';

const HOURS = `interval '${LAB_DAY_START_HOUR} hours'`;
const DEFERRED = `current_setting('labdesk.report_deferred', true) = 'on'`;

const rowsOf = (tables: readonly string[], columns: string): string =>
  tables.map((t) => `select ${columns} from ${t}`).join(' union all ');

const EVENTS = [
  ['insert', ['new_rows']],
  ['update', ['old_rows', 'new_rows']],
  ['delete', ['old_rows']],
] as const;

/** 0010's bodies: recompute now. */
const immediate = (table: 'sample' | 'analysis', tables: readonly string[]): string =>
  (table === 'sample'
    ? `perform report_refresh_received(array(select distinct (s_stamp - ${HOURS})::date from (${rowsOf(tables, 's_stamp')}) as r));`
    : `perform report_refresh_analysed(array(select distinct (date_out - ${HOURS})::date from (${rowsOf(tables, 'date_out')}) as r));`) +
  `
   perform report_refresh_suspects(k.ids, k.stamps)
   from (select array_agg(s_id) as ids, array_agg(s_stamp) as stamps from (${rowsOf(tables, 's_id, s_stamp')}) as r) as k;`;

/** This migration's: note what the statement touched when the transaction deferred its summary. */
const noting = (table: 'sample' | 'analysis', tables: readonly string[]): string => `
  if ${DEFERRED} then
    insert into report_pending_day (kind, day)
    select distinct ${table === 'sample' ? `'r', (s_stamp - ${HOURS})::date` : `'a', (date_out - ${HOURS})::date`}
    from (${rowsOf(tables, table === 'sample' ? 's_stamp' : 'date_out')}) as r
    where ${table === 'sample' ? 's_stamp' : 'date_out'} is not null;
    insert into report_pending_key (s_id, s_stamp) select s_id, s_stamp from (${rowsOf(tables, 's_id, s_stamp')}) as r;
    return null;
  end if;
  ${immediate(table, tables)}`;

const replaceTriggerFunctions = async (db: Kysely<unknown>, body: typeof immediate): Promise<void> => {
  for (const table of ['sample', 'analysis'] as const)
    for (const [event, tables] of EVENTS)
      await sql
        .raw(`create or replace function report_${table}_${event}() returns trigger language plpgsql as $$ begin
          ${body(table, tables)}
          return null; end $$`)
        .execute(db);
};

export async function up(db: Kysely<unknown>): Promise<void> {
  // At commit: everything noted, recomputed once; the transaction's later writes recompute at once.
  await sql
    .raw(`create function report_flush() returns trigger language plpgsql as $$ begin
      if not coalesce(${DEFERRED}, false) then return null; end if;
      perform set_config('labdesk.report_deferred', 'off', true);
      perform report_refresh_received(array(select distinct day from report_pending_day where kind = 'r'));
      perform report_refresh_analysed(array(select distinct day from report_pending_day where kind = 'a'));
      perform report_refresh_suspects(k.ids, k.stamps)
      from (select array_agg(s_id) as ids, array_agg(s_stamp) as stamps
            from (select distinct s_id, s_stamp from report_pending_key) as d) as k;
      delete from report_pending_day;
      delete from report_pending_key;
      return null; end $$`)
    .execute(db);
  // The session's note tables are made by its first deferring transaction and emptied at every commit.
  await sql
    .raw(`create function report_defer() returns void language plpgsql as $$ begin
      if coalesce(${DEFERRED}, false) then return; end if;
      if to_regclass('pg_temp.report_pending_commit') is null then
        create temporary table report_pending_day (kind "char" not null, day date not null) on commit delete rows;
        create temporary table report_pending_key (s_id varchar(13) collate "C" not null, s_stamp timestamp(0) not null)
          on commit delete rows;
        create temporary table report_pending_commit (deferred boolean not null) on commit delete rows;
        create constraint trigger report_flush after insert on report_pending_commit
          deferrable initially deferred for each row execute function report_flush();
      end if;
      perform set_config('labdesk.report_deferred', 'on', true);
      insert into report_pending_commit values (true);
      end $$`)
    .execute(db);
  await replaceTriggerFunctions(db, noting);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await replaceTriggerFunctions(db, immediate);
  await sql`drop function if exists report_defer()`.execute(db);
  await sql`drop function if exists report_flush() cascade`.execute(db);
}
