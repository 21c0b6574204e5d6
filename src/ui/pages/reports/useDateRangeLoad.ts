// React wiring of the date-range load machine for the Reports and Hardware Logs pages: the page's
// fetch, its messages and its Clear announcement; the machine decides when each runs.
import { useEffect, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Temporal } from 'temporal-polyfill';
import { fromPromise } from 'xstate';
import { LAB_TIMEZONE, labToday } from '../../../domain/datetime';
import {
  dateRangeLoadMachine,
  type DateRangeLoadInput,
} from '../../../machines/dateRangeLoad.machine';

export interface DateRangeLoadHandlers<T> {
  load(range: DateRangeLoadInput, signal: AbortSignal): Promise<T>;
  invalid(message: string): void;
  failed(error: unknown): void;
  cleared(): void;
}

export interface DateRangeLoad<T> {
  result: T | null;
  /** The range `result` is of. */
  range: DateRangeLoadInput | null;
  loading: boolean;
  load(start: string, end: string): void;
  clear(): void;
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
  const [api] = useState(() => ({
    load: (start: string, end: string) =>
      actor.send({ type: 'LOAD', start, end, today: labToday(Temporal.Now.instant(), LAB_TIMEZONE) }),
    clear: () => actor.send({ type: 'CLEAR' }),
  }));
  return { result, range, loading, ...api };
}
