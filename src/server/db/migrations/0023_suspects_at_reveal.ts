// An analysis file of stored samples no longer recomputes their suspects in its reveal (issue 28
// item 3). On PGlite such a file's analyses are written hidden in short transactions (0016), and
// until its reveal the report must show their samples without them; so the reveal recomputed the
// suspect row of each of its samples in its one transaction: 2.4 s for 100,000, which every view
// waited for. That is the common case: the sample file comes first. (A file's new samples have had
// theirs computed as it is written since 0020.)
//
// Now each hidden slice also prepares, for the shown samples of its analyses, the row each will have
// once the run is shown (report_next_suspects: the shown analyses and the run's counted), kept in
// `report_suspect_next` beside the one the report reads. The reveal swaps them in
// (report_show_next): a delete and an insert of the few rows that are suspects, where it recomputed
// every sample.
//
// Why a prepared row is still right at the reveal: it depends on what a recomputation of its sample
// depends on (0019's notes), and every recomputation of a sample drops the prepared rows of that
// sample, whichever run made them (report_refresh_suspects, under the same lab-day locks); a change of
// the limits drops them all (report_refresh_all); a later slice with more of the run's analyses of
// the sample prepares it again. A sample whose row was dropped is recomputed at the reveal's commit,
// as before. A reveal drops the prepared rows of its samples that other runs made (they did not count
// its analyses); a failed run's rows are deleted with its other rows (sync/hiddenRun.ts discardRun).
// On PostgreSQL no run is hidden, the table stays empty, and a recomputation's extra delete finds
// nothing.
import { sql, type Kysely } from 'kysely';
import {
  nextSuspectsFunction,
  refreshAllFunction,
  refreshSuspectsFunction,
  showNextFunction,
  SUSPECT_NEXT,
  type SuspectSource,
} from './0010_report_summary';
import { shownRun } from './0016_hidden_imports';
import { SOURCE_0022 } from './0022_flagged_facts';

const SOURCE_0023: SuspectSource = { ...SOURCE_0022, nextRows: true };

/** A sample's analyses once the run `next_run` is shown: the shown ones and the run's. */
const AFTER_REVEAL = `(${shownRun('x')} or x.pending = next_run)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Its key first, then the run: a recomputation drops a sample's rows of every run.
  await sql.raw(`create table ${SUSPECT_NEXT} (like report_suspect, kept boolean not null, run integer not null,
    primary key (s_id, s_stamp, run))`).execute(db);
  await sql.raw(`create index ${SUSPECT_NEXT}_run_idx on ${SUSPECT_NEXT} (run)`).execute(db);
  await sql.raw(refreshSuspectsFunction(SOURCE_0023)).execute(db);
  await sql.raw(refreshAllFunction(SOURCE_0023)).execute(db);
  await sql.raw(nextSuspectsFunction({ ...SOURCE_0022, analyses: { keyed: AFTER_REVEAL, all: AFTER_REVEAL } })).execute(db);
  await sql.raw(showNextFunction()).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function report_show_next(integer)`.execute(db);
  await sql`drop function report_next_suspects(integer, varchar[], timestamp[])`.execute(db);
  await sql.raw(refreshSuspectsFunction(SOURCE_0022)).execute(db);
  await sql.raw(refreshAllFunction(SOURCE_0022)).execute(db);
  await sql.raw(`drop table ${SUSPECT_NEXT}`).execute(db);
}
