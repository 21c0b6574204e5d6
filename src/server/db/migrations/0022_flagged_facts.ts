// The suspects read the values of a sample's analyses only for the rows the report keeps (issue 28
// items 2 and 3). Until now each recomputation built, for every sample it looked at, the JSON of its
// analyses' values ordered by aId, and then dropped it for the nineteen samples in twenty that are
// not suspicious: a sort and an aggregate per sample, a quarter of the time of the 100,000 samples an
// analysis file's commit recomputes (850 → 670 ms on PostgreSQL), and of an upload's, and of the
// reveal of a file of stored samples on PGlite, which every view waits for. The rule and the rows
// are the same (tests/server/report-summary.test.ts compares them with a direct computation).
import { sql, type Kysely } from 'kysely';
import { refreshAllFunction, refreshSuspectsFunction, type SuspectSource } from './0010_report_summary';
import { SOURCE_0020 } from './0020_own_run_suspects';

export const SOURCE_0022: SuspectSource = { ...SOURCE_0020, flaggedFacts: true };

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(refreshSuspectsFunction(SOURCE_0022)).execute(db);
  await sql.raw(refreshAllFunction(SOURCE_0022)).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(refreshSuspectsFunction(SOURCE_0020)).execute(db);
  await sql.raw(refreshAllFunction(SOURCE_0020)).execute(db);
}
