// A load for a date range, as the Reports and Hardware Logs pages do it (docs/dev/product-rules.md#screens, docs/dev/product-rules.md#field-rules Reports and
// logs dates, docs/dev/product-rules.md#messages): the dates are checked by the domain rule first (its message, no request); a
// valid range loads, and a newer load replaces one in flight (the invoked actor is stopped, which
// aborts its request); the result stays until Clear, which announces itself, or until a range the
// rule refuses, which leaves nothing on screen that looks like its answer. A result that says
// `more: true` (a range read in pages, as the hardware log is) can be extended with MORE: the
// injected `loadMore` gets the range and the result and answers the extended result; a newer LOAD
// or Clear aborts it, a failure keeps what was shown. The load, the messages and the announcement
// are injected; the machine reads no clock (the page passes its today).
// REFRESH (a change event of what is shown: new hardware log lines) refreshes the shown result
// silently through the injected `refresh` (range and result in, the result as it is now out); one at
// a time: a REFRESH while a page or a refresh is being loaded is done after it; a failed refresh
// keeps what was shown and says nothing; LOAD and Clear stop it.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { checkDateRange } from '../domain/rules/dateRange';
import { formatLabDate } from '../domain/datetime';
import type { Temporal } from 'temporal-polyfill';

export interface DateRangeLoadInput {
  /** yyyy-mm-dd */
  start: string;
  /** yyyy-mm-dd, or null for the start day alone. */
  end: string | null;
}

export interface DateRangeLoadContext {
  result: unknown;
  /** The range `result` is of. */
  resultRange: DateRangeLoadInput | null;
  /** The range of the load in flight (or the last one started). */
  range: DateRangeLoadInput | null;
  /** A REFRESH came while the result was being extended or refreshed: refresh once more after. */
  stale: boolean;
}

export type DateRangeLoadEvent =
  | { type: 'LOAD'; start: string; end: string; today: Temporal.PlainDate }
  | { type: 'MORE' }
  | { type: 'CLEAR' }
  | { type: 'REFRESH' };

/** What `loadMore` extends: the range shown and its result so far. */
export interface DateRangeMoreInput {
  range: DateRangeLoadInput;
  result: unknown;
}

/** Whether a result has a further page (its `more` is true). */
export const resultHasMore = (result: unknown): boolean =>
  typeof result === 'object' && result !== null && (result as { more?: unknown }).more === true;

const notProvided = (name: string) => () => {
  throw new Error(`date range load machine: '${name}' must be provided`);
};

const rangeOf = (event: DateRangeLoadEvent): DateRangeLoadInput | null => {
  if (event.type !== 'LOAD') return null;
  const r = checkDateRange(event.start, event.end, event.today);
  return r.ok ? { start: formatLabDate(r.start), end: r.end ? formatLabDate(r.end) : null } : null;
};

export const dateRangeLoadMachine = setup({
  types: {
    context: {} as DateRangeLoadContext,
    events: {} as DateRangeLoadEvent,
  },
  actors: {
    /** Fetches the range; aborts on `signal` when a newer load or Clear replaces it. */
    load: fromPromise<unknown, DateRangeLoadInput>(notProvided('load')),
    /** The result with its next page added; aborts on `signal` when a LOAD or Clear replaces it. */
    loadMore: fromPromise<unknown, DateRangeMoreInput>(notProvided('loadMore')),
    /** The shown result as it is now (REFRESH); aborts on `signal` when a LOAD or Clear replaces it. */
    refresh: fromPromise<unknown, DateRangeMoreInput>(notProvided('refresh')),
  },
  actions: {
    /** The date rule's message (docs/dev/product-rules.md#field-rules). */
    reportInvalid: (_, _params: { message: string }) => notProvided('reportInvalid')(),
    /** The load failed (not aborted). */
    reportFailure: (_, _params: { error: unknown }) => notProvided('reportFailure')(),
    /** 'Day Reports cleared!' / 'Logs cleared!'. */
    announceCleared: notProvided('announceCleared'),
    takeRange: assign({ range: ({ event }) => rangeOf(event) }),
    forget: assign({ result: null, resultRange: null, range: null, stale: false }),
  },
  guards: {
    validRange: ({ event }) => rangeOf(event) !== null,
    hasResult: ({ context }) => context.result !== null,
    hasMore: ({ context }) => resultHasMore(context.result),
    isStale: ({ context }) => context.stale,
  },
}).createMachine({
  id: 'dateRangeLoad',
  context: { result: null, resultRange: null, range: null, stale: false },
  initial: 'idle',
  on: {
    LOAD: [
      { guard: 'validRange', target: '.loading', reenter: true, actions: 'takeRange' },
      {
        // The shown result no longer answers what the fields ask (issue 27): it goes with the
        // message, and a load in flight is stopped.
        target: '.idle',
        actions: [
          'forget',
          {
            type: 'reportInvalid',
            params: ({ event }) => {
              const r = event.type === 'LOAD' ? checkDateRange(event.start, event.end, event.today) : null;
              return { message: r && !r.ok ? r.message : '' };
            },
          },
        ],
      },
    ],
    CLEAR: { target: '.idle', actions: ['forget', 'announceCleared'] },
    // Nothing shown, or a new range loading (it reads the lines as they are now): nothing to refresh.
    REFRESH: {},
  },
  states: {
    idle: {},
    loading: {
      entry: assign({ stale: false }),
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.range ?? { start: '', end: null },
        onDone: {
          target: 'shown',
          actions: assign({
            result: ({ event }) => event.output,
            resultRange: ({ context }) => context.range,
          }),
        },
        onError: [
          {
            guard: 'hasResult',
            target: 'shown',
            actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'idle',
            actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    shown: {
      always: { guard: 'isStale', target: 'refreshing' },
      on: { MORE: { guard: 'hasMore', target: 'loadingMore' }, REFRESH: 'refreshing' },
    },
    refreshing: {
      entry: assign({ stale: false }),
      on: { REFRESH: { actions: assign({ stale: true }) } },
      invoke: {
        id: 'refresh',
        src: 'refresh',
        input: ({ context }) => ({ range: context.resultRange ?? { start: '', end: null }, result: context.result }),
        onDone: { target: 'shown', actions: assign({ result: ({ event }) => event.output }) },
        onError: { target: 'shown' },
      },
    },
    loadingMore: {
      on: { REFRESH: { actions: assign({ stale: true }) } },
      invoke: {
        id: 'loadMore',
        src: 'loadMore',
        input: ({ context }) => ({ range: context.resultRange ?? { start: '', end: null }, result: context.result }),
        onDone: { target: 'shown', actions: assign({ result: ({ event }) => event.output }) },
        onError: { target: 'shown', actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type DateRangeLoadMachine = typeof dateRangeLoadMachine;
export type DateRangeLoadSnapshot = SnapshotFrom<DateRangeLoadMachine>;
