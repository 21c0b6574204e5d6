// Reads of samples (ARCHITECTURE §4 Sample JSON) and the Samples view: the list source (columns,
// the box position join and the keys; views/listSource.ts builds the statements from it, as for
// the Analysis view) and the row → entity mapping (toSample) that the write and export code reuse.
// The view's aggregate is the count.
import { keyAliases } from '../../domain/columns/registry';
import { SAMPLES_REGISTRY } from '../../domain/columns/samples';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Sample } from '../../domain/entities/sample';
import { formatSampleKey, type SampleKey } from '../../domain/ids';
import type { Database, LabTime } from '../db/database';
import type { HiddenCounts } from '../../domain/entities/shared';
import type { Campaign } from '../views/campaign';
import { hiddenCounts, hiddenPart } from '../views/hidden';
import type { ViewRequest, ViewRules } from '../views/request';
import { listReads, type ListSource } from '../views/listSource';
import { columnTargets, viewRules, sampleKeyTargets, type Condition } from '../views/sql';
import { boxPosText } from './analysis';

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

const SAMPLE_COLUMNS = [
  's_id',
  's_stamp',
  'name',
  'weight_net',
  'weight_bru',
  'weight_tar',
  'quantity',
  'distance',
  'date_crumbled',
  's_flags',
  'lane',
  'comment',
  'date_exported',
  'version',
] as const;

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

export const SAMPLE_FILTER_TARGETS = {
  ...sampleKeyTargets('s.s_id', 's.s_stamp'),
  ...columnTargets({
    name: 's.name',
    lane: 's.lane',
    sFlags: 's.s_flags',
    dateCrumbled: 's.date_crumbled',
    dateExported: 's.date_exported',
  }),
};

export const SAMPLE_SORT_COLUMNS = {
  ID: ['s.s_id', 's.s_stamp'],
  'sampleId.sId': ['s.s_id'],
  'sampleId.sStamp': ['s.s_stamp'],
  name: ['s.name'],
  weightNet: ['s.weight_net'],
  weightBru: ['s.weight_bru'],
  weightTar: ['s.weight_tar'],
  quantity: ['s.quantity'],
  distance: ['s.distance'],
  dateCrumbled: ['s.date_crumbled'],
  sFlags: ['s.s_flags'],
  lane: ['s.lane'],
  comment: ['s.comment'],
  dateExported: ['s.date_exported'],
  boxPos: ['bp.b_id', 'bp.box_pos_id'],
};

/** Other spellings a client may send for the same columns: the registry's ids, sort keys and aliases. */
const SAMPLE_SORT_ALIASES = keyAliases(SAMPLES_REGISTRY);

/** Samples `s` with their box position `bp` (when boxed). */
export const SAMPLE_SOURCE: ListSource = {
  table: 'sample',
  alias: 's',
  columns: SAMPLE_COLUMNS,
  joinedColumns: ['bp.b_id', 'bp.box_pos_id'],
  joins: [
    { alias: 'bp', clause: 'left join box_position bp on bp.s_id = s.s_id and bp.s_stamp = s.s_stamp' },
  ],
  filterTargets: SAMPLE_FILTER_TARGETS,
  sortColumns: SAMPLE_SORT_COLUMNS,
  refs: { sId: 's.s_id', sStamp: 's.s_stamp', flags: 's.s_flags' },
  rowKey: 'sId',
};

export const SAMPLE_VIEW_RULES: ViewRules = viewRules(
  SAMPLE_FILTER_TARGETS,
  SAMPLE_SORT_COLUMNS,
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
  aggregate: 'count(*) as "totalItems"',
  prefixOrder: 's.s_id, s.s_stamp',
  toEntity: toSample,
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
