// Batch update of a configuration list (docs/dev/product-rules.md#behaviour Batch updates; Limits, Settings and Sync pages).
// Every row is editable at once; a change marks its row changed (and unmarks it when the text is
// back to what was loaded). Update sends the changed rows only, and only while no field is invalid.
// All succeed → 'Successfully updated [names]!', the changed list clears and the data reloads. Any
// fail → 'Error occurred! [names] not updated!': the failed rows stay changed with the user's text,
// the rows that went through take their stored values (and versions, so the next Update of them is
// not refused as a conflict). Reload drops the changes and says so ('Limits reloaded' …); REFRESH
// (the Sync page's timer, the reload after a manual start) reloads silently and keeps the changes.
// Network and snackbar are injected; the kind (limitBatch, settingBatch, syncBatch) is the input.
// A REFRESH from a change event names the rows that changed elsewhere (`keys`): the refresh that
// brings them marks them (`marked`, counted by `markSeq`, as the list view machine does): whatever
// load starts next takes the keys noted so far, and its answer marks them. A REFRESH while a load,
// refresh or update is under way is not lost: one more silent refresh follows it.
import { assign, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { BatchKind, Draft, DraftErrors } from '../domain/configBatch';
import { batchFailed, batchSucceeded, SERVER_TIMEOUT } from '../domain/messages';

export interface BatchInput {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one machine serves three row types
  kind: BatchKind<any>;
}

export interface BatchContext {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see BatchInput
  kind: BatchKind<any>;
  rows: readonly unknown[];
  /** Field text by row id. */
  drafts: Readonly<Record<string, Draft>>;
  /** Ids of the rows whose text differs from what was loaded, in the order they were changed. */
  changed: readonly string[];
  /** Messages of the invalid fields, by row id. */
  errors: Readonly<Record<string, DraftErrors>>;
  /** A REFRESH came while the rows were being loaded or stored: refresh once more after. */
  stale: boolean;
  /** Rows changed elsewhere, not yet asked for / asked for by the refresh in flight. */
  pendingKeys: readonly string[];
  inflightKeys: readonly string[];
  /** The rows the last refresh brought because they changed elsewhere, and a count of such answers. */
  marked: readonly string[];
  markSeq: number;
}

export type BatchEvent =
  | { type: 'CHANGE'; id: string; field: string; value: string }
  | { type: 'UPDATE' }
  | { type: 'RELOAD' }
  /** A silent reload; `keys`: rows a change event named (marked once the refresh brings them). */
  | { type: 'REFRESH'; keys?: readonly string[] };

/** A changed row as the update sends it: the row as loaded and the user's text. */
export interface BatchChange {
  id: string;
  row: unknown;
  draft: Draft;
}

/** The update's answer: the rows stored (as the server answered them) and the ids refused. */
export interface BatchResult {
  updated: readonly unknown[];
  failed: readonly string[];
}

export type NotifyParams = { kind: 'success' | 'error' | 'info'; message: string };

const notProvided = (name: string) => () => {
  throw new Error(`batch update machine: '${name}' must be provided`);
};

/**
 * Spec docs/dev/product-rules.md#field-rules: field validation messages are collected and shown in the snackbar. After a change that
 * leaves any field invalid: every current message, row by row; nothing while all fields are valid.
 */
const fieldErrorsNotice = (errors: Readonly<Record<string, DraftErrors>>): NotifyParams | null => {
  const messages = fieldMessages(errors);
  return messages.length > 0 ? { kind: 'error', message: messages.join(' ') } : null;
};

/** Every field message, row by row: 'pol: Must be less than maximum value!'. */
export const fieldMessages = (errors: Readonly<Record<string, DraftErrors>>): string[] =>
  Object.entries(errors).flatMap(([id, e]) => Object.values(e).map((m) => `${id}: ${m}`));

const sameDraft = (a: Draft, b: Draft): boolean => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
};

const rowById = (ctx: BatchContext, id: string): unknown => ctx.rows.find((r) => ctx.kind.idOf(r) === id);

const errorsFor = (kind: BatchContext['kind'], drafts: Readonly<Record<string, Draft>>) =>
  Object.fromEntries(
    Object.entries(drafts).flatMap(([id, draft]) => {
      const e = kind.errorsOf(id, draft);
      return Object.keys(e).length > 0 ? [[id, e] as const] : [];
    }),
  );

/**
 * Takes freshly loaded rows. `keep` lists the ids whose text stays (changed rows on a silent
 * refresh, failed rows after an update); every other row shows what was loaded.
 */
const takeRows = (ctx: BatchContext, rows: readonly unknown[], keep: readonly string[]) => {
  const ids = new Set(rows.map((r) => ctx.kind.idOf(r)));
  const kept = keep.filter((id) => ids.has(id) && ctx.drafts[id] !== undefined);
  const drafts: Record<string, Draft> = {};
  for (const row of rows) {
    const id = ctx.kind.idOf(row);
    drafts[id] = kept.includes(id) ? ctx.drafts[id]! : ctx.kind.draftOf(row);
  }
  // A kept row whose text equals the newly loaded values is no longer a change.
  const changed = kept.filter(
    (id) => !sameDraft(drafts[id]!, ctx.kind.draftOf(rows.find((r) => ctx.kind.idOf(r) === id))),
  );
  return { rows, drafts, changed, errors: errorsFor(ctx.kind, drafts) };
};

/** The loaded rows with the ones the update stored replaced by the server's answer. */
const withStored = (ctx: BatchContext, updated: readonly unknown[]): readonly unknown[] => {
  const stored = new Map(updated.map((r) => [ctx.kind.idOf(r), r]));
  return ctx.rows.map((r) => stored.get(ctx.kind.idOf(r)) ?? r);
};

export const batchUpdateMachine = setup({
  types: {
    context: {} as BatchContext,
    events: {} as BatchEvent,
    input: {} as BatchInput,
  },
  actors: {
    load: fromPromise<readonly unknown[], void>(notProvided('load')),
    update: fromPromise<BatchResult, { changes: BatchChange[] }>(notProvided('update')),
  },
  actions: {
    notify: (_, _params: NotifyParams) => notProvided('notify')(),
    change: assign(({ context, event }) => {
      if (event.type !== 'CHANGE') return {};
      const before = context.drafts[event.id];
      const row = rowById(context, event.id);
      if (!before || row === undefined || !Object.hasOwn(before, event.field)) return {};
      const draft = { ...before, [event.field]: event.value };
      const drafts = { ...context.drafts, [event.id]: draft };
      const unchanged = sameDraft(draft, context.kind.draftOf(row));
      const others = context.changed.filter((id) => id !== event.id);
      const errors = { ...context.errors };
      const e = context.kind.errorsOf(event.id, draft);
      if (Object.keys(e).length > 0) errors[event.id] = e;
      else delete errors[event.id];
      return { drafts, changed: unchanged ? others : [...others, event.id], errors };
    }),
    // What changed elsewhere up to a load's start is what that load brings; its answer marks them.
    takePending: assign(({ context }) => ({
      stale: false,
      inflightKeys: context.pendingKeys,
      pendingKeys: [],
    })),
    markBrought: assign(({ context }) =>
      context.inflightKeys.length > 0
        ? { marked: context.inflightKeys, markSeq: context.markSeq + 1, inflightKeys: [] }
        : {},
    ),
    noteRefresh: assign(({ context, event }) => ({
      stale: true,
      pendingKeys:
        event.type === 'REFRESH' && event.keys
          ? [...new Set([...context.pendingKeys, ...event.keys])]
          : context.pendingKeys,
    })),
  },
  guards: {
    canUpdate: ({ context }) => canUpdateContext(context),
    allSucceeded: (_, params: { result: BatchResult }) => params.result.failed.length === 0,
    isStale: ({ context }) => context.stale,
  },
}).createMachine({
  id: 'batchUpdate',
  context: ({ input }) => ({
    kind: input.kind,
    rows: [],
    drafts: {},
    changed: [],
    errors: {},
    stale: false,
    pendingKeys: [],
    inflightKeys: [],
    marked: [],
    markSeq: 0,
  }),
  initial: 'loading',
  // Noted wherever a refresh cannot start now; 'ready' starts it (file comment).
  on: { REFRESH: { actions: 'noteRefresh' } },
  states: {
    loading: {
      entry: 'takePending',
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'ready',
          actions: [assign(({ context, event }) => takeRows(context, event.output, [])), 'markBrought'],
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'notify', params: { kind: 'error', message: SERVER_TIMEOUT } },
        },
      },
    },
    /** A reload the user asked for: the same load, then its info notification. */
    reloading: {
      entry: 'takePending',
      invoke: {
        id: 'reload',
        src: 'load',
        onDone: {
          target: 'ready',
          actions: [
            assign(({ context, event }) => takeRows(context, event.output, [])),
            'markBrought',
            { type: 'notify', params: ({ context }) => ({ kind: 'info', message: context.kind.reloaded }) },
          ],
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'notify', params: { kind: 'error', message: SERVER_TIMEOUT } },
        },
      },
    },
    /** A silent reload (auto-refresh, after a manual sync start): the user's changes stay. */
    refreshing: {
      entry: 'takePending',
      on: {
        CHANGE: {
          actions: [
            'change',
            enqueueActions(({ context, enqueue }) => {
              const notice = fieldErrorsNotice(context.errors);
              if (notice) enqueue({ type: 'notify', params: notice });
            }),
          ],
        },
      },
      invoke: {
        id: 'refresh',
        src: 'load',
        onDone: {
          target: 'ready',
          actions: [
            assign(({ context, event }) => takeRows(context, event.output, context.changed)),
            'markBrought',
          ],
        },
        // A refresh that fails leaves the page as it was; the next refresh tries again.
        onError: { target: 'ready' },
      },
    },
    loadFailed: {
      on: { RELOAD: 'reloading', REFRESH: { target: 'loading', actions: 'noteRefresh' } },
    },
    ready: {
      always: { guard: 'isStale', target: 'refreshing' },
      on: {
        CHANGE: {
          actions: [
            'change',
            enqueueActions(({ context, enqueue }) => {
              const notice = fieldErrorsNotice(context.errors);
              if (notice) enqueue({ type: 'notify', params: notice });
            }),
          ],
        },
        UPDATE: { guard: 'canUpdate', target: 'updating' },
        RELOAD: 'reloading',
        REFRESH: { target: 'refreshing', actions: 'noteRefresh' },
      },
    },
    updating: {
      invoke: {
        id: 'update',
        src: 'update',
        input: ({ context }) => ({
          changes: context.changed.map((id) => ({
            id,
            row: rowById(context, id),
            draft: context.drafts[id]!,
          })),
        }),
        onDone: [
          {
            guard: { type: 'allSucceeded', params: ({ event }) => ({ result: event.output }) },
            target: 'loading',
            actions: [
              {
                type: 'notify',
                params: ({ context }) => ({ kind: 'success', message: batchSucceeded(context.changed) }),
              },
              // The stored rows show at once (also if the reload that follows fails).
              assign(({ context, event }) =>
                takeRows(context, withStored(context, event.output.updated), []),
              ),
            ],
          },
          {
            target: 'ready',
            actions: [
              {
                type: 'notify',
                params: ({ event }) => ({ kind: 'error', message: batchFailed(event.output.failed) }),
              },
              assign(({ context, event }) =>
                takeRows(context, withStored(context, event.output.updated), event.output.failed),
              ),
            ],
          },
        ],
        // The whole call broke (no per-row answer): every changed row failed.
        onError: {
          target: 'ready',
          actions: {
            type: 'notify',
            params: ({ context }) => ({ kind: 'error', message: batchFailed(context.changed) }),
          },
        },
      },
    },
  },
});

export type BatchUpdateMachine = typeof batchUpdateMachine;
export type BatchSnapshot = SnapshotFrom<BatchUpdateMachine>;

function canUpdateContext(context: BatchContext): boolean {
  return context.changed.length > 0 && Object.keys(context.errors).length === 0;
}

/** The Update button: enabled with changes and without any invalid field (docs/dev/product-rules.md#field-rules Limits). */
export const canUpdate = (snapshot: BatchSnapshot): boolean =>
  snapshot.matches('ready') && canUpdateContext(snapshot.context);

/** Loading, reloading or saving: the fields are read-only and the buttons wait. */
export const isBusy = (snapshot: BatchSnapshot): boolean =>
  snapshot.matches('loading') || snapshot.matches('reloading') || snapshot.matches('updating');
