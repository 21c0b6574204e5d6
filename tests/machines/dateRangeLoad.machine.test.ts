// Model-based and scenario tests of the date-range load (Reports, Hardware Logs). The model (the
// machine itself) only proposes the paths over valid and refused ranges, loads that answer and fail,
// loading more of a paged result, and Clear; each is replayed on a real actor whose `load` and
// `loadMore` are deferred promises, then every event is tried once more at its end, and the oracle
// below judges each step by the spec's rules on what the page shows (the result), says (the rule's
// message, the failure, 'cleared') and sends (which request, which are stopped), without asking the
// machine what it meant to do. Scenarios follow for the sentences the rules abbreviate.
// Equivalent mutants (StrykerJS; nothing the page shows, says or sends tells them apart): `types`
// emptied (compile time only); the `event.type` checks in `rangeOf` and in reportInvalid's params,
// and the `r && !r.ok` there made true or `||` (both run only for the LOAD of their own transition,
// and the message only when the rule refused it); the fallback ranges `{ start: '', end: null }`
// of the three invocations' inputs (never reached: 'loading' is entered only by a LOAD the rule
// accepted, which took its range, and 'refreshing' and 'loadingMore' only from 'shown', whose result
// came with its range); the machine's `id` emptied (no '#id' target names it); `stale: true` at start
// ('loading' resets it before anything is shown); `reenter: false` on LOAD (xstate still exits and
// re-enters the targeted 'loading', stopping the load in flight); 'refresh' emptied in its
// not-provided message (a failed refresh is silent by design, so that message never shows).
import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { Temporal } from 'temporal-polyfill';
import { createActor, fromPromise } from 'xstate';
import { FUTURE_DATE, START_BEFORE_END } from '../../src/domain/messages';
import {
  dateRangeLoadMachine,
  resultHasMore,
  type DateRangeLoadInput,
  type DateRangeMoreInput,
} from '../../src/machines/dateRangeLoad.machine';
import { flush, restingStateNodes, explored, toTestModelMachine } from './model';
import { added, checkWalk, transitionWalks, type Driver, type Rules, type Walk } from './oracle';

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
  const mores: {
    input: DateRangeMoreInput;
    signal: AbortSignal;
    resolve: (v: unknown) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const refreshes: typeof mores = [];
  const log: string[] = [];
  /** What each failure reported carries (the page shows its message). */
  const errors: unknown[] = [];
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
      refresh: fromPromise<unknown, DateRangeMoreInput>(
        ({ input, signal }) =>
          new Promise((resolve, reject) => {
            refreshes.push({ input, signal, resolve, reject });
          }),
      ),
    },
    actions: {
      reportInvalid: (_, { message }) => log.push(`invalid: ${message}`),
      reportFailure: (_, { error }) => {
        log.push('failure');
        errors.push(error);
      },
      announceCleared: () => log.push('cleared'),
    },
  });
  const actor = createActor(machine).start();
  return {
    actor,
    loads,
    mores,
    refreshes,
    log,
    errors,
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

// ---- the oracle: what the Reports / Hardware Logs page shows, says and sends ---------------------

type Event = { type: string; start?: string; end?: string; output?: unknown; error?: unknown };
type Effect = 'load' | 'loadMore' | 'refresh';
interface Request {
  effect: Effect;
  input: unknown;
  signal: AbortSignal;
}
interface Seen {
  /** The result on screen, the range the page says it is of, and its loading marks. */
  result: unknown;
  range: unknown;
  loading: boolean;
  loadingMore: boolean;
  /** The range of the result on screen, as the request that answered it asked. */
  shownRange: unknown;
  requests: Array<{ effect: Effect; input: unknown }>;
  /** Which requests are under way: sent, neither answered nor stopped. */
  live: boolean[];
  said: string[];
}

/** The spec's answer for each sample range (docs/dev/product-rules.md#field-rules Reports and logs dates). */
const RANGES: Record<string, { range: DateRangeLoadInput } | { refused: string }> = {
  '2026-11-23|2026-11-24': { range: { start: '2026-11-23', end: '2026-11-24' } },
  '2026-11-24|': { range: { start: '2026-11-24', end: null } },
  '2026-11-24|2026-11-23': { refused: START_BEFORE_END },
  '2026-11-25|': { refused: FUTURE_DATE },
};
const rangeRuleOf = (event: Event) => {
  const rule = RANGES[`${event.start}|${event.end}`];
  if (!rule) throw new Error(`no expected outcome for ${event.start}|${event.end}`);
  return rule;
};

/** The page with the machine and a fake server; a copy replays what was done. */
const oracleDriver = (): Driver<Seen, Event> & { done: Event[] } => {
  const sut = createSut();
  const requests: Request[] = [];
  const answered = new Set<number>();
  let shownRange: unknown = null;
  const done: Event[] = [];
  const all = () => [
    ...sut.loads.map((l) => ({ effect: 'load' as Effect, ...l })),
    ...sut.mores.map((m) => ({ effect: 'loadMore' as Effect, ...m })),
    ...sut.refreshes.map((m) => ({ effect: 'refresh' as Effect, ...m })),
  ];
  const note = () => {
    for (const r of all()) if (!requests.some((q) => q.signal === r.signal)) requests.push(r);
  };
  const isLive = (r: Request, i: number) => !answered.has(i) && !r.signal.aborted;
  return {
    done,
    async send(event) {
      done.push(event);
      if (!event.type.startsWith('xstate.')) {
        sut.actor.send(event as never);
        await flush();
        note();
      } else {
        const effect = effectOf(event);
        const i = requests.findIndex((r, j) => r.effect === effect && isLive(r, j));
        // An answer arrives only for a call under way.
        if (i >= 0) {
          const entry = (
            effect === 'load' ? sut.loads : effect === 'loadMore' ? sut.mores : sut.refreshes
          ).find((e) => e.signal === requests[i]!.signal)!;
          answered.add(i);
          if (event.type.startsWith('xstate.done.')) {
            if (effect === 'load') shownRange = requests[i]!.input;
            entry.resolve(event.output);
          } else entry.reject(event.error);
          await flush();
          note();
        }
      }
      visitedByOracle.add(String(sut.actor.getSnapshot().value));
    },
    seen: () => ({
      result: sut.actor.getSnapshot().context.result,
      range: sut.actor.getSnapshot().context.resultRange,
      loading: sut.actor.getSnapshot().matches('loading'),
      loadingMore: sut.actor.getSnapshot().matches('loadingMore'),
      shownRange,
      requests: requests.map(({ effect, input }) => ({ effect, input })),
      live: requests.map(isLive),
      said: [...sut.log],
    }),
    async fork() {
      const copy = oracleDriver();
      for (const event of done) await copy.send(event);
      return copy;
    },
  };
};

const isUser = (e: Event) => !e.type.startsWith('xstate.');
/** Which call an answer is of. */
function effectOf(event: Event): Effect {
  if (event.type.endsWith('.loadMore')) return 'loadMore';
  return event.type.endsWith('.refresh') ? 'refresh' : 'load';
}
const sentIn = (s: { before: Seen; after: Seen }) => added(s.before.requests, s.after.requests);
const saidIn = (s: { before: Seen; after: Seen }) => added(s.before.said, s.after.said);
const liveOf = (seen: Seen) => seen.live.flatMap((l, i) => (l ? [seen.requests[i]!] : []));
const busy = (seen: Seen) => liveOf(seen).length > 0;
const hasMore = (result: unknown) => (result as { more?: unknown } | null)?.more === true;
/** Whether the event answers the call under way. */
const answers = (event: Event, before: Seen) =>
  !isUser(event) && liveOf(before).some((r) => r.effect === effectOf(event));
const stopsAll = (step: { after: Seen }) => expect(busy(step.after), 'nothing stays under way').toBe(false);

const rangeRules: Rules<Seen, Event> = {
  'A change elsewhere refreshes what is shown, silently; a failed refresh keeps it': (step) => {
    const { before, event, after } = step;
    if (event.type === 'REFRESH') {
      expect(saidIn(step)).toEqual([]);
      expect([after.result, after.range]).toEqual([before.result, before.range]);
      // Only a result at rest is refreshed at once; nothing shown, nothing to refresh.
      const sent = sentIn(step);
      if (before.result !== null && !busy(before))
        expect(sent).toEqual([{ effect: 'refresh', input: { range: before.range, result: before.result } }]);
      else expect(sent).toEqual([]);
    }
    if (answers(event, before) && effectOf(event) === 'refresh') {
      expect(saidIn(step)).toEqual([]);
      expect(after.result).toEqual(event.type.startsWith('xstate.done.') ? event.output : before.result);
    }
  },
  'One request at a time': ({ after }) => expect(liveOf(after).length).toBeLessThanOrEqual(1),
  "A range the rule refuses says the rule's message, sends nothing, stops what is under way and shows nothing":
    (step) => {
      if (step.event.type !== 'LOAD') return;
      const rule = rangeRuleOf(step.event);
      if (!('refused' in rule)) return;
      expect(saidIn(step)).toEqual([`invalid: ${rule.refused}`]);
      expect(sentIn(step)).toEqual([]);
      stopsAll(step);
      expect(step.after.result).toBeNull();
    },
  'A valid range sends one load of it, stops what is under way and keeps what is shown until the answer': (
    step,
  ) => {
    if (step.event.type !== 'LOAD') return;
    const rule = rangeRuleOf(step.event);
    if (!('range' in rule)) return;
    expect(sentIn(step).map(({ effect, input }) => ({ effect, input }))).toEqual([
      { effect: 'load', input: rule.range },
    ]);
    expect(saidIn(step)).toEqual([]);
    expect(liveOf(step.after)).toEqual([{ effect: 'load', input: rule.range }]);
    expect(step.after.result).toEqual(step.before.result);
  },
  'Clear says so, stops what is under way and shows nothing': (step) => {
    if (step.event.type !== 'CLEAR') return;
    expect(saidIn(step)).toEqual(['cleared']);
    expect(sentIn(step)).toEqual([]);
    stopsAll(step);
    expect(step.after.result).toBeNull();
  },
  'More is loaded only when the result shown has a further page and nothing is under way': (step) => {
    const { before, event, after } = step;
    if (event.type !== 'MORE') return;
    expect(saidIn(step)).toEqual([]);
    if (busy(before) || !hasMore(before.result)) {
      expect(sentIn(step)).toEqual([]);
      return expect(after).toEqual(before);
    }
    expect(sentIn(step)).toEqual([
      { effect: 'loadMore', input: { range: before.shownRange, result: before.result } },
    ]);
    expect(after.result).toEqual(before.result);
  },
  "A load's answer is shown; a failure says so and keeps what was shown": (step) => {
    const { before, event, after } = step;
    if (!answers(event, before)) return;
    // A change elsewhere noted meanwhile is refreshed right after (the refresh rule judges it).
    const owed = after.requests.length > before.requests.length;
    if (owed) expect(sentIn(step).map((r) => r.effect)).toEqual(['refresh']);
    else stopsAll(step);
    if (effectOf(event) === 'refresh') return;
    if (event.type.startsWith('xstate.done.')) {
      expect(saidIn(step)).toEqual([]);
      return expect(after.result).toEqual(event.output);
    }
    expect(saidIn(step)).toEqual(['failure']);
    expect(after.result).toEqual(before.result);
  },
  'An answer to no call under way changes nothing': (step) => {
    if (isUser(step.event) || answers(step.event, step.before)) return;
    expect(step.after).toEqual(step.before);
  },
  'The page names the range its result answers, and shows loading exactly while a request is under way': ({
    after,
  }) => {
    expect(after.range).toEqual(after.result === null ? null : after.shownRange);
    const live = liveOf(after).map((r) => r.effect);
    expect([after.loading, after.loadingMore]).toEqual([live.includes('load'), live.includes('loadMore')]);
  },
};

const visitedByOracle = new Set<string>();

const SAMPLE_EVENTS: Event[] = [
  VALID,
  { ...VALID, start: '2026-11-24', end: '' },
  INVALID,
  { ...VALID, start: '2026-11-25', end: '' },
  { type: 'CLEAR' },
  { type: 'MORE' },
  { type: 'xstate.done.actor.load', output: { rows: 1, more: true } },
  { type: 'xstate.done.actor.load', output: { rows: 1, more: false } },
  { type: 'xstate.error.actor.load', error: new Error('timeout') },
  { type: 'xstate.done.actor.loadMore', output: { rows: 2, more: false } },
  { type: 'xstate.error.actor.loadMore', error: new Error('timeout') },
  { type: 'REFRESH' },
  { type: 'xstate.done.actor.refresh', output: { rows: 7, more: false } },
  { type: 'xstate.error.actor.refresh', error: new Error('timeout') },
];

describe('date range load: every transition judged by the spec rules', () => {
  // Built inside `explored` (a function): a configuration the model refuses fails a test, not the
  // file's collection, which StrykerJS's vitest runner counts as no failure.
  const buildModel = () =>
    createTestModel(toTestModelMachine(dateRangeLoadMachine), {
      events: SAMPLE_EVENTS as never,
      serializeState: (state) =>
        JSON.stringify({
          value: state.value,
          result: state.context.result,
          range: state.context.resultRange,
          stale: state.context.stale,
        }),
    });
  const walks = explored(() => transitionWalks(buildModel() as never, () => SAMPLE_EVENTS) as Walk<Event>[]);
  it.each(walks.map((w) => [w.name, w] as const))('%s, then each event', async (_name, walk) => {
    await checkWalk(walk, () => oracleDriver(), rangeRules);
  });

  it('visited every state of the machine', () => {
    expect([...visitedByOracle].sort()).toEqual(restingStateNodes(dateRangeLoadMachine).sort());
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
      stale: false,
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
    expect(sut.actor.getSnapshot().context).toEqual({
      result: null,
      resultRange: null,
      range: null,
      stale: false,
    });

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

// Found by StrykerJS (the transition cover judges a REFRESH noted during a refresh or a load of more
// once, and never follows it to the refresh owed after; the fake reported failures without their
// error; nothing asked `resultHasMore` about an empty page).
describe('date range load: what the transition cover does not follow', () => {
  const shownWithMore = async () => {
    const sut = createSut();
    sut.actor.send(VALID);
    await sut.settle('resolve');
    return sut;
  };

  it('a change during a refresh is refreshed once more after it; a failed refresh keeps what is shown and the next change refreshes again', async () => {
    const sut = await shownWithMore();
    sut.actor.send({ type: 'REFRESH' });
    sut.actor.send({ type: 'REFRESH' });
    await flush();
    expect(sut.refreshes).toHaveLength(1);
    sut.refreshes[0]!.resolve({ rows: 7, more: true });
    await flush();
    expect(sut.refreshes, 'the change noted meanwhile is refreshed after').toHaveLength(2);
    expect(sut.refreshes[1]!.input).toEqual({ range: { start: '2026-11-23', end: '2026-11-24' }, result: { rows: 7, more: true } });
    sut.refreshes[1]!.reject(new Error('timeout'));
    await flush();
    expect(sut.actor.getSnapshot().context.result).toEqual({ rows: 7, more: true });
    expect(sut.log, 'a refresh says nothing').toEqual([]);
    sut.actor.send({ type: 'REFRESH' });
    await flush();
    expect(sut.refreshes).toHaveLength(3);
    sut.refreshes[2]!.resolve({ rows: 8, more: true });
    await flush();
    sut.actor.send({ type: 'MORE' });
    await flush();
    expect(sut.mores.map((m) => m.input.result), 'after a refresh, More extends the refreshed result').toEqual([{ rows: 8, more: true }]);
  });

  it('a change while more is loading is refreshed after it', async () => {
    const sut = await shownWithMore();
    sut.actor.send({ type: 'MORE' });
    sut.actor.send({ type: 'REFRESH' });
    await flush();
    expect(sut.refreshes).toHaveLength(0);
    await sut.settleMore('resolve');
    expect(sut.refreshes.map((r) => r.input.result)).toEqual([{ rows: 2, more: false }]);
  });

  it('a new load after a noted change shows its answer with no refresh owed', async () => {
    const sut = await shownWithMore();
    sut.actor.send({ type: 'REFRESH' });
    sut.actor.send({ type: 'REFRESH' });
    sut.actor.send({ ...VALID, start: '2026-11-24', end: '' });
    await sut.settle('resolve');
    expect(sut.refreshes).toHaveLength(1);
    expect(sut.refreshes[0]!.signal.aborted).toBe(true);
    expect(sut.actor.getSnapshot().value).toBe('shown');
  });

  it('each failure reported carries its error: the first load, a reload, a load of more', async () => {
    const sut = createSut();
    const [first, reload, more] = [new Error('first'), new Error('reload'), new Error('more')];
    sut.actor.send(VALID);
    await flush();
    sut.loads[0]!.reject(first);
    await flush();
    sut.actor.send(VALID);
    await sut.settle('resolve');
    sut.actor.send(VALID);
    await flush();
    sut.loads[2]!.reject(reload);
    await flush();
    sut.actor.send({ type: 'MORE' });
    await flush();
    sut.mores[0]!.reject(more);
    await flush();
    expect(sut.errors).toEqual([first, reload, more]);
  });

  it('a failed first load shows nothing: a change then refreshes nothing and More loads nothing', async () => {
    const sut = createSut();
    sut.actor.send(VALID);
    await sut.settle('reject');
    expect(sut.actor.getSnapshot().context.result).toBeNull();
    sut.actor.send({ type: 'REFRESH' });
    sut.actor.send({ type: 'MORE' });
    await flush();
    expect([sut.refreshes.length, sut.mores.length]).toEqual([0, 0]);
  });

  it('resultHasMore: only a result whose more is true has a further page (the page asks while nothing is shown)', () => {
    expect(resultHasMore(null)).toBe(false);
    expect(resultHasMore(undefined)).toBe(false);
    expect(resultHasMore({ more: 'true' })).toBe(false);
    expect(resultHasMore({ rows: 3 })).toBe(false);
    expect(resultHasMore({ more: true })).toBe(true);
  });

  it('without its effects provided, the machine says which one is missing', async () => {
    const errorOf = async (machine: typeof dateRangeLoadMachine, ...events: Parameters<typeof dateRangeLoadMachine.transition>[1][]) => {
      const errors: unknown[] = [];
      const actor = createActor(machine);
      actor.subscribe({ error: (e) => errors.push(e) });
      actor.start();
      for (const e of events) {
        actor.send(e);
        await flush();
      }
      return String(errors[0]);
    };
    const said = (name: string) => `Error: date range load machine: '${name}' must be provided`;
    expect(await errorOf(dateRangeLoadMachine, INVALID)).toBe(said('reportInvalid'));
    expect(await errorOf(dateRangeLoadMachine, { type: 'CLEAR' })).toBe(said('announceCleared'));
    const quiet = dateRangeLoadMachine.provide({ actions: { reportInvalid: () => undefined, announceCleared: () => undefined } });
    expect(await errorOf(quiet, VALID)).toBe(said('reportFailure'));
    const failing = quiet.provide({ actions: { reportFailure: (_, { error }) => { throw error; } } });
    expect(await errorOf(failing, VALID)).toBe(said('load'));
    const loaded = failing.provide({
      actors: { load: fromPromise<unknown, DateRangeLoadInput>(async () => ({ more: true })) },
    });
    expect(await errorOf(loaded, VALID, { type: 'MORE' })).toBe(said('loadMore'));
  });
});
