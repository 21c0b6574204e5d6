// An import's report summary, recomputed once at its commit instead of after each of its
// statements (migration 0014_report_deferred): the sync files and their appended lines.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';

/** Within `trx`: the lab days and samples its writes touch are recomputed once, when it commits. */
export const deferReportSummary = async (trx: Kysely<Database>): Promise<void> => {
  await sql`select report_defer()`.execute(trx);
};
