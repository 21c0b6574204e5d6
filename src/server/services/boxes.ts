// Create, update and delete of boxes (docs/dev/product-rules.md#records Box, docs/dev/product-rules.md#field-rules Boxes, docs/dev/product-rules.md#calls): admin-only writes in one
// transaction each, with their audit events. The zod write schema holds the docs/dev/product-rules.md#field-rules rules (bId and name
// pattern, 'Name must be set!', numMax 1–40, type 0–3); the database's checks repeat them.
import type { Kysely } from 'kysely';
import { boxUpdateSchema, boxWriteSchema, type Box } from '../../domain/entities/box';
import {
  boxNotFound,
  created,
  deleted,
  notCreated,
  notModified,
  numMaxBelowCount,
  updated,
} from '../../domain/messages';
import type { Database } from '../db/database';
import { HttpError } from '../http/errors';
import { findBox, positionRows, toBox } from '../repositories/boxes';
import { versionedUpdate } from '../repositories/versioned';
import { formatBoxPos } from '../../domain/entities/boxPosition';
import { recordAudit, recordRemoved } from './audit';
import { issueMessages, mapDbError, validationError } from './samples-writes';
import { BOXES_RESOURCE } from '../../domain/resources/boxes';

export interface BoxWriteResult {
  message: string;
  bId: string;
}

const NONE = new Set<string>();

const boxValues = (v: {
  bId: string;
  name: string;
  numMax: number;
  type: number;
  comment: string | null;
  dateExported: string | null;
}) => ({
  bId: v.bId,
  name: v.name,
  numMax: v.numMax,
  type: v.type,
  comment: v.comment,
  dateExported: v.dateExported,
});

export const createBox = async (
  db: Kysely<Database>,
  actor: string,
  raw: unknown,
): Promise<BoxWriteResult> => {
  const parsed = boxWriteSchema.safeParse(raw);
  const id = typeof (raw as { bId?: unknown } | null)?.bId === 'string' ? (raw as { bId: string }).bId : '';
  if (!parsed.success) throw validationError(issueMessages(parsed.error, NONE), notCreated('bId', id));
  const value = parsed.data;
  try {
    return await db.transaction().execute(async (trx) => {
      if (await findBox(trx, value.bId))
        throw new HttpError(409, notCreated('bId', value.bId), [`bId#${value.bId} exists already.`]);
      const after = await trx
        .insertInto('box')
        .values(boxValues(value))
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        actor,
        action: 'create',
        entity: BOXES_RESOURCE.auditEntity,
        key: value.bId,
        after: toBox(after),
      });
      return { message: created('bId', value.bId), bId: value.bId };
    });
  } catch (err) {
    throw mapDbError(err, notCreated('bId', value.bId));
  }
};

/**
 * PUT /boxes/{id}. A new bId renames the box (its positions follow by ON UPDATE CASCADE; a taken
 * bId is 409). numMax may not drop below the positions the box holds: a box never holds more than
 * numMax positions (docs/dev/product-rules.md#behaviour).
 */
export const updateBox = async (
  db: Kysely<Database>,
  actor: string,
  bId: string,
  raw: unknown,
): Promise<BoxWriteResult> => {
  try {
    return await db.transaction().execute(async (trx) => {
      const { after } = await versionedUpdate(trx, {
        table: 'box',
        key: { bId },
        version: (raw as { version?: unknown } | null)?.version,
        notFound: boxNotFound(bId),
        notModified: notModified('bId', bId),
        audit: { actor, entity: BOXES_RESOURCE.auditEntity, key: bId, snapshot: toBox },
        values: async () => {
          const parsed = boxUpdateSchema.safeParse(raw);
          if (!parsed.success)
            throw validationError(issueMessages(parsed.error, NONE), notModified('bId', bId));
          const count = (await positionRows(trx, bId)).length;
          if (parsed.data.numMax < count)
            throw validationError([numMaxBelowCount(bId, count)], notModified('bId', bId));
          return boxValues(parsed.data);
        },
      });
      return { message: updated('bId', after.bId), bId: after.bId };
    });
  } catch (err) {
    throw mapDbError(err, notModified('bId', bId));
  }
};

export interface BoxDeleteResult extends BoxWriteResult {
  removed: { boxPositions: number };
}

/** DELETE /boxes/{id}: the box and its positions, each with its audit event, in one transaction. */
export const deleteBox = async (db: Kysely<Database>, actor: string, bId: string): Promise<BoxDeleteResult> =>
  db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('box')
      .selectAll()
      .where('bId', '=', bId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new HttpError(404, boxNotFound(bId));
    const positions = await positionRows(trx, bId);
    await trx.deleteFrom('box').where('bId', '=', bId).execute();
    await recordAudit(trx, {
      actor,
      action: 'delete',
      entity: BOXES_RESOURCE.auditEntity,
      key: bId,
      before: toBox(before) as Box,
    });
    await recordRemoved(trx, actor, 'boxPosition', positions, (p) => formatBoxPos(p.bId, p.boxPosId));
    return { message: deleted('bId', bId), bId, removed: { boxPositions: positions.length } };
  });
