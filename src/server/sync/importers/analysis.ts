// The 'analysis' sync (docs/sync.md): an instrument's results, one line per analysis, upserted by
// the natural key (sId, sStamp, dateIn): the same measurement sent again updates its analysis
// instead of adding one, so a file imported twice changes nothing. A sample the lab has not seen
// yet is created with the defaults (the sample file may arrive later and fills it in). Values are
// kept as measured and flagged L/H against the limits (docs/dev/architecture.md#domain-decisions Flags): aFlags positions
// 2–7 are recomputed, the first character (farmer, test, exported) is kept.
import { sql, type Kysely } from 'kysely';
import { analyzePrepared, HIDDEN_SLICE, prepareNextSuspects, refreshOwnSuspects } from '../hiddenRun';
import { SUSPECTS_AT_REVEAL } from '../../db/migrations/0019_hidden_suspects';
import { DEFAULT_FLAGS } from '../../../domain/constants';
import { computeAFlags } from '../../../domain/flags';
import { LANE_MESSAGE, SID_MESSAGE } from '../../../domain/messages';
import { SID_PATTERN } from '../../../domain/rules/fields';
import { copyCsvInto, csvField } from '../../db/copy-csv';
import type { Database } from '../../db/database';
import { loadLimitBounds } from '../../services/limits';
import { cellDateTime, cellInt, cellNumber, cellPattern, cellText } from '../csv';
import { checkPrecision, countKeyed, lastOfEachKey, snake, type HiddenImporter, type Importer } from './shared';

export const ANALYSIS_MEASURES = [
  'pol',
  'nat',
  'kal',
  'an',
  'glu',
  'dry',
  'weightMea',
  'weightNrm',
  'weightCur',
  'weightDif',
  'density',
] as const;
type Measure = (typeof ANALYSIS_MEASURES)[number];

export const ANALYSIS_COLUMNS = ['sId', 'sStamp', 'dateIn', 'dateOut', ...ANALYSIS_MEASURES, 'lane', 'comment'] as const;

interface AnalysisLine {
  line: number;
  sId: string;
  sStamp: string;
  dateIn: string;
  dateOut: string | null;
  values: Record<Measure, number | null>;
  lane: number | null;
  comment: string | null;
}

type Limits = Awaited<ReturnType<typeof loadLimitBounds>>;

/** The transactions whose file is being staged, with the limits its flags are computed against. */
const staged = new WeakMap<Kysely<Database>, { limits: Limits }>();

const STAGE = 'sync_analysis_stage';
const MEASURE_COLUMNS = ANALYSIS_MEASURES.map(snake);
/**
 * A file's checked lines, staged in its transaction (a temporary table: no WAL, no index, no
 * trigger); its analyses are written at the end in one statement, after the file's last line of
 * each key is known (keyedStage). `a_flags` holds the
 * flags of a new analysis; for a stored one, positions 2–7 are taken from it (computeAFlags).
 */
const STAGE_TABLE = `create temporary table ${STAGE} (
  line integer not null, s_id text not null, s_stamp timestamp not null, date_in timestamp not null, a_flags text not null,
  date_out timestamp, ${MEASURE_COLUMNS.map((c) => `${c} numeric`).join(', ')}, lane smallint, comment text
) on commit drop`;

/**
 * A checked line as a row of the stage in COPY's CSV, its columns in the stage's order. The
 * date-times and numbers were checked (cellDateTime, cellNumber), so they need no quotes; a number
 * is written as String(number), as the array parameters wrote it before.
 */
const stageRow = (l: AnalysisLine, limits: Limits): string => {
  let row = `${l.line},${csvField(l.sId)},${l.sStamp},${l.dateIn},${csvField(computeAFlags(DEFAULT_FLAGS, l.values, limits))},${l.dateOut ?? ''}`;
  for (const m of ANALYSIS_MEASURES) row += `,${l.values[m] ?? ''}`;
  return `${row},${l.lane ?? ''},${csvField(l.comment)}`;
};

/**
 * A chunk of checked lines into the stage `stage` (the transaction's, or a hidden run's) as one COPY
 * of CSV text (db/copy-csv.ts; on PGlite 1.0–2.8 s for 100,000 lines against 2.7–5.6 s as arrays of
 * 5,000, interleaved, load 8–9).
 */
const stageLines = (db: Kysely<Database>, stage: string, lines: readonly AnalysisLine[], limits: Limits): Promise<void> =>
  copyCsvInto(db, stage, lines, (l) => stageRow(l, limits));

/**
 * The samples of a chunk the lab has not seen yet, created with the defaults as the chunk is staged:
 * in the file's transaction, while the next chunk is read and checked (importRows), where at the end
 * they were one more statement the file waited for (100,000 new samples: 1.3–1.6 s on PostgreSQL).
 * Samples are only ever added, whatever a later line says, so chunk by chunk adds the same rows;
 * their change events add up in the transaction's one event (0011), and their report summary is
 * noted for the commit (0014).
 */
const addSamples = (trx: Kysely<Database>, lines: readonly AnalysisLine[]): Promise<unknown> => {
  const samples = lastOfEachKey(lines, (l) => `${l.sId}|${l.sStamp}`);
  return sql`insert into sample (s_id, s_stamp)
    select * from unnest(${samples.map((l) => l.sId)}::text[], ${samples.map((l) => l.sStamp)}::timestamp[])
    on conflict do nothing`.execute(trx);
};

/** The stored flags with positions 2–7 of the staged ones (computeAFlags on a stored analysis). */
const FLAGS_BASE = `rpad(coalesce(nullif(a.a_flags, ''), '${DEFAULT_FLAGS}'), greatest(7, length(coalesce(nullif(a.a_flags, ''), '${DEFAULT_FLAGS}'))), '-')`;
const KEPT_FLAGS = `left(${FLAGS_BASE}, 1) || substr(s.a_flags, 2, 6) || substr(${FLAGS_BASE}, 8)`;

/**
 * The staged file's lines, one per natural key (the file's last line of a key wins), numbered in
 * file order (`rn`), each with the stored analysis it updates (`a_id`, the key's first analysis).
 * The stored analyses are found by sId alone and matched on the whole key in a hash join: a join
 * on the whole key leaves the plan to the planner's guess, and with analyses sharing one sStamp or
 * dateIn it may walk that column's index once per row (a 30,000-line file of one stamp took minutes
 * and grew with every import, issue 29). `temporary`: the table's clause (its transaction's or the
 * session's).
 */
async function keyedStage(db: Kysely<Database>, stage: string, temporary: string): Promise<void> {
  await sql.raw(`create temporary table ${stage}_last ${temporary} as
    select row_number() over (order by d.line) as rn, d.* from (
      select distinct on (s.s_id, s.s_stamp, s.date_in) s.*, null::bigint as a_id
      from ${stage} s order by s.s_id, s.s_stamp, s.date_in, s.line desc) d`).execute(db);
  await sql.raw(`drop table ${stage}`).execute(db);
  // Its statistics, so that the planner joins the stored analyses by hash, not row by row: of the
  // key's columns only (the row count comes with them), 0.1 s where all twenty took 0.8–1.1 s on
  // PGlite for 100,000 lines (one statement a view waits for).
  await sql.raw(`analyze ${stage}_last (s_id, s_stamp, date_in)`).execute(db);
  await sql.raw(`with stored as materialized (
      select a.a_id, a.s_id, a.s_stamp, a.date_in from analysis a
      where a.s_id in (select distinct s_id from ${stage}_last) and a.date_in is not null
    ), first as (
      select distinct on (s_id, s_stamp, date_in) a_id, s_id, s_stamp, date_in from stored order by s_id, s_stamp, date_in, a_id
    )
    update ${stage}_last s set a_id = f.a_id from first f
    where f.s_id = s.s_id collate "C" and f.s_stamp = s.s_stamp and f.date_in = s.date_in`).execute(db);
}

/** The stored analyses the file names, updated: positions 2–7 of their flags and the file's columns. */
const updateStored = (trx: Kysely<Database>, stage: string, names: readonly string[]) =>
  sql.raw(`update analysis a set a_flags = ${KEPT_FLAGS}${names.map((n) => `, ${n} = s.${n}`).join('')}
    from ${stage}_last s
    where s.a_id is not null and a.a_id = s.a_id`).execute(trx);

const insertedColumns = (names: readonly string[]) => ['s_id', 's_stamp', 'date_in', 'a_flags', ...names];

const optionalNames = (columns: ReadonlySet<string>): string[] =>
  ['dateOut', ...ANALYSIS_MEASURES, 'lane', 'comment'].filter((c) => columns.has(c.toLowerCase())).map(snake);

/** The staged file, written in its transaction (its new samples are, chunk by chunk: addSamples): its analyses updated or added. */
async function writeStaged(trx: Kysely<Database>, optional: readonly string[]): Promise<number> {
  await keyedStage(trx, STAGE, 'on commit drop');
  const names = optional.map(snake);
  await updateStored(trx, STAGE, names);
  const inserted = insertedColumns(names);
  await sql.raw(`insert into analysis (${inserted.join(', ')})
    select ${inserted.map((n) => `s.${n}`).join(', ')} from ${STAGE}_last s where s.a_id is null order by s.line`).execute(trx);
  const n = await countKeyed(trx, STAGE);
  await sql.raw(`drop table ${STAGE}_last`).execute(trx);
  return n;
}

const hiddenStage = (run: number) => `${STAGE}_${run}`;

/** The analysis sync as a hidden run (sync/hiddenRun.ts): what PGlite runs instead of one transaction. */
const hiddenAnalysis: HiddenImporter<AnalysisLine> = {
  async stage(db, run, lines) {
    const stage = hiddenStage(run);
    let limits = hiddenLimits.get(run);
    if (!limits) {
      await sql.raw(STAGE_TABLE.replace(STAGE, stage).replace(' on commit drop', '')).execute(db);
      hiddenLimits.set(run, (limits = await loadLimitBounds(db)));
    }
    await stageLines(db, stage, lines, limits);
  },
  async write(db, run, columns, pacer) {
    const stage = hiddenStage(run);
    hiddenLimits.delete(run);
    await keyedStage(db, stage, '');
    await sql.raw(`create index on ${stage}_last (rn)`).execute(db);
    const total = await countKeyed(db, stage);
    const inserted = insertedColumns(optionalNames(columns));
    for (let from = 0; from < total; from += HIDDEN_SLICE) {
      const slice = `s.rn > ${from} and s.rn <= ${from + HIDDEN_SLICE}`;
      await pacer.step(async (trx) => {
        // Its new samples' suspects are computed once, after their analyses (0020), not on insert (0019).
        await sql.raw(`set local ${SUSPECTS_AT_REVEAL} = 'on'`).execute(trx);
        await sql.raw(`insert into sample_row (s_id, s_stamp, pending)
          select distinct s.s_id, s.s_stamp, ${run} from ${stage}_last s where ${slice} on conflict do nothing`).execute(trx);
        await sql.raw(`insert into analysis_row (${inserted.join(', ')}, pending)
          select ${inserted.map((n) => `s.${n}`).join(', ')}, ${run} from ${stage}_last s
          where s.a_id is null and ${slice} order by s.rn`).execute(trx);
        const keys = `select s.s_id, s.s_stamp from ${stage}_last s where ${slice}`;
        await refreshOwnSuspects(trx, run, keys);
        // The stored samples of its new analyses: their rows as they will be once the run is shown (0023).
        await prepareNextSuspects(trx, run, `${keys} and s.a_id is null`);
      }, true);
    }
    await analyzePrepared(pacer);
  },
  async finish(trx, run, columns) {
    const stage = hiddenStage(run);
    await updateStored(trx, stage, optionalNames(columns));
    return countKeyed(trx, stage);
  },
  async drop(db, run) {
    hiddenLimits.delete(run);
    const stage = hiddenStage(run);
    await sql.raw(`drop table if exists ${stage}`).execute(db);
    await sql.raw(`drop table if exists ${stage}_last`).execute(db);
  },
};

/** The limits a hidden run's flags are computed against, from its first chunk on. */
const hiddenLimits = new Map<number, Limits>();

export const analysisImporter: Importer<AnalysisLine> = {
  columns: ANALYSIS_COLUMNS,
  required: ['sId', 'sStamp', 'dateIn'],
  line(r) {
    const values = {} as Record<Measure, number | null>;
    for (const m of ANALYSIS_MEASURES) {
      values[m] = cellNumber(r, m);
      checkPrecision(r, m, values[m]);
    }
    return {
      line: r.line,
      sId: cellPattern(r, 'sId', SID_PATTERN, SID_MESSAGE, true)!,
      sStamp: cellDateTime(r, 'sStamp', true)!,
      dateIn: cellDateTime(r, 'dateIn', true)!,
      dateOut: cellDateTime(r, 'dateOut'),
      values,
      lane: cellInt(r, 'lane', 0, 3, LANE_MESSAGE),
      comment: cellText(r, 'comment', 2000),
    };
  },
  async write(trx, lines) {
    let stage = staged.get(trx);
    if (!stage) {
      await sql.raw(STAGE_TABLE).execute(trx);
      staged.set(trx, (stage = { limits: await loadLimitBounds(trx) }));
    }
    await stageLines(trx, STAGE, lines, stage.limits);
    await addSamples(trx, lines);
    return lines.length;
  },
  async finish(trx, columns) {
    if (!staged.delete(trx)) return 0;
    const optional = ['dateOut', ...ANALYSIS_MEASURES, 'lane', 'comment'].filter((c) => columns.has(c.toLowerCase()));
    return writeStaged(trx, optional);
  },
  hidden: hiddenAnalysis,
};
