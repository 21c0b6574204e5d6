// List view: the query behind a server-paged table (docs/dev/product-rules.md#behaviour Filters, 'Filter all', Auto-refresh)
// and the one request that answers it. Page (0-based), size, multi-sort, filter terms, exclusion and
// the 'Filter all' restriction form the query; every accepted change sends a new request, and a new
// request cancels the one in flight (leaving 'loading' stops the invoked actor, which aborts its
// signal). Auto-refresh reloads N seconds after the last answer when N > 0. The request and the
// notification are injected, so the machine runs without server, DOM or real time.
// A big page may come with its rows not all checked yet (`ListPage.check`): its rows are shown at
// once ('checking', still busy), the check runs after the first paint, and its failure ends as a
// failed request does (the last checked rows back, 'Server timeout occurred!…'). Rows that were not
// checked are never left on screen in 'idle' or 'error'.
import type { HiddenCounts } from '../domain/entities/shared';
import { assign, fromPromise, setup, type DoneActorEvent, type SnapshotFrom } from 'xstate';
import { type Exclusion, LIST_PAGE_SIZES, REFRESH_MIN_S } from '../domain/constants';
import { parseFilters } from '../domain/filter';
import {
  buildListQuery,
  isExclusion,
  isExclusionList,
  isPageIndex,
  isPageSize,
  isRestrictionWithinLimit,
  isSortList,
  type ListRestriction,
} from '../domain/listQuery';
import { CHANGE_DEBOUNCE_MS } from '../domain/events';
import { FILTER_MISMATCH, REFRESH_TIMER_MESSAGE, SERVER_BUSY, SERVER_TIMEOUT } from '../domain/messages';
import type { SelectionQuery } from '../domain/query';
import { validateRefreshTimer } from '../domain/rules/fields';

/** Seconds → the auto-refresh delay; the delay is read from context, so tests drive it by clock. */
export const refreshDelayMs = (seconds: number): number => seconds * 1000;

/** One page as the list endpoints answer it, with the entity's array already picked by the caller. */
export interface ListPage<Row = unknown> {
  rows: Row[];
  totalItems: number;
  totalPages: number;
  /** Column averages (Analysis only); null where the endpoint sends none. */
  average?: Record<string, number | null> | null;
  /** An empty page only: what the campaign and the exclusions hide (views/hidden.ts). */
  hidden?: HiddenCounts | null;
  /**
   * Present when only the totals and the first rows were checked against the schema: resolves with
   * every row as the schema outputs it, or rejects as the request would have (http.ts RowCheck).
   */
  check?: PageCheck;
}

export interface PageCheck {
  rows: Promise<unknown[]>;
  cancel(): void;
}

/** What a page shows (the rows checked last, kept while a newer page is not checked yet). */
export interface ShownPage {
  rows: unknown[];
  totalItems: number;
  totalPages: number;
  average: Record<string, number | null> | null;
  hidden: HiddenCounts | null;
}

export interface FetchPageInput {
  query: SelectionQuery;
  /** An auto-refresh: nobody asked for it, so it must not cover the page with the busy overlay. */
  background: boolean;
}

export interface ListViewInput {
  /** The screen's default page size (docs/dev/product-rules.md#constants: Analysis 50, Boxes 25). */
  defaultSize: number;
  /** The sizes the selector offers; the list views use LIST_PAGE_SIZES. */
  pageSizes?: readonly number[];
  /** Preferences the caller read from storage. */
  sort?: string[];
  filters?: string[];
  exclusion?: Exclusion[];
  refreshSeconds?: number;
}

export interface ListViewContext {
  pageSizes: readonly number[];
  page: number;
  size: number;
  sort: string[];
  filters: string[];
  exclusion: Exclusion[];
  restriction: ListRestriction;
  refreshSeconds: number;
  rows: unknown[];
  totalItems: number;
  totalPages: number;
  average: Record<string, number | null> | null;
  hidden: HiddenCounts | null;
  /** The message of the last failed request (timeout text, or the server's 400 message). */
  error: string | null;
  /** While the rows shown are not all checked: the last page that was, to go back to on a failure. */
  checked: ShownPage | null;
  /** The change events' stream is live: the auto-refresh timer is its fallback and waits. */
  streamLive: boolean;
  /** Something on screen changed elsewhere since the last request started: refetch (debounced). */
  stale: boolean;
  /** Keys changed elsewhere, not yet asked for / asked for by the request in flight. */
  pendingKeys: string[];
  inflightKeys: string[];
  /** The rows the last refetch brought because they changed elsewhere, and a count of such answers. */
  marked: string[];
  markSeq: number;
}

export type ListViewEvent =
  | { type: 'SET_PAGE'; page: number }
  | { type: 'SET_SIZE'; size: number }
  | { type: 'SET_SORT'; sort: string[] }
  | { type: 'SET_FILTERS'; filters: string[] }
  | { type: 'SET_EXCLUSION'; exclusion: string[] }
  | { type: 'SET_RESTRICTION'; restriction: ListRestriction }
  | { type: 'SET_REFRESH'; seconds: number | string }
  | { type: 'RELOAD' }
  /** A change event touched this view (keys: the changed rows' ids, when they are rows of it). */
  | { type: 'CHANGED_ELSEWHERE'; keys: readonly string[] }
  /** The change events' stream went live or stopped being so. */
  | { type: 'STREAM'; live: boolean };

export type NotifyParams = { kind: 'success' | 'error' | 'info'; message: string };

const notProvided = (name: string) => () => {
  throw new Error(`list view machine: '${name}' must be provided`);
};

/** The caller's aborts show up as ApiError kind 'aborted' (or a DOMException named AbortError). */
export const isCancelled = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { kind?: unknown }).kind === 'aborted' || (error as { name?: unknown }).name === 'AbortError');

/**
 * A 400 carries the server's reason (a filter mismatch or 'Processing filters failed…'); a 503 is
 * a big page refused while the server is busy with other heavy reads: the spec's busy message.
 */
const rejectedQueryMessage = (error: unknown): string | null => {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as { status?: unknown; message?: unknown };
  if (e.status === 503) return SERVER_BUSY;
  return e.status === 400 ? (typeof e.message === 'string' && e.message ? e.message : FILTER_MISMATCH) : null;
};

const shown = (page: ListPage): ShownPage => ({
  rows: page.rows,
  totalItems: page.totalItems,
  totalPages: page.totalPages,
  average: page.average ?? null,
  hidden: page.hidden ?? null,
});

export const listViewMachine = setup({
  types: {
    context: {} as ListViewContext,
    events: {} as ListViewEvent,
    input: {} as ListViewInput,
  },
  actors: {
    fetchPage: fromPromise<ListPage, FetchPageInput>(notProvided('fetchPage')),
    // Leaving 'checking' (a new query, or the screen closed) stops the check.
    checkRows: fromPromise<unknown[], PageCheck>(({ input, signal }) => {
      signal.addEventListener('abort', () => input.cancel());
      return input.rows;
    }),
  },
  actions: {
    notify: (_, _params: NotifyParams) => notProvided('notify')(),
    noteChange: assign({
      stale: true,
      pendingKeys: ({ context, event }) =>
        event.type === 'CHANGED_ELSEWHERE' ? [...new Set([...context.pendingKeys, ...event.keys])] : context.pendingKeys,
    }),
    // Rows that were not checked leave the screen with the page that brought them.
    restoreChecked: assign(({ context }) => (context.checked ? { ...context.checked, checked: null } : {})),
  },
  guards: {
    isPageIndex: ({ context, event }) =>
      event.type === 'SET_PAGE' && isPageIndex(event.page, context.totalPages),
    isPageSize: ({ context, event }) =>
      event.type === 'SET_SIZE' && isPageSize(context.pageSizes, event.size),
    isSortList: ({ event }) => event.type === 'SET_SORT' && isSortList(event.sort),
    areFiltersValid: ({ event }) => event.type === 'SET_FILTERS' && parseFilters(event.filters).ok,
    isExclusionList: ({ event }) => event.type === 'SET_EXCLUSION' && isExclusionList(event.exclusion),
    isRestrictionWithinLimit: ({ event }) =>
      event.type === 'SET_RESTRICTION' && isRestrictionWithinLimit(event.restriction),
    isRefreshValid: ({ event }) =>
      event.type === 'SET_REFRESH' && validateRefreshTimer(event.seconds) === null,
    // The timer is the fallback of the change events: it runs only while their stream is not live.
    isAutoRefreshOn: ({ context }) => context.refreshSeconds > REFRESH_MIN_S && !context.streamLive,
    isStale: ({ context }) => context.stale,
    isCancelled: (_, params: { error: unknown }) => isCancelled(params.error),
    isRejectedQuery: (_, params: { error: unknown }) => rejectedQueryMessage(params.error) !== null,
    hasCheck: (_, params: { page: ListPage }) => params.page.check !== undefined,
  },
  delays: {
    REFRESH: ({ context }) => refreshDelayMs(context.refreshSeconds),
    CHANGE_DEBOUNCE: CHANGE_DEBOUNCE_MS,
  },
}).createMachine({
  id: 'listView',
  context: ({ input }) => ({
    pageSizes: input.pageSizes ?? LIST_PAGE_SIZES,
    page: 0,
    size: input.defaultSize,
    sort: input.sort ?? [],
    filters: input.filters ?? [],
    exclusion: input.exclusion ?? [],
    restriction: null,
    refreshSeconds: input.refreshSeconds ?? 0,
    rows: [],
    totalItems: 0,
    totalPages: 0,
    average: null,
    hidden: null,
    error: null,
    checked: null,
    streamLive: false,
    stale: false,
    pendingKeys: [],
    inflightKeys: [],
    marked: [],
    markSeq: 0,
  }),
  initial: 'loading',
  // Every accepted change targets 'loading' from the root, which exits the active state — also
  // 'loading' itself — so the request in flight is stopped (its signal aborts) and a new one starts.
  on: {
    SET_PAGE: {
      guard: 'isPageIndex',
      target: '.loading',
      actions: assign({ page: ({ event }) => event.page }),
    },
    // Choosing a page size shows the first page (docs/dev/product-rules.md#behaviour Filters).
    SET_SIZE: {
      guard: 'isPageSize',
      target: '.loading',
      actions: assign({ size: ({ event }) => event.size, page: 0 }),
    },
    SET_SORT: {
      guard: 'isSortList',
      target: '.loading',
      actions: assign({ sort: ({ event }) => [...event.sort] }),
    },
    // A valid change is applied and the page reset; a mismatch keeps the filter the table shows.
    SET_FILTERS: [
      {
        guard: 'areFiltersValid',
        target: '.loading',
        actions: assign({ filters: ({ event }) => [...event.filters], page: 0 }),
      },
      { actions: { type: 'notify', params: { kind: 'error', message: FILTER_MISMATCH } } },
    ],
    SET_EXCLUSION: {
      guard: 'isExclusionList',
      target: '.loading',
      actions: assign({
        exclusion: ({ event }) => event.exclusion.filter(isExclusion),
        page: 0,
      }),
    },
    // 'Filter all' restricts and goes to the first page; unchecking (null) lifts the restriction.
    SET_RESTRICTION: {
      guard: 'isRestrictionWithinLimit',
      target: '.loading',
      actions: assign({
        restriction: ({ event }) => event.restriction,
        page: 0,
      }),
    },
    // Outside 'idle' only the value changes; the timer starts from the next answer.
    SET_REFRESH: [
      {
        guard: 'isRefreshValid',
        actions: assign({
          refreshSeconds: ({ event }) => Number(event.seconds),
        }),
      },
      { actions: { type: 'notify', params: { kind: 'error', message: REFRESH_TIMER_MESSAGE } } },
    ],
    RELOAD: { target: '.loading' },
    // Noted wherever the view is; 'idle' also schedules the refetch. A request under way keeps going
    // (never two in flight): the view refetches once it answered.
    CHANGED_ELSEWHERE: {
      actions: assign({
        stale: true,
        pendingKeys: ({ context, event }) => [...new Set([...context.pendingKeys, ...event.keys])],
      }),
    },
    STREAM: { actions: assign({ streamLive: ({ event }) => event.live }) },
  },
  states: {
    loading: {
      // What changed elsewhere up to now is what this request brings.
      entry: assign(({ context }) => ({ stale: false, inflightKeys: context.pendingKeys, pendingKeys: [] })),
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context, event }) => ({
          query: buildListQuery(context),
          background: event.type.startsWith('xstate.after.'),
        }),
        onDone: [
          {
            guard: { type: 'hasCheck', params: ({ event }) => ({ page: event.output }) },
            target: 'checking',
            actions: assign(({ context, event }) => ({
              ...shown(event.output),
              error: null,
              // The page to go back to: the one shown unless that was not checked either.
              checked:
                context.checked ??
                ({
                  rows: context.rows,
                  totalItems: context.totalItems,
                  totalPages: context.totalPages,
                  average: context.average,
                  hidden: context.hidden,
                } satisfies ShownPage),
            })),
          },
          {
            target: 'idle',
            actions: assign(({ context, event }) => ({
              ...shown(event.output),
              error: null,
              checked: null,
              ...(context.inflightKeys.length > 0
                ? { marked: context.inflightKeys, markSeq: context.markSeq + 1, inflightKeys: [] }
                : {}),
            })),
          },
        ],
        onError: [
          // An aborted request was replaced or left on purpose: nothing to tell.
          {
            guard: { type: 'isCancelled', params: ({ event }) => ({ error: event.error }) },
            target: 'idle',
            actions: 'restoreChecked',
          },
          {
            guard: { type: 'isRejectedQuery', params: ({ event }) => ({ error: event.error }) },
            target: 'error',
            actions: [
              'restoreChecked',
              assign({ error: ({ event }) => rejectedQueryMessage(event.error) }),
              { type: 'notify', params: ({ context }) => ({ kind: 'error', message: context.error ?? '' }) },
            ],
          },
          {
            target: 'error',
            actions: [
              'restoreChecked',
              assign({ error: SERVER_TIMEOUT }),
              { type: 'notify', params: { kind: 'error', message: SERVER_TIMEOUT } },
            ],
          },
        ],
      },
    },
    // The page's rows are shown; the rest of them is being checked against the schema. Still busy:
    // nothing is done with these rows until the check has passed.
    checking: {
      invoke: {
        id: 'checkRows',
        src: 'checkRows',
        input: ({ event }) => (event as unknown as DoneActorEvent<ListPage>).output.check!,
        onDone: {
          target: 'idle',
          // The rows as the schema outputs them (the same values the page showed).
          actions: assign({ rows: ({ event }) => event.output, checked: null }),
        },
        // A row that breaks the contract fails the page as a failed request does.
        onError: {
          target: 'error',
          actions: [
            'restoreChecked',
            assign({ error: SERVER_TIMEOUT }),
            { type: 'notify', params: { kind: 'error', message: SERVER_TIMEOUT } },
          ],
        },
      },
    },
    idle: {
      initial: 'route',
      on: {
        // A valid new interval restarts the wait (or stops it at 0).
        SET_REFRESH: [
          {
            guard: 'isRefreshValid',
            target: '.route',
            reenter: true,
            actions: assign({
              refreshSeconds: ({ event }) => Number(event.seconds),
            }),
          },
          { actions: { type: 'notify', params: { kind: 'error', message: REFRESH_TIMER_MESSAGE } } },
        ],
        STREAM: { target: '.route', reenter: true, actions: assign({ streamLive: ({ event }) => event.live }) },
      },
      states: {
        route: {
          always: [
            { guard: 'isStale', target: 'changed' },
            { guard: 'isAutoRefreshOn', target: 'refreshing' },
            { target: 'still' },
          ],
        },
        // Auto-refresh off (interval 0), or the change events' stream is live.
        still: { on: { CHANGED_ELSEWHERE: { target: 'route', actions: 'noteChange' } } },
        refreshing: {
          after: { REFRESH: { target: '#listView.loading' } },
          on: { CHANGED_ELSEWHERE: { target: 'route', actions: 'noteChange' } },
        },
        // Changed elsewhere: refetch once the events have settled for a moment (a background
        // request: no busy overlay, the scroll, selection, focus and an open edit stay).
        changed: {
          after: { CHANGE_DEBOUNCE: { target: '#listView.loading' } },
        },
      },
    },
    // A failed request keeps the last rows; any change or RELOAD tries again. No auto-refresh here,
    // so a server that is down is not asked (and the user not notified) every N seconds.
    error: {},
  },
});

export type ListViewMachine = typeof listViewMachine;

export type ListViewStatus = 'loading' | 'idle' | 'error';

export const listViewStatus = (snapshot: SnapshotFrom<ListViewMachine>): ListViewStatus => {
  // A page whose rows are still being checked is not loaded yet.
  if (snapshot.matches('loading') || snapshot.matches('checking')) return 'loading';
  if (snapshot.matches('error')) return 'error';
  return 'idle';
};

/** The query the current rows answer (for 'API Test', export and PDF). */
export const listQueryOf = (snapshot: SnapshotFrom<ListViewMachine>): SelectionQuery =>
  buildListQuery(snapshot.context);
