// Reads of samples (docs/dev/architecture.md#api-contract Sample JSON) and the Samples view: the list source (columns,
// the box position join and the keys; views/listSource.ts builds the statements from it, as for
// the Analysis view) and the row → entity mapping (toSample) that the write and export code reuse.
// The view's aggregate is the count.
import { keyAliases } from '../../domain/columns/registry';
import { SAMPLES_REGISTRY } from '../../domain/columns/samples';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { sampleSchema, type Sample } from '../../domain/entities/sample';
import { jsonTextSql, labTimeSql } from '../views/jsonText';
import { SAMPLE_KEY_SEPARATOR, formatSampleKey, type SampleKey } from '../../domain/ids';
import type { Database, LabTime } from '../db/database';
import type { HiddenCounts } from '../../domain/entities/shared';
import type { Campaign } from '../views/campaign';
import { hiddenCounts, hiddenPart } from '../views/hidden';
import type { ViewRequest, ViewRules } from '../views/request';
import { listReads, type ListSource, type ViewJson } from '../views/listSource';
import { flagExclusions, viewRules, sampleKeyTargets, type Condition } from '../views/sql';
import { notInAnyScreen } from './screens';
import { fieldMap } from '../views/fields';
import { BOX_POS_FIELD, boxPosText } from './analysis';

type Db = Kysely<Database> | Transaction<Database>;

export interface SampleRecord {
  sId: string;
  sStamp: LabTime;
  name: string | null;
  weightNet: number | null;
  weightBru: number | null;
  weightTar: number | null;
  quantity: number | null;
  distance: number | null;
  dateCrumbled: LabTime | null;
  sFlags: string;
  lane: number | null;
  comment: string | null;
  dateExported: LabTime | null;
  bId: string | null;
  boxPosId: number | null;
}

/** What the API's reads select: the record and its version (the exports need no version). */
export interface VersionedSampleRecord extends SampleRecord {
  version: number;
}

/** Where each Sample field lives: `s` the sample, `bp` its box position; ID is the key as one text. */
export const SAMPLE_FIELDS = fieldMap(
  SAMPLES_REGISTRY,
  's',
  {
    ID: {
      columns: [],
      sort: ['s.s_id', 's.s_stamp'],
      // formatSampleKey in SQL.
      cell: `s.s_id || '${SAMPLE_KEY_SEPARATOR}' || s.s_stamp::text`,
      get: (r) => formatSampleKey({ sId: r.sId as string, sStamp: r.sStamp as string }),
    },
    boxPos: BOX_POS_FIELD,
  },
  { extraColumns: ['s.version'], extraFilters: sampleKeyTargets('s.s_id', 's.s_stamp') },
);

export const toSample = (r: VersionedSampleRecord): Sample => ({
  ID: formatSampleKey({ sId: r.sId, sStamp: r.sStamp }),
  sampleId: { sId: r.sId, sStamp: r.sStamp },
  name: r.name,
  weightNet: r.weightNet,
  weightBru: r.weightBru,
  weightTar: r.weightTar,
  quantity: r.quantity,
  distance: r.distance,
  dateCrumbled: r.dateCrumbled,
  sFlags: r.sFlags,
  lane: r.lane,
  comment: r.comment,
  dateExported: r.dateExported,
  boxPos: boxPosText(r.bId, r.boxPosId),
  version: r.version,
});

/**
 * toSample in SQL, over a page row `p` (views/listSource.ts viewJson): the answer's JSON text of one
 * sample as sampleSchema encodes it (views/jsonText.ts); the other leaves are p's columns of their names.
 */
const SAMPLE_ROW_JSON = jsonTextSql(sampleSchema, {
  // formatSampleKey in SQL.
  ID: `p."sId" || '${SAMPLE_KEY_SEPARATOR}' || (p."sStamp")::text`,
  'sampleId.sStamp': labTimeSql('p."sStamp"'),
  dateCrumbled: labTimeSql('p."dateCrumbled"'),
  dateExported: labTimeSql('p."dateExported"'),
  boxPos: `p."bId" || '/' || p."boxPosId"`,
});

// ---- single reads ---------------------------------------------------------------------------------

/** One sample by its key, or undefined. */
export const findSample = async (db: Db, key: SampleKey): Promise<Sample | undefined> =>
  (
    await SAMPLE_READS.records(
      db,
      sql`s.s_id = ${key.sId} and s.s_stamp = ${key.sStamp}::timestamp`,
      's.s_stamp',
    )
  )[0];

/** The stamps of every sample with this sId, oldest first (empty when the sId is unknown). */
export const sampleTimestamps = async (db: Db, sId: string): Promise<LabTime[]> => {
  const rows = await db
    .selectFrom('sample')
    .select('sStamp')
    .where('sId', '=', sId)
    .orderBy('sStamp')
    .execute();
  return rows.map((r) => r.sStamp);
};

// ---- the view -------------------------------------------------------------------------------------

/** Other spellings a client may send for the same columns: the registry's ids, sort keys and aliases. */
const SAMPLE_SORT_ALIASES = keyAliases(SAMPLES_REGISTRY);

/** Samples `s` with their box position `bp` (when boxed). */
export const SAMPLE_SOURCE: ListSource = {
  table: 'sample',
  alias: 's',
  fields: SAMPLE_FIELDS,
  joins: [
    { alias: 'bp', clause: 'left join box_position bp on bp.s_id = s.s_id and bp.s_stamp = s.s_stamp' },
  ],
  campaign: 's.s_stamp',
  selection: { sId: 's.s_id', sStamp: 's.s_stamp' },
  exclusion: { ...flagExclusions('s.s_flags'), screens: notInAnyScreen('s.s_id') },
  rowKey: 'sId',
};

export const SAMPLE_VIEW_RULES: ViewRules = viewRules(
  SAMPLE_FIELDS.filterTargets,
  SAMPLE_FIELDS.sortColumns,
  SAMPLE_SORT_ALIASES,
  {
    // The key (sId, sStamp) is unique: any sort ending in it is a total order.
    tiebreak: [
      { field: 'sampleId.sStamp', direction: 'desc' },
      { field: 'sampleId.sId', direction: 'desc' },
    ],
    // Newest deliveries first.
    defaultSort: [
      { field: 'sampleId.sStamp', direction: 'desc' },
      { field: 'sampleId.sId', direction: 'desc' },
    ],
    aIdsInSelection: false,
  },
);

/** The reads from the list source; the sId prefix lookup (by sId, stamp; at most STARTS_WITH_LIMIT) is used as it is. */
export const SAMPLE_READS = listReads<VersionedSampleRecord, Sample, { totalItems: number }>(SAMPLE_SOURCE, {
  aggregate: { totalItems: 'count(*)' },
  prefixOrder: 's.s_id, s.s_stamp',
  toEntity: toSample,
  rowJson: SAMPLE_ROW_JSON,
});

export const samplesWhere = (request: ViewRequest, campaign: Campaign): Condition =>
  SAMPLE_READS.where(request, campaign).where;

/** The matching samples in view order, all or a window; exports stream it and map with toSample. */
export const sampleRowsQuery = (
  request: ViewRequest,
  campaign: Campaign,
  window: { limit?: number; offset?: number } = {},
): RawBuilder<VersionedSampleRecord & { rn: number }> => SAMPLE_READS.rowsQuery(request, campaign, window);

export interface SamplesViewResult {
  samples: Sample[];
  totalPages: number;
  totalItems: number;
  hidden?: HiddenCounts;
}

export const samplesView = async (
  db: Db,
  request: ViewRequest,
  campaign: Campaign,
): Promise<SamplesViewResult> => {
  const page = await SAMPLE_READS.view(db, request, campaign);
  return {
    samples: page.rows,
    totalItems: page.totalItems,
    totalPages: page.totalPages,
    // Only an empty answer asks what the campaign and the exclusions hide (views/hidden.ts).
    ...(await hiddenPart(page.totalItems, () => hiddenCounts(db, SAMPLE_READS.source, request, campaign))),
  };
};

/** samplesView with the page's rows as the JSON text the database built (the view routes send it as it is). */
export const samplesViewJson = async (
  db: Db,
  request: ViewRequest,
  campaign: Campaign,
): Promise<ViewJson<Omit<SamplesViewResult, 'samples'>>> => {
  const page = await SAMPLE_READS.viewJson!(db, request, campaign);
  return {
    rowsJson: page.rowsJson,
    rest: {
      totalItems: page.totalItems,
      totalPages: page.totalPages,
      ...(await hiddenPart(page.totalItems, () => hiddenCounts(db, SAMPLE_READS.source, request, campaign))),
    },
  };
};
