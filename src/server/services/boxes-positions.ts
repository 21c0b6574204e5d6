// Writes of a box's positions (docs/dev/product-rules.md#behaviour Box positions, docs/dev/product-rules.md#calls): the whole list in its new order, and one
// position created, changed or removed. Every write locks the box row first, so writers of one box
// queue up and each reads the list the previous one left; it then computes the new list with the
// domain's numbering (consecutive from 1, at most numMax) and stores it whole in the same
// transaction: a failed write leaves the old list, a finished one a consecutive list.
//
// The list carries a version of its own (box.positions_version, migration 0007): every write that
// changes the list bumps it and answers the new one; a write that names the version it read (the
// whole list always, one position when the client sends `version`) is refused with 409 when the list
// changed meanwhile — a stale save never drops another admin's sample.
//
// A sample sits in at most one position (the unique index box_position_sample_uq); placing it
// again answers 409 naming where it is. Two boxes placing one sample at once: the index refuses the
// second, which maps to 409 as well.
import type { Kysely, Transaction } from 'kysely';
import { canAddBoxPosition, insertPosition, removePosition } from '../../domain/boxPositions';
import {
  boxPositionsWriteSchema,
  boxPositionWriteSchema,
  formatBoxPos,
  type BoxPosition,
} from '../../domain/entities/boxPosition';
import { formatSampleKey, type SampleKey } from '../../domain/ids';
import {
  boxIsFull,
  boxNotFound,
  boxPositionInvalid,
  boxPositionNotFound,
  created,
  deleted,
  notModified,
  positionOfOtherBox,
  sampleAlreadyBoxed,
  sampleNotFound,
  sampleTwiceInList,
  updated,
  VERSION_MESSAGE,
  writeFailed,
} from '../../domain/messages';
import { versionWrite } from '../../domain/entities/shared';
import type { Database } from '../db/database';
import { HTTP_MESSAGES, HttpError } from '../http/errors';
import {
  bumpPositionsVersion,
  existingSamples,
  placementsOf,
  placementText,
  positionRows,
  toBoxPosition,
  type PositionRow,
} from '../repositories/boxes';
import { BOX_LIST_ENTITY, BOX_POSITION_ENTITY } from '../repositories/boxes-undo';
import { staleVersion } from '../repositories/versioned';
import { recordAudit, type AuditAction } from './audit';
import { issueMessages, mapDbError } from './samples-writes';

type Trx = Transaction<Database>;

interface LockedBox {
  bId: string;
  numMax: number;
  /** The version of the stored list. */
  positionsVersion: number;
}

/** Locks the box row (writers of one box queue here); 404 when there is none. */
const lockBox = async (trx: Trx, bId: string): Promise<LockedBox> => {
  const box = await trx
    .selectFrom('box')
    .select(['bId', 'numMax', 'positionsVersion'])
    .where('bId', '=', bId)
    .forUpdate()
    .executeTakeFirst();
  if (!box) throw new HttpError(404, boxNotFound(bId));
  return box;
};

/** The list as numbered positions of the domain (boxposId.boxPosId), carrying their row. */
interface Item {
  boxposId: { boxPosId: number };
  row: PositionRow;
}
const itemOf = (row: PositionRow): Item => ({ boxposId: { boxPosId: row.boxPosId }, row });
const rowsOf = (bId: string, items: readonly Item[]): PositionRow[] =>
  items.map((i) => ({ ...i.row, bId, boxPosId: i.boxposId.boxPosId }));

const sameRow = (a: PositionRow, b: PositionRow): boolean =>
  a.boxPosId === b.boxPosId && a.sId === b.sId && a.sStamp === b.sStamp && a.dateExported === b.dateExported;

/**
 * Replaces the box's stored list with `rows` (already numbered 1..n) and answers the list's version:
 * bumped when the list changed, the stored one when it did not.
 */
const storeList = async (
  trx: Trx,
  box: LockedBox,
  before: readonly PositionRow[],
  rows: readonly PositionRow[],
): Promise<number> => {
  const unchanged = before.length === rows.length && before.every((b, i) => sameRow(b, rows[i]!));
  if (unchanged) return box.positionsVersion;
  await trx.deleteFrom('boxPosition').where('bId', '=', box.bId).execute();
  if (rows.length > 0)
    await trx
      .insertInto('boxPosition')
      .values(rows.map((r) => ({ ...r, bId: box.bId })))
      .execute();
  return bumpPositionsVersion(trx, box.bId);
};

/** 409 when the client read the list at another version than the stored one (no version: no check). */
const checkListVersion = (box: LockedBox, version: number | undefined, failed: string): void => {
  if (version !== undefined && version !== box.positionsVersion) throw staleVersion(failed);
};

/**
 * Refuses samples that do not exist, appear twice, or sit in another box (or in a position of this
 * box that `allowedHere` does not accept: the ones being rewritten).
 */
const checkSamples = async (
  trx: Trx,
  bId: string,
  keys: readonly SampleKey[],
  allowedHere: (p: { bId: string; boxPosId: number }) => boolean,
  failed: string,
): Promise<void> => {
  const seen = new Set<string>();
  for (const k of keys) {
    const id = formatSampleKey(k);
    if (seen.has(id)) throw new HttpError(400, failed, [sampleTwiceInList(id)]);
    seen.add(id);
  }
  const existing = new Set((await existingSamples(trx, keys)).map(formatSampleKey));
  const missing = keys.find((k) => !existing.has(formatSampleKey(k)));
  if (missing) throw new HttpError(400, failed, [sampleNotFound(formatSampleKey(missing))]);
  const elsewhere = (await placementsOf(trx, keys)).find((p) => !(p.bId === bId && allowedHere(p)));
  if (elsewhere) {
    const message = sampleAlreadyBoxed(formatSampleKey(elsewhere), placementText(elsewhere));
    throw new HttpError(409, message, [message]);
  }
};

const positionsAudit = async (
  trx: Trx,
  actor: string,
  bId: string,
  before: readonly PositionRow[],
  after: readonly PositionRow[],
) =>
  recordAudit(trx, {
    actor,
    action: 'update',
    entity: BOX_LIST_ENTITY,
    key: bId,
    before: before.map(toBoxPosition),
    after: after.map(toBoxPosition),
  });

export interface BoxPositionsResult {
  message: string;
  boxpos: BoxPosition[];
  /** The list's version after the write. */
  version: number;
}

/**
 * Every write of a box's positions: one transaction, under the box's lock (two writers of one box
 * queue up), starting from the positions as stored; a database refusal becomes `failed` (a 4xx).
 */
const onBoxList = async <T>(
  db: Kysely<Database>,
  bId: string,
  failed: string | null,
  work: (trx: Trx, box: LockedBox, before: Awaited<ReturnType<typeof positionRows>>) => Promise<T>,
): Promise<T> => {
  try {
    return await db.transaction().execute(async (trx) => {
      const box = await lockBox(trx, bId);
      return work(trx, box, await positionRows(trx, bId));
    });
  } catch (err) {
    throw failed === null ? err : mapDbError(err, failed);
  }
};

/**
 * PUT /boxes/{id}/boxpos: the whole list in its new order. The order is what counts: the stored
 * numbers are 1..n in list order whatever numbers were sent (docs/dev/product-rules.md#behaviour: consecutive from 1).
 */
export const putBoxPositions = async (
  db: Kysely<Database>,
  actor: string,
  bId: string,
  raw: unknown,
): Promise<BoxPositionsResult> => {
  const failed = notModified('bId', bId);
  const parsed = boxPositionsWriteSchema.safeParse(raw);
  if (!parsed.success) {
    const version = (raw as { version?: unknown } | null)?.version;
    if (typeof raw === 'object' && raw !== null && !versionWrite.safeParse(version).success)
      throw new HttpError(400, HTTP_MESSAGES.validation, [VERSION_MESSAGE]);
    throw new HttpError(400, failed, issueMessages(parsed.error, new Set()));
  }
  return onBoxList(db, bId, failed, async (trx, box, before) => {
    checkListVersion(box, parsed.data.version, failed);
    const list = parsed.data.boxpos;
    if (list.some((p) => p.boxposId.box !== bId)) throw new HttpError(400, failed, [positionOfOtherBox(bId)]);
    if (list.length > box.numMax) throw new HttpError(400, failed, [boxIsFull(bId, box.numMax)]);
    const keys = list.map((p) => p.sample.sampleId);
    await checkSamples(trx, bId, keys, () => true, failed);
    const rows = list.map((p, i) => ({
      bId,
      boxPosId: i + 1,
      sId: p.sample.sampleId.sId,
      sStamp: p.sample.sampleId.sStamp,
      dateExported: p.dateExported,
    }));
    const version = await storeList(trx, box, before, rows);
    await positionsAudit(trx, actor, bId, before, rows);
    return { message: updated('bId', bId), boxpos: rows.map(toBoxPosition), version };
  });
};

export interface BoxPositionResult {
  message: string;
  /** Where the position is now, '<bId>/<boxPosId>'. */
  boxPos: string;
  boxpos: BoxPosition[];
  /** The list's version after the write. */
  version: number;
}

/** The body of one position: valid and naming this box, else 400 with the spec's message. */
const parsePosition = (raw: unknown, bId: string, id: string, action: 'created' | 'modified') => {
  const parsed = boxPositionWriteSchema.safeParse(raw);
  const message = boxPositionInvalid(id, action);
  if (!parsed.success) throw new HttpError(400, message, issueMessages(parsed.error, new Set()));
  if (parsed.data.boxposId.box !== bId) throw new HttpError(400, message, [positionOfOtherBox(bId)]);
  return parsed.data;
};

/** The stored row a position write asks for. */
const requestedRow = (bId: string, pos: number, value: ReturnType<typeof parsePosition>): PositionRow => ({
  bId,
  boxPosId: pos,
  sId: value.sample.sampleId.sId,
  sStamp: value.sample.sampleId.sStamp,
  dateExported: value.dateExported,
});

/** Where the sample of `row` stands in the renumbered list. */
const placedIn = (rows: readonly PositionRow[], row: PositionRow): PositionRow =>
  rows.find((r) => r.sId === row.sId && r.sStamp === row.sStamp)!;

/** Stores the new list, records the position's audit event and the list's, and answers with the list. */
const storePosition = async (
  trx: Trx,
  actor: string,
  box: LockedBox,
  list: { before: PositionRow[]; rows: PositionRow[] },
  event: { action: AuditAction; key: string; before?: PositionRow; after?: PositionRow },
  message: (boxPos: string) => string,
): Promise<BoxPositionResult> => {
  const bId = box.bId;
  const version = await storeList(trx, box, list.before, list.rows);
  // The position's event for the trail, and the whole list's, which the undo restores (the write
  // renumbered the others: repositories/boxes-undo.ts).
  await positionsAudit(trx, actor, bId, list.before, list.rows);
  await recordAudit(trx, {
    actor,
    action: event.action,
    entity: BOX_POSITION_ENTITY,
    key: event.key,
    ...(event.before ? { before: toBoxPosition(event.before) } : {}),
    ...(event.after ? { after: toBoxPosition(event.after) } : {}),
  });
  const boxPos = event.after ? formatBoxPos(bId, event.after.boxPosId) : event.key;
  return { message: message(boxPos), boxPos, boxpos: list.rows.map(toBoxPosition), version };
};

/**
 * POST /boxes/{id}/boxpos/{pos}: a new position at number pos; the positions from pos on move one
 * down, and a pos past the end places it after the last (the numbers stay consecutive). A full box
 * is 409.
 */
export const createBoxPosition = async (
  db: Kysely<Database>,
  actor: string,
  bId: string,
  pos: number,
  raw: unknown,
  version?: number,
): Promise<BoxPositionResult> => {
  const id = formatBoxPos(bId, pos);
  const value = parsePosition(raw, bId, id, 'created');
  const failed = `Error occurred, boxPosition#${id} was not created!`;
  return onBoxList(db, bId, failed, async (trx, box, before) => {
    checkListVersion(box, version, failed);
    if (!canAddBoxPosition(before.length, box.numMax)) {
      const message = boxIsFull(bId, box.numMax);
      throw new HttpError(409, message, [message]);
    }
    await checkSamples(trx, bId, [value.sample.sampleId], () => false, failed);
    const row = requestedRow(bId, pos, value);
    const rows = rowsOf(bId, insertPosition(before.map(itemOf), itemOf(row), pos));
    const placed = placedIn(rows, row);
    return storePosition(
      trx,
      actor,
      box,
      { before, rows },
      { action: 'create', key: formatBoxPos(bId, placed.boxPosId), after: placed },
      (boxPos) => created('boxPosition', boxPos),
    );
  });
};

/**
 * PUT /boxes/{id}/boxpos/{pos}: the position's sample and dateExported; a different boxPosId in the
 * body moves the position to that number (the others close up around it).
 */
export const updateBoxPosition = async (
  db: Kysely<Database>,
  actor: string,
  bId: string,
  pos: number,
  raw: unknown,
  version?: number,
): Promise<BoxPositionResult> => {
  const id = formatBoxPos(bId, pos);
  const value = parsePosition(raw, bId, id, 'modified');
  const failed = notModified('boxPosition', id);
  return onBoxList(db, bId, failed, async (trx, box, before) => {
    checkListVersion(box, version, failed);
    const current = before.find((r) => r.boxPosId === pos);
    if (!current) throw new HttpError(404, boxPositionNotFound(id));
    await checkSamples(trx, bId, [value.sample.sampleId], (p) => p.boxPosId === pos, failed);
    const row = requestedRow(bId, pos, value);
    const others = removePosition(before.map(itemOf), before.indexOf(current) + 1);
    const rows = rowsOf(bId, insertPosition(others, itemOf(row), value.boxposId.boxPosId));
    return storePosition(
      trx,
      actor,
      box,
      { before, rows },
      { action: 'update', key: id, before: current, after: placedIn(rows, row) },
      (boxPos) => updated('boxPosition', boxPos),
    );
  });
};

/** DELETE /boxes/{id}/boxpos/{pos}: the position goes and the ones after it move up. */
export const deleteBoxPosition = async (
  db: Kysely<Database>,
  actor: string,
  bId: string,
  pos: number,
  version?: number,
): Promise<BoxPositionResult> => {
  const id = formatBoxPos(bId, pos);
  return onBoxList(db, bId, null, async (trx, box, before) => {
    checkListVersion(box, version, writeFailed('boxPosition', id, 'deleted'));
    const current = before.find((r) => r.boxPosId === pos);
    if (!current) throw new HttpError(404, boxPositionNotFound(id));
    const rows = rowsOf(bId, removePosition(before.map(itemOf), before.indexOf(current) + 1));
    return storePosition(
      trx,
      actor,
      box,
      { before, rows },
      { action: 'delete', key: id, before: current },
      () => deleted('boxPosition', id),
    );
  });
};
