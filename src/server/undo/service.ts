// POST /api/undo (docs/dev/architecture.md#undo): the user's last write undone by a compensating write
// built from its audit events' before-images, in one transaction, or refused with nothing changed.
//
// A change is the audit events one transaction wrote (migration 0012's change_id); one user action
// may be several changes (a batch update sends one PUT per row), so one undo takes a list of them.
// Refused: a change of another user (403); one written more than UNDO_WINDOW_MS ago, already undone,
// or whose records changed since — a newer audit event for the same record, or the stored row no
// longer the after-image — (409); a kind of change the undo cannot restore (400). Otherwise, in
// reverse: a create is deleted, an update gets its before-image back (through versionedUpdate, so
// the version bumps), a delete is re-inserted exactly (with the rows that went with it, its version
// one above the deleted one, so an old copy is still refused), each audited by the same recordAudit;
// the updates of one change to one entity go set-based (bulk.ts); what each entity restores is its
// resource's plan (plan.ts, UNDO_PLANS). Then every event the undo wrote gets `undo_of`, the change
// it undid.
import { sql, type Kysely, type Transaction } from 'kysely';
import { UNDO_MESSAGES, UNDO_WINDOW_MS, type UndoResult } from '../../domain/undo';
import type { Database } from '../db/database';
import { HttpError } from '../http/errors';
import { versionedUpdate, type VersionedTable } from '../repositories/versioned';
import { UNDO_PLANS } from '../resources';
import { recordAudit } from '../services/audit';
import { bulkable, matches, undoUpdates } from './bulk';
import {
  changedSince,
  isCustom,
  isImage,
  notUndoable,
  type Image,
  type RowRestore,
  type UndoEvent,
} from './plan';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table is chosen at run time from the plans
type AnyDb = Kysely<any>;

const whereAll = <Q extends { where: (c: string, op: '=', v: unknown) => Q }>(query: Q, where: Record<string, unknown>): Q => {
  let q = query;
  for (const [column, value] of Object.entries(where)) q = q.where(column, '=', value);
  return q;
};

const loadEvents = async (trx: Transaction<Database>, changes: readonly number[]): Promise<UndoEvent[]> => {
  const { rows } = await sql<UndoEvent>`
    select id, change_id as "changeId", actor, action, entity, entity_key as "entityKey", before, after,
      written_at > clock_timestamp() - make_interval(secs => ${UNDO_WINDOW_MS / 1000}) as recent
    from audit_event where change_id = any(${`{${changes.join(',')}}`}::bigint[])
    order by id
    for update`.execute(trx.withoutPlugins());
  return rows.map((r) => ({ ...r, id: Number(r.id), changeId: Number(r.changeId) }));
};

/** Another event of the change that undoes `e` whole (see RowRestore.coveredBy), if any. */
const coverOf = (e: UndoEvent, events: readonly UndoEvent[]): UndoEvent | undefined => {
  const target = UNDO_PLANS[e.entity];
  const cover = target && !isCustom(target) ? target.coveredBy?.(e) : null;
  return cover ? events.find((o) => o.entity === cover.entity && o.entityKey === cover.key) : undefined;
};

/** Whether a plan can restore `e` from what its event holds. */
const restorable = (e: UndoEvent, events: readonly UndoEvent[]): boolean => {
  const target = UNDO_PLANS[e.entity];
  if (!target) return false;
  if (isCustom(target)) return target.restorable(e);
  if (coverOf(e, events)) return true;
  return (e.action === 'create' || isImage(e.before)) && (e.action === 'delete' || isImage(e.after));
};

/** Refuses what may not or cannot be undone; see the file comment. */
const check = async (trx: Transaction<Database>, actor: string, changes: readonly number[], events: UndoEvent[]) => {
  const found = new Set(events.map((e) => e.changeId));
  if (changes.some((c) => !found.has(c))) throw new HttpError(404, UNDO_MESSAGES.notFound);
  if (events.some((e) => e.actor !== actor)) throw new HttpError(403, UNDO_MESSAGES.notYours, [UNDO_MESSAGES.notYours]);
  if (events.some((e) => !e.recent)) throw new HttpError(409, UNDO_MESSAGES.tooLate, [UNDO_MESSAGES.tooLate]);
  const undone = await trx
    .selectFrom('auditEvent')
    .select('id')
    .where('undoOf', 'in', [...changes])
    .executeTakeFirst();
  if (undone) throw new HttpError(409, UNDO_MESSAGES.alreadyUndone, [UNDO_MESSAGES.alreadyUndone]);
  for (const e of events) if (!restorable(e, events)) throw notUndoable();
  // A newer event of the same record by anything but these changes (another write, an undo of it).
  const list = `{${changes.join(',')}}`;
  const { rows: newer } = await sql`
    select n.id from audit_event e
    join audit_event n on n.entity = e.entity and n.entity_key = e.entity_key and n.id > e.id
    where e.change_id = any(${list}::bigint[])
      and (n.change_id is null or not (n.change_id = any(${list}::bigint[])))
    limit 1`.execute(trx.withoutPlugins());
  if (newer.length > 0) throw changedSince();
};

/** The stored row the image names, locked; undefined when there is none. */
const lockRow = async (trx: Transaction<Database>, target: RowRestore, where: Record<string, unknown>) =>
  (await whereAll((trx as unknown as AnyDb).selectFrom(target.table).selectAll(), where)
    .forUpdate()
    .executeTakeFirst()) as Record<string, unknown> | undefined;

const undoCreate = async (trx: Transaction<Database>, actor: string, e: UndoEvent, target: RowRestore) => {
  const after = e.after as Image;
  const where = target.where(after, e.entityKey);
  if (!where) throw notUndoable();
  const row = await lockRow(trx, target, where);
  if (!row || !matches(target.image(row), after)) throw changedSince();
  for (const child of target.children ?? []) {
    const found = await whereAll((trx as unknown as AnyDb).selectFrom(child.table).select(sql`1`.as('one')), child.on(where)).executeTakeFirst();
    if (found) throw changedSince();
  }
  await whereAll((trx as unknown as AnyDb).deleteFrom(target.table), where).execute();
  await recordAudit(trx, { actor, action: 'delete', entity: e.entity, key: e.entityKey, before: target.image(row) });
};

const undoUpdate = async (trx: Transaction<Database>, actor: string, e: UndoEvent, target: RowRestore) => {
  const before = e.before as Image;
  const after = e.after as Image;
  const where = target.where(after, e.entityKey);
  if (!where || !target.versioned) throw notUndoable();
  const row = await lockRow(trx, target, where);
  if (!row || !matches(target.image(row), after)) throw changedSince();
  await versionedUpdate(trx, {
    table: target.table as VersionedTable,
    key: where,
    version: row['version'],
    values: () => target.columns(before) as never,
    audit: { actor, entity: e.entity, key: e.entityKey, snapshot: (r) => target.image(r as Record<string, unknown>) },
    notFound: UNDO_MESSAGES.changedSince,
    notModified: UNDO_MESSAGES.changedSince,
  });
};

const undoDelete = async (trx: Transaction<Database>, actor: string, e: UndoEvent, target: RowRestore) => {
  const before = e.before as Image;
  const where = target.where(before, e.entityKey);
  if (!where) throw notUndoable();
  if (await lockRow(trx, target, where)) throw changedSince();
  const version = target.versioned ? { version: Number(before['version']) + 1 } : {};
  const row = (await (trx as unknown as AnyDb)
    .insertInto(target.table)
    .values({ ...target.columns(before), ...version })
    .returningAll()
    .executeTakeFirstOrThrow()) as Record<string, unknown>;
  await target.reinserted?.(trx, row);
  await recordAudit(trx, { actor, action: 'create', entity: e.entity, key: e.entityKey, after: target.image(row) });
};

const undoEvent = async (trx: Transaction<Database>, actor: string, e: UndoEvent): Promise<void> => {
  const target = UNDO_PLANS[e.entity]!;
  if (isCustom(target)) return target.undo(trx, actor, e);
  if (e.action === 'create') return undoCreate(trx, actor, e, target);
  if (e.action === 'update') return undoUpdate(trx, actor, e, target);
  return undoDelete(trx, actor, e, target);
};

/**
 * The order of the compensating writes: removals children first, then the updates newest first,
 * then the re-inserts parents first (a sample before its analyses and box position).
 */
const undoOrder = (events: readonly UndoEvent[]): UndoEvent[] => {
  const rank = (e: UndoEvent): number => UNDO_PLANS[e.entity]?.rank ?? 0;
  const creates = events.filter((e) => e.action === 'create').sort((a, b) => rank(b) - rank(a) || b.id - a.id);
  const updates = events.filter((e) => e.action === 'update').sort((a, b) => b.id - a.id);
  const deletes = events.filter((e) => e.action === 'delete').sort((a, b) => rank(a) - rank(b) || a.id - b.id);
  return [...creates, ...updates, ...deletes];
};

/**
 * The events in order, in runs: the consecutive updates of one change to one entity that can go
 * set-based (bulk.ts) as one run, every other event a run of its own.
 */
const runsOf = (ordered: readonly UndoEvent[]): UndoEvent[][] => {
  const runs: UndoEvent[][] = [];
  let i = 0;
  while (i < ordered.length) {
    const first = ordered[i]!;
    let j = i + 1;
    if (first.action === 'update')
      while (j < ordered.length && ordered[j]!.action === 'update' && ordered[j]!.entity === first.entity && ordered[j]!.changeId === first.changeId) j++;
    const run = ordered.slice(i, j);
    const target = UNDO_PLANS[first.entity]!;
    if (run.length > 1 && (isCustom(target) || !bulkable(run, target))) runs.push(...run.map((e) => [e]));
    else runs.push(run);
    i = j;
  }
  return runs;
};

const isPgError = (err: unknown): err is { code: string } =>
  typeof err === 'object' && err !== null && typeof (err as { code?: unknown }).code === 'string';

/** Undoes `changes` (the change ids of one action) as `actor`; see the file comment. */
export const undoChanges = async (db: Kysely<Database>, actor: string, changes: readonly number[]): Promise<UndoResult> => {
  try {
    return await db.transaction().execute(async (trx) => {
      const events = await loadEvents(trx, changes);
      await check(trx, actor, changes, events);
      const runs = runsOf(undoOrder(events.filter((e) => !coverOf(e, events))));
      for (const [i, run] of runs.entries()) {
        const target = UNDO_PLANS[run[0]!.entity]!;
        if (run.length > 1 && !isCustom(target)) await undoUpdates(trx, actor, run, target);
        else await undoEvent(trx, actor, run[0]!);
        // Its events are an undo of its change (once a change's events are all written).
        if (runs[i + 1]?.[0]?.changeId !== run[0]!.changeId)
          await sql`update audit_event set undo_of = ${run[0]!.changeId}
            where change_id = txid_current() and undo_of is null`.execute(trx);
      }
      const { rows } = await sql<{ change: number }>`select txid_current() as change`.execute(trx);
      return { message: UNDO_MESSAGES.undone, change: Number(rows[0]!.change), restored: events.length };
    });
  } catch (err) {
    // A key taken or a parent gone since (a unique or foreign key refusal): changed since.
    if (isPgError(err) && (err.code === '23505' || err.code === '23503')) throw changedSince();
    throw err;
  }
};
