// Row edit: editing, creating and deleting one Analysis or Sample row at a time (docs/dev/product-rules.md#behaviour Row edit,
// Create, Delete; docs/dev/product-rules.md#field-rules; docs/dev/product-rules.md#messages). EDIT loads the record by id and edits a draft; SAVE checks the draft
// with the docs/dev/product-rules.md#field-rules rules (errors keep the row in edit, and nothing is sent) and then updates it; CANCEL
// (Esc, the close icon, a blur outside the fields) drops the draft and its errors. Delete asks
// first. Create starts from a template and is possible only while the form is valid. Results are
// notified and emitted ('saved', 'created', 'deleted'), so the screen reloads the list and drops a
// deleted item from the selection. Network and snackbar are injected.
//
// No update is lost silently (docs/dev/architecture.md#api-contract): the save sends the version the record was loaded
// with. When the server answers 409 — someone else changed the record since — the machine says so
// ('… was not modified! It was changed by someone else in the meantime.'), emits 'conflict' so the
// screen reloads the list, and loads the record again: the row shows the other change with the
// reason among its errors (until the next input), and the user edits from there — their refused
// change is not re-applied over it.
//
// Before that: a change event naming the row in edit (CHANGED_ELSEWHERE, from the page's change
// stream) with a version newer than the loaded one sets `changedElsewhere`, so the row says before
// Save that the save will be refused. A change announced while the row loads counts when it is
// newer than what the load answered. The draft, the focus and the edit stay; only a new load (the
// next edit, or the 409's) clears the notice.
//
// A change event does not say it was a delete: a record's delete and a write of several records (a
// sample deleted with its analyses, a batch, a box's positions) all come without a version. So such
// an event makes the machine look (editing.checking loads the row again beside the edit, which goes
// on; after a load during which one was announced too). The answer tells: a 404 — to that look, to
// such a load, or to the save — ends the edit: the draft is dropped, the machine says the record was
// deleted by someone else (deletedWhileEditing) and emits 'deletedElsewhere', so the list reloads
// and the table puts the focus on the edit's column header. A row still there at a newer version
// sets the notice, at the loaded version nothing (a box's positions, say); no answer sets it, being
// unsure. Not at once: a delete would first be announced as a change Save would show. The list's
// rows alone prove nothing: a row leaves a page when it is written out of the filter or re-sorted.
import { assign, emit, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  CHANGED_MEANWHILE,
  changedMeanwhile,
  created,
  deleted,
  deletedWhileEditing,
  createRefused,
  notDeleted,
  notFetched,
  notModified,
  updated,
  type RecordKey,
} from '../domain/messages';
import { joinErrors, rowErrors, type RowDraft, type RowEntity } from '../domain/rowRules';
import { resourceOf } from '../domain/resources';
import type { FieldValue } from '../domain/rules/fields';
import type { LimitBounds } from '../domain/rules/measurement';

export interface RowEditInput {
  entity: RowEntity;
  /** The server's limits, for the measured values (docs/dev/product-rules.md#field-rules last row). */
  limits?: LimitBounds[];
}

export interface RowEditContext {
  entity: RowEntity;
  limits: LimitBounds[];
  /** The row being edited or deleted: the aId, or 'sId|sStamp' on Samples. */
  id: string | null;
  /** The version of the record as loaded; the save sends it back. */
  version: number | null;
  /** The column that was double-clicked, for the UI to focus; null for the pencil. */
  column: string | null;
  /** Where the edit shows: in its table row, or in a dialog (opened from the Selection card). */
  surface: EditSurface;
  /** The record as loaded, every field: the draft's changes go over it when saved and shown. */
  record: RowDraft;
  draft: RowDraft;
  errors: string[];
  /** The row in edit changed elsewhere since it was loaded: a save will be refused (409). */
  changedElsewhere: boolean;
  /** While loading: the newest version of the row announced elsewhere meanwhile (null: none). */
  announced: number | null;
}

export type EditSurface = 'row' | 'dialog';

export type RowEditEvent =
  | { type: 'EDIT'; id: string; column?: string; surface?: EditSurface }
  | { type: 'CHANGE'; field: string; value: FieldValue }
  | { type: 'SAVE' }
  | { type: 'CANCEL' }
  | { type: 'REQUEST_DELETE'; id: string }
  | { type: 'CONFIRM' }
  | { type: 'OPEN_CREATE'; template: RowDraft }
  | { type: 'CREATE' }
  /** A change event named these records (keys as the rows' ids), at this version (null: unknown or deleted). */
  | { type: 'CHANGED_ELSEWHERE'; keys: readonly string[]; version: number | null };

export type RowEditEmitted =
  | { type: 'saved'; id: string }
  | { type: 'created'; id: string }
  | { type: 'deleted'; id: string }
  /** The save was refused because the record changed meanwhile: the list should show the change. */
  | { type: 'conflict'; id: string }
  /** The record in edit was deleted elsewhere and the edit ended: the list drops the row. */
  | { type: 'deletedElsewhere'; id: string; surface: EditSurface };

/** What the load answers: the fields the draft starts with, the whole record, and its version. */
export interface LoadedRow {
  draft: RowDraft;
  /** Every field of the record (the draft when left out). */
  record?: RowDraft;
  version: number;
}

/** What the save sends: the record as loaded with the draft over it, and the loaded version. */
export interface RowUpdate {
  id: string;
  record: RowDraft;
  draft: RowDraft;
  version: number;
}

/** Never a stored version (they start at 1): a save without a loaded record is refused, not applied. */
const NO_VERSION = 0;

export type NotifyParams = { kind: 'success' | 'error' | 'info'; message: string; persistent?: boolean };

const notProvided = (name: string) => () => {
  throw new Error(`row edit machine: '${name}' must be provided`);
};

/** How docs/dev/product-rules.md#messages's messages name a record of the resource (its descriptor says: aId, sId, bId, scrId). */
export const recordKeyOf = (entity: RowEntity): RecordKey => resourceOf(entity).recordKey;

/** The field messages a 400 carries (ApiError.errors), if any. */
const serverErrors = (error: unknown): string[] => {
  const errors =
    typeof error === 'object' && error !== null ? (error as { errors?: unknown }).errors : undefined;
  return Array.isArray(errors) ? errors.filter((e): e is string => typeof e === 'string') : [];
};

const statusOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;

/** A 409 to a save: the record's version is no longer the loaded one (ApiError.status). */
const isConflictError = (error: unknown): boolean => statusOf(error) === 409;

/** A 404 to the row's load or save: the record is no longer there. */
const isGoneError = (error: unknown): boolean => statusOf(error) === 404;

/** What `announced` holds after a change without a version (a delete, a write of several records). */
const UNVERSIONED = Number.POSITIVE_INFINITY;

/** The record in edit is gone (a 404): what is said, and what the list is told. */
const deletedNotice = ({ context }: { context: RowEditContext }): NotifyParams => ({
  kind: 'error',
  message: deletedWhileEditing(recordKeyOf(context.entity), context.id ?? ''),
});
const deletedEvent = ({ context }: { context: RowEditContext }) => ({
  type: 'deletedElsewhere' as const,
  id: context.id ?? '',
  surface: context.surface,
});
/** Its messages go with the edit (as on CANCEL), the list drops the row, the edit ends. */
const END_DELETED = [
  'clearValidation',
  { type: 'notify', params: deletedNotice },
  'emitDeleted',
  'reset',
] as const;

const errorsOf = (context: RowEditContext): string[] =>
  rowErrors(context.entity, context.draft, context.limits);

export const rowEditMachine = setup({
  types: {
    context: {} as RowEditContext,
    events: {} as RowEditEvent,
    input: {} as RowEditInput,
    emitted: {} as RowEditEmitted,
  },
  actors: {
    load: fromPromise<LoadedRow, { id: string }>(notProvided('load')),
    update: fromPromise<unknown, RowUpdate>(notProvided('update')),
    remove: fromPromise<unknown, { id: string }>(notProvided('remove')),
    /** Answers the new record's id (aId, or 'sId|sStamp'). */
    create: fromPromise<{ id: string }, { draft: RowDraft }>(notProvided('create')),
    /** GET /config/limits: the bounds of the measured values (docs/dev/product-rules.md#field-rules last row). */
    loadLimits: fromPromise<LimitBounds[], Record<string, never>>(notProvided('loadLimits')),
  },
  actions: {
    notify: (_, _params: NotifyParams) => notProvided('notify')(),
    /** The validation errors are gone: a persistent snackbar may close (notifications CLEAR_VALIDATION). */
    clearValidation: notProvided('clearValidation'),
    takeRow: assign(({ event }) =>
      event.type === 'EDIT' || event.type === 'REQUEST_DELETE'
        ? {
            id: event.id,
            column: event.type === 'EDIT' ? (event.column ?? null) : null,
            surface: event.type === 'EDIT' ? (event.surface ?? 'row') : 'row',
            version: null,
            record: {},
            draft: {},
            errors: [],
            changedElsewhere: false,
            announced: null,
          }
        : {},
    ),
    change: assign({
      draft: ({ context, event }) =>
        event.type === 'CHANGE' ? { ...context.draft, [event.field]: event.value } : context.draft,
    }),
    check: assign({ errors: ({ context }) => errorsOf(context) }),
    emitDeleted: emit(deletedEvent),
    // errors stay as they are: none after EDIT (takeRow), the reason after a conflict.
    takeLoaded: assign(({ context }, loaded: LoadedRow) => ({
      draft: { ...loaded.draft },
      record: { ...(loaded.record ?? loaded.draft) },
      version: loaded.version,
      // A change without a version is left to the look that follows (editing.checking).
      changedElsewhere:
        context.announced !== null && context.announced !== UNVERSIONED && context.announced > loaded.version,
      announced: null,
    })),
    reset: assign({
      id: null,
      column: null,
      surface: 'row',
      version: null,
      record: {},
      draft: {},
      errors: [],
      changedElsewhere: false,
      announced: null,
    }),
    /**
     * While loading: remember the newest version announced for the row (the load may predate it). A
     * delete, or a write of several records, has no version: it counts as newer than whatever the
     * load answered, and the row is looked at again once open (editing.checking), as it is when one
     * comes during the edit. A row the load still found and that was deleted meanwhile would
     * otherwise stay open as if nothing had happened.
     */
    announce: assign({
      announced: ({ context, event }) => {
        if (event.type !== 'CHANGED_ELSEWHERE') return context.announced;
        const version = event.version ?? UNVERSIONED;
        return Math.max(version, context.announced ?? version);
      },
    }),
  },
  guards: {
    isDraftValid: ({ context }) => errorsOf(context).length === 0,
    isOtherRow: ({ context, event }) => event.type === 'EDIT' && event.id !== context.id,
    isConflict: (_, params: { error: unknown }) => isConflictError(params.error),
    isGone: (_, params: { error: unknown }) => isGoneError(params.error),
    /** A 404 to a load during which a delete (or another write without a version) was announced. */
    isGoneAsAnnounced: ({ context }, params: { error: unknown }) =>
      context.announced === UNVERSIONED && isGoneError(params.error),
    /** The load answered, but a delete (or a write without a version) was announced meanwhile. */
    wasUnversionedAnnounced: ({ context }) => context.announced === UNVERSIONED,
    isThisRow: ({ context, event }) =>
      event.type === 'CHANGED_ELSEWHERE' && context.id !== null && event.keys.includes(context.id),
    /** A change of the row without a version: maybe a delete, which a look at the row tells. */
    isUnversionedChange: ({ context, event }) =>
      event.type === 'CHANGED_ELSEWHERE' &&
      context.id !== null &&
      event.keys.includes(context.id) &&
      event.version === null,
    /** Newer than the loaded record: a version past it (one without a version is looked at instead). */
    isNewerChange: ({ context, event }) =>
      event.type === 'CHANGED_ELSEWHERE' &&
      context.id !== null &&
      event.keys.includes(context.id) &&
      event.version !== null &&
      (context.version === null || event.version > context.version),
  },
}).createMachine({
  id: 'rowEdit',
  context: ({ input }) => ({
    entity: input.entity,
    limits: input.limits ?? [],
    id: null,
    column: null,
    surface: 'row',
    version: null,
    record: {},
    draft: {},
    errors: [],
    changedElsewhere: false,
    announced: null,
  }),
  initial: 'idle',
  // The limits load once, beside everything else; without them a measured value cannot be judged and
  // its message says so ('? and ?'), so a failed load is no error of its own.
  invoke: {
    id: 'limits',
    src: 'loadLimits',
    input: () => ({}),
    onDone: { actions: assign({ limits: ({ event }) => event.output }) },
    // Handled (nothing to do): an unhandled actor error would stop the machine.
    onError: {},
  },
  states: {
    idle: {
      on: {
        EDIT: { target: 'loading', actions: 'takeRow' },
        REQUEST_DELETE: { target: 'confirmingDelete', actions: 'takeRow' },
        OPEN_CREATE: {
          target: 'creating',
          actions: [
            assign({ id: null, column: null, draft: ({ event }) => ({ ...event.template }) }),
            'check',
          ],
        },
      },
    },
    loading: {
      on: {
        // One row at a time: the newer double-click wins and the older load is dropped.
        EDIT: { guard: 'isOtherRow', target: 'loading', reenter: true, actions: 'takeRow' },
        CANCEL: { target: 'idle', actions: 'reset' },
        CHANGED_ELSEWHERE: { guard: 'isThisRow', actions: 'announce' },
      },
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ id: context.id ?? '' }),
        onDone: [
          // The load may have read the row before that write: look again (editing.checking).
          {
            guard: 'wasUnversionedAnnounced',
            target: 'editing.checking',
            actions: { type: 'takeLoaded', params: ({ event }) => event.output },
          },
          { target: 'editing', actions: { type: 'takeLoaded', params: ({ event }) => event.output } },
        ],
        onError: [
          {
            guard: { type: 'isGoneAsAnnounced', params: ({ event }) => ({ error: event.error }) },
            target: 'idle',
            actions: END_DELETED,
          },
          {
            target: 'idle',
            actions: [
              {
                type: 'notify',
                params: ({ context }) => ({ kind: 'error', message: notFetched(context.id ?? '') }),
              },
              'reset',
            ],
          },
        ],
      },
    },
    editing: {
      on: {
        // Once errors are shown they follow the input, so a fixed field clears its message.
        CHANGE: {
          actions: enqueueActions(({ context, event, enqueue }) => {
            const draft = { ...context.draft, [event.field]: event.value };
            if (context.errors.length === 0) {
              enqueue.assign({ draft });
              return;
            }
            const errors = rowErrors(context.entity, draft, context.limits);
            enqueue.assign({ draft, errors });
            if (errors.length === 0) enqueue('clearValidation');
          }),
        },
        SAVE: [
          { guard: 'isDraftValid', target: 'saving' },
          // Invalid: stay in the row, send nothing, and keep the messages up while they apply.
          {
            actions: [
              'check',
              {
                type: 'notify',
                params: ({ context }) => ({
                  kind: 'error',
                  message: joinErrors(context.errors),
                  persistent: true,
                }),
              },
            ],
          },
        ],
        CANCEL: { target: 'idle', actions: ['reset', 'clearValidation'] },
        // Said at once, before Save; the draft and the focus stay (file comment). A change without
        // a version may be a delete: the row is looked at again (anew, if a look was under way).
        CHANGED_ELSEWHERE: [
          { guard: 'isUnversionedChange', target: '.checking', reenter: true },
          { guard: 'isNewerChange', actions: assign({ changedElsewhere: true }) },
        ],
        EDIT: [
          { guard: 'isOtherRow', target: 'loading', actions: ['takeRow', 'clearValidation'] },
          // Another cell of the same row: only the focus moves (and where the edit shows).
          {
            actions: assign({
              column: ({ event }) => event.column ?? null,
              surface: ({ event }) => event.surface ?? 'row',
            }),
          },
        ],
      },
      initial: 'open',
      states: {
        open: {},
        // Whether the row is still there, and at which version, while the edit goes on: only a 404
        // ends it. The answer is not taken into the draft: the notice says Save will show it.
        checking: {
          invoke: {
            id: 'check',
            src: 'load',
            input: ({ context }) => ({ id: context.id ?? '' }),
            onDone: {
              target: 'open',
              actions: assign({
                changedElsewhere: ({ context, event }) =>
                  context.changedElsewhere || event.output.version > (context.version ?? 0),
              }),
            },
            onError: [
              {
                guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) },
                target: '#rowEdit.idle',
                actions: END_DELETED,
              },
              // Not answered (the network, the server): the edit goes on, and the notice says what
              // may be (a change Save would meet).
              { target: 'open', actions: assign({ changedElsewhere: true }) },
            ],
          },
        },
      },
    },
    saving: {
      invoke: {
        id: 'update',
        src: 'update',
        input: ({ context }) => ({
          id: context.id ?? '',
          record: context.record,
          draft: context.draft,
          version: context.version ?? NO_VERSION,
        }),
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'notify',
              params: ({ context }) => ({
                kind: 'success',
                message: updated(recordKeyOf(context.entity), context.id ?? ''),
              }),
            },
            emit(({ context }) => ({ type: 'saved' as const, id: context.id ?? '' })),
            'reset',
          ],
        },
        onError: [
          // Deleted by someone else since it was loaded (file comment).
          {
            guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) },
            target: 'idle',
            actions: END_DELETED,
          },
          // Changed by someone else since it was loaded: say so, and load it again (file comment).
          {
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            actions: [
              {
                type: 'notify',
                params: ({ context }) => ({
                  kind: 'error',
                  message: changedMeanwhile(recordKeyOf(context.entity), context.id ?? ''),
                }),
              },
              emit(({ context }) => ({ type: 'conflict' as const, id: context.id ?? '' })),
              'clearValidation',
              assign({ version: null, draft: {}, errors: [CHANGED_MEANWHILE], changedElsewhere: false, announced: null }),
            ],
          },
          // The server refused: stay in the row with its messages (ApiError.errors), which the
          // notification names too ('… was not modified! Box C1 holds 20 positions…').
          {
            target: 'editing',
            actions: [
              assign({ errors: ({ event }) => serverErrors(event.error) }),
              {
                type: 'notify',
                params: ({ context }) => ({
                  kind: 'error',
                  message: [notModified(recordKeyOf(context.entity), context.id ?? ''), ...context.errors].join(
                    ' ',
                  ),
                }),
              },
            ],
          },
        ],
      },
    },
    confirmingDelete: {
      on: {
        CONFIRM: { target: 'deleting' },
        CANCEL: { target: 'idle', actions: 'reset' },
      },
    },
    deleting: {
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ id: context.id ?? '' }),
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'notify',
              params: ({ context }) => ({
                kind: 'success',
                message: deleted(recordKeyOf(context.entity), context.id ?? ''),
              }),
            },
            // The screen reloads the list and removes the item from the selection (docs/dev/product-rules.md#behaviour Delete).
            emit(({ context }) => ({ type: 'deleted' as const, id: context.id ?? '' })),
            'reset',
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            {
              type: 'notify',
              params: ({ context }) => ({
                kind: 'error',
                message: notDeleted(recordKeyOf(context.entity), context.id ?? ''),
              }),
            },
            'reset',
          ],
        },
      },
    },
    // The create dialog: errors follow every change, and Create works only without them.
    creating: {
      on: {
        CHANGE: { actions: ['change', 'check'] },
        CREATE: { guard: 'isDraftValid', target: 'submitting' },
        CANCEL: { target: 'idle', actions: 'reset' },
      },
    },
    submitting: {
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ context }) => ({ draft: context.draft }),
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'notify',
              params: ({ context, event }) => ({
                kind: 'success',
                message: created(recordKeyOf(context.entity), event.output.id),
              }),
            },
            emit(({ event }) => ({ type: 'created' as const, id: event.output.id })),
            'reset',
          ],
        },
        onError: {
          target: 'creating',
          actions: {
            type: 'notify',
            params: ({ context, event }) => ({
              kind: 'error',
              // With the server's reason (an unknown sample, a taken key…), not only 'was not created'.
              message: createRefused(
                recordKeyOf(context.entity),
                draftLabel(context.entity, context.draft),
                `${String(context.draft.sId ?? '')}|${String(context.draft.sStamp ?? '')}`,
                event.error instanceof Error ? event.error.message : '',
              ),
            }),
          },
        },
      },
    },
  },
});

/** How a failed create names the record (its descriptor says: 'sId|sStamp' for a sample, the aId, …). */
export const draftLabel = (entity: RowEntity, draft: RowDraft): string => resourceOf(entity).draftLabel(draft);

export type RowEditMachine = typeof rowEditMachine;

export type RowEditStatus =
  'idle' | 'loading' | 'editing' | 'saving' | 'confirmingDelete' | 'deleting' | 'creating' | 'submitting';

/** The top state: 'editing' also while the row is being checked (editing.checking). */
export const rowEditStatus = (snapshot: SnapshotFrom<RowEditMachine>): RowEditStatus =>
  (typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]) as RowEditStatus;

/** The Create button of the dialog. */
export const canCreate = (snapshot: SnapshotFrom<RowEditMachine>): boolean =>
  snapshot.matches('creating') && errorsOf(snapshot.context).length === 0;
