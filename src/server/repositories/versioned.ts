// The one way to update an editable record (docs/dev/architecture.md#database audit, docs/dev/architecture.md#api-contract versions): in the caller's
// transaction, lock the row, refuse a write based on an outdated copy (409 with the spec's 'was
// not modified!' message and the reason), write the new values only where the version is still
// the one the client read, and record the audit event with the same transaction. The database's
// trigger (migration 0002) bumps the version when a column really changes.
//
// Why both the lock and the version condition: the lock makes the check and the write one step —
// a concurrent PUT of the same record waits on it and then reads the new version, so of two
// writes based on the same version exactly one succeeds; the condition keeps the UPDATE itself
// correct even if a caller ever reads the row without the lock.
//
// Any table with a `version` column can use it (box positions and batch updates too: one call per
// row, all in the batch's transaction, so one stale row fails the batch).
import type { Kysely, Selectable, Transaction, UpdateObject } from 'kysely';
import { versionWrite } from '../../domain/entities/shared';
import { CHANGED_MEANWHILE, VERSION_MESSAGE } from '../../domain/messages';
import type { Database, RowVersion } from '../db/database';
import { HTTP_MESSAGES, HttpError } from '../http/errors';
import { recordAudit } from '../services/audit';

/** The tables whose rows carry a version. */
export type VersionedTable = {
  [T in keyof Database]: Database[T] extends { version: RowVersion } ? T : never;
}[keyof Database];

export type RowOf<T extends VersionedTable> = Selectable<Database[T]>;
/** Column values or SQL expressions (`localtimestamp(0)`), as Kysely's `set` takes them. */
export type Values<T extends VersionedTable> = UpdateObject<Database, T>;

export interface VersionedUpdate<T extends VersionedTable> {
  table: T;
  /** The columns that name the one row, with their values (its key as stored now). */
  key: Partial<RowOf<T>>;
  /** The version the client read the record with, as it sent it (400 when it is no version). */
  version: unknown;
  /**
   * The new values, given the locked row as stored; null when nothing would change (then nothing is
   * written and no audit event recorded). May throw to refuse the write (a validation error).
   */
  values: (before: RowOf<T>) => Values<T> | null | Promise<Values<T> | null>;
  audit: {
    actor: string;
    /** The audit entity name ('analysis', 'sample', 'limit', …). */
    entity: string;
    /** The record's key as text. */
    key: string;
    /** What the audit keeps of a row; the row itself when absent. */
    snapshot?: (row: RowOf<T>) => unknown;
  };
  /** 404 message when no row has the key. */
  notFound: string;
  /** The spec's 'Error occurred, …#… was not modified!' message for a stale version. */
  notModified: string;
}

export interface VersionedResult<T extends VersionedTable> {
  before: RowOf<T>;
  /** The row as written (the stored row when nothing changed). */
  after: RowOf<T>;
  changed: boolean;
}

/** 409 for a write based on an outdated copy: the spec's message, and why in `errors`. */
export const staleVersion = (notModified: string): HttpError => new HttpError(409, notModified, [CHANGED_MEANWHILE]);

/** Updates one versioned row in `trx` (see the file comment); throws 404 or 409 as HttpError. */
export const versionedUpdate = async <T extends VersionedTable>(
  trx: Transaction<Database>,
  update: VersionedUpdate<T>,
): Promise<VersionedResult<T>> => {
  // The table is a type parameter, which Kysely's builders cannot follow; the column names are
  // checked by the types of VersionedUpdate instead, and the rows are typed on the way out.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  const db = trx as unknown as Kysely<any>;
  const keyEntries = Object.entries(update.key);

  const table: string = update.table;
  let select = db.selectFrom(table).selectAll();
  for (const [column, value] of keyEntries) select = select.where(column, '=', value);
  const before = (await select.forUpdate().executeTakeFirst()) as RowOf<T> | undefined;
  if (!before) throw new HttpError(404, update.notFound);
  const version = versionWrite.safeParse(update.version);
  if (!version.success) throw new HttpError(400, HTTP_MESSAGES.validation, [VERSION_MESSAGE]);
  if ((before as { version: number }).version !== version.data) throw staleVersion(update.notModified);

  const values = await update.values(before);
  if (values === null) return { before, after: before, changed: false };
  let write = db.updateTable(table).set(values as Record<string, unknown>);
  for (const [column, value] of keyEntries) write = write.where(column, '=', value);
  const after = (await write.where('version', '=', version.data).returningAll().executeTakeFirst()) as
    | RowOf<T>
    | undefined;
  if (!after) throw staleVersion(update.notModified);

  const snapshot = update.audit.snapshot ?? ((row: RowOf<T>) => row);
  await recordAudit(trx, {
    actor: update.audit.actor,
    action: 'update',
    entity: update.audit.entity,
    key: update.audit.key,
    before: snapshot(before),
    after: snapshot(after),
  });
  return { before, after, changed: true };
};
