// The updates of one change to one entity undone set-based (a transfer of 1,000 screen names is
// 1,000 sample updates): one statement locks every row, one sets every before-image, one audits
// them — instead of four statements a row. Same rules as a single update (undo/service.ts): each
// row must still be its after-image, else nothing is written; versions bump through the table's
// trigger. The images travel as one jsonb parameter, which the database types by the table's own
// row type (jsonb_populate_record), so no parameter limit applies and no column type is named here.
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/database';
import { recordAudit } from '../services/audit';
import { canonical, changedSince, notUndoable, type Image, type Row, type RowRestore, type UndoEvent } from './plan';

const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const snakeKeys = (row: Row): Row => Object.fromEntries(Object.entries(row).map(([k, v]) => [snake(k), v]));
const ident = (name: string) => sql.ref(snake(name));

/** Equality of what both name: the stored row may carry more than a partial image. */
export const matches = (stored: Image, image: Image): boolean => {
  const common = Object.keys(image).filter((k) => k in stored);
  return common.length > 0 && common.every((k) => canonical(stored[k]) === canonical(image[k]));
};

/** Whether `events` (updates of one change to one entity) can go set-based: each row named once. */
export const bulkable = (events: readonly UndoEvent[], target: RowRestore): boolean => {
  if (events.length < 2 || !target.versioned) return false;
  const keys = events.map((e) => target.where(e.after as Image, e.entityKey));
  if (keys.some((k) => k === null)) return false;
  return new Set(keys.map((k) => canonical(k))).size === keys.length;
};

/** Undoes `events` (see bulkable) as `actor`; throws changedSince() when a row is not its after-image. */
export const undoUpdates = async (
  trx: Transaction<Database>,
  actor: string,
  events: readonly UndoEvent[],
  target: RowRestore,
): Promise<void> => {
  const table = sql.table(snake(target.table));
  const keys = events.map((e) => target.where(e.after as Image, e.entityKey)!);
  const keyColumns = Object.keys(keys[0]!);
  if (keys.some((k) => Object.keys(k).join() !== keyColumns.join())) throw notUndoable();
  const joinOn = sql.join(
    keyColumns.map((c) => sql`t.${ident(c)} = k.${ident(c)}`),
    sql` and `,
  );
  const keyRows = sql`(select (jsonb_populate_record(null::${table}, e->'key')).*, e->'patch' as undo_patch,
      (e->>'n')::int as undo_n
    from jsonb_array_elements(${JSON.stringify(
      events.map((e, n) => ({ n, key: snakeKeys(keys[n]!), patch: snakeKeys(target.columns(e.before as Image)) })),
    )}::jsonb) as e)`;

  const { rows: locked } = await sql<Row & { undoN: number }>`
    select t.*, k.undo_n from ${table} t join ${keyRows} k on ${joinOn} for update of t`.execute(trx);
  if (locked.length !== events.length) throw changedSince();
  for (const row of locked) {
    const { undoN, ...stored } = row;
    if (!matches(target.image(stored), events[undoN]!.after as Image)) throw changedSince();
  }

  const columns = [...new Set(events.flatMap((e) => Object.keys(target.columns(e.before as Image))))];
  if (columns.length === 0) throw notUndoable();
  const set = sql.join(columns.map((c) => ident(c)));
  const from = sql.join(columns.map((c) => sql`r.${ident(c)}`));
  const { rows: after } = await sql<Row & { undoN: number }>`
    update ${table} t set (${set}) = (select ${from} from jsonb_populate_record(t, k.undo_patch) r)
    from ${keyRows} k where ${joinOn}
    returning t.*, k.undo_n`.execute(trx);
  if (after.length !== events.length) throw changedSince();

  const beforeOf = new Map(locked.map(({ undoN, ...stored }) => [undoN, stored]));
  await recordAudit(
    trx,
    after.map(({ undoN, ...row }) => {
      const e = events[undoN]!;
      return {
        actor,
        action: 'update' as const,
        entity: e.entity,
        key: e.entityKey,
        before: target.image(beforeOf.get(undoN)!),
        after: target.image(row),
      };
    }),
  );
};
