// Fewer indexes for every new analysis to update (issue 28: imports at database speed). Each index
// of `analysis` and `sample` was checked against the queries that could use it — the Analysis and
// Samples views and their exports (views/sql.ts, listSource.ts), the reports (repositories/
// reports.ts), the sync's and the upload's lookups, the report triggers (0010, 0013, 0014), the
// foreign keys and the unique keys — with EXPLAIN ANALYZE of the views' real statements on the bench
// campaign (100,000 analyses, PostgreSQL 15; PGlite's "C" collation checked for the LIKE filters).
// Three of analysis's ten go, none needed by a query; every new analysis of an import updated each
// (on PGlite a randomly keyed one such as reverse(s_id) misses its 8 MB buffer cache at nearly every
// row). Measured under a heavy load, the gain did not show above the noise
// (docs/dev/architecture.md, the import path):
//
// - analysis_lane_idx: the lane filter keeps a quarter of the rows (lanes 0–3); the planner's plan
//   through the index took 71 ms against 24 ms for the aId walk that filters as it goes. A sort by
//   lane gets only its first key from it: the page is still a sort of every row of the first lane.
// - analysis_a_flags_idx: the aFlags filter is a LIKE, which a plain btree serves only under the
//   "C" collation (PGlite's, not a PostgreSQL database made with another, e.g. C.UTF-8: there it was
//   never used); the exclusions are NOT LIKE, the exports' "already exported" a count over the
//   view's rows. Without it such a view reads the campaign's analyses once — what every view's
//   count and averages read anyway. Its sort, like lane's, has a handful of values to order by.
// - analysis_s_id_reverse_idx: an analysis's sId ends as its sample's does (the foreign key), so
//   the suffix filter finds the samples of that ending through sample_s_id_reverse_idx and their
//   analyses through analysis_sample_idx (views/sql.ts suffixBySample): 0.1 ms either way.
//
// Kept: the key; analysis_sample_idx (the foreign key's cascades, the suspects' recomputation, the
// sync's lookup of stored analyses by sId, the sId filters); analysis_s_stamp_id_idx (the
// campaign and sStamp ranges); date_in (the day window every admin view opens with); date_out (the
// reports and their recomputation at each write's commit); date_exported (its day filter, 0.1 ms
// against 35 ms without; a new analysis adds a null at the index's end); pol (the sort by pol, a
// case of the view bench: 57–73 ms against 195–206 ms without — the one index a sort needs and
// whose random keys cost an import most: the next candidate if imports must give more). `sample`
// keeps its five: the key (every lookup of the imports), the stamp (the default sort, the
// campaign, the received report), reverse(s_id) (now both lists' suffix filter), s_flags and lane
// (the Samples view sorted by either measured 3–7× faster with them: its aggregate is a count
// only, so the sort is most of its time). `report_suspect`, rewritten for the samples an import touched, keeps its key (the
// rewrite's delete, and one row per sample) and its stamp (the suspicious report's span).
import { sql, type Kysely } from 'kysely';

/** The dropped indexes as 0001 made them. */
const DROPPED = [
  ['analysis_lane_idx', 'analysis (lane)'],
  ['analysis_a_flags_idx', 'analysis (a_flags)'],
  ['analysis_s_id_reverse_idx', 'analysis ((reverse(s_id)) text_pattern_ops)'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [index] of DROPPED) await sql.raw(`drop index ${index}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [index, on] of DROPPED) await sql.raw(`create index ${index} on ${on}`).execute(db);
}
