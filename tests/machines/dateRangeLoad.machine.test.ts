// Model-based test of the date-range load (Reports, Hardware Logs): every path over valid and
// invalid ranges, loads that answer and fail, and Clear, replayed on a real actor whose `load` is a
// deferred promise; plus the abort of a replaced load.
import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { Temporal } from 'temporal-polyfill';
import { createActor, fromPromise } from 'xstate';
import { FUTURE_DATE, START_BEFORE_END } from '../../src/domain/messages';
import {
  dateRangeLoadMachine,
  type DateRangeLoadInput,
  type DateRangeLoadSnapshot,
} from '../../src/machines/dateRangeLoad.machine';
import { flush, restingStateNodes, explored, toTestModelMachine } from './model';

const TODAY = Temporal.PlainDate.from('2026-11-24');
const VALID = { type: 'LOAD', start: '2026-11-23', end: '2026-11-24', today: TODAY } as const;
const INVALID = { type: 'LOAD', start: '2026-11-24', end: '2026-11-23', today: TODAY } as const;

function createSut() {
  const loads: {
    input: DateRangeLoadInput;
    signal: AbortSignal;
    resolve: (v: unknown) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const log: string[] = [];
  const machine = dateRangeLoadMachine.provide({
    actors: {
      load: fromPromise<unknown, DateRangeLoadInput>(
        ({ input, signal }) =>
          new Promise((resolve, reject) => {
            loads.push({ input, signal, resolve, reject });
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
    log,
    async settle(how: 'resolve' | 'reject') {
      const current = loads.at(-1);
      expect(current, 'a load is running').toBeDefined();
      if (how === 'resolve') current!.resolve({ rows: loads.length });
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
      { type: 'xstate.done.actor.load', output: { rows: 1 } },
      { type: 'xstate.error.actor.load', error: new Error('timeout') },
    ] as never,
    serializeState: (state, event, previous) => {
      const key = JSON.stringify({ value: state.value, hasResult: state.context.result !== null });
      return event && previous ? `${key} via ${event.type}` : key;
    },
  });

  it.each(explored(() => model.getShortestPaths()).map((p) => [p.description, p] as const))(
    '%s',
    async (_d, path) => {
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
        } as never,
        states: {
          '#dateRangeLoad': (state: DateRangeLoadSnapshot) => {
            const real = sut.actor.getSnapshot();
            visited.add(String(real.value));
            expect(real.value).toEqual(state.value);
            expect(real.context.result !== null).toBe(state.context.result !== null);
          },
          idle: () => expect(sut.actor.getSnapshot().context.result).toBeNull(),
          shown: () =>
            expect(sut.actor.getSnapshot().context.resultRange).toEqual({
              start: '2026-11-23',
              end: '2026-11-24',
            }),
        } as never,
      });
    },
  );

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
      result: { rows: 2 },
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

  it('a failed reload keeps what was shown', async () => {
    const sut = createSut();
    sut.actor.send(VALID);
    await sut.settle('resolve');
    sut.actor.send(VALID);
    await sut.settle('reject');
    expect(sut.actor.getSnapshot().value).toBe('shown');
    expect(sut.actor.getSnapshot().context.result).toEqual({ rows: 1 });
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
