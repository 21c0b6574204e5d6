// The one way to write audit_event (docs/dev/architecture.md#database: every create, update and delete). Call it with
// the transaction that makes the change, so the change and its record commit or fail together.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { noteChange } from '../undo/changeContext';

export type AuditAction = 'create' | 'update' | 'delete';

export interface AuditEntry {
  /** Who: a user's email, 'cli', 'system', 'sync'. */
  actor: string;
  action: AuditAction;
  /** What kind of record: 'user', 'analysis', 'sample', … */
  entity: string;
  /** The record's key as text (an email, an aId, 'sId|sStamp'). */
  key: string;
  /** State before (update, delete) and after (create, update); never secrets. */
  before?: unknown;
  after?: unknown;
}

// JSON text, not an object: node-postgres would send a JS array as a PostgreSQL array literal,
// and both drivers accept text for a jsonb column.
const json = (v: unknown): string | null => (v === undefined || v === null ? null : JSON.stringify(v));

/** Rows per INSERT: six parameters a row, well under the 65,535 a statement may bind. */
const AUDIT_BATCH = 5000;

/**
 * Records audit events, one or many (the set-based writes: a transfer, the rows removed with a
 * record), one INSERT per AUDIT_BATCH rows. The database sets their change id (the transaction's,
 * migration 0012), which the request's answer then names (undo/changeContext.ts), so the write can
 * be undone (undo/service.ts).
 */
export const recordAudit = async (trx: Kysely<Database>, entries: AuditEntry | readonly AuditEntry[]): Promise<void> => {
  const all = Array.isArray(entries) ? (entries as readonly AuditEntry[]) : [entries as AuditEntry];
  for (let i = 0; i < all.length; i += AUDIT_BATCH) {
    const rows = await trx
      .insertInto('auditEvent')
      .values(
        all.slice(i, i + AUDIT_BATCH).map((entry) => ({
          actor: entry.actor,
          action: entry.action,
          entity: entry.entity,
          entityKey: entry.key,
          before: json(entry.before),
          after: json(entry.after),
        })),
      )
      .returning('changeId')
      .execute();
    noteChange(rows[0]?.changeId);
  }
};

/**
 * A delete event for each row removed along with a record (a sample's analyses and box position, a
 * box's positions), in the same transaction; `keyOf` gives each row's key as text.
 */
export const recordRemoved = async <Row>(
  trx: Kysely<Database>,
  actor: string,
  entity: string,
  rows: readonly Row[],
  keyOf: (row: Row) => string,
): Promise<void> =>
  recordAudit(
    trx,
    rows.map((row) => ({ actor, action: 'delete' as const, entity, key: keyOf(row), before: row })),
  );
