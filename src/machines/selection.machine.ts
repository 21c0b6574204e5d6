// Selection: the Selection card of Analysis and Samples (docs/dev/product-rules.md#behaviour Selections, 'Filter all', docs/dev/product-rules.md#field-rules
// Selection). Items are unique by key (aId, or 'sId|sStamp'); more than 1000 are refused; clearing
// asks first; 'Filter all' and 'Filter all Sample IDs' restrict the table and are reset by any
// change of the selection. A typed SampleID or the ids of .txt/.csv/.ncd files are looked up on the
// server before they are added. 'Select All filtered Elements' is refused above 1000 matching items,
// asks otherwise, then fetches the first 1000 and adds them all or none; 'Fetch from Samples/
// Analysis' adds what the other screen has selected. The lookups, the fetches, the notification and
// the storage are injected; the restriction for the list view is emitted as 'restrictionChanged'.
import { and, assign, not, emit, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { MAX_SELECTION } from '../domain/constants';
import type { ListRestriction } from '../domain/listQuery';
import type { SelectionQuery } from '../domain/query';
import {
  addedToSelection,
  alreadyInSelection,
  CHECK_LOGS,
  fileNotImported,
  fileLinesLeftOut,
  fileUploaded,
  notFetched,
  sampleNotFound,
  SELECTION_TOO_LARGE,
  SERVER_TIMEOUT,
  SID_MESSAGE,
  wrongFileType,
} from '../domain/messages';
import {
  addToSelection,
  canAddToSelection,
  isSelectionFile,
  parseSelectionFile,
  rejectedSelectionLines,
} from '../domain/selection';
import {
  countNew,
  sampleIdRequest,
  sampleIdRequestLabel,
  selectedSampleIds,
  type SampleIdRequest,
  type SelectionItem,
} from '../domain/selectionItem';

export interface SelectionFile {
  name: string;
  text: string;
}

export interface LookupInput {
  requests: SampleIdRequest[];
}

/** Where the ids being looked up came from, for the messages afterwards. */
export type PendingLookup =
  | { source: 'input'; label: string }
  /** `leftOut`: what the files held besides ids ('' when nothing), said with the outcome. */
  | { source: 'files'; names: string[]; leftOut: string };

export interface SelectionContext {
  items: SelectionItem[];
  filterAll: boolean;
  filterAllSIds: boolean;
  pending: PendingLookup | null;
  requests: SampleIdRequest[];
  /** What is being confirmed or fetched: 'Select All filtered Elements' or 'Fetch from …'. */
  fetch: FetchRequest | null;
}

/**
 * A batch fetched from the server: the first 1000 of the view's query ('Select All filtered
 * Elements', with how many match), or this screen's items for the other screen's ('Fetch from …').
 */
export type FetchRequest =
  { kind: 'filtered'; total: number; query: SelectionQuery } | { kind: 'other'; items: SelectionItem[] };

export interface SelectionInput {
  /** Read from storage by the caller before start. */
  items?: SelectionItem[];
}

export type SelectionEvent =
  | { type: 'ADD'; item: SelectionItem }
  | { type: 'ADD_MANY'; items: SelectionItem[] }
  | { type: 'REMOVE'; key: string }
  | { type: 'CLEAR' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'FILTER_ALL' }
  | { type: 'FILTER_ALL_SIDS' }
  | { type: 'ADD_SAMPLE_ID'; input: string }
  | { type: 'FILES'; files: SelectionFile[] }
  /** The view's total and query at the moment the user asked. */
  | { type: 'SELECT_ALL_FILTERED'; total: number; query: SelectionQuery }
  /** The other screen's selection, as its storage holds it. */
  | { type: 'FETCH_FROM_OTHER'; items: SelectionItem[] };

/** The first page of at most 1000 of what the view matches (docs/dev/product-rules.md#behaviour: blocked above 1000). */
export const selectAllQuery = (query: SelectionQuery): SelectionQuery => ({
  ...query,
  page: 0,
  size: MAX_SELECTION,
});

export type SelectionEmitted = { type: 'restrictionChanged'; restriction: ListRestriction };

export type NotifyParams = { kind: 'success' | 'error' | 'info'; message: string };

const notProvided = (name: string) => () => {
  throw new Error(`selection machine: '${name}' must be provided`);
};

const isNotFound = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;

/** The lookups for the accepted files' ids; files of other types add none. */
export const fileRequests = (files: readonly SelectionFile[]): SampleIdRequest[] =>
  files
    .filter((f) => isSelectionFile(f.name))
    .flatMap((f) => parseSelectionFile(f.name, f.text))
    .map(sampleIdRequest)
    .filter((r): r is SampleIdRequest => r !== null);

/** One snackbar text for all files of a wrong type ('' when there are none). */
export const wrongFilesMessage = (files: readonly SelectionFile[]): string =>
  files
    .filter((f) => !isSelectionFile(f.name))
    .map((f) => wrongFileType(f.name))
    .join(' ');

const noIdsMessage = (files: readonly SelectionFile[]): string =>
  files.map((f) => fileNotImported(f.name)).join(' ');

const keyOf = (item: SelectionItem) => item.key;

/** What 'Filter all' / 'Filter all Sample IDs' restrict the list to; null when neither is on. */
export const restrictionOf = (
  c: Pick<SelectionContext, 'items' | 'filterAll' | 'filterAllSIds'>,
): ListRestriction => {
  if (c.filterAll) return { kind: 'selection', ids: c.items.map(keyOf) };
  if (c.filterAllSIds) return { kind: 'sampleIds', sIds: selectedSampleIds(c.items) };
  return null;
};

/** After every change: persist the items, then lift the restriction. */
const CHANGED = [
  { type: 'save', params: ({ context }: { context: SelectionContext }) => ({ items: context.items }) },
  'resetToggles',
] as const;

export const selectionMachine = setup({
  types: {
    context: {} as SelectionContext,
    events: {} as SelectionEvent,
    input: {} as SelectionInput,
    emitted: {} as SelectionEmitted,
  },
  actors: {
    lookup: fromPromise<SelectionItem[], LookupInput>(notProvided('lookup')),
    /** The items a fetch request names (the view's rows, or the other screen's items as this one's). */
    fetchItems: fromPromise<SelectionItem[], FetchRequest>(notProvided('fetchItems')),
  },
  actions: {
    notify: (_, _params: NotifyParams) => notProvided('notify')(),
    save: (_, _params: { items: SelectionItem[] }) => notProvided('save')(),
    addItems: assign({
      items: ({ context }, params: { items: SelectionItem[] }) =>
        addToSelection(context.items, params.items, keyOf),
    }),
    // Any change of the selection lifts a 'Filter all' restriction (docs/dev/product-rules.md#behaviour).
    resetToggles: enqueueActions(({ context, enqueue }) => {
      if (!context.filterAll && !context.filterAllSIds) return;
      enqueue.assign({ filterAll: false, filterAllSIds: false });
      enqueue.emit({ type: 'restrictionChanged', restriction: null });
    }),
    forgetLookup: assign({ pending: null, requests: [] }),
  },
  guards: {
    isNew: ({ context, event }) =>
      event.type === 'ADD' && !context.items.some((i) => i.key === event.item.key),
    canAddOne: ({ context }) => canAddToSelection(context.items.length),
    canAddMany: ({ context, event }) =>
      event.type === 'ADD_MANY' &&
      canAddToSelection(context.items.length, countNew(context.items, event.items)),
    addsAny: ({ context, event }) => event.type === 'ADD_MANY' && countNew(context.items, event.items) > 0,
    isSelected: ({ context, event }) =>
      event.type === 'REMOVE' && context.items.some((i) => i.key === event.key),
    hasItems: ({ context }) => context.items.length > 0,
    isFilterAllOn: ({ context }) => context.filterAll,
    isFilterAllSIdsOn: ({ context }) => context.filterAllSIds,
    isSampleId: ({ event }) => event.type === 'ADD_SAMPLE_ID' && sampleIdRequest(event.input) !== null,
    hasFileIds: ({ event }) => event.type === 'FILES' && fileRequests(event.files).length > 0,
    foundNone: (_, params: { found: SelectionItem[] }) => params.found.length === 0,
    /** A typed or scanned id whose items are all selected already. */
    allSelectedAlready: ({ context }, params: { found: SelectionItem[] }) =>
      context.pending?.source === 'input' && countNew(context.items, params.found) === 0,
    addsNone: ({ context }, params: { found: SelectionItem[] }) =>
      countNew(context.items, params.found) === 0,
    canAddFound: ({ context }, params: { found: SelectionItem[] }) =>
      canAddToSelection(context.items.length, countNew(context.items, params.found)),
    isNotFound: (_, params: { error: unknown }) => isNotFound(params.error),
    tooManyFiltered: ({ event }) => event.type === 'SELECT_ALL_FILTERED' && event.total > MAX_SELECTION,
    hasOtherItems: ({ event }) => event.type === 'FETCH_FROM_OTHER' && event.items.length > 0,
    /** A fetched batch is added as ADD_MANY adds: all or nothing within the 1000 limit. */
    addsFound: ({ context }, params: { found: SelectionItem[] }) =>
      countNew(context.items, params.found) > 0 &&
      canAddToSelection(context.items.length, countNew(context.items, params.found)),
  },
}).createMachine({
  id: 'selection',
  context: ({ input }) => ({
    items: input.items ?? [],
    filterAll: false,
    filterAllSIds: false,
    pending: null,
    requests: [],
    fetch: null,
  }),
  initial: 'ready',
  // Adding, removing and the toggles work while a lookup runs or a clear is being confirmed.
  on: {
    ADD: [
      {
        guard: and(['isNew', 'canAddOne']),
        actions: [{ type: 'addItems', params: ({ event }) => ({ items: [event.item] }) }, ...CHANGED],
      },
      {
        guard: 'isNew',
        actions: { type: 'notify', params: { kind: 'error', message: SELECTION_TOO_LARGE } },
      },
    ],
    // All or nothing: a batch that would pass 1000 adds none of its items.
    ADD_MANY: [
      {
        guard: and(['canAddMany', 'addsAny']),
        actions: [{ type: 'addItems', params: ({ event }) => ({ items: event.items }) }, ...CHANGED],
      },
      { guard: 'canAddMany' },
      { actions: { type: 'notify', params: { kind: 'error', message: SELECTION_TOO_LARGE } } },
    ],
    REMOVE: {
      guard: 'isSelected',
      actions: [
        assign({ items: ({ context, event }) => context.items.filter((i) => i.key !== event.key) }),
        ...CHANGED,
      ],
    },
    FILTER_ALL: [
      {
        guard: 'isFilterAllOn',
        actions: [assign({ filterAll: false }), emit({ type: 'restrictionChanged', restriction: null })],
      },
      {
        guard: 'hasItems',
        actions: [
          assign({ filterAll: true, filterAllSIds: false }),
          emit(({ context }) => ({
            type: 'restrictionChanged' as const,
            restriction: restrictionOf(context),
          })),
        ],
      },
    ],
    FILTER_ALL_SIDS: [
      {
        guard: 'isFilterAllSIdsOn',
        actions: [assign({ filterAllSIds: false }), emit({ type: 'restrictionChanged', restriction: null })],
      },
      {
        guard: 'hasItems',
        actions: [
          assign({ filterAllSIds: true, filterAll: false }),
          emit(({ context }) => ({
            type: 'restrictionChanged' as const,
            restriction: restrictionOf(context),
          })),
        ],
      },
    ],
  },
  states: {
    ready: {
      // A confirmed, cancelled or finished fetch is over (after its transition's messages).
      entry: assign({ fetch: null }),
      on: {
        CLEAR: { guard: 'hasItems', target: 'confirmingClear' },
        ADD_SAMPLE_ID: [
          {
            guard: 'isSampleId',
            target: 'lookingUp',
            actions: assign(({ event }) => {
              const request = sampleIdRequest(event.input)!;
              return {
                requests: [request],
                pending: { source: 'input', label: sampleIdRequestLabel(request) },
              };
            }),
          },
          { actions: { type: 'notify', params: { kind: 'error', message: SID_MESSAGE } } },
        ],
        FILES: [
          {
            guard: 'hasFileIds',
            target: 'lookingUp',
            actions: [
              // Files of another type are named; the others are looked up.
              enqueueActions(({ event, enqueue }) => {
                const message = wrongFilesMessage(event.files);
                if (message) enqueue({ type: 'notify', params: { kind: 'error', message } });
              }),
              assign(({ event }) => ({
                requests: fileRequests(event.files),
                pending: {
                  source: 'files',
                  names: event.files.filter((f) => isSelectionFile(f.name)).map((f) => f.name),
                  leftOut: leftOutMessage(event.files),
                },
              })),
            ],
          },
          {
            actions: {
              type: 'notify',
              params: ({ event }) => ({
                kind: 'error',
                message: wrongFilesMessage(event.files) || noIdsMessage(event.files),
              }),
            },
          },
        ],
        SELECT_ALL_FILTERED: [
          {
            guard: 'tooManyFiltered',
            actions: { type: 'notify', params: { kind: 'error', message: SELECTION_TOO_LARGE } },
          },
          {
            target: 'confirmingSelectAll',
            actions: assign({
              fetch: ({ event }) => ({
                kind: 'filtered',
                total: event.total,
                query: selectAllQuery(event.query),
              }),
            }),
          },
        ],
        FETCH_FROM_OTHER: {
          guard: 'hasOtherItems',
          target: 'fetching',
          actions: assign({ fetch: ({ event }) => ({ kind: 'other', items: event.items }) }),
        },
      },
    },
    confirmingSelectAll: {
      on: {
        CONFIRM: { target: 'fetching' },
        CANCEL: { target: 'ready' },
      },
    },
    fetching: {
      invoke: {
        id: 'fetchItems',
        src: 'fetchItems',
        input: ({ context }) => context.fetch!,
        // Added as ADD_MANY adds: all or nothing within the 1000 limit.
        onDone: [
          {
            guard: { type: 'addsFound', params: ({ event }) => ({ found: event.output }) },
            target: 'ready',
            actions: [{ type: 'addItems', params: ({ event }) => ({ items: event.output }) }, ...CHANGED],
          },
          {
            guard: { type: 'canAddFound', params: ({ event }) => ({ found: event.output }) },
            target: 'ready',
          },
          {
            target: 'ready',
            actions: { type: 'notify', params: { kind: 'error', message: SELECTION_TOO_LARGE } },
          },
        ],
        // The view's rows failed as a list request does (docs/dev/product-rules.md#messages); the other screen's, as a lookup.
        onError: {
          target: 'ready',
          actions: {
            type: 'notify',
            params: ({ context }) => ({
              kind: 'error',
              message: context.fetch?.kind === 'filtered' ? SERVER_TIMEOUT : CHECK_LOGS,
            }),
          },
        },
      },
    },
    lookingUp: {
      invoke: {
        id: 'lookup',
        src: 'lookup',
        input: ({ context }) => ({ requests: context.requests }),
        onDone: [
          {
            guard: { type: 'foundNone', params: ({ event }) => ({ found: event.output }) },
            target: 'ready',
            actions: [
              {
                type: 'notify',
                params: ({ context }) => ({ kind: 'error', message: notFoundMessage(context.pending) }),
              },
              'forgetLookup',
            ],
          },
          {
            guard: { type: 'allSelectedAlready', params: ({ event }) => ({ found: event.output }) },
            target: 'ready',
            actions: [
              {
                type: 'notify',
                params: ({ context }) => ({
                  kind: 'info',
                  message: alreadyInSelection(
                    context.pending?.source === 'input' ? context.pending.label : '',
                  ),
                }),
              },
              'forgetLookup',
            ],
          },
          // Files whose ids are all selected already: uploaded, but the selection did not change,
          // so 'Filter all' stays (docs/dev/product-rules.md#behaviour Selections).
          {
            guard: { type: 'addsNone', params: ({ event }) => ({ found: event.output }) },
            target: 'ready',
            actions: [
              {
                type: 'notify',
                params: ({ context }) => ({ kind: 'success', message: addedMessage(context.pending) }),
              },
              'forgetLookup',
            ],
          },
          {
            guard: { type: 'canAddFound', params: ({ event }) => ({ found: event.output }) },
            target: 'ready',
            actions: [
              { type: 'addItems', params: ({ event }) => ({ items: event.output }) },
              ...CHANGED,
              {
                type: 'notify',
                params: ({ context }) => ({ kind: 'success', message: addedMessage(context.pending) }),
              },
              'forgetLookup',
            ],
          },
          {
            target: 'ready',
            actions: [
              { type: 'notify', params: { kind: 'error', message: SELECTION_TOO_LARGE } },
              'forgetLookup',
            ],
          },
        ],
        onError: [
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'ready',
            actions: [
              {
                type: 'notify',
                params: ({ context }) => ({ kind: 'error', message: notFoundMessage(context.pending) }),
              },
              'forgetLookup',
            ],
          },
          {
            target: 'ready',
            actions: [
              {
                type: 'notify',
                params: ({ context }) => ({ kind: 'error', message: failedMessage(context.pending) }),
              },
              'forgetLookup',
            ],
          },
        ],
      },
    },
    confirmingClear: {
      // Nothing left to clear (the last chip was closed meanwhile): no question to ask.
      always: { guard: not('hasItems'), target: 'ready' },
      on: {
        CONFIRM: { target: 'ready', actions: [assign({ items: [] }), ...CHANGED] },
        CANCEL: { target: 'ready' },
      },
    },
  },
});

function notFoundMessage(pending: PendingLookup | null): string {
  if (pending?.source === 'files') return pending.names.map(fileNotImported).join(' ');
  return sampleNotFound(pending?.label ?? '');
}

function failedMessage(pending: PendingLookup | null): string {
  if (pending?.source === 'files') return pending.names.map(fileNotImported).join(' ');
  return notFetched(pending?.label ?? '');
}

/** Lines of the files that are no sample id, one sentence per file ('' when none). */
const leftOutMessage = (files: readonly SelectionFile[]): string =>
  files
    .filter((f) => isSelectionFile(f.name))
    .flatMap((f) => {
      const lines = rejectedSelectionLines(f.name, f.text, (id) => sampleIdRequest(id) !== null);
      return lines.length > 0 ? [fileLinesLeftOut(f.name, lines)] : [];
    })
    .join(' ');

// The snackbar shows one message at a time (replace policy), so several files share one text.
function addedMessage(pending: PendingLookup | null): string {
  if (pending?.source === 'files')
    return [...pending.names.map(fileUploaded), pending.leftOut].filter(Boolean).join(' ');
  return addedToSelection(pending?.label ?? '');
}

export type SelectionMachine = typeof selectionMachine;

export type SelectionStatus =
  'ready' | 'lookingUp' | 'confirmingClear' | 'confirmingSelectAll' | 'fetchingFiltered' | 'fetchingOther';

export const selectionStatus = (snapshot: SnapshotFrom<SelectionMachine>): SelectionStatus =>
  snapshot.value as SelectionStatus;
