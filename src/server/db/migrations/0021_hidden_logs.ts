// A log file's lines are written hidden too (issue 28 item 3), like an analysis or sample file's
// rows (0016). The hardware log had no run mark, so on PGlite a log file's lines went in at the end
// in one statement, in the transaction that records the file: 0.7–0.8 s for a 100,000-line file on
// the bench campaign, which every view waited for. Now `hw_log` is a view over `hw_log_row` that
// leaves out the lines of runs not yet shown, and the log sync writes a file's lines in short
// transactions (sync/importers/log.ts), shown at once by the run's reveal.
//
// Nothing else writes a hidden line: the server's own lines (appendHwLog) go through the view, and
// no write updates a line, so the hardware log needs no show_on_update (0016's, for samples). The
// change events (0011's triggers) stay on the table under its new name.
import { sql, type Kysely } from 'kysely';
import { HIDDEN_LOG, showRows } from './0016_hidden_imports';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`alter table ${HIDDEN_LOG} rename to ${HIDDEN_LOG}_row`).execute(db);
  await sql.raw(`alter table ${HIDDEN_LOG}_row add column pending integer`).execute(db);
  await sql.raw(`create index ${HIDDEN_LOG}_row_pending_idx on ${HIDDEN_LOG}_row (pending) where pending is not null`).execute(db);
  await showRows(db, HIDDEN_LOG);
  // A line is looked up by its whole content (sync/importers/log.ts): by time alone an index probe
  // read every line of that second (84 on the bench campaign, 0.045 ms each, 100 ms per slice of
  // 2,000 lines); with the text's hash it finds the line or nothing (0.001 ms). The hash, not the
  // text: a btree entry holds at most about 2,700 bytes, and a line's text may have 4,000 characters.
  await sql.raw(`create index ${HIDDEN_LOG}_row_content_idx on ${HIDDEN_LOG}_row (date_created, level, md5(info))`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`drop index ${HIDDEN_LOG}_row_content_idx`).execute(db);
  await sql.raw(`drop view ${HIDDEN_LOG}`).execute(db);
  await sql.raw(`delete from ${HIDDEN_LOG}_row r where r.pending in (select run from import_hidden)`).execute(db);
  await sql.raw(`alter table ${HIDDEN_LOG}_row drop column pending`).execute(db);
  await sql.raw(`alter table ${HIDDEN_LOG}_row rename to ${HIDDEN_LOG}`).execute(db);
}
