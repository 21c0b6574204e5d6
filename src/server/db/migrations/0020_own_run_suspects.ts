// A hidden analysis run's own samples get their suspects as its analyses are written, not at its
// reveal (issue 28 item 3). An analysis file on PGlite writes its new samples and analyses hidden,
// in short transactions (0016), and its reveal recomputed the suspects of every sample of its
// analyses: for a 100,000-line file of new samples, about 2 s in the reveal's one transaction,
// which every view waited for.
//
// A sample's suspect row now counts the shown analyses and, while the sample is a hidden run's own
// (`sample_row.pending` = the run), that run's analyses too. Such a row is hidden itself until the
// run is shown (0019's `report_suspect_shown`), and at the reveal its analyses and it show in the
// same commit, so the row is right from then on; a failed run's samples are deleted with their rows.
// A shown sample counts the shown analyses only, as before: the reveal still recomputes the samples
// of the run's analyses that are not the run's own (stored samples, or a sample another write
// took from the run: 0016's show_on_update). The whole-table pass (a limit changed) counts them the
// same way. On PostgreSQL no run is hidden and every row counts the shown analyses, as before.
import { sql, type Kysely } from 'kysely';
import { refreshAllFunction, refreshSuspectsFunction, type SuspectSource } from './0010_report_summary';
import { shownRun } from './0016_hidden_imports';
import { SOURCE_0019 } from './0019_hidden_suspects';

/** An analysis `x` counts for its sample: it is shown, or it is of the hidden run whose own the sample is. */
export const SOURCE_0020: SuspectSource = {
  ...SOURCE_0019,
  analyses: {
    keyed: `(${shownRun('x')} or x.pending = s.pending)`,
    all: `(${shownRun('x')} or exists (select 1 from sample_row o
      where o.s_id = x.s_id and o.s_stamp = x.s_stamp and o.pending = x.pending))`,
  },
};

/** The suspects of the hidden runs' samples, recomputed with the rule in force. */
const refreshHidden = (db: Kysely<unknown>) =>
  sql`select report_refresh_suspects(k.ids, k.stamps)
    from (select array_agg(s_id) as ids, array_agg(s_stamp) as stamps
          from sample_row where pending in (select run from import_hidden)) as k
    where k.ids is not null`.execute(db);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(refreshSuspectsFunction(SOURCE_0020)).execute(db);
  await sql.raw(refreshAllFunction(SOURCE_0020)).execute(db);
  // A run hidden now (none is, in practice: PGlite discards them at its start) counts its analyses from here on.
  await refreshHidden(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(refreshSuspectsFunction(SOURCE_0019)).execute(db);
  await sql.raw(refreshAllFunction(SOURCE_0019)).execute(db);
  await refreshHidden(db);
}
