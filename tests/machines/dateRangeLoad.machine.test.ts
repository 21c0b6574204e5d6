// Model-based test of the date-range load (Reports, Hardware Logs): every path over valid and
// invalid ranges, loads that answer and fail, loading more of a paged result, and Clear, replayed
// on a real actor whose `load` and `loadMore` are deferred promises; plus the abort of a replaced load.
import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { Temporal } from 'temporal-polyfill';
import { createActor, fromPromise } from 'xstate';
import { FUTURE_DATE, START_BEFORE_END } from '../../src/domain/messages';
import {
  dateRangeLoadMachine,
  type DateRangeLoadInput,
  type DateRangeLoadSnapshot,
  type DateRangeMoreInput,
} from '../../src/machines/dateRangeLoad.machine';
import { flush, restingStateNodes, explored, toTestModelMachine } from './model';

const TODAY = Temporal.PlainDate.from('2026-11-24');
const VALID = { type: 'LOAD', start: '2026-11-23', end: '2026-11-24', today: TODAY } as const;
const INVALID = { type: 'LOAD', start: '2026-11-24', end: '2026-11-23', today: TODAY } as const;

function createSut() {
  const loads: { input: DateRangeLoadInput; signal: AbortSignal; resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];
  const mores: { input: DateRangeMoreInput; signal: AbortSignal; resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];
  const log: string[] = [];
  const machine = dateRangeLoadMachine.provide({
    actors: {
      load: fromPromise<unknown, DateRangeLoadInput>(
        ({ input, signal }) =>
          new Promise((resolve, reject) => {
            loads.push({ input, signal, resolve, reject });
          }),
      ),
      loadMore: fromPromise<unknown, DateRangeMoreInput>(
        ({ input, signal }) =>
          new Promise((resolve, reject) => {
            mores.push({ input, signal, resolve, reject });
          }),
      ),
    },
    actions: {
      reportInvalid: (_, { message }) => log.push(`invalid: ${message}`),
      reportFailure: () => log.push('failure'),
      announceCleared: () => log.push('cleared'),
    },
  });
  const actor = createActor(machine).start();
  return {
    actor,
    loads,
    mores,
    log,
    /** The first page of a range: there is more. */
    async settle(how: 'resolve' | 'reject') {
      const current = loads.at(-1);
      expect(current, 'a load is running').toBeDefined();
      if (how === 'resolve') current!.resolve({ rows: loads.length, more: true });
      else current!.reject(new Error('timeout'));
      await flush();
    },
    /** The next page: the last one. */
    async settleMore(how: 'resolve' | 'reject') {
      const current = mores.at(-1);
      expect(current, 'a load of more is running').toBeDefined();
      if (how === 'resolve') current!.resolve({ rows: loads.length + 1, more: false });
      else current!.reject(new Error('timeout'));
      await flush();
    },
  };
}

const visited = new Set<string>();

describe('date range load machine model', () => {
  const model = createTestModel(toTestModelMachine(dateRangeLoadMachine), {
    events: [
      VALID,
      INVALID,
      { type: 'CLEAR' },
      { type: 'MORE' },
      { type: 'xstate.done.actor.load', output: { rows: 1, more: true } },
      { type: 'xstate.error.actor.load', error: new Error('timeout') },
      { type: 'xstate.done.actor.loadMore', output: { rows: 2, more: false } },
      { type: 'xstate.error.actor.loadMore', error: new Error('timeout') },
    ] as never,
    serializeState: (state, event, previous) => {
      const more = (state.context.result as { more?: boolean } | null)?.more === true;
      const key = JSON.stringify({ value: state.value, hasResult: state.context.result !== null, more });
      return event && previous ? `${key} via ${event.type}` : key;
    },
  });

  it.each(explored(() => model.getShortestPaths()).map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    const sut = createSut();
    await path.test({
      events: {
        LOAD: async ({ event }: { event: typeof VALID | typeof INVALID }) => {
          const before = sut.log.length;
          sut.actor.send(event);
          await flush();
          if (event === INVALID) expect(sut.log.slice(before)).toEqual([`invalid: ${START_BEFORE_END}`]);
          else expect(sut.loads.at(-1)!.input).toEqual({ start: '2026-11-23', end: '2026-11-24' });
        },
        CLEAR: () => {
          sut.actor.send({ type: 'CLEAR' });
          expect(sut.log.at(-1)).toBe('cleared');
        },
        'xstate.done.actor.load': () => sut.settle('resolve'),
        'xstate.error.actor.load': async () => {
          await sut.settle('reject');
          expect(sut.log.at(-1)).toBe('failure');
        },
        MORE: async () => {
          const before = sut.mores.length;
          const more = (sut.actor.getSnapshot().context.result as { more?: boolean } | null)?.more === true;
          sut.actor.send({ type: 'MORE' });
          await flush();
          expect(sut.mores).toHaveLength(before + (more ? 1 : 0));
          if (more)
            expect(sut.mores.at(-1)!.input).toEqual({
              range: { start: '2026-11-23', end: '2026-11-24' },
              result: sut.actor.getSnapshot().context.result,
            });
        },
        'xstate.done.actor.loadMore': async () => {
          await sut.settleMore('resolve');
          expect((sut.actor.getSnapshot().context.result as { more: boolean }).more).toBe(false);
        },
        'xstate.error.actor.loadMore': async () => {
          const shown = sut.actor.getSnapshot().context.result;
          await sut.settleMore('reject');
          expect(sut.log.at(-1)).toBe('failure');
          expect(sut.actor.getSnapshot().context.result).toBe(shown);
        },
      } as never,
      states: {
        '#dateRangeLoad': (state: DateRangeLoadSnapshot) => {
          const real = sut.actor.getSnapshot();
          visited.add(String(real.value));
          expect(real.value).toEqual(state.value);
          expect(real.context.result !== null).toBe(state.context.result !== null);
          expect((real.context.result as { more?: boolean } | null)?.more === true).toBe(
            (state.context.result as { more?: boolean } | null)?.more === true,
          );
        },
        idle: () => expect(sut.actor.getSnapshot().context.result).toBeNull(),
        shown: () => expect(sut.actor.getSnapshot().context.resultRange).toEqual({ start: '2026-11-23', end: '2026-11-24' }),
      } as never,
    });
  });

  it('visited every state', () => {
    expect([...visited].sort()).toEqual(restingStateNodes(dateRangeLoadMachine).sort());
  });
});

describe('date range load scenarios', () => {
  it('a newer load aborts the one in flight, and only its answer is shown', async () => {
    const sut = createSut();
    sut.actor.send(VALID);
    await flush();
    sut.actor.send({ ...VALID, start: '2026-11-24', end: '' });
    await flush();
    expect(sut.loads).toHaveLength(2);
    expect(sut.loads[0]!.signal.aborted).toBe(true);
    expect(sut.loads[1]!.input).toEqual({ start: '2026-11-24', end: null });
    await sut.settle('resolve');
    expect(sut.actor.getSnapshot().context).toEqual({
      result: { rows: 2, more: true },
      resultRange: { start: '2026-11-24', end: null },
      range: { start: '2026-11-24', end: null },
    });
  });

  it('a future date is refused with its message and no request', async () => {
    const sut = createSut();
    sut.actor.send({ ...VALID, start: '2026-11-25', end: '' });
    await flush();
    expect(sut.loads).toHaveLength(0);
    expect(sut.log).toEqual([`invalid: ${FUTURE_DATE}`]);
  });

  it('a refused range clears the shown result and stops a load in flight (issue 27)', async () => {
    const sut = createSut();
    sut.actor.send(VALID);
    await sut.settle('resolve');
    expect(sut.actor.getSnapshot().matches('shown')).toBe(true);
    sut.actor.send(INVALID);
    await flush();
    expect(sut.log).toEqual([`invalid: ${START_BEFORE_END}`]);
    expect(sut.actor.getSnapshot().matches('idle')).toBe(true);
    expect(sut.actor.getSnapshot().context).toEqual({ result: null, resultRange: null, range: null });

    sut.actor.send(VALID);
    await flush();
    sut.actor.send(INVALID);
    await flush();
    expect(sut.loads.at(-1)!.signal.aborted).toBe(true);
    expect(sut.actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('a failed reload keeps what was shown', async () => {
    const sut = createSut();
    sut.actor.send(VALID);
    await sut.settle('resolve');
    sut.actor.send(VALID);
    await sut.settle('reject');
    expect(sut.actor.getSnapshot().value).toBe('shown');
    expect(sut.actor.getSnapshot().context.result).toEqual({ rows: 1, more: true });
  });

  it('Clear during a load aborts it', async () => {
    const sut = createSut();
    sut.actor.send(VALID);
    await flush();
    sut.actor.send({ type: 'CLEAR' });
    expect(sut.loads[0]!.signal.aborted).toBe(true);
    expect(sut.actor.getSnapshot().value).toBe('idle');
  });
});

describe('loading more of a paged range', () => {
  it('a newer load aborts the load of more, and only the new range is shown', async () => {
    const sut = createSut();
    sut.actor.send(VALID);
    await sut.settle('resolve');
    sut.actor.send({ type: 'MORE' });
    await flush();
    sut.actor.send({ ...VALID, start: '2026-11-24', end: '' });
    await flush();
    expect(sut.mores[0]!.signal.aborted).toBe(true);
    await sut.settle('resolve');
    expect(sut.actor.getSnapshot().context.resultRange).toEqual({ start: '2026-11-24', end: null });
  });

  it('MORE without a further page does nothing', async () => {
    const sut = createSut();
    sut.actor.send(VALID);
    await sut.settle('resolve');
    sut.actor.send({ type: 'MORE' });
    await sut.settleMore('resolve');
    sut.actor.send({ type: 'MORE' });
    await flush();
    expect(sut.mores).toHaveLength(1);
    expect(sut.actor.getSnapshot().value).toBe('shown');
  });
});
