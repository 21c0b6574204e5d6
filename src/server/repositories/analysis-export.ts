// The Analysis export's SELECT (exports/queries.ts has the shared parts and why they are shaped
// so): the view's rows in the view's order, whole records for SAP/ZFT and the requested cells for
// CSV and XLSX, and whole records by any condition (the Screens ZFT lays out its items' analyses).
import { sql, type RawBuilder } from 'kysely';
import { FLAG_EXPORTED } from '../../domain/flags';
import {
  cellsShape,
  decodeWith,
  fieldKeys,
  jsonArray,
  unpack,
  type Cells,
  type ExportQuery,
  type Shape,
} from '../exports/queries';
import type { Campaign } from '../views/campaign';
import type { ViewRequest } from '../views/request';
import { orderBy, type Condition } from '../views/sql';
import { ANALYSIS_FIELDS, analysisWhere, type AnalysisRecord } from './analysis';

export const decodeAnalysis = decodeWith<AnalysisRecord>(ANALYSIS_FIELDS);
export const ANALYSIS_FIELD_KEYS = fieldKeys(ANALYSIS_FIELDS);

const ANALYSIS_FROM = sql`from analysis a
  join sample s on s.s_id = a.s_id and s.s_stamp = a.s_stamp
  left join box_position bp on bp.s_id = a.s_id and bp.s_stamp = a.s_stamp`;

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
      ${unpack('a')} ${unpack('s')} ${unpack('bp')}`,
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

/**
 * Whole analysis records (the SAP/ZFT layouts' input) that a caller picks by its own condition
 * over `a` (the analysis), in aId order: the Screens ZFT lays out its items' latest analyses.
 */
export const analysisRecordsWhere = (
  where: Condition,
  options: { lock?: boolean } = {},
): RawBuilder<{ j: string }> =>
  sql<{ j: string }>`select ${jsonArray(ANALYSIS_FIELDS)} ${ANALYSIS_FROM} where ${where} order by a.a_id${
    options.lock ? sql` for update of a` : sql``
  }`;
