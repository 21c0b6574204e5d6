// The Sync page's reload timing (docs/dev/product-rules.md#behaviour Manual sync start; the refresh
// seconds field). The model (the machine itself) only proposes the paths; each is replayed on a real
// actor on a simulated clock, then every event is tried once more at its end, and the oracle below
// judges each step by the spec's rules on when the page reloads, computed from what the user did and
// when, without asking the machine: every N seconds while N > 0 (counted from the last change of N,
// never at 0), 750 ms after a manual start (a start made while one waits puts its reload off to 750 ms
// after the later start), and at once after a stale save (which serves a start waiting). A delay the
// model offers moves the clock to the next reload the rules expect (1 ms short of it first, so a reload
// too early shows), or a minute on when none is expected; the user acts 300 ms after the step before.
// Scenarios follow.
// Equivalent mutants (StrykerJS, 2026-11-26; nothing the page does can tell them apart): `types`
// emptied (compile time only); the machine's `id` emptied (no transition names it); SET_SECONDS'
// `reenter: true` made false (xstate 5 enters the targeted region '.auto' again either way, so its
// timer restarts; checked on a copy of the machine); the manual start's reload going to "" instead of
// 'idle' (it stays in afterStart, whose STARTED and CONFLICT do exactly what idle's do).
import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { createActor, SimulatedClock } from 'xstate';
import { MANUAL_SYNC_RELOAD_MS } from '../../src/domain/constants';
import { syncRefreshMachine, type SyncRefreshEvent } from '../../src/machines/syncRefresh.machine';
import { activePaths, explored, restingStateNodes, toTestModelMachine } from './model';
import { checkWalk, transitionWalks, type Driver, type Rules, type Walk } from './oracle';

const createSut = (seconds: number) => {
  const clock = new SimulatedClock();
  let refreshes = 0;
  const machine = syncRefreshMachine.provide({ actions: { refresh: () => void (refreshes += 1) } });
  const actor = createActor(machine, { clock, input: { seconds } });
  actor.start();
  return { actor, clock, refreshes: () => refreshes };
};

// ---- the oracle: when the page reloads ----------------------------------------------------------

type Event = { type: string; seconds?: number };
const START_SECONDS = 10;
const MINUTE = 60_000;
/** The time a user takes before each action. */
const USER_PACE = 300;
/** What the user did, and when. */
type Done = { at: number; event: SyncRefreshEvent };
interface Seen {
  now: number;
  /** When the page reloaded, in order. */
  reloads: number[];
  done: Done[];
}

/** The reloads the rules expect up to `until`, by cause, from what the user did (sorted). */
const expectedReloads = (done: Done[], until: number) => {
  const auto: number[] = [];
  const segments: Array<{ from: number; to: number; seconds: number }> = [];
  let from = 0;
  let seconds = START_SECONDS;
  for (const d of done)
    if (d.event.type === 'SET_SECONDS') {
      segments.push({ from, to: d.at, seconds });
      from = d.at;
      seconds = d.event.seconds;
    }
  segments.push({ from, to: until, seconds });
  for (const s of segments)
    if (s.seconds > 0) for (let t = s.from + s.seconds * 1000; t <= s.to; t += s.seconds * 1000) auto.push(t);
  const started: number[] = [];
  done.forEach((d, i) => {
    if (d.event.type !== 'STARTED') return;
    const due = d.at + MANUAL_SYNC_RELOAD_MS;
    const putOff = done.slice(i + 1).some((later) => later.event.type !== 'SET_SECONDS' && later.at < due);
    if (!putOff && due <= until) started.push(due);
  });
  const stale = done.filter((d) => d.event.type === 'CONFLICT' && d.at <= until).map((d) => d.at);
  return { auto, started, stale, all: [...auto, ...started, ...stale].sort((a, b) => a - b) };
};

/** The page on a simulated clock; a copy replays what was done (the clock's timers are not saved). */
const oracleDriver = (): Driver<Seen, Event> => {
  const sut = createSut(START_SECONDS);
  const reloads: number[] = [];
  const done: Done[] = [];
  const replay: Event[] = [];
  let counted = 0;
  const note = () => {
    for (; counted < sut.refreshes(); counted += 1) reloads.push(sut.clock.now());
  };
  const advance = (ms: number) => {
    sut.clock.increment(ms);
    note();
  };
  /** The clock moves on to `target` through each reload expected on the way (1 ms short of it first). */
  const advanceTo = (target: number) => {
    for (const t of expectedReloads(done, target).all.filter((x) => x > sut.clock.now())) {
      if (t - 1 > sut.clock.now()) advance(t - 1 - sut.clock.now());
      advance(t - sut.clock.now());
    }
    advance(target - sut.clock.now());
  };
  return {
    send(event) {
      replay.push(event);
      const now = sut.clock.now();
      if (event.type.startsWith('xstate.after.')) {
        const next = expectedReloads(done, now + 10 * MINUTE).all.find((t) => t > now);
        return advanceTo(next ?? now + MINUTE);
      }
      advanceTo(now + USER_PACE);
      done.push({ at: sut.clock.now(), event: event as SyncRefreshEvent });
      sut.actor.send(event as SyncRefreshEvent);
      // What is due at once happens before the user can do anything else.
      advance(0);
      for (const path of activePaths(sut.actor.getSnapshot().value)) visitedByOracle.add(path);
    },
    seen: () => ({ now: sut.clock.now(), reloads: [...reloads], done: [...done] }),
    fork() {
      const copy = oracleDriver();
      for (const event of replay) void copy.send(event);
      return copy;
    },
  };
};

const reloadsIn = ({ before, after }: { before: Seen; after: Seen }) => {
  expect(after.reloads.slice(0, before.reloads.length), 'past reloads stay').toEqual(before.reloads);
  return after.reloads.slice(before.reloads.length);
};
const count = (times: number[], t: number) => times.filter((x) => x === t).length;

const syncRules: Rules<Seen, Event> = {
  'The page reloads only when a rule says so, and never twice for one cause at one time': (step) => {
    const { after } = step;
    expect(after.reloads).toEqual(expectedReloads(after.done, after.now).all);
    reloadsIn(step);
  },
  'Every N seconds while N > 0, counted from the last change of N; never at 0': (step) => {
    const { auto } = expectedReloads(step.after.done, step.after.now);
    for (const t of auto) expect(count(step.after.reloads, t), `a reload at ${t}`).toBeGreaterThanOrEqual(1);
    const n = [...step.after.done].reverse().find((d) => d.event.type === 'SET_SECONDS');
    const seconds = n?.event.type === 'SET_SECONDS' ? n.event.seconds : START_SECONDS;
    if (seconds === 0)
      expect(
        auto.filter((t) => t > (n?.at ?? 0)),
        'no automatic reload while N is 0',
      ).toEqual([]);
  },
  'A manual start reloads 750 ms later': (step) => {
    const { started } = expectedReloads(step.after.done, step.after.now);
    for (const t of started)
      expect(count(step.after.reloads, t), `a reload at ${t}`).toBeGreaterThanOrEqual(1);
  },
  'A stale save reloads at once': (step) => {
    if (step.event.type !== 'CONFLICT') return;
    expect(reloadsIn(step)).toContain(step.after.now);
  },
};

const visitedByOracle = new Set<string>();

const SAMPLE_EVENTS: Event[] = [
  { type: 'SET_SECONDS', seconds: 0 },
  { type: 'SET_SECONDS', seconds: 3 },
  { type: 'SET_SECONDS', seconds: 10 },
  { type: 'STARTED' },
  { type: 'CONFLICT' },
  { type: 'xstate.after.refreshEvery.syncRefresh.auto.ticking' },
  { type: 'xstate.after.afterStart.syncRefresh.soon.afterStart' },
  { type: 'xstate.after.afterConflict.syncRefresh.soon.afterConflict' },
];

describe('sync page refresh: every transition judged by the spec rules', () => {
  // Built inside `explored` (a function): a configuration the model refuses fails a test, not the
  // file's collection, which StrykerJS's vitest runner counts as no failure.
  const buildModel = () =>
    createTestModel(
      toTestModelMachine(syncRefreshMachine.provide({ actions: { refresh: () => undefined } })),
      {
        events: SAMPLE_EVENTS as never,
        input: { seconds: START_SECONDS },
        serializeState: (state) => JSON.stringify({ value: state.value, seconds: state.context.seconds }),
      },
    );
  const walks = explored(() => transitionWalks(buildModel() as never, () => SAMPLE_EVENTS) as Walk<Event>[]);
  it.each(walks.map((w) => [w.name, w] as const))('%s, then each event', async (_name, walk) => {
    await checkWalk(walk, oracleDriver, syncRules);
  });

  // A stale save's reload is due at once, so the page never rests waiting for it.
  it('visited every state of the machine', () => {
    expect([...visitedByOracle].sort()).toEqual(
      expect.arrayContaining(restingStateNodes(syncRefreshMachine).filter((p) => p !== 'soon.afterConflict')),
    );
  });
});

describe('sync page refresh', () => {
  it('reloads every N seconds, restarted when N changes, never at 0', () => {
    const sut = createSut(10);
    sut.clock.increment(9_999);
    expect(sut.refreshes()).toBe(0);
    sut.clock.increment(1);
    expect(sut.refreshes()).toBe(1);
    sut.clock.increment(10_000);
    expect(sut.refreshes()).toBe(2);
    sut.clock.increment(5_000);
    sut.actor.send({ type: 'SET_SECONDS', seconds: 20 });
    sut.clock.increment(19_999);
    expect(sut.refreshes()).toBe(2);
    sut.clock.increment(1);
    expect(sut.refreshes()).toBe(3);
    sut.actor.send({ type: 'SET_SECONDS', seconds: 0 });
    sut.clock.increment(600_000);
    expect(sut.refreshes()).toBe(3);
  });

  it('reloads 750 ms after a manual start, and at once after a stale save', () => {
    const sut = createSut(0);
    sut.actor.send({ type: 'STARTED' });
    sut.clock.increment(749);
    expect(sut.refreshes()).toBe(0);
    sut.clock.increment(1);
    expect(sut.refreshes()).toBe(1);
    sut.actor.send({ type: 'CONFLICT' });
    sut.clock.increment(0);
    expect(sut.refreshes()).toBe(2);
  });

  it('without its reload provided, the machine says so when a reload is due', () => {
    const clock = new SimulatedClock();
    const errors: unknown[] = [];
    const actor = createActor(syncRefreshMachine, { clock, input: { seconds: 0 } });
    actor.subscribe({ error: (e) => errors.push(e) });
    actor.start();
    actor.send({ type: 'CONFLICT' });
    clock.increment(0);
    expect(errors.map(String)).toEqual(["Error: sync refresh machine: 'refresh' must be provided"]);
  });

  it('a second start while one waits puts the reload off to 750 ms after it (one reload)', () => {
    const sut = createSut(0);
    sut.actor.send({ type: 'STARTED' });
    sut.clock.increment(500);
    sut.actor.send({ type: 'STARTED' });
    sut.clock.increment(749);
    expect(sut.refreshes()).toBe(0);
    sut.clock.increment(1);
    expect(sut.refreshes()).toBe(1);
    sut.clock.increment(MINUTE);
    expect(sut.refreshes()).toBe(1);
  });
});
