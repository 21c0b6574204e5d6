// React wiring of the date-range load machine for the Reports and Hardware Logs pages: the page's
// fetch, its messages and its Clear announcement; the machine decides when each runs.
import { useEffect, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Temporal } from 'temporal-polyfill';
import { fromPromise } from 'xstate';
import { LAB_TIMEZONE, labToday } from '../../../domain/datetime';
import {
  dateRangeLoadMachine,
  resultHasMore,
  type DateRangeLoadInput,
} from '../../../machines/dateRangeLoad.machine';

export interface DateRangeLoadHandlers<T> {
  load(range: DateRangeLoadInput, signal: AbortSignal): Promise<T>;
  /** A paged result (`more: true`) with its next page added; pages that are never paged leave it out. */
  loadMore?(range: DateRangeLoadInput, result: T, signal: AbortSignal): Promise<T>;
  /** The shown result as it is now (a change event of it); pages that never refresh leave it out. */
  refresh?(range: DateRangeLoadInput, result: T, signal: AbortSignal): Promise<T>;
  invalid(message: string): void;
  failed(error: unknown): void;
  cleared(): void;
}

export interface DateRangeLoad<T> {
  result: T | null;
  /** The range `result` is of. */
  range: DateRangeLoadInput | null;
  loading: boolean;
  /** The result has a further page. */
  hasMore: boolean;
  loadingMore: boolean;
  load(start: string, end: string): void;
  /** Adds the next page to the result. */
  more(): void;
  clear(): void;
  /** Refreshes the shown result silently (nothing when none is shown). */
  refresh(): void;
}

export function useDateRangeLoad<T>(handlers: DateRangeLoadHandlers<T>): DateRangeLoad<T> {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const [machine] = useState(() =>
    dateRangeLoadMachine.provide({
      actors: {
        load: fromPromise<unknown, DateRangeLoadInput>(({ input, signal }) => latest.current.load(input, signal)),
        loadMore: fromPromise<unknown, { range: DateRangeLoadInput; result: unknown }>(({ input, signal }) => {
          const loadMore = latest.current.loadMore;
          if (!loadMore) throw new Error('this page has no further pages');
          return loadMore(input.range, input.result as T, signal);
        }),
        refresh: fromPromise<unknown, { range: DateRangeLoadInput; result: unknown }>(({ input, signal }) => {
          const refresh = latest.current.refresh;
          if (!refresh) return Promise.resolve(input.result);
          return refresh(input.range, input.result as T, signal);
        }),
      },
      actions: {
        reportInvalid: (_, { message }) => latest.current.invalid(message),
        reportFailure: (_, { error }) => latest.current.failed(error),
        announceCleared: () => latest.current.cleared(),
      },
    }),
  );
  const actor = useActorRef(machine);
  const result = useSelector(actor, (s) => s.context.result) as T | null;
  const range = useSelector(actor, (s) => s.context.resultRange);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const loadingMore = useSelector(actor, (s) => s.matches('loadingMore'));
  const hasMore = useSelector(actor, (s) => resultHasMore(s.context.result));
  const [api] = useState(() => ({
    load: (start: string, end: string) =>
      actor.send({ type: 'LOAD', start, end, today: labToday(Temporal.Now.instant(), LAB_TIMEZONE) }),
    more: () => actor.send({ type: 'MORE' }),
    clear: () => actor.send({ type: 'CLEAR' }),
    refresh: () => actor.send({ type: 'REFRESH' }),
  }));
  return { result, range, loading, hasMore, loadingMore, ...api };
}
