// What the undo needs to know of an audited entity (docs/dev/architecture.md#undo), declared by the
// resource that owns it (its server descriptor's `undo`, src/server/resources.ts) and read by
// undo/service.ts, which names none. An entity no descriptor declares is not undoable (user
// accounts: their images hold no password; sync files and imports: their events describe a file).
import type { Transaction } from 'kysely';
import { UNDO_MESSAGES } from '../../domain/undo';
import type { Database } from '../db/database';
import { HttpError } from '../http/errors';

export type Image = Readonly<Record<string, unknown>>;
export type Row = Record<string, unknown>;

/** One audit event as the undo reads it. */
export interface UndoEvent {
  id: number;
  changeId: number;
  actor: string;
  action: 'create' | 'update' | 'delete';
  entity: string;
  entityKey: string;
  before: unknown;
  after: unknown;
  /** Written within the undo window. */
  recent: boolean;
}

/**
 * Parents are restored before children and removed after them (a sample before its analyses and
 * box position): 0 for a record, 1 for a row that belongs to one.
 */
export type Rank = 0 | 1;

/** A record restored row by row: a create deleted, an update's before-image set, a delete re-inserted. */
export interface RowRestore {
  table: keyof Database;
  /** Whether the table's rows carry a trigger-bumped `version` (then updates go through versionedUpdate). */
  versioned: boolean;
  rank: Rank;
  /** The columns naming the row an image (or, for partial images, the event's key) is of; null when neither names one. */
  where: (image: Image, key: string) => Row | null;
  /** A stored row as the audit images it (the snapshot the write recorded, so the two compare). */
  image: (row: Row) => Image;
  /** The columns an image restores (on update: set; on a re-insert: all of them). */
  columns: (image: Image) => Row;
  /** The rows of other tables that hang on this one (a create is not undone while any exist). */
  children?: readonly { table: keyof Database; on: (where: Row) => Row }[];
  /** Run after a row is re-inserted (a position re-inserted moves its box's list version on). */
  reinserted?: (trx: Transaction<Database>, row: Row) => Promise<void>;
  /**
   * An event another event of the same change undoes whole (a single box position's write, by its
   * box's list): that event's entity and key, or null when this one is restored on its own.
   */
  coveredBy?: (e: UndoEvent) => { entity: string; key: string } | null;
}

/** A record restored by its own code (a box's whole list of positions). */
export interface CustomRestore {
  rank: Rank;
  /** Whether the event holds what its undo needs. */
  restorable: (e: UndoEvent) => boolean;
  /** The compensating write, audited; throws changedSince() when the record changed since. */
  undo: (trx: Transaction<Database>, actor: string, e: UndoEvent) => Promise<void>;
}

export type UndoTarget = RowRestore | CustomRestore;

/** A resource's restore plans, by audit entity. */
export type UndoPlans = Readonly<Record<string, UndoTarget>>;

export const isCustom = (t: UndoTarget): t is CustomRestore => 'undo' in t;

export const changedSince = (): HttpError =>
  new HttpError(409, UNDO_MESSAGES.changedSince, [UNDO_MESSAGES.changedSince]);
export const notUndoable = (): HttpError => new HttpError(400, UNDO_MESSAGES.notUndoable, [UNDO_MESSAGES.notUndoable]);

export const isImage = (v: unknown): v is Image => typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON text with the keys sorted: jsonb keeps its own key order, so images compare by content. */
export const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, value: unknown) =>
    isImage(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );

/** The image's columns among `names`. */
export const pick = (image: Image, names: readonly string[]): Row =>
  Object.fromEntries(names.filter((n) => n in image).map((n) => [n, image[n]]));
