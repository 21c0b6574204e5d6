// How the undo restores a box and its positions (undo/plan.ts), declared on the Boxes server
// descriptor:
// - a box row by row (its positions hang on it);
// - a position removed with its sample or box (its raw row), re-inserted, the list's version on;
// - a box's whole list (a reorder, and every single position's write, which renumbers the list and
//   records the whole list as well): back to the before-list if the stored list is still the
//   after-list. A single position's own event is undone by that list event of its change.
import type { Transaction } from 'kysely';
import { BOXES_RESOURCE } from '../../domain/resources/boxes';
import type { Database } from '../db/database';
import { recordAudit } from '../services/audit';
import { canonical, changedSince, isImage, pick, type UndoEvent, type UndoPlans } from '../undo/plan';
import { bumpPositionsVersion, positionRows, toBox, toBoxPosition } from './boxes';

/** The audit entity of a box's whole list of positions (key: the bId). */
export const BOX_LIST_ENTITY = 'boxPositions';
/** The audit entity of one position (key: 'bId/boxPosId'). */
export const BOX_POSITION_ENTITY = 'boxPosition';

type Listed = ReturnType<typeof toBoxPosition>;

/** The box's whole list back to the before-list, if it is still the after-list. */
const undoList = async (trx: Transaction<Database>, actor: string, e: UndoEvent): Promise<void> => {
  const bId = e.entityKey;
  const box = await trx.selectFrom('box').select('bId').where('bId', '=', bId).forUpdate().executeTakeFirst();
  if (!box) throw changedSince();
  const current = (await positionRows(trx, bId)).map(toBoxPosition);
  if (canonical(current) !== canonical(e.after)) throw changedSince();
  const before = e.before as Listed[];
  await trx.deleteFrom('boxPosition').where('bId', '=', bId).execute();
  if (before.length > 0)
    await trx
      .insertInto('boxPosition')
      .values(
        before.map((p) => ({
          bId,
          boxPosId: p.boxposId.boxPosId,
          sId: p.sample.sampleId.sId,
          sStamp: p.sample.sampleId.sStamp,
          dateExported: p.dateExported,
        })),
      )
      .execute();
  await bumpPositionsVersion(trx, bId);
  await recordAudit(trx, { actor, action: 'update', entity: BOX_LIST_ENTITY, key: bId, before: current, after: before });
};

/** A single position's write images the position as the API shows it: its box's list event undoes it. */
const listOf = (e: UndoEvent): { entity: string; key: string } | null => {
  const image = e.after ?? e.before;
  if (!isImage(image) || 'bId' in image || !isImage(image['boxposId'])) return null;
  const box = image['boxposId']['box'];
  return typeof box === 'string' ? { entity: BOX_LIST_ENTITY, key: box } : null;
};

export const BOXES_UNDO: UndoPlans = {
  [BOXES_RESOURCE.auditEntity]: {
    table: 'box',
    versioned: true,
    rank: 0,
    where: (image, key) => ({ bId: image['bId'] ?? key }),
    image: (row) => toBox(row as unknown as Parameters<typeof toBox>[0]),
    columns: (image) => pick(image, ['bId', 'name', 'numMax', 'type', 'comment', 'dateExported']),
    children: [{ table: 'boxPosition', on: (where) => ({ bId: where['bId'] }) }],
  },
  [BOX_POSITION_ENTITY]: {
    table: 'boxPosition',
    versioned: false,
    rank: 1,
    where: (image) => ('bId' in image ? { bId: image['bId'], boxPosId: image['boxPosId'] } : null),
    image: (row) => row,
    columns: (image) => pick(image, ['bId', 'boxPosId', 'sId', 'sStamp', 'dateExported']),
    reinserted: async (trx, row) => {
      await bumpPositionsVersion(trx, String(row['bId']));
    },
    coveredBy: listOf,
  },
  [BOX_LIST_ENTITY]: {
    rank: 0,
    restorable: (e) => Array.isArray(e.before) && Array.isArray(e.after),
    undo: undoList,
  },
};
