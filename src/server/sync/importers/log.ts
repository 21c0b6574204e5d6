// The 'log' sync (docs/sync.md): the instruments' own log lines, appended to the hardware log.
// A line is identified by its whole content (time, level, text): a file imported twice, or two
// files repeating a line, add it once, in the order of the file.
//
// A file's checked lines are staged (a temporary table, by COPY) and written at the end in one
// statement that leaves out the lines stored already. On PGlite the file is a hidden run
// (sync/hiddenRun.ts, migration 0021): staged in short transactions, its lines written hidden a
// slice at a time, all shown by the reveal with its ledger row; a 100,000-line file had held the one
// session 8.8 s in one transaction, then 0.7–0.8 s for its last statement, and a view waited for it
// (docs/dev/architecture.md).
import { sql, type Kysely } from 'kysely';
import { copyCsvInto, csvField } from '../../db/copy-csv';
import type { Database } from '../../db/database';
import { HIDDEN_SLICE } from '../hiddenRun';
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
    lines,
    (l) => `${l.line},${l.dateCreated},${l.level},${csvField(l.info)}`,
  );

/** A line of `b` with the content of the line of `a`: its hash first, so that the content index (0021) serves it. */
const sameContent = (a: string, b: string) =>
  `${b}.date_created = ${a}.date_created and ${b}.level = ${a}.level and md5(${b}.info) = md5(${a}.info) and ${b}.info = ${a}.info`;

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
      where not exists (select 1 from hw_log h where ${sql.raw(sameContent('l', 'h'))})
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
 * The lines of a run's stage with `line` in (from, to] that the hardware log takes, written hidden
 * as the run's in file order: each line whose content comes no later in the file (its last place,
 * as writeStage) and is not stored already. Answers those lines, stored or not (the file's lines
 * one per content, counted a slice at a time). Each line's later twin is looked for through the
 * stage's content index: `offset 0` keeps the planner from making the lookup a hash join, which
 * read the whole stage once per slice (60 ms each on the bench's 100,000-line file, against 20 ms).
 */
const writeSlice = async (trx: Kysely<Database>, run: number, from: number, to: number): Promise<number> => {
  const stage = sql.table(runStage(run));
  const { rows } = await sql<{ n: number }>`
    with last as (
      select s.line, s.date_created, s.level, s.info from ${stage} s
      where s.line > ${from} and s.line <= ${to} and not exists (
        select 1 from ${stage} t where ${sql.raw(sameContent('s', 't'))} and t.line > s.line offset 0)
    ), written as (
      insert into hw_log_row (date_created, level, info, pending)
      select l.date_created, l.level, l.info, ${run} from last l
      where not exists (select 1 from hw_log h where ${sql.raw(sameContent('l', 'h'))})
      order by l.line
      returning 1
    )
    select count(*)::int as n from last`.execute(trx);
  return rows[0]!.n;
};

/** A hidden run's lines, one per content, once written (its reveal's count). */
const runLines = new Map<number, number>();

/**
 * On PGlite: the lines staged in short transactions (a table of the session, with the indexes the
 * slices look lines up by), then written hidden a slice of HIDDEN_SLICE file lines at a time.
 * A line stored by another write meanwhile is not looked for again at the reveal: the log sync's
 * runs take turns (its entry's lock), and the server's own lines are its own words.
 */
const stagedLog: HiddenImporter<LogLine> = {
  async stage(trx, run, lines) {
    const stage = runStage(run);
    if (!runLines.has(run)) {
      await sql.raw(stageTable(stage, '')).execute(trx);
      await sql.raw(`create index on ${stage} (date_created, level, md5(info))`).execute(trx);
      await sql.raw(`create index on ${stage} (line)`).execute(trx);
      runLines.set(run, 0);
    }
    await stageLines(trx, stage, lines);
  },
  async write(db, run, _columns, pacer) {
    const stage = runStage(run);
    // Its statistics (the row count and the lines' numbers), so that each slice reads its lines by index.
    await pacer.step((trx) => sql.raw(`analyze ${stage} (line)`).execute(trx), false);
    const { rows } = await sql<{ last: number | null }>`select max(line) as last from ${sql.table(stage)}`.execute(db);
    let n = 0;
    for (let from = 0; from < (rows[0]?.last ?? 0); from += HIDDEN_SLICE)
      n += await pacer.step((trx) => writeSlice(trx, run, from, from + HIDDEN_SLICE), true);
    runLines.set(run, n);
  },
  finish: async (_trx, run) => runLines.get(run) ?? 0,
  async drop(db, run) {
    runLines.delete(run);
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
