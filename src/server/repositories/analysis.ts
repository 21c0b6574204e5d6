// Reads of analyses (ARCHITECTURE §4 Analysis JSON) and the Analysis view. Queries only, with
// explicit column lists; row → entity mapping in one place (toAnalysis) for the write and export
// code to reuse.
//
// The view is ONE statement: an aggregate over the whole matching set (count and the six averages)
// cross-joined laterally with the page. The page is cut from `analysis` alone (joined to `sample` /
// `box_position` only when a filter or sort key needs them) and only its ≤15000 rows are joined for
// the sample's name, weights and boxPos — so a deep page (offset 500,000) skips rows on one index
// instead of joining half a million rows it then throws away.
import { ANALYSIS_REGISTRY } from '../../domain/columns/analysis';
import { keyAliases } from '../../domain/columns/registry';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Analysis, AnalysisAverage } from '../../domain/entities/analysis';
import type { FilterColumn } from '../../domain/filter';
import type { SampleKey } from '../../domain/ids';
import type { Database, LabTime } from '../db/database';
import type { Campaign } from '../views/campaign';
import {
  and,
  campaignCondition,
  exclusionConditions,
  filterConditions,
  orderBy,
  ownSortField,
  selectionConditions,
  sortUses,
  type Condition,
  type FilterTargets,
  type SortColumns,
} from '../views/sql';
import { totalPages, type ViewRequest, type ViewRules } from '../views/request';

type Db = Kysely<Database> | Transaction<Database>;

/** One analysis row with its sample's shown fields, as every analysis read selects it. */
export interface AnalysisRecord {
  aId: number;
  sId: string;
  sStamp: LabTime;
  aFlags: string;
  dateIn: LabTime | null;
  dateOut: LabTime | null;
  pol: number | null;
  nat: number | null;
  kal: number | null;
  an: number | null;
  glu: number | null;
  dry: number | null;
  weightMea: number | null;
  weightNrm: number | null;
  weightCur: number | null;
  weightDif: number | null;
  density: number | null;
  lane: number | null;
  comment: string | null;
  dateExported: LabTime | null;
  weightNet: number | null;
  weightBru: number | null;
  name: string | null;
  bId: string | null;
  boxPosId: number | null;
}

/** What the API's reads select: the record and its version (the exports need no version). */
export interface VersionedAnalysisRecord extends AnalysisRecord {
  version: number;
}

const ANALYSIS_COLUMNS = [
  'a_id',
  's_id',
  's_stamp',
  'a_flags',
  'date_in',
  'date_out',
  'pol',
  'nat',
  'kal',
  'an',
  'glu',
  'dry',
  'weight_mea',
  'weight_nrm',
  'weight_cur',
  'weight_dif',
  'density',
  'lane',
  'comment',
  'date_exported',
  'version',
] as const;

const columnsOf = (alias: string): RawBuilder<unknown> => sql.raw(ANALYSIS_COLUMNS.map((c) => `${alias}.${c}`).join(', '));

export const camel = (snake: string): string => snake.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
/** `a.s_id as "sId"`: rows arrive with the record's own keys, so the views can skip the plugin's per-row rewrite. */
export const aliased = (refs: readonly string[]): string =>
  refs.map((ref) => `${ref} as "${camel(ref.slice(ref.indexOf('.') + 1))}"`).join(', ');

/** The output columns: analysis `a`, sample `s`, box position `bp` (left-joined). */
const RECORD_COLUMNS = sql.raw(
  aliased([...ANALYSIS_COLUMNS.map((c) => `a.${c}`), 's.weight_net', 's.weight_bru', 's.name', 'bp.b_id', 'bp.box_pos_id']),
);

const SAMPLE_JOIN = sql.raw('join sample s on s.s_id = a.s_id and s.s_stamp = a.s_stamp');
const BOX_JOIN = sql.raw('left join box_position bp on bp.s_id = a.s_id and bp.s_stamp = a.s_stamp');

export const boxPosText = (bId: string | null, boxPosId: number | null): string | null =>
  bId === null || boxPosId === null ? null : `${bId}/${boxPosId}`;

export const toAnalysis = (r: VersionedAnalysisRecord): Analysis => ({
  aId: r.aId,
  sample: {
    sampleId: { sId: r.sId, sStamp: r.sStamp },
    weightNet: r.weightNet,
    weightBru: r.weightBru,
    name: r.name,
    boxPos: boxPosText(r.bId, r.boxPosId),
  },
  aFlags: r.aFlags,
  dateIn: r.dateIn,
  dateOut: r.dateOut,
  pol: r.pol,
  nat: r.nat,
  kal: r.kal,
  an: r.an,
  glu: r.glu,
  dry: r.dry,
  weightMea: r.weightMea,
  weightNrm: r.weightNrm,
  weightCur: r.weightCur,
  weightDif: r.weightDif,
  density: r.density,
  lane: r.lane,
  comment: r.comment,
  dateExported: r.dateExported,
  version: r.version,
});

// ---- single reads ---------------------------------------------------------------------------------

const selectRecords = (where: Condition, order = sql.raw('a.a_id'), limit?: number): RawBuilder<VersionedAnalysisRecord> =>
  sql<VersionedAnalysisRecord>`select ${RECORD_COLUMNS} from analysis a ${SAMPLE_JOIN} ${BOX_JOIN}
    where ${where} order by ${order}${limit === undefined ? sql`` : sql` limit ${limit}`}`;

/** One analysis by aId (a decimal string within bigint, or a number), or undefined. */
export const findAnalysis = async (db: Db, aId: number | string): Promise<Analysis | undefined> => {
  const { rows } = await selectRecords(sql`a.a_id = ${String(aId)}`).execute(db.withoutPlugins());
  return rows[0] && toAnalysis(rows[0]);
};

/** Every analysis of one sample, oldest aId first. */
export const analysesOfSample = async (db: Db, key: SampleKey): Promise<Analysis[]> => {
  const { rows } = await selectRecords(sql`a.s_id = ${key.sId} and a.s_stamp = ${key.sStamp}::timestamp`).execute(
    db.withoutPlugins(),
  );
  return rows.map(toAnalysis);
};

/** Lookup cap of the prefix search: it feeds the selection card, which holds at most 1000. */
export const STARTS_WITH_LIMIT = 1000;

/** Analyses whose sId starts with `prefix` (digits), by sId, stamp and aId; at most STARTS_WITH_LIMIT. */
export const analysesBySIdPrefix = async (db: Db, prefix: string, limit = STARTS_WITH_LIMIT): Promise<Analysis[]> => {
  const { rows } = await selectRecords(
    sql`a.s_id like ${`${prefix}%`}`,
    sql.raw('a.s_id, a.s_stamp, a.a_id'),
    limit,
  ).execute(db.withoutPlugins());
  return rows.map(toAnalysis);
};

// ---- the view -------------------------------------------------------------------------------------

/** Filter columns of the Analysis view (spec §3 plus the sample's stamp, name and box). */
export const ANALYSIS_FILTER_TARGETS: FilterTargets = {
  aId: { kind: 'column', ref: 'a.a_id' },
  sId: { kind: 'column', ref: 'a.s_id' },
  sampleId: { kind: 'column', ref: 'a.s_id' },
  sStamp: { kind: 'column', ref: 'a.s_stamp' },
  dateIn: { kind: 'column', ref: 'a.date_in' },
  dateOut: { kind: 'column', ref: 'a.date_out' },
  dateExported: { kind: 'column', ref: 'a.date_exported' },
  aFlags: { kind: 'column', ref: 'a.a_flags' },
  lane: { kind: 'column', ref: 'a.lane' },
  name: { kind: 'column', ref: 's.name' },
  bId: { kind: 'box', sId: 'a.s_id', sStamp: 'a.s_stamp' },
};

/** Canonical sort field → columns. `sample.` fields per spec §9; boxPos orders by box, then position. */
export const ANALYSIS_SORT_COLUMNS: SortColumns = {
  aId: ['a.a_id'],
  'sample.sampleId.sId': ['a.s_id'],
  'sample.sampleId.sStamp': ['a.s_stamp'],
  aFlags: ['a.a_flags'],
  dateIn: ['a.date_in'],
  dateOut: ['a.date_out'],
  pol: ['a.pol'],
  nat: ['a.nat'],
  kal: ['a.kal'],
  an: ['a.an'],
  glu: ['a.glu'],
  dry: ['a.dry'],
  weightMea: ['a.weight_mea'],
  weightNrm: ['a.weight_nrm'],
  weightCur: ['a.weight_cur'],
  weightDif: ['a.weight_dif'],
  density: ['a.density'],
  lane: ['a.lane'],
  comment: ['a.comment'],
  dateExported: ['a.date_exported'],
  'sample.name': ['s.name'],
  'sample.weightBru': ['s.weight_bru'],
  'sample.weightNet': ['s.weight_net'],
  'sample.boxPos': ['bp.b_id', 'bp.box_pos_id'],
};

/** Other spellings a client may send for the same columns: the registry's ids, sort keys and aliases. */
const ANALYSIS_SORT_ALIASES = keyAliases(ANALYSIS_REGISTRY);

export const ANALYSIS_VIEW_RULES: ViewRules = {
  filterColumns: new Set(Object.keys(ANALYSIS_FILTER_TARGETS) as FilterColumn[]),
  sortAlias: (field) => ownSortField(field, ANALYSIS_SORT_COLUMNS, ANALYSIS_SORT_ALIASES),
  // aId is unique: any sort ending in it is a total order, so pages never overlap or skip rows.
  tiebreak: [{ field: 'aId', direction: 'desc' }],
  // Newest analyses first: what the lab looks at during the day.
  defaultSort: [{ field: 'aId', direction: 'desc' }],
  aIdsInSelection: true,
};

export interface AnalysisViewOptions {
  /** /analysis/samples: only the selected samples' analyses; an empty selection matches nothing. */
  selectionRequired?: boolean;
}

/** WHERE of the view and whether it needs the sample join (a filter on the sample's name). */
export const analysisWhere = (
  request: ViewRequest,
  campaign: Campaign,
  options: AnalysisViewOptions = {},
): { where: Condition; needsSample: boolean } => {
  const conditions = [
    ...filterConditions(request.terms, ANALYSIS_FILTER_TARGETS),
    ...campaignCondition(campaign, 'a.s_stamp'),
    ...exclusionConditions(request.exclusion, 'a.a_flags', 'a.s_id'),
    ...selectionConditions(request, { aId: 'a.a_id', sId: 'a.s_id', sStamp: 'a.s_stamp' }),
  ];
  if (options.selectionRequired && !request.hasSelection && request.selectionSId.length === 0) conditions.push(sql`false`);
  const needsSample = request.terms.some((t) => ANALYSIS_FILTER_TARGETS[t.column]?.kind === 'column' && t.column === 'name');
  return { where: and(conditions), needsSample };
};

/**
 * The matching rows in view order as one query: all of them, or a window (limit/offset). Exports
 * stream this (`db.getExecutor().stream(query.compile(db), chunk)` → AnalysisRecord rows, camelCase
 * by the plugin) and map each row with toAnalysis.
 */
export const analysisRowsQuery = (
  request: ViewRequest,
  campaign: Campaign,
  window: { limit?: number; offset?: number } = {},
  options: AnalysisViewOptions = {},
): RawBuilder<VersionedAnalysisRecord & { rn: number }> => {
  const { where, needsSample } = analysisWhere(request, campaign, options);
  const order = orderBy(request.sort, ANALYSIS_SORT_COLUMNS);
  const innerSample = needsSample || sortUses(request.sort, ANALYSIS_SORT_COLUMNS, 's');
  const innerBox = sortUses(request.sort, ANALYSIS_SORT_COLUMNS, 'bp');
  const limit = window.limit === undefined ? sql`` : sql` limit ${window.limit}`;
  const offset = window.offset ? sql` offset ${window.offset}` : sql``;
  // rn carries the page's order through the outer joins (which need not keep it).
  return sql<VersionedAnalysisRecord & { rn: number }>`
    select ${RECORD_COLUMNS}, a.rn from (
      select ${columnsOf('a')}, row_number() over (order by ${order}) as rn
      from analysis a ${innerSample ? SAMPLE_JOIN : sql``} ${innerBox ? BOX_JOIN : sql``}
      where ${where}
      order by ${order}${limit}${offset}
    ) a ${SAMPLE_JOIN} ${BOX_JOIN}
    order by a.rn`;
};

interface AggregateRow {
  totalItems: number;
  polAverage: number | null;
  natAverage: number | null;
  kalAverage: number | null;
  anAverage: number | null;
  gluAverage: number | null;
  dryAverage: number | null;
}

/**
 * Averages are rounded in SQL to the precision the lab reports the values with (numeric(6,2): 2
 * decimals), half away from zero on the exact numeric average — so the JSON carries no float noise
 * and a test can recompute them exactly from the rows.
 */
export const AVERAGE_DECIMALS = 2;

const aggregateColumns = sql.raw(
  ['pol', 'nat', 'kal', 'an', 'glu', 'dry']
    .map((c) => `round(avg(a.${c}), ${AVERAGE_DECIMALS}) as "${c}Average"`)
    .join(', '),
);

/** The aggregate over the whole matching set: count and the six averages. */
export const analysisAggregateQuery = (
  request: ViewRequest,
  campaign: Campaign,
  options: AnalysisViewOptions = {},
): RawBuilder<AggregateRow> => {
  const { where, needsSample } = analysisWhere(request, campaign, options);
  return sql<AggregateRow>`select count(*) as "totalItems", ${aggregateColumns}
    from analysis a ${needsSample ? SAMPLE_JOIN : sql``} where ${where}`;
};

export interface AnalysisViewResult {
  analysis: Analysis[];
  average: AnalysisAverage;
  totalPages: number;
  totalItems: number;
}

/**
 * The view's one statement: the aggregate row laterally joined with the page rows (one row with a
 * null aId when the page is empty). A LATERAL subquery that references nothing outside is run once.
 */
export const analysisViewQuery = (
  request: ViewRequest,
  campaign: Campaign,
  options: AnalysisViewOptions = {},
): RawBuilder<AggregateRow & Partial<VersionedAnalysisRecord>> => {
  const page = analysisRowsQuery(request, campaign, { limit: request.size, offset: request.offset }, options);
  const aggregate = analysisAggregateQuery(request, campaign, options);
  return sql<AggregateRow & Partial<VersionedAnalysisRecord>>`
    select g.*, p.* from (${aggregate}) g left join lateral (${page}) p on true order by p.rn`;
};

/** The page, totals and averages in one round trip (see the file comment). */
export const analysisView = async (
  db: Db,
  request: ViewRequest,
  campaign: Campaign,
  options: AnalysisViewOptions = {},
): Promise<AnalysisViewResult> => {
  // Keys are aliased in SQL (see RECORD_COLUMNS): no plugin pass over up to 15,000 rows.
  const { rows } = await analysisViewQuery(request, campaign, options).execute(db.withoutPlugins());
  const first = rows[0];
  const totalItems = first?.totalItems ?? 0;
  return {
    // An empty page still yields the aggregate's one row, with a null aId.
    analysis: rows.filter((r) => r.aId !== null && r.aId !== undefined).map((r) => toAnalysis(r as VersionedAnalysisRecord)),
    average: {
      polAverage: first?.polAverage ?? null,
      natAverage: first?.natAverage ?? null,
      kalAverage: first?.kalAverage ?? null,
      anAverage: first?.anAverage ?? null,
      gluAverage: first?.gluAverage ?? null,
      dryAverage: first?.dryAverage ?? null,
    },
    totalItems,
    totalPages: totalPages(totalItems, request.size),
  };
};
