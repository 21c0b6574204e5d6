// Reads of analyses (docs/dev/architecture.md#api-contract Analysis JSON) and the Analysis view: the list source (which
// columns, joins and keys; views/listSource.ts builds the statements from it) and the row → entity
// mapping in one place (toAnalysis) for the write and export code to reuse. The view's aggregate
// carries the count and the six averages.
import { ANALYSIS_REGISTRY } from '../../domain/columns/analysis';
import { keyAliases } from '../../domain/columns/registry';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { analysisSchema, type Analysis, type AnalysisAverage } from '../../domain/entities/analysis';
import { jsonTextSql, labTimeSql } from '../views/jsonText';
import type { SampleKey } from '../../domain/ids';
import type { Database, LabTime } from '../db/database';
import type { HiddenCounts } from '../../domain/entities/shared';
import type { Campaign } from '../views/campaign';
import { hiddenCounts, hiddenPart } from '../views/hidden';
import { listReads, type ListWhereOptions, type ListSource, type ViewJson } from '../views/listSource';
import { flagExclusions, viewRules, sampleKeyTargets, type Condition } from '../views/sql';
import { notInAnyScreen } from './screens';
import { fieldMap, type FieldSql } from '../views/fields';
import type { ViewRequest, ViewRules } from '../views/request';

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

/** boxPos ('A1/3') is the position's two columns; it sorts by box, then position. */
export const BOX_POS_FIELD: FieldSql = {
  columns: ['bp.b_id', 'bp.box_pos_id'],
  cell: `bp.b_id || '/' || bp.box_pos_id`,
  get: (r) => boxPosText(r.bId as string | null, r.boxPosId as number | null),
};

export const boxPosText = (bId: string | null, boxPosId: number | null): string | null =>
  bId === null || boxPosId === null ? null : `${bId}/${boxPosId}`;

/** Where each Analysis field lives: `a` the analysis, `s` its sample, `bp` the sample's box position. */
export const ANALYSIS_FIELDS = fieldMap(
  ANALYSIS_REGISTRY,
  'a',
  {
    name: 's.name',
    weightNet: 's.weight_net',
    weightBru: 's.weight_bru',
    boxPos: BOX_POS_FIELD,
  },
  // The sample's key filters (sampleId, bId) besides the fields' own.
  { extraColumns: ['a.version'], extraFilters: sampleKeyTargets('a.s_id', 'a.s_stamp', true) },
);

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

/**
 * toAnalysis in SQL, over a page row `p` (views/listSource.ts viewJson): the answer's JSON text of
 * one analysis as analysisSchema encodes it (views/jsonText.ts); the other leaves are p's columns
 * of their names.
 */
const ANALYSIS_ROW_JSON = jsonTextSql(analysisSchema, {
  'sample.sampleId.sId': 'p."sId"',
  'sample.sampleId.sStamp': labTimeSql('p."sStamp"'),
  'sample.boxPos': `p."bId" || '/' || p."boxPosId"`,
  dateIn: labTimeSql('p."dateIn"'),
  dateOut: labTimeSql('p."dateOut"'),
  dateExported: labTimeSql('p."dateExported"'),
});

// ---- single reads ---------------------------------------------------------------------------------

/** One analysis by aId (a decimal string within bigint, or a number), or undefined. */
export const findAnalysis = async (db: Db, aId: number | string): Promise<Analysis | undefined> =>
  (await ANALYSIS_READS.records(db, sql`a.a_id = ${String(aId)}`, 'a.a_id'))[0];

/** Every analysis of one sample, oldest aId first. */
export const analysesOfSample = (db: Db, key: SampleKey): Promise<Analysis[]> =>
  ANALYSIS_READS.records(db, sql`a.s_id = ${key.sId} and a.s_stamp = ${key.sStamp}::timestamp`, 'a.a_id');

// ---- the view -------------------------------------------------------------------------------------

/** Other spellings a client may send for the same columns: the registry's ids, sort keys and aliases. */
const ANALYSIS_SORT_ALIASES = keyAliases(ANALYSIS_REGISTRY);

/** Analyses `a` with their sample `s` (always there) and its box position `bp` (when boxed). */
export const ANALYSIS_SOURCE: ListSource = {
  table: 'analysis',
  alias: 'a',
  fields: ANALYSIS_FIELDS,
  joins: [
    { alias: 's', clause: 'join sample s on s.s_id = a.s_id and s.s_stamp = a.s_stamp' },
    { alias: 'bp', clause: 'left join box_position bp on bp.s_id = a.s_id and bp.s_stamp = a.s_stamp' },
  ],
  campaign: 'a.s_stamp',
  selection: { aId: 'a.a_id', sId: 'a.s_id', sStamp: 'a.s_stamp' },
  exclusion: { ...flagExclusions('a.a_flags'), screens: notInAnyScreen('a.s_id') },
  rowKey: 'aId',
};

export const ANALYSIS_VIEW_RULES: ViewRules = viewRules(
  ANALYSIS_FIELDS.filterTargets,
  ANALYSIS_FIELDS.sortColumns,
  ANALYSIS_SORT_ALIASES,
  {
    // aId is unique: any sort ending in it is a total order, so pages never overlap or skip rows.
    tiebreak: [{ field: 'aId', direction: 'desc' }],
    // Newest analyses first: what the lab looks at during the day.
    defaultSort: [{ field: 'aId', direction: 'desc' }],
    aIdsInSelection: true,
  },
);

/** /analysis/samples: only the selected samples' analyses; an empty selection matches nothing. */
export type AnalysisViewOptions = ListWhereOptions;

/** WHERE of the view and whether it needs the sample join (a filter on the sample's name). */
export const analysisWhere = (
  request: ViewRequest,
  campaign: Campaign,
  options: AnalysisViewOptions = {},
): { where: Condition; needsSample: boolean } => {
  const { where, needs } = ANALYSIS_READS.where(request, campaign, options);
  return { where, needsSample: needs('s') };
};

/** The matching rows in view order, all or a window; exports stream it and map with toAnalysis. */
export const analysisRowsQuery = (
  request: ViewRequest,
  campaign: Campaign,
  window: { limit?: number; offset?: number } = {},
  options: AnalysisViewOptions = {},
): RawBuilder<VersionedAnalysisRecord & { rn: number }> =>
  ANALYSIS_READS.rowsQuery(request, campaign, window, options);

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

/** The reads from the list source; the sId prefix lookup (by sId, stamp, aId; at most STARTS_WITH_LIMIT) is used as it is. */
export const ANALYSIS_READS = listReads<VersionedAnalysisRecord, Analysis, AggregateRow>(ANALYSIS_SOURCE, {
  aggregate: {
    totalItems: 'count(*)',
    ...Object.fromEntries(
      ['pol', 'nat', 'kal', 'an', 'glu', 'dry'].map((c) => [
        `${c}Average`,
        `round(avg(a.${c}), ${AVERAGE_DECIMALS})`,
      ]),
    ),
  },
  prefixOrder: 'a.s_id, a.s_stamp, a.a_id',
  toEntity: toAnalysis,
  rowJson: ANALYSIS_ROW_JSON,
});

export interface AnalysisViewResult {
  analysis: Analysis[];
  average: AnalysisAverage;
  totalPages: number;
  totalItems: number;
  hidden?: HiddenCounts;
}

/** The view's one statement (views/listSource.ts): the aggregate row with the page. */
export const analysisViewQuery = (
  request: ViewRequest,
  campaign: Campaign,
  options: AnalysisViewOptions = {},
): RawBuilder<AggregateRow & Partial<VersionedAnalysisRecord>> =>
  ANALYSIS_READS.viewQuery(request, campaign, options);

const averageOf = (g: AggregateRow | undefined): AnalysisAverage => ({
  polAverage: g?.polAverage ?? null,
  natAverage: g?.natAverage ?? null,
  kalAverage: g?.kalAverage ?? null,
  anAverage: g?.anAverage ?? null,
  gluAverage: g?.gluAverage ?? null,
  dryAverage: g?.dryAverage ?? null,
});

/** The page, totals and averages in one round trip. */
export const analysisView = async (
  db: Db,
  request: ViewRequest,
  campaign: Campaign,
  options: AnalysisViewOptions = {},
): Promise<AnalysisViewResult> => {
  const page = await ANALYSIS_READS.view(db, request, campaign, options);
  return {
    analysis: page.rows,
    average: averageOf(page.aggregate),
    totalItems: page.totalItems,
    totalPages: page.totalPages,
    // Only an empty answer asks what the campaign and the exclusions hide (views/hidden.ts).
    ...(await hiddenPart(page.totalItems, () =>
      hiddenCounts(db, ANALYSIS_READS.source, request, campaign, options),
    )),
  };
};

/** analysisView with the page's rows as the JSON text the database built (the view routes send it as it is). */
export const analysisViewJson = async (
  db: Db,
  request: ViewRequest,
  campaign: Campaign,
  options: AnalysisViewOptions = {},
): Promise<ViewJson<Omit<AnalysisViewResult, 'analysis'>>> => {
  const page = await ANALYSIS_READS.viewJson!(db, request, campaign, options);
  return {
    rowsJson: page.rowsJson,
    rest: {
      average: averageOf(page.aggregate),
      totalItems: page.totalItems,
      totalPages: page.totalPages,
      ...(await hiddenPart(page.totalItems, () =>
        hiddenCounts(db, ANALYSIS_READS.source, request, campaign, options),
      )),
    },
  };
};
