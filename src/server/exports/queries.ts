// The export's SELECT: the view's WHERE and ORDER BY (the repositories' analysisWhere/samplesWhere
// and the views' sort columns, so an export holds exactly the view's rows in the view's order),
// but shaped for streaming a million rows:
// - one plain join ordered by the sort keys, without the view's row_number() window, which exists
//   for cutting pages and would cost a second sort of the whole set;
// - each row as ONE text column, a JSON array, decoded with JSON.parse: both drivers otherwise
//   parse every field of every row separately, which measured slower than the query itself
//   (1M analyses on PostgreSQL: 15 s per-field vs 11 s as JSON text; PGlite 100k: 8.5 s vs 3.2 s);
// - CSV and XLSX read only the requested cells, as text (cellsQuery); SAP and ZFT whole records.
import { sql, type RawBuilder } from 'kysely';
import type { AnalysisRecord } from '../repositories/analysis';
import { ANALYSIS_FIELDS, analysisWhere } from '../repositories/analysis';
import type { SampleRecord } from '../repositories/samples';
import { SAMPLE_FIELDS, samplesWhere } from '../repositories/samples';
import type { FieldMap } from '../views/fields';
import type { Campaign } from '../views/campaign';
import type { ViewRequest } from '../views/request';
import { FLAG_EXPORTED } from '../../domain/flags';
import { orderBy, type Condition } from '../views/sql';
import type { CellValue } from './columns';

export interface ExportQuery<R> {
  query: RawBuilder<{ j: string }>;
  decode: (row: { j: string }) => R;
  /**
   * Keyset pages for the default orders (aId; sample time and id): the next `limit` rows after the
   * last record (null: from the start). The embedded database uses it instead of a WITH HOLD cursor,
   * which runs the whole query at once and blocks the process for its duration (17 s at 1M rows).
   */
  keyset?: { page: (after: R | null, limit: number) => RawBuilder<{ j: string }> };
}

/** Each row as one JSON array of the record's fields (views/fields.ts: keys and SQL from the field map). */
const jsonArray = (fields: FieldMap) =>
  sql.raw(`json_build_array(${fields.json.map(([, ref]) => ref).join(', ')})::text as j`);

export const decodeAnalysis = ANALYSIS_FIELDS.decode as unknown as (row: { j: string }) => AnalysisRecord;
export const decodeSample = SAMPLE_FIELDS.decode as unknown as (row: { j: string }) => SampleRecord;

export const FIELD_KEYS = {
  analysis: ANALYSIS_FIELDS.json.map(([key]) => key),
  samples: SAMPLE_FIELDS.json.map(([key]) => key),
};

/**
 * The cursor's query sorts the joined rows as they are and builds each row's JSON only when it is
 * fetched: the subquery (kept apart by `offset 0`) sorts whole-row values of the tables, and the
 * outer select unpacks them again under the same aliases, so the columns' SQL reads as usual.
 * Written plainly, PostgreSQL computes the JSON below the sort — all of it before the first row
 * comes (1M analyses: first fetch after 6.2 s, the rest 0.1 s), while this process waits, then
 * formats with the database idle. Now the first fetch takes 1.7 s (join and sort) and the JSON is
 * built fetch by fetch, while this process formats the previous chunk. The outer select has no
 * ORDER BY of its own: it scans the sorted subquery once, in order (the tests check the order).
 */
const UNPACK_A = sql`cross join lateral (select (t.a).*) a`;
const UNPACK_S = sql`cross join lateral (select (t.s).*) s`;
const UNPACK_BP = sql`cross join lateral (select (t.bp).*) bp`;

const ANALYSIS_FROM = sql`from analysis a
  join sample s on s.s_id = a.s_id and s.s_stamp = a.s_stamp
  left join box_position bp on bp.s_id = a.s_id and bp.s_stamp = a.s_stamp`;

/** A row shape: the JSON array's SQL, its decoder and where the keyset's key is in the decoded row. */
interface Shape<R> {
  select: RawBuilder<unknown>;
  decode: (row: { j: string }) => R;
}

/**
 * The cells of CSV and XLSX: exactly the requested columns as text (ExportColumn.sql), in order,
 * then the keyset key (analysis: aId; samples: time and id), one JSON array per row as the records,
 * so that nothing but JSON.parse runs per row before the writer (whole records measured about 3×
 * the work per row: decode to an object, a getter per cell, number → text). Plain text columns
 * instead of the JSON array halve PostgreSQL's work (1M rows: 2.6 s instead of 6.3 s) but double
 * this process's (pg builds an object per row, 7 µs at 25 columns): the same CPU in all, and this
 * process is the one that runs single-threaded.
 */
export type Cells = CellValue[];

const cellsShape = (columns: readonly { sql: string }[], key: readonly string[]): Shape<Cells> => ({
  select: sql.raw(`json_build_array(${[...columns.map((c) => c.sql), ...key].join(', ')})::text as j`),
  decode: (row) => JSON.parse(row.j) as Cells,
});

const analysisQuery = <R>(
  request: ViewRequest,
  campaign: Campaign,
  shape: Shape<R>,
  aIdOf: (r: R) => number,
  extra?: Condition,
): ExportQuery<R> => {
  const view = analysisWhere(request, campaign).where;
  const where = extra ? sql`${view} and ${extra}` : view;
  const order = orderBy(request.sort, ANALYSIS_FIELDS.sortColumns);
  const only =
    request.sort.length === 1 && request.sort[0]!.field === 'aId' ? request.sort[0]!.direction : undefined;
  return {
    query: sql<{ j: string }>`select ${shape.select}
      from (select a, s, bp ${ANALYSIS_FROM} where ${where} order by ${order} offset 0) t
      ${UNPACK_A} ${UNPACK_S} ${UNPACK_BP}`,
    decode: shape.decode,
    ...(only && {
      keyset: {
        page: (after, limit) => {
          const next =
            after === null ? sql`true` : sql`a.a_id ${sql.raw(only === 'desc' ? '<' : '>')} ${aIdOf(after)}`;
          return sql<{ j: string }>`select ${shape.select} ${ANALYSIS_FROM}
            where ${where} and ${next} order by ${order} limit ${limit}`;
        },
      },
    }),
  };
};

/** Rows an earlier SAP/ZFT export flagged (first flag X, docs/dev/architecture.md#domain-decisions). */
const EXPORTED = sql<boolean>`a.a_flags like ${`${FLAG_EXPORTED}%`}`;
export const NOT_EXPORTED = sql<boolean>`coalesce(a.a_flags, '') not like ${`${FLAG_EXPORTED}%`}`;

/**
 * Whole analysis records (SAP and ZFT lay out their own fields); with `leaveOutExported` without
 * the rows an earlier export flagged X.
 */
export const analysisExportQuery = (
  request: ViewRequest,
  campaign: Campaign,
  options: { leaveOutExported?: boolean } = {},
): ExportQuery<AnalysisRecord> =>
  analysisQuery(
    request,
    campaign,
    { select: jsonArray(ANALYSIS_FIELDS), decode: decodeAnalysis },
    (r) => r.aId,
    options.leaveOutExported ? NOT_EXPORTED : undefined,
  );

/** How many of the view's rows an earlier export flagged X (what leaveOutExported leaves out). */
export const analysisExportedCount = (request: ViewRequest, campaign: Campaign): RawBuilder<{ n: number }> =>
  sql<{ n: number }>`select count(*)::int as n ${ANALYSIS_FROM}
    where ${analysisWhere(request, campaign).where} and ${EXPORTED}`;

/** The requested analysis cells; the last cell is the aId. */
export const analysisCellsQuery = (
  request: ViewRequest,
  campaign: Campaign,
  columns: readonly { sql: string }[],
): ExportQuery<Cells> =>
  analysisQuery(request, campaign, cellsShape(columns, ['a.a_id']), (v) => v[columns.length] as number);

const SAMPLE_FROM = sql`from sample s left join box_position bp on bp.s_id = s.s_id and bp.s_stamp = s.s_stamp`;

const sampleQuery = <R>(
  request: ViewRequest,
  campaign: Campaign,
  shape: Shape<R>,
  keyOf: (r: R) => readonly [string, string],
): ExportQuery<R> => {
  const where = samplesWhere(request, campaign);
  const order = orderBy(request.sort, SAMPLE_FIELDS.sortColumns);
  const [first, second] = request.sort;
  const byKey =
    request.sort.length === 2 &&
    first!.field === 'sampleId.sStamp' &&
    second!.field === 'sampleId.sId' &&
    first!.direction === second!.direction
      ? first!.direction
      : undefined;
  return {
    query: sql<{ j: string }>`select ${shape.select}
      from (select s, bp ${SAMPLE_FROM} where ${where} order by ${order} offset 0) t
      ${UNPACK_S} ${UNPACK_BP}`,
    decode: shape.decode,
    ...(byKey && {
      keyset: {
        page: (after, limit) => {
          let next = sql`true`;
          if (after !== null) {
            const [stamp, id] = keyOf(after);
            next = sql`(s.s_stamp, s.s_id) ${sql.raw(byKey === 'desc' ? '<' : '>')} (${stamp}::timestamp, ${id})`;
          }
          return sql<{ j: string }>`select ${shape.select} ${SAMPLE_FROM}
            where ${where} and ${next} order by ${order} limit ${limit}`;
        },
      },
    }),
  };
};

/** The requested sample cells; the last two cells are the sample time and id. */
export const sampleCellsQuery = (
  request: ViewRequest,
  campaign: Campaign,
  columns: readonly { sql: string }[],
): ExportQuery<Cells> =>
  sampleQuery(request, campaign, cellsShape(columns, ['s.s_stamp::text', 's.s_id']), (v) => [
    v[columns.length] as string,
    v[columns.length + 1] as string,
  ]);

/**
 * Whole analysis records (the SAP/ZFT layouts' input) that a caller picks by its own condition
 * over `a` (the analysis), in aId order: the Screens ZFT lays out its items' latest analyses.
 */
export const analysisRecordsWhere = (where: Condition, options: { lock?: boolean } = {}): RawBuilder<{ j: string }> =>
  sql<{ j: string }>`select ${jsonArray(ANALYSIS_FIELDS)} ${ANALYSIS_FROM} where ${where} order by a.a_id${
    options.lock ? sql` for update of a` : sql``
  }`;
