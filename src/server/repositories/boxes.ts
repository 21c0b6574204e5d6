// Reads of boxes and box positions (docs/dev/architecture.md#api-contract Box and BoxPosition JSON) and the Boxes view:
// explicit column lists, the row → entity mapping, and the view as one statement (the count
// laterally joined with the page), as the Samples view does. The filters are the grammar's bId and
// name ("starts with", name ignoring case) and type (equal), docs/dev/product-rules.md#field-rules Filters.
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Box } from '../../domain/entities/box';
import type { BoxPosition } from '../../domain/entities/boxPosition';
import { formatBoxPos } from '../../domain/entities/boxPosition';
import type { SampleKey } from '../../domain/ids';
import type { Database, LabTime } from '../db/database';
import { totalPages, type ViewRequest, type ViewRules } from '../views/request';
import {
  and,
  filterConditions,
  orderBy,
  viewRules,
  type Condition,
  type FilterTargets,
  type SortColumns,
} from '../views/sql';
import { aliased } from '../views/listSource';

type Db = Kysely<Database> | Transaction<Database>;

export interface BoxRecord {
  bId: string;
  name: string;
  numMax: number;
  type: number;
  comment: string | null;
  dateExported: LabTime | null;
  version: number;
}

const BOX_COLUMNS = ['b_id', 'name', 'num_max', 'type', 'comment', 'date_exported', 'version'];
const RECORD_COLUMNS = sql.raw(aliased(BOX_COLUMNS.map((c) => `b.${c}`)));

export const toBox = (r: BoxRecord): Box => ({
  bId: r.bId,
  name: r.name,
  numMax: r.numMax,
  type: r.type,
  comment: r.comment,
  dateExported: r.dateExported,
  version: r.version,
});

export const findBox = async (db: Db, bId: string): Promise<Box | undefined> => {
  const row = await db
    .selectFrom('box')
    .select(['bId', 'name', 'numMax', 'type', 'comment', 'dateExported', 'version'])
    .where('bId', '=', bId)
    .executeTakeFirst();
  return row && toBox(row);
};

// ---- positions ------------------------------------------------------------------------------------

export interface PositionRow {
  bId: string;
  boxPosId: number;
  sId: string;
  sStamp: LabTime;
  dateExported: LabTime | null;
}

export const toBoxPosition = (r: PositionRow): BoxPosition => ({
  boxposId: { box: r.bId, boxPosId: r.boxPosId },
  dateExported: r.dateExported,
  sample: { sampleId: { sId: r.sId, sStamp: r.sStamp } },
});

/** A box's positions by number. */
export const positionRows = (db: Db, bId: string): Promise<PositionRow[]> =>
  db
    .selectFrom('boxPosition')
    .select(['bId', 'boxPosId', 'sId', 'sStamp', 'dateExported'])
    .where('bId', '=', bId)
    .orderBy('boxPosId')
    .execute();

export const boxPositions = async (db: Db, bId: string): Promise<BoxPosition[]> =>
  (await positionRows(db, bId)).map(toBoxPosition);

/**
 * The version of a box's position list (migration 0007); undefined when there is no such box. Read
 * in a transaction before the list, it holds a share lock on the box row: a writer of the list
 * (which locks the row for update) finishes first, so the list read next is the one of this version.
 */
export const positionsVersion = async (
  trx: Transaction<Database>,
  bId: string,
): Promise<number | undefined> =>
  (await trx.selectFrom('box').select('positionsVersion').where('bId', '=', bId).forShare().executeTakeFirst())
    ?.positionsVersion;

/** Counts one change of the box's position list (in the writer's transaction); answers the new version. */
export const bumpPositionsVersion = async (db: Db, bId: string): Promise<number> =>
  (
    await db
      .updateTable('box')
      .set((eb) => ({ positionsVersion: eb('positionsVersion', '+', 1) }))
      .where('bId', '=', bId)
      .returning('positionsVersion')
      .executeTakeFirstOrThrow()
  ).positionsVersion;

export interface Placement {
  sId: string;
  sStamp: LabTime;
  bId: string;
  boxPosId: number;
}

/** Where these samples sit now (any box); one statement whatever the number of keys. */
export const placementsOf = async (db: Db, keys: readonly SampleKey[]): Promise<Placement[]> => {
  if (keys.length === 0) return [];
  const { rows } = await sql<Placement>`
    select bp.s_id as "sId", bp.s_stamp as "sStamp", bp.b_id as "bId", bp.box_pos_id as "boxPosId"
    from box_position bp
    where (bp.s_id, bp.s_stamp) in (select * from unnest(${keys.map((k) => k.sId)}::varchar[], ${keys.map((k) => k.sStamp)}::timestamp[]))`.execute(
    db.withoutPlugins(),
  );
  return rows;
};

/** Which of these samples exist. */
export const existingSamples = async (db: Db, keys: readonly SampleKey[]): Promise<SampleKey[]> => {
  if (keys.length === 0) return [];
  const { rows } = await sql<SampleKey>`
    select s.s_id as "sId", s.s_stamp as "sStamp" from sample s
    where (s.s_id, s.s_stamp) in (select * from unnest(${keys.map((k) => k.sId)}::varchar[], ${keys.map((k) => k.sStamp)}::timestamp[]))`.execute(
    db.withoutPlugins(),
  );
  return rows;
};

export const placementText = (p: Placement): string => formatBoxPos(p.bId, p.boxPosId);

// ---- the view -------------------------------------------------------------------------------------

export const BOX_FILTER_TARGETS: FilterTargets = {
  bId: { kind: 'column', ref: 'b.b_id' },
  name: { kind: 'column', ref: 'b.name' },
  type: { kind: 'column', ref: 'b.type' },
};

export const BOX_SORT_COLUMNS: SortColumns = {
  bId: ['b.b_id'],
  name: ['b.name'],
  numMax: ['b.num_max'],
  type: ['b.type'],
  comment: ['b.comment'],
  dateExported: ['b.date_exported'],
};

export const BOX_VIEW_RULES: ViewRules = viewRules(BOX_FILTER_TARGETS, BOX_SORT_COLUMNS, {}, {
  // bId is the key: any sort ending in it is a total order.
  tiebreak: [{ field: 'bId', direction: 'asc' }],
  defaultSort: [{ field: 'bId', direction: 'asc' }],
  aIdsInSelection: false,
});

export const boxesWhere = (request: ViewRequest): Condition =>
  and(filterConditions(request.terms, BOX_FILTER_TARGETS));

/** The same sort keys on the page's output columns (camelCase aliases of `p`). */
const BOX_PAGE_SORT_COLUMNS: SortColumns = Object.fromEntries(
  Object.entries(BOX_SORT_COLUMNS).map(([field, refs]) => [
    field,
    refs.map((r) => `p."${r.slice(2).replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())}"`),
  ]),
);

/**
 * The view's one statement: the count laterally joined with the page. The page is cut in the inner
 * select (an index walk for the sort keys) and only its ≤ size rows are sorted again outside: no
 * window function over the whole matching set.
 */
export const boxesViewQuery = (
  request: ViewRequest,
): RawBuilder<{ totalItems: number } & Partial<BoxRecord>> => {
  const where = boxesWhere(request);
  return sql<{ totalItems: number } & Partial<BoxRecord>>`
    select g."totalItems", p.* from (select count(*) as "totalItems" from box b where ${where}) g
    left join lateral (
      select ${RECORD_COLUMNS} from box b where ${where}
      order by ${orderBy(request.sort, BOX_SORT_COLUMNS)} limit ${request.size} offset ${request.offset}
    ) p on true order by ${orderBy(request.sort, BOX_PAGE_SORT_COLUMNS)}`;
};

export interface BoxesViewResult {
  boxes: Box[];
  totalPages: number;
  totalItems: number;
}

export const boxesView = async (db: Db, request: ViewRequest): Promise<BoxesViewResult> => {
  const { rows } = await boxesViewQuery(request).execute(db.withoutPlugins());
  const totalItems = rows[0]?.totalItems ?? 0;
  return {
    boxes: rows.filter((r) => typeof r.bId === 'string').map((r) => toBox(r as BoxRecord)),
    totalItems,
    totalPages: totalPages(totalItems, request.size),
  };
};
