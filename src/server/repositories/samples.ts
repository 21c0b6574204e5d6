// Reads of samples (ARCHITECTURE §4 Sample JSON) and the Samples view: queries with explicit column
// lists and the row → entity mapping (toSample) that the write and export code reuse. The view is
// one statement, as the Analysis view: the count over the whole matching set laterally joined with
// the page, which is cut from `sample` alone and only then joined to its box position.
import { keyAliases } from '../../domain/columns/registry';
import { SAMPLES_REGISTRY } from '../../domain/columns/samples';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Sample } from '../../domain/entities/sample';
import type { FilterColumn } from '../../domain/filter';
import { formatSampleKey, type SampleKey } from '../../domain/ids';
import type { Database, LabTime } from '../db/database';
import type { Campaign } from '../views/campaign';
import { totalPages, type ViewRequest, type ViewRules } from '../views/request';
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
import { aliased, boxPosText } from './analysis';

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

const columnsOf = (alias: string): RawBuilder<unknown> => sql.raw(SAMPLE_COLUMNS.map((c) => `${alias}.${c}`).join(', '));
const RECORD_COLUMNS = sql.raw(aliased([...SAMPLE_COLUMNS.map((c) => `s.${c}`), 'bp.b_id', 'bp.box_pos_id']));
const BOX_JOIN = sql.raw('left join box_position bp on bp.s_id = s.s_id and bp.s_stamp = s.s_stamp');

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

const selectRecords = (where: Condition, order: RawBuilder<unknown>, limit?: number): RawBuilder<VersionedSampleRecord> =>
  sql<VersionedSampleRecord>`select ${RECORD_COLUMNS} from sample s ${BOX_JOIN} where ${where} order by ${order}${
    limit === undefined ? sql`` : sql` limit ${limit}`
  }`;

/** One sample by its key, or undefined. */
export const findSample = async (db: Db, key: SampleKey): Promise<Sample | undefined> => {
  const { rows } = await selectRecords(
    sql`s.s_id = ${key.sId} and s.s_stamp = ${key.sStamp}::timestamp`,
    sql.raw('s.s_stamp'),
  ).execute(db.withoutPlugins());
  return rows[0] && toSample(rows[0]);
};

/** The stamps of every sample with this sId, oldest first (empty when the sId is unknown). */
export const sampleTimestamps = async (db: Db, sId: string): Promise<LabTime[]> => {
  const rows = await db.selectFrom('sample').select('sStamp').where('sId', '=', sId).orderBy('sStamp').execute();
  return rows.map((r) => r.sStamp);
};

/** Lookup cap of the prefix search: it feeds the selection card, which holds at most 1000. */
export const SAMPLE_STARTS_WITH_LIMIT = 1000;

/** Samples whose sId starts with `prefix` (digits), by sId and stamp; at most SAMPLE_STARTS_WITH_LIMIT. */
export const samplesBySIdPrefix = async (db: Db, prefix: string, limit = SAMPLE_STARTS_WITH_LIMIT): Promise<Sample[]> => {
  const { rows } = await selectRecords(sql`s.s_id like ${`${prefix}%`}`, sql.raw('s.s_id, s.s_stamp'), limit).execute(
    db.withoutPlugins(),
  );
  return rows.map(toSample);
};

// ---- the view -------------------------------------------------------------------------------------

export const SAMPLE_FILTER_TARGETS: FilterTargets = {
  sId: { kind: 'column', ref: 's.s_id' },
  sampleId: { kind: 'column', ref: 's.s_id' },
  sStamp: { kind: 'column', ref: 's.s_stamp' },
  name: { kind: 'column', ref: 's.name' },
  lane: { kind: 'column', ref: 's.lane' },
  sFlags: { kind: 'column', ref: 's.s_flags' },
  dateCrumbled: { kind: 'column', ref: 's.date_crumbled' },
  dateExported: { kind: 'column', ref: 's.date_exported' },
  bId: { kind: 'box', sId: 's.s_id', sStamp: 's.s_stamp' },
};

export const SAMPLE_SORT_COLUMNS: SortColumns = {
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

export const SAMPLE_VIEW_RULES: ViewRules = {
  filterColumns: new Set(Object.keys(SAMPLE_FILTER_TARGETS) as FilterColumn[]),
  sortAlias: (field) => ownSortField(field, SAMPLE_SORT_COLUMNS, SAMPLE_SORT_ALIASES),
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
};

export const samplesWhere = (request: ViewRequest, campaign: Campaign): Condition =>
  and([
    ...filterConditions(request.terms, SAMPLE_FILTER_TARGETS),
    ...campaignCondition(campaign, 's.s_stamp'),
    ...exclusionConditions(request.exclusion, 's.s_flags', 's.s_id'),
    ...selectionConditions(request, { sId: 's.s_id', sStamp: 's.s_stamp' }),
  ]);

/** The matching samples in view order, all or a window; exports stream it and map with toSample. */
export const sampleRowsQuery = (
  request: ViewRequest,
  campaign: Campaign,
  window: { limit?: number; offset?: number } = {},
): RawBuilder<VersionedSampleRecord & { rn: number }> => {
  const where = samplesWhere(request, campaign);
  const order = orderBy(request.sort, SAMPLE_SORT_COLUMNS);
  const innerBox = sortUses(request.sort, SAMPLE_SORT_COLUMNS, 'bp');
  const limit = window.limit === undefined ? sql`` : sql` limit ${window.limit}`;
  const offset = window.offset ? sql` offset ${window.offset}` : sql``;
  return sql<VersionedSampleRecord & { rn: number }>`
    select ${RECORD_COLUMNS}, s.rn from (
      select ${columnsOf('s')}, row_number() over (order by ${order}) as rn
      from sample s ${innerBox ? BOX_JOIN : sql``}
      where ${where}
      order by ${order}${limit}${offset}
    ) s ${BOX_JOIN}
    order by s.rn`;
};

export interface SamplesViewResult {
  samples: Sample[];
  totalPages: number;
  totalItems: number;
}

/** The view's one statement: the count laterally joined with the page (keys aliased in SQL). */
export const samplesViewQuery = (
  request: ViewRequest,
  campaign: Campaign,
): RawBuilder<{ totalItems: number } & Partial<VersionedSampleRecord>> => {
  const page = sampleRowsQuery(request, campaign, { limit: request.size, offset: request.offset });
  return sql<{ totalItems: number } & Partial<VersionedSampleRecord>>`
    select g."totalItems", p.* from (select count(*) as "totalItems" from sample s where ${samplesWhere(request, campaign)}) g
    left join lateral (${page}) p on true order by p.rn`;
};

export const samplesView = async (db: Db, request: ViewRequest, campaign: Campaign): Promise<SamplesViewResult> => {
  const { rows } = await samplesViewQuery(request, campaign).execute(db.withoutPlugins());
  const totalItems = rows[0]?.totalItems ?? 0;
  return {
    samples: rows.filter((r) => r.sId !== null && r.sId !== undefined).map((r) => toSample(r as VersionedSampleRecord)),
    totalItems,
    totalPages: totalPages(totalItems, request.size),
  };
};
