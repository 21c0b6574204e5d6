// The suspects of given samples (report_refresh_suspects, migration 0010) read the limits once per
// statement instead of once per sample: 0010 compared each analysis with `(select min from
// config_limit where name = …)`, a subquery inside the lateral join that PostgreSQL ran again for
// every sample of the statement — twelve look-ups per sample, most of the time of a 100,000-sample
// import (issue 28). The limits are now one row (computed once, `materialized`) joined to every
// sample; what is computed is the same (a limit that is not set compares as null, as the empty
// subquery did).
//
// And a sample's rows are found by their whole key whatever index the planner picks: the stamp
// indexes of sample, analysis and report_suspect become (s_stamp, s_id). With the stamp alone, a
// lookup by (s_id, s_stamp) whose estimate ties between the key's index and the stamp's took the
// stamp's, and walked every row of that stamp — an import's samples share few stamps (the bench
// file: 540 stamps for 100,000 lines). That is the lookup of PostgreSQL's own foreign-key check of
// each new analysis (`… where s_id = $1 and s_stamp = $2 for key share`, a generic plan: 0.25 ms
// per line, 25 s of a 100,000-line file), of its cascade when samples are deleted, and of the
// suspects' lateral join (160 s of that file on PostgreSQL, 74 s on PGlite, with the subqueries).
// The two-column index serves the stamp ranges of the views and reports as the old one did.
// (Measured again on 2026-11-27: PostgreSQL 15 runs the limits' subqueries once per statement, as
// InitPlans, so the time above was the stamp index's walk; both ways now take the same time.)
import { sql, type Kysely } from 'kysely';
import { refreshSuspectsFunction } from './0010_report_summary';

// The function's text is built by 0010's builders, as 0019 builds its own.
const BY_ROW = refreshSuspectsFunction({ samples: 'sample', pending: false, limitsRow: true });
const BY_SUBQUERY = refreshSuspectsFunction({ samples: 'sample', pending: false, limitsRow: false });

/** [table, old index, new index]; the old ones as 0001, 0003 and 0010 made them. */
const STAMP_INDEXES = [
  ['sample', 'sample_s_stamp_idx', 'sample_s_stamp_id_idx'],
  ['analysis', 'analysis_s_stamp_idx', 'analysis_s_stamp_id_idx'],
  ['report_suspect', 'report_suspect_s_stamp_idx', 'report_suspect_s_stamp_id_idx'],
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(BY_ROW).execute(db);
  for (const [table, old, index] of STAMP_INDEXES) {
    await sql.raw(`create index ${index} on ${table} (s_stamp, s_id)`).execute(db);
    await sql.raw(`drop index ${old}`).execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, old, index] of STAMP_INDEXES) {
    await sql.raw(`create index ${old} on ${table} (s_stamp)`).execute(db);
    await sql.raw(`drop index ${index}`).execute(db);
  }
  await sql.raw(BY_SUBQUERY).execute(db);
}
