// The 'log' sync (docs/sync.md): the instruments' own log lines, appended to the hardware log.
// A line is identified by its whole content (time, level, text): a file imported twice, or two
// files repeating a line, add it once, in the order of the file.
//
// A file's checked lines are staged (a temporary table, by COPY) and written at the end in one
// statement that leaves out the lines stored already. On PGlite the staging runs in short
// transactions that take turns with the views (sync/hiddenRun.ts ImportPacer) and only that
// statement is in the file's last transaction, with its ledger row: a 100,000-line file held the
// one session 8.8 s in one transaction, and a view waited all of it (docs/dev/architecture.md).
import { sql, type Kysely } from 'kysely';
import { copyCsvInto, csvField } from '../../db/copy-csv';
import type { Database } from '../../db/database';
import { cellDateTime, cellText, LineError } from '../csv';
import type { HiddenImporter, Importer } from './shared';

export const LOG_COLUMNS = ['dateCreated', 'level', 'info'] as const;
export const LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const;

interface LogLine {
  line: number;
  dateCreated: string;
  level: string;
  info: string;
}

const STAGE = 'sync_log_stage';
const stageTable = (name: string, clause: string) =>
  `create temporary table if not exists ${name} (line integer not null, date_created timestamp(0) not null, level text not null, info text not null) ${clause}`;

/** The lines as rows of the stage in COPY's CSV: the time and the level were checked, the text is quoted as needed. */
const stageLines = (db: Kysely<Database>, stage: string, lines: readonly LogLine[]) =>
  copyCsvInto(
    db,
    stage,
    lines.map((l) => `${l.line},${l.dateCreated},${l.level},${csvField(l.info)}`),
  );

/**
 * The staged file into the hardware log: each line once (its last place in the file), in file
 * order, unless stored already. Answers the file's lines, one per content.
 */
const writeStage = async (db: Kysely<Database>, stage: string): Promise<number> => {
  const { rows } = await sql<{ n: number }>`
    with lines as (
      select distinct on (date_created, level, info) line, date_created, level, info from ${sql.table(stage)}
      order by date_created, level, info, line desc
    ), written as (
      insert into hw_log (date_created, level, info)
      select l.date_created, l.level, l.info from lines l
      where not exists (select 1 from hw_log h where h.date_created = l.date_created and h.level = l.level and h.info = l.info)
      order by l.line
      returning 1
    )
    select count(*)::int as n from lines`.execute(db);
  return rows[0]!.n;
};

/** The transactions whose file is being staged. */
const staging = new WeakSet<Kysely<Database>>();

const runStage = (run: number) => `${STAGE}_${run}`;

/**
 * On PGlite: the lines staged in short transactions (a table of the session), written in the
 * reveal's. The hardware log has no run mark, so nothing of the file is written before.
 */
const stagedLog: HiddenImporter<LogLine> = {
  async stage(trx, run, lines) {
    await sql.raw(stageTable(runStage(run), '')).execute(trx);
    await stageLines(trx, runStage(run), lines);
  },
  async write() {},
  finish: (trx, run) => writeStage(trx, runStage(run)),
  async drop(db, run) {
    await sql.raw(`drop table if exists ${runStage(run)}`).execute(db);
  },
};

export const logImporter: Importer<LogLine> = {
  columns: LOG_COLUMNS,
  required: LOG_COLUMNS,
  line(r) {
    const level = r.get('level').toUpperCase();
    if (!(LOG_LEVELS as readonly string[]).includes(level))
      throw new LineError(r.line, `level '${r.get('level')}' is not one of ${LOG_LEVELS.join(', ')}`);
    const info = cellText(r, 'info', 4000);
    if (!info) throw new LineError(r.line, 'info is required');
    return { line: r.line, dateCreated: cellDateTime(r, 'dateCreated', true)!, level, info };
  },
  async write(trx, lines) {
    if (!staging.has(trx)) {
      await sql.raw(stageTable(STAGE, 'on commit drop')).execute(trx);
      staging.add(trx);
    }
    await stageLines(trx, STAGE, lines);
    return lines.length;
  },
  async finish(trx) {
    if (!staging.delete(trx)) return 0;
    const n = await writeStage(trx, STAGE);
    await sql.raw(`drop table ${STAGE}`).execute(trx);
    return n;
  },
  hidden: stagedLog,
};
