// Reads of screens and screen items (docs/dev/architecture.md#api-contract Screen and ScreenItem JSON): two list sources
// (views/listSource.ts builds the statements), neither bound to the campaign — a screen names
// samples of any campaign. An item's sStamp is the one stored at import or, while that is empty,
// the newest stamp of the sample once it has arrived (docs/dev/architecture.md#domain-decisions Screens).
import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import { keyAliases } from '../../domain/columns/registry';
import { SCREEN_ITEMS_REGISTRY, SCREENS_REGISTRY } from '../../domain/columns/screens';
import type { Screen, ScreenItem } from '../../domain/entities/screen';
import type { Database, LabTime } from '../db/database';
import { fieldMap } from '../views/fields';
import { listReads, type ListSource } from '../views/listSource';
import type { ViewRequest, ViewRules } from '../views/request';
import { viewRules, type Condition } from '../views/sql';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The Analysis 'Screens' exclusion (docs/dev/architecture.md#domain-decisions): rows whose sample no
 * screen lists. Screen items may name samples before they arrive (no stamp), so they match by sId.
 */
export const notInAnyScreen = (sIdRef: string): Condition =>
  sql<SqlBool>`not exists (select 1 from screen_item xsi where xsi.s_id = ${sql.raw(sIdRef)})`;

export interface ScreenRecord {
  scrId: number;
  name: string;
  comment: string | null;
  dateCreated: LabTime | null;
  version: number;
}

export const toScreen = (r: ScreenRecord): Screen => ({
  scrId: Number(r.scrId),
  name: r.name,
  comment: r.comment,
  dateCreated: r.dateCreated,
  version: r.version,
});

export const SCREEN_FIELDS = fieldMap(SCREENS_REGISTRY, 'scr', {}, { extraColumns: ['scr.version'] });

export const SCREEN_SOURCE: ListSource = {
  table: 'screen',
  alias: 'scr',
  fields: SCREEN_FIELDS,
  joins: [],
  rowKey: 'scrId',
};

export const SCREEN_VIEW_RULES: ViewRules = viewRules(
  SCREEN_FIELDS.filterTargets,
  SCREEN_FIELDS.sortColumns,
  keyAliases(SCREENS_REGISTRY),
  {
    // scrId is unique: any sort ending in it is a total order. Newest screens first.
    tiebreak: [{ field: 'scrId', direction: 'desc' }],
    defaultSort: [{ field: 'scrId', direction: 'desc' }],
    aIdsInSelection: false,
  },
);

export const SCREEN_READS = listReads<ScreenRecord, Screen, { totalItems: number }>(SCREEN_SOURCE, {
  aggregate: { totalItems: 'count(*)' },
  prefixOrder: 'scr.name',
  prefixColumn: 'scr.name',
  toEntity: toScreen,
});

export const findScreen = async (db: Db, scrId: number): Promise<Screen | undefined> =>
  (await SCREEN_READS.records(db, sql`scr.scr_id = ${scrId}`, 'scr.scr_id'))[0];

// ---- items ----------------------------------------------------------------------------------------

export interface ScreenItemRecord {
  scrId: number;
  sId: string;
  sStamp: LabTime | null;
  name: string | null;
}

export const toScreenItem = (r: ScreenItemRecord): ScreenItem => ({
  screenItemId: { scrId: Number(r.scrId), sId: r.sId },
  sStamp: r.sStamp,
  name: r.name,
});

/** The newest stamp of the item's sample while the item has none (null until the sample arrives). */
export const ITEM_STAMP = `coalesce(si.s_stamp, (select max(ns.s_stamp) from sample ns where ns.s_id = si.s_id))`;

/** The items with their stamps resolved, as a table (the screen's scope is pushed into it). */
const ITEMS_TABLE = `(select si.scr_id, si.s_id, ${ITEM_STAMP} as s_stamp, si.name from screen_item si)`;

export const SCREEN_ITEM_FIELDS = fieldMap(SCREEN_ITEMS_REGISTRY, 'si', {}, { extraColumns: ['si.scr_id'] });

export const SCREEN_ITEM_SOURCE: ListSource = {
  table: ITEMS_TABLE,
  alias: 'si',
  fields: SCREEN_ITEM_FIELDS,
  joins: [],
  rowKey: 'sId',
};

export const SCREEN_ITEM_VIEW_RULES: ViewRules = viewRules(
  SCREEN_ITEM_FIELDS.filterTargets,
  SCREEN_ITEM_FIELDS.sortColumns,
  keyAliases(SCREEN_ITEMS_REGISTRY),
  {
    // (scrId, sId) is the key and the view shows one screen: sId is a total order.
    tiebreak: [{ field: 'screenItemId.sId', direction: 'asc' }],
    defaultSort: [{ field: 'screenItemId.sId', direction: 'asc' }],
    aIdsInSelection: false,
  },
);

export const SCREEN_ITEM_READS = listReads<ScreenItemRecord, ScreenItem, { totalItems: number }>(
  SCREEN_ITEM_SOURCE,
  { aggregate: { totalItems: 'count(*)' }, prefixOrder: 'si.s_id', toEntity: toScreenItem },
);

/** One page of a screen's items with the totals. */
export const screenItemsView = (db: Db, scrId: number, request: ViewRequest) =>
  SCREEN_ITEM_READS.view(db, request, { start: null, end: null }, { scope: sql`si.scr_id = ${scrId}` });
