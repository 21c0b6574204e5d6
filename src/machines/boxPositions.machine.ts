// The positions of the selected box (docs/dev/product-rules.md#screens Boxes page, docs/dev/product-rules.md#behaviour Box positions): load them, reorder rows
// (moved), edit a row (modified), Reorganize (renumber 1..n, mark the renumbered rows modified),
// Update (send the whole list in its order), Clear and Reload (drop the local changes, after
// asking). Update is possible only with modified rows, Clear and Reload with modified or moved ones;
// Create new Box Position is disabled at numMax and gives the next number after the last.
//
// Create and delete write one position on the server at once and answer the server's new list; they
// work on a saved list only (no unsaved changes), so the number they name is the stored one. A scan
// (SCAN) is the other way to ask for a new position: the scanned id is looked up (its newest stamp
// is the delivery being filed) and then created exactly as from the dialog, in the next free
// position. Changing box or leaving the page with unsaved changes asks first (docs/dev/product-rules.md#behaviour: nothing lost
// silently). Network and snackbar are injected.
//
// The list has a version (issue 29): every answer carries it, Update and delete send the one the
// list was read at, and a 409 (another admin or a box sync file changed the list meanwhile) says so
// and loads the box again: the refused changes are not applied over the other change.
import { assign, emit, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import { canAddBoxPosition, needsReorganize, nextBoxPosNumber, reorganize } from '../domain/boxPositions';
import { formatBoxPos, type BoxPosition, type BoxPositionList } from '../domain/entities/boxPosition';
import { formatSampleKey, resolveSampleIdInput } from '../domain/ids';
import {
  batchFailed,
  batchSucceeded,
  CHANGED_MEANWHILE,
  changedMeanwhile,
  created,
  deleted,
  NO_BOX_SELECTED,
  sampleNotFound,
  samplePlaced,
  SERVER_ERROR,
  writeFailed,
} from '../domain/messages';

export interface SelectedBox {
  bId: string;
  numMax: number;
}

export interface BoxPositionsContext {
  box: SelectedBox | null;
  /** The list as shown: the server's order plus the local moves and edits. */
  positions: BoxPosition[];
  /** The version of the list as loaded (or as the last write answered); writes send it back. */
  version: number | null;
  /** Keys (sample ID sId|sStamp) of rows moved by drag and drop. */
  moved: string[];
  /** Keys of rows edited or renumbered. */
  modified: string[];
  /** What waits for the answer to 'unsaved changes, leave?'. */
  pending: PendingChange | null;
  /** The position being deleted (its number). */
  deleting: number | null;
  /** The position being created. */
  creating: BoxPosition | null;
  /** The sample id a scan asked for, while its stamps are looked up and its position created. */
  scanned: string | null;
}

export type PendingChange =
  | { kind: 'select'; box: SelectedBox }
  | { kind: 'deselect' }
  | { kind: 'leave' }
  /** Clear and Reload: the changes are thrown away. */
  | { kind: 'reload' };

export type BoxPositionsEvent =
  | { type: 'SELECT'; box: SelectedBox }
  | { type: 'DESELECT' }
  | { type: 'LEAVE' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'MOVE'; keys: string[]; to: number }
  | { type: 'EDIT'; key: string; position: BoxPosition }
  | { type: 'REORGANIZE' }
  | { type: 'UPDATE' }
  | { type: 'CLEAR_RELOAD' }
  | { type: 'CREATE'; position: BoxPosition }
  | { type: 'DELETE'; boxPosId: number }
  /** A scanned sample id: placed in the next free position of the box. */
  | { type: 'SCAN'; code: string }
  /** The box's row changed (numMax edited) without a change of box. */
  | { type: 'BOX_CHANGED'; box: SelectedBox };

export type BoxPositionsEmitted = { type: 'left' } | { type: 'saved'; bId: string };

export type NotifyParams = { kind: 'success' | 'error' | 'info'; message: string };

/** The key a row is tracked by: its sample (a sample sits in one position only). */
export const positionKey = (p: BoxPosition): string => formatSampleKey(p.sample.sampleId);

const notProvided = (name: string) => () => {
  throw new Error(`box positions machine: '${name}' must be provided`);
};

const reasonOf = (error: unknown): string =>
  error instanceof Error && error.message ? ` ${error.message}` : '';

/** A 409 to a write: the list changed since it was read (ApiError.status). */
const isConflictError = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 409;

/** Never a stored version (they start at 1): a write without a loaded list is refused, not applied. */
const NO_VERSION = 0;

const namesOf = (context: BoxPositionsContext): string[] =>
  context.positions
    .filter((p) => context.modified.includes(positionKey(p)))
    .map((p) => formatBoxPos(p.boxposId.box, p.boxposId.boxPosId));

const union = (a: readonly string[], b: readonly string[]): string[] => [...new Set([...a, ...b])];

const clean = { moved: [] as string[], modified: [] as string[] };

/** The sample id a scan names (13 digits, or 8 padded with zeros and a check digit); null otherwise. */
const scannedSId = (code: string): string | null => {
  const input = resolveSampleIdInput(code);
  return input.kind === 'exact' || input.kind === 'padded' ? input.sId : null;
};

/** Why no position can be created now; null when one can (or no box is loaded). */
const createRefusal = (context: BoxPositionsContext): string | null => {
  if (context.box === null) return null;
  if (!canAddBoxPosition(context.positions.length, context.box.numMax))
    return `The box is full (${context.box.numMax} positions).`;
  if (context.moved.length > 0 || context.modified.length > 0)
    return 'Update or Clear and Reload the changed positions first.';
  return null;
};

export const boxPositionsMachine = setup({
  types: {
    context: {} as BoxPositionsContext,
    events: {} as BoxPositionsEvent,
    emitted: {} as BoxPositionsEmitted,
  },
  actors: {
    load: fromPromise<BoxPositionList, { bId: string }>(notProvided('load')),
    /** PUT the whole list in its order with the version it was read at; answers the stored list. */
    save: fromPromise<BoxPositionList, { bId: string; positions: BoxPosition[]; version: number }>(
      notProvided('save'),
    ),
    /** POST one position; answers the stored list. */
    create: fromPromise<BoxPositionList, { bId: string; position: BoxPosition }>(notProvided('create')),
    /** DELETE one position of the list read at `version`; answers the stored list. */
    remove: fromPromise<BoxPositionList, { bId: string; boxPosId: number; version: number }>(
      notProvided('remove'),
    ),
    /** The stamps of the samples with this id, oldest first (fails when there is none). */
    stamps: fromPromise<string[], { sId: string }>(notProvided('stamps')),
  },
  actions: {
    notify: (_, _params: NotifyParams) => notProvided('notify')(),
    takeList: assign((_, params: { list: BoxPositionList }) => ({
      positions: params.list.boxpos,
      version: params.list.version,
      ...clean,
    })),
  },
  guards: {
    isDirty: ({ context }) => context.moved.length > 0 || context.modified.length > 0,
    hasModified: ({ context }) => context.modified.length > 0,
    needsReorganize: ({ context }) => needsReorganize(context.positions),
    canCreate: ({ context }) =>
      context.box !== null &&
      context.moved.length === 0 &&
      context.modified.length === 0 &&
      canAddBoxPosition(context.positions.length, context.box.numMax),
    canDelete: ({ context, event }) =>
      event.type === 'DELETE' &&
      context.moved.length === 0 &&
      context.modified.length === 0 &&
      context.positions.some((p) => p.boxposId.boxPosId === event.boxPosId),
    isSameBox: ({ context, event }) => event.type === 'SELECT' && context.box?.bId === event.box.bId,
    pendingSelect: ({ context }) => context.pending?.kind === 'select',
    pendingSameBox: ({ context }) =>
      context.pending?.kind === 'select' && context.pending.box.bId === context.box?.bId,
    pendingLeave: ({ context }) => context.pending?.kind === 'leave',
    pendingReload: ({ context }) => context.pending?.kind === 'reload',
    isSampleId: ({ event }) => event.type === 'SCAN' && scannedSId(event.code) !== null,
    isConflict: (_, params: { error: unknown }) => isConflictError(params.error),
  },
}).createMachine({
  id: 'boxPositions',
  context: {
    box: null,
    positions: [],
    version: null,
    moved: [],
    modified: [],
    pending: null,
    deleting: null,
    creating: null,
    scanned: null,
  },
  initial: 'noBox',
  states: {
    noBox: {
      on: {
        SELECT: {
          target: 'loading',
          actions: assign({ box: ({ event }) => event.box, positions: [], ...clean }),
        },
        LEAVE: { target: 'left' },
        SCAN: { actions: { type: 'notify', params: { kind: 'error', message: NO_BOX_SELECTED } } },
      },
    },
    loading: {
      on: {
        // Selecting the same box again deselects it (docs/dev/product-rules.md#screens); another box replaces the load.
        SELECT: [
          { guard: 'isSameBox', target: 'noBox', actions: assign({ box: null, positions: [], ...clean }) },
          {
            target: 'loading',
            reenter: true,
            actions: assign({ box: ({ event }) => event.box, positions: [], ...clean }),
          },
        ],
        DESELECT: { target: 'noBox', actions: assign({ box: null, positions: [], ...clean }) },
        LEAVE: { target: 'left' },
      },
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ bId: context.box?.bId ?? '' }),
        onDone: {
          target: 'ready',
          actions: { type: 'takeList', params: ({ event }) => ({ list: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'notify', params: { kind: 'error', message: SERVER_ERROR } },
        },
      },
    },
    failed: {
      on: {
        SELECT: [
          { guard: 'isSameBox', target: 'noBox', actions: assign({ box: null, positions: [], ...clean }) },
          { target: 'loading', actions: assign({ box: ({ event }) => event.box, positions: [], ...clean }) },
        ],
        DESELECT: { target: 'noBox', actions: assign({ box: null, positions: [], ...clean }) },
        CLEAR_RELOAD: { target: 'loading' },
        LEAVE: { target: 'left' },
        SCAN: { actions: { type: 'notify', params: { kind: 'error', message: NO_BOX_SELECTED } } },
      },
    },
    ready: {
      on: {
        SELECT: [
          {
            guard: 'isDirty',
            target: 'confirming',
            actions: assign({ pending: ({ event }) => ({ kind: 'select', box: event.box }) }),
          },
          { guard: 'isSameBox', target: 'noBox', actions: assign({ box: null, positions: [], ...clean }) },
          { target: 'loading', actions: assign({ box: ({ event }) => event.box, positions: [], ...clean }) },
        ],
        DESELECT: [
          { guard: 'isDirty', target: 'confirming', actions: assign({ pending: { kind: 'deselect' } }) },
          { target: 'noBox', actions: assign({ box: null, positions: [], ...clean }) },
        ],
        LEAVE: [
          { guard: 'isDirty', target: 'confirming', actions: assign({ pending: { kind: 'leave' } }) },
          { target: 'left' },
        ],
        BOX_CHANGED: { actions: assign({ box: ({ event }) => event.box }) },
        MOVE: {
          actions: assign(({ context, event }) => {
            // Several rows may be dragged at once; they keep their relative order.
            const keys = new Set(event.keys);
            const dragged = context.positions.filter((p) => keys.has(positionKey(p)));
            if (dragged.length === 0) return {};
            const before = context.positions.slice(
              0,
              Math.max(0, Math.min(event.to, context.positions.length)),
            );
            const insertAt = before.filter((p) => !keys.has(positionKey(p))).length;
            let positions = context.positions.filter((p) => !keys.has(positionKey(p)));
            positions = [...positions.slice(0, insertAt), ...dragged, ...positions.slice(insertAt)];
            const unchanged = positions.every((p, i) => p === context.positions[i]);
            return unchanged ? {} : { positions, moved: union(context.moved, [...keys]) };
          }),
        },
        EDIT: {
          actions: assign(({ context, event }) => {
            const at = context.positions.findIndex((p) => positionKey(p) === event.key);
            if (at < 0) return {};
            const positions = [...context.positions];
            positions[at] = event.position;
            // The row is tracked by its new sample from now on.
            const newKey = positionKey(event.position);
            const rename = (keys: string[]) => keys.map((k) => (k === event.key ? newKey : k));
            return {
              positions,
              moved: rename(context.moved),
              modified: union(rename(context.modified), [newKey]),
            };
          }),
        },
        REORGANIZE: {
          guard: 'needsReorganize',
          actions: assign(({ context }) => {
            const { positions, modified } = reorganize(context.positions);
            return {
              positions,
              modified: union(
                context.modified,
                modified.map((i) => positionKey(positions[i]!)),
              ),
            };
          }),
        },
        UPDATE: { guard: 'hasModified', target: 'saving' },
        // Throwing changes away asks first, as choosing another box or leaving does (docs/dev/product-rules.md#behaviour).
        CLEAR_RELOAD: {
          guard: 'isDirty',
          target: 'confirming',
          actions: assign({ pending: { kind: 'reload' } }),
        },
        CREATE: {
          guard: 'canCreate',
          target: 'creating',
          actions: assign({ creating: ({ event }) => event.position }),
        },
        DELETE: {
          guard: 'canDelete',
          target: 'deleting',
          actions: assign({ deleting: ({ event }) => event.boxPosId }),
        },
        SCAN: [
          // Full, or unsaved changes first: why not, as Create's description says.
          {
            guard: not('canCreate'),
            actions: {
              type: 'notify',
              params: ({ context }) => ({
                kind: 'error',
                message: createRefusal(context) ?? NO_BOX_SELECTED,
              }),
            },
          },
          {
            guard: 'isSampleId',
            target: 'scanning',
            actions: assign({ scanned: ({ event }) => scannedSId(event.code) }),
          },
          {
            actions: {
              type: 'notify',
              params: ({ event }) => ({ kind: 'error', message: sampleNotFound(event.code) }),
            },
          },
        ],
      },
    },
    // A scan: the newest stamp of the scanned id is the delivery being filed (docs/dev/product-rules.md#behaviour Timestamps).
    scanning: {
      invoke: {
        id: 'stamps',
        src: 'stamps',
        input: ({ context }) => ({ sId: context.scanned ?? '' }),
        onDone: [
          {
            guard: ({ event }) => event.output.length > 0,
            target: 'creating',
            actions: assign({
              creating: ({ context, event }) => ({
                boxposId: { box: context.box?.bId ?? '', boxPosId: nextBoxPosNumber(context.positions) },
                dateExported: null,
                sample: { sampleId: { sId: context.scanned ?? '', sStamp: event.output.at(-1)! } },
              }),
            }),
          },
          {
            target: 'ready',
            actions: [
              {
                type: 'notify',
                params: ({ context }) => ({ kind: 'error', message: sampleNotFound(context.scanned ?? '') }),
              },
              assign({ scanned: null }),
            ],
          },
        ],
        onError: {
          target: 'ready',
          actions: [
            {
              type: 'notify',
              params: ({ context }) => ({ kind: 'error', message: sampleNotFound(context.scanned ?? '') }),
            },
            assign({ scanned: null }),
          ],
        },
      },
    },
    confirming: {
      on: {
        CONFIRM: [
          // The same box again: deselect it (docs/dev/product-rules.md#screens), its changes dropped.
          {
            guard: 'pendingSameBox',
            target: 'noBox',
            actions: assign({ box: null, positions: [], pending: null, ...clean }),
          },
          {
            guard: 'pendingSelect',
            target: 'loading',
            actions: assign(({ context }) => ({
              box: context.pending?.kind === 'select' ? context.pending.box : null,
              positions: [],
              pending: null,
              ...clean,
            })),
          },
          { guard: 'pendingLeave', target: 'left', actions: assign({ pending: null }) },
          { guard: 'pendingReload', target: 'loading', actions: assign({ pending: null }) },
          { target: 'noBox', actions: assign({ box: null, positions: [], pending: null, ...clean }) },
        ],
        CANCEL: { target: 'ready', actions: assign({ pending: null }) },
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({
          bId: context.box?.bId ?? '',
          positions: context.positions,
          version: context.version ?? NO_VERSION,
        }),
        onDone: {
          target: 'ready',
          actions: [
            {
              type: 'notify',
              params: ({ context }) => ({ kind: 'success', message: batchSucceeded(namesOf(context)) }),
            },
            emit(({ context }) => ({ type: 'saved' as const, bId: context.box?.bId ?? '' })),
            { type: 'takeList', params: ({ event }) => ({ list: event.output }) },
          ],
        },
        onError: [
          // Changed meanwhile (another admin, a box sync file): say so and load the box again.
          {
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            actions: {
              type: 'notify',
              params: ({ context }) => ({
                kind: 'error',
                message: changedMeanwhile('bId', context.box?.bId ?? ''),
              }),
            },
          },
          // Refused: the rows stay marked and the message lists them with the server's reason.
          {
            target: 'ready',
            actions: {
              type: 'notify',
              params: ({ context, event }) => ({
                kind: 'error',
                message: `${batchFailed(namesOf(context))}${reasonOf(event.error)}`,
              }),
            },
          },
        ],
      },
    },
    creating: {
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ context }) => ({ bId: context.box?.bId ?? '', position: context.creating! }),
        onDone: {
          target: 'ready',
          actions: [
            {
              type: 'notify',
              params: ({ context, event }) => {
                const key = context.creating ? positionKey(context.creating) : '';
                const placed = event.output.boxpos.find((p) => positionKey(p) === key);
                const id = placed ? formatBoxPos(placed.boxposId.box, placed.boxposId.boxPosId) : '';
                return {
                  kind: 'success',
                  message: context.scanned ? samplePlaced(context.scanned, id) : created('boxPosition', id),
                };
              },
            },
            { type: 'takeList', params: ({ event }) => ({ list: event.output }) },
            assign({ creating: null, scanned: null }),
          ],
        },
        onError: {
          target: 'ready',
          actions: [
            {
              type: 'notify',
              // A scan says the server's reason alone (the sample is boxed elsewhere, the box is full).
              params: ({ context, event }) => ({
                kind: 'error',
                message:
                  context.scanned && reasonOf(event.error)
                    ? reasonOf(event.error).trim()
                    : `${writeFailed('boxPosition', formatBoxPos(context.box?.bId ?? '', context.creating?.boxposId.boxPosId ?? 0), 'created')}${reasonOf(event.error)}`,
              }),
            },
            assign({ creating: null, scanned: null }),
          ],
        },
      },
    },
    deleting: {
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({
          bId: context.box?.bId ?? '',
          boxPosId: context.deleting ?? 0,
          version: context.version ?? NO_VERSION,
        }),
        onDone: {
          target: 'ready',
          actions: [
            {
              type: 'notify',
              params: ({ context }) => ({
                kind: 'success',
                message: deleted('boxPosition', formatBoxPos(context.box?.bId ?? '', context.deleting ?? 0)),
              }),
            },
            { type: 'takeList', params: ({ event }) => ({ list: event.output }) },
            assign({ deleting: null }),
          ],
        },
        onError: [
          // The list changed since it was read: the number may name another sample now; reload.
          {
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            actions: [
              {
                type: 'notify',
                params: ({ context }) => ({
                  kind: 'error',
                  message: `${writeFailed('boxPosition', formatBoxPos(context.box?.bId ?? '', context.deleting ?? 0), 'deleted')} ${CHANGED_MEANWHILE}`,
                }),
              },
              assign({ deleting: null }),
            ],
          },
          {
            target: 'ready',
            actions: [
              {
                type: 'notify',
                params: ({ context, event }) => ({
                  kind: 'error',
                  message: `${writeFailed('boxPosition', formatBoxPos(context.box?.bId ?? '', context.deleting ?? 0), 'deleted')}${reasonOf(event.error)}`,
                }),
              },
              assign({ deleting: null }),
            ],
          },
        ],
      },
    },
    left: { type: 'final', entry: emit({ type: 'left' as const }) },
  },
});

export type BoxPositionsMachine = typeof boxPositionsMachine;
export type BoxPositionsSnapshot = SnapshotFrom<BoxPositionsMachine>;

// ---- what the page shows, read from a snapshot ---------------------------------------------------

export const isDirty = (s: BoxPositionsSnapshot): boolean =>
  s.context.moved.length > 0 || s.context.modified.length > 0;
export const canUpdate = (s: BoxPositionsSnapshot): boolean =>
  s.matches('ready') && s.context.modified.length > 0;
export const canClearReload = (s: BoxPositionsSnapshot): boolean => s.matches('ready') && isDirty(s);
export const canReorganize = (s: BoxPositionsSnapshot): boolean =>
  s.matches('ready') && needsReorganize(s.context.positions);
/** Create new Box Position: a box is loaded, it is not full (docs/dev/product-rules.md#behaviour), and its list is saved. */
export const canCreatePosition = (s: BoxPositionsSnapshot): boolean =>
  s.matches('ready') &&
  s.context.box !== null &&
  !isDirty(s) &&
  canAddBoxPosition(s.context.positions.length, s.context.box.numMax);
/** Why Create is disabled, for its description; null when it is enabled or no box is loaded. */
export const createDisabledReason = (s: BoxPositionsSnapshot): string | null =>
  s.matches('ready') ? createRefusal(s.context) : null;
/** The number a new position gets (docs/dev/product-rules.md#behaviour): one after the last, 1 for an empty box. */
export const nextNumber = (s: BoxPositionsSnapshot): number => nextBoxPosNumber(s.context.positions);
export const rowMark = (s: BoxPositionsSnapshot, p: BoxPosition): 'modified' | 'moved' | null => {
  const key = positionKey(p);
  if (s.context.modified.includes(key)) return 'modified';
  if (s.context.moved.includes(key)) return 'moved';
  return null;
};
