// The suspects of a hidden run's samples are kept while the run is written, not at its reveal
// (issue 28 item 3). A sample file on PGlite writes its samples hidden in short transactions
// (0016), and its reveal then recomputed the report's suspects of every one of them: each new
// sample is a suspect until it has an analysis, so 100,000 rows inserted into report_suspect in
// the reveal's one transaction, which every view waited for (4.6 s of a 100,000-row file's reveal).
//
// Now the suspects are computed from `sample_row`, hidden samples included, and each row carries
// its sample's run mark (`pending`): the reports read them through `report_suspect_shown`, which
// leaves out the rows of hidden runs as the `sample` view leaves out their samples. A hidden
// write's statements (session_replication_role = replica, which turns the other triggers off) fire
// the triggers below, enabled ALWAYS: they recompute the suspects of the samples the statement
// wrote or deleted, in its short transaction. So a run's samples have their suspects when the run
// is shown, and the reveal needs only those of the run's analyses; a failed run's delete takes its
// suspects with it. (An analysis file's new samples are left to its reveal: SUSPECTS_AT_REVEAL.)
//
// Why the rows stay right while hidden: a suspect row depends on its sample (every write to
// sample_row fires 0010's triggers, or these), on the sample's shown analyses (0010's triggers on
// analysis recompute their samples, now found in sample_row even while hidden), on the limits
// (report_refresh_all, now over sample_row too) and on a hidden run's analyses (that run's reveal
// recomputes their samples).
import { sql, type Kysely } from 'kysely';
import { refreshAllFunction, refreshSuspectsFunction, type SuspectSource } from './0010_report_summary';
import { shownRun } from './0016_hidden_imports';

/**
 * Set (locally) by a hidden write whose samples' suspects are computed later: an analysis file's new
 * samples are the samples of its analyses, recomputed once these are written (0020,
 * sync/hiddenRun.ts refreshOwnSuspects; until 0020, at the reveal).
 */
export const SUSPECTS_AT_REVEAL = 'labdesk.suspects_at_reveal';

/**
 * With 0010's subqueries for the limits, where 0013 had read them as one row: no difference measured
 * (PostgreSQL 15 runs each subquery once per statement, an InitPlan: 0.80–0.95 s either way for the
 * suspects of 100,000 samples, 2026-11-27), so it stays as it ran.
 */
export const SOURCE_0019: SuspectSource = { samples: 'sample_row', pending: true, limitsRow: false };
/** What it replaced: report_refresh_suspects as 0013 made it, report_refresh_all as 0010 did. */
const SOURCE_0013: SuspectSource = { samples: 'sample', pending: false, limitsRow: true };

const EVENTS = [
  ['insert', 'new table as new_rows', 'select s_id, s_stamp from new_rows'],
  ['update', 'old table as old_rows new table as new_rows', 'select s_id, s_stamp from old_rows union all select s_id, s_stamp from new_rows'],
  ['delete', 'old table as old_rows', 'select s_id, s_stamp from old_rows'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table report_suspect add column pending integer`.execute(db);
  await sql.raw(refreshSuspectsFunction(SOURCE_0019)).execute(db);
  await sql.raw(refreshAllFunction(SOURCE_0019)).execute(db);
  await sql.raw(`create view report_suspect_shown as select * from report_suspect r where ${shownRun('r')}`).execute(db);
  for (const [event, referencing, keys] of EVENTS) {
    // Only the hidden writes: in the origin role 0010's triggers (0014's notes) do it. A hidden
    // write that leaves them to its reveal says so (SUSPECTS_AT_REVEAL).
    await sql
      .raw(`create function report_sample_hidden_${event}() returns trigger language plpgsql as $$ begin
        if current_setting('session_replication_role') = 'replica'
          and current_setting('${SUSPECTS_AT_REVEAL}', true) is distinct from 'on' then
          perform report_refresh_suspects(k.ids, k.stamps)
          from (select array_agg(s_id) as ids, array_agg(s_stamp) as stamps from (${keys}) as r) as k;
        end if;
        return null; end $$`)
      .execute(db);
    await sql
      .raw(`create trigger report_sample_hidden_${event} after ${event} on sample_row referencing ${referencing}
        for each statement execute function report_sample_hidden_${event}()`)
      .execute(db);
    await sql.raw(`alter table sample_row enable always trigger report_sample_hidden_${event}`).execute(db);
  }
  // Rows written before this migration have no mark: no hidden sample had a suspect row then (the
  // suspects were computed from the `sample` view), and a run left hidden is discarded, not shown.
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [event] of EVENTS) {
    await sql.raw(`drop trigger if exists report_sample_hidden_${event} on sample_row`).execute(db);
    await sql.raw(`drop function if exists report_sample_hidden_${event}()`).execute(db);
  }
  await sql`drop view report_suspect_shown`.execute(db);
  await sql.raw(refreshSuspectsFunction(SOURCE_0013)).execute(db);
  await sql.raw(refreshAllFunction(SOURCE_0013)).execute(db);
  await sql`delete from report_suspect r where r.pending is not null and r.pending in (select run from import_hidden)`.execute(db);
  await sql`alter table report_suspect drop column pending`.execute(db);
}
