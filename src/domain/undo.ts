// Undo of the user's last write (docs/dev/architecture.md#undo): the window, the header that names a
// write's change, the call's shapes and every message the undo shows, for the server and the browser.
import { z } from 'zod';

/** How long after a write its Undo is offered and accepted. */
export const UNDO_WINDOW_MS = 10_000;

/**
 * The response header of a write that recorded audit events: its change ids (the writing
 * transactions), comma-separated. Only writes answer it, never reads.
 */
export const CHANGE_HEADER = 'labdesk-change';

/** Most change ids one undo takes (a batch update of a configuration list sends one PUT per row). */
export const MAX_UNDO_CHANGES = 100;

/** POST /api/undo: the change ids of the one user action to undo, all or nothing. */
export const undoRequestSchema = z.object({
  changes: z.array(z.number().int().positive()).min(1).max(MAX_UNDO_CHANGES),
});
export type UndoRequest = z.infer<typeof undoRequestSchema>;

export const undoResultSchema = z.object({
  message: z.string(),
  /** The undo's own change id (its events carry `undoOf`). */
  change: z.number().int(),
  /** How many records it restored. */
  restored: z.number().int(),
});
export type UndoResult = z.infer<typeof undoResultSchema>;

/** The change ids a write's answer names (empty when it names none). */
export const parseChangeHeader = (value: string | null | undefined): number[] =>
  (value ?? '')
    .split(',')
    .map((v) => Number(v.trim()))
    .filter((n) => Number.isSafeInteger(n) && n > 0);

export const UNDO_MESSAGES = {
  undone: 'Last change undone',
  offer: 'Your last change can be undone for 10 seconds.',
  nothing: 'Nothing to undo',
  notYours: 'Error occurred, only the user who made a change can undo it!',
  tooLate: 'Error occurred, the change is older than 10 seconds and can no longer be undone!',
  changedSince: 'Error occurred, the change was not undone: the record was changed since!',
  alreadyUndone: 'Error occurred, the change was already undone!',
  notUndoable: 'Error occurred, this kind of change cannot be undone!',
  notFound: 'Error occurred, the change was not found!',
  /** Writes that left the building. */
  printedLabel: 'A printed label cannot be undone',
  downloadedFile: 'A downloaded SAP/ZFT file cannot be undone',
} as const;

/**
 * Writes whose effect left the building (a printed label, a downloaded SAP/ZFT file: the export
 * jobs' download, or a record's own file such as a screen's ZFT, which flags what it holds): not
 * undoable, and the undo says so. Judged from the call's method and path under /api.
 */
export const leftTheBuilding = (method: string, path: string): string | null => {
  const m = method.toUpperCase();
  const p = path.replace(/^\/?(api\/)?/, '');
  if (m === 'PUT' && p.startsWith('label/')) return UNDO_MESSAGES.printedLabel;
  if (m === 'GET' && /^(export\/download|[^/]+\/[^/]+\/export)\/(sap|zft)$/i.test(p)) return UNDO_MESSAGES.downloadedFile;
  return null;
};
