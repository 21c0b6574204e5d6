// Model-based test of the undo machine. The model (the machine itself) only proposes the paths; each
// is replayed on a real actor on a simulated clock with a fake server, then every event is tried once
// more at its end, and the oracle below judges each step by the rules of docs/dev/architecture.md#undo,
// computed from what was done and when, without asking the machine: a write's changes can be undone
// for 10 s from when it answered (a newer write replaces them and starts its own 10 s; one answered
// while an undo is under way is offered once that undo has answered); UNDO sends them once, never while
// an undo is under way; its answer is said (success with the server's message, failure with the
// error's); with nothing offered UNDO says why: the last write left the building, or nothing to undo.
// The user acts 500 ms after the step before; the model's window event moves the clock to the end of
// the window the rules expect (1 ms short of it first), or a minute on when none is expected.
// Equivalent mutants (StrykerJS, 2026-11-26; the 11 left of 142; nothing the user sees or sends can
// tell them apart): `types` emptied (compile time only); the machine's `id` emptied (no transition
// names it); 'forget' emptied, or left out after an answer or at the window's end (in idle nothing
// reads the changes: UNDO there says why there is nothing, WROTE replaces them); the event-type tests
// of offer, keepNext, leave and leaveDuring made true (each runs on its own event only);
// `context.changes ?? []` (changes are never null while undoing).
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { UNDO_MESSAGES, UNDO_WINDOW_MS, type UndoResult } from '../../src/domain/undo';
import { undoMachine, type UndoNotice } from '../../src/machines/undo.machine';
import { activePaths, explored, flush, restingStateNodes, toTestModelMachine } from './model';
import { checkWalk, transitionWalks, type Driver, type Rules, type Walk } from './oracle';

type Event = { type: string; changes?: number[]; message?: string; output?: UndoResult; error?: Error };
type Done = { at: number; event: Event };

const WINDOW_EVENT = 'xstate.after.UNDO_WINDOW.undo.offered';
const USER_PACE = 500;
const MINUTE = 60_000;
/** The rule's window, written out rather than read from the machine's delay. */
const SPEC_WINDOW = 10_000;

const ANSWER: UndoResult = { message: UNDO_MESSAGES.undone, change: 9, restored: 1 };
const REFUSAL = new Error(UNDO_MESSAGES.changedSince);

interface Seen {
  now: number;
  offered: boolean;
  calls: number[][];
  notices: UndoNotice[];
  done: Done[];
}

// ---- the oracle ------------------------------------------------------------------------------------

interface Expected {
  /** The changes UNDO would send now, if any, and when their window ends. */
  offer: { changes: number[]; until: number } | null;
  calls: number[][];
  notices: UndoNotice[];
}

/** What the rules say after `done`, at `now`. */
const expected = (done: Done[], now: number): Expected => {
  let offer: { changes: number[]; until: number } | null = null;
  let left: string | null = null;
  let inflight = false;
  let next: number[] | null = null;
  const calls: number[][] = [];
  const notices: UndoNotice[] = [];
  const live = (at: number) => (offer && offer.until > at ? offer : null);
  for (const { at, event } of done) {
    offer = live(at);
    switch (event.type) {
      case 'WROTE':
        left = null;
        if (inflight) next = event.changes!;
        else offer = { changes: event.changes!, until: at + SPEC_WINDOW };
        break;
      case 'LEFT':
        left = event.message!;
        if (inflight) next = null;
        else offer = null;
        break;
      case 'UNDO':
        if (inflight) break;
        if (offer) {
          calls.push(offer.changes);
          inflight = true;
          offer = null;
        } else notices.push({ kind: 'info', message: left ?? UNDO_MESSAGES.nothing });
        break;
      default: {
        // An answer: only to the call under way.
        if (!inflight) break;
        inflight = false;
        const ok = event.type.startsWith('xstate.done.');
        notices.push(ok ? { kind: 'success', message: event.output!.message } : { kind: 'error', message: event.error!.message });
        if (next) offer = { changes: next, until: at + SPEC_WINDOW };
        next = null;
      }
    }
  }
  return { offer: live(now), calls, notices };
};

const visited = new Set<string>();

const oracleDriver = (): Driver<Seen, Event> => {
  const clock = new SimulatedClock();
  const calls: number[][] = [];
  const notices: UndoNotice[] = [];
  let pending: { resolve: (v: UndoResult) => void; reject: (e: Error) => void } | null = null;
  const machine = undoMachine.provide({
    actors: {
      undo: fromPromise<UndoResult, { changes: readonly number[] }>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            calls.push([...input.changes]);
            pending = { resolve, reject };
          }),
      ),
    },
    actions: { notify: (_, params: UndoNotice) => notices.push(params) },
  });
  const actor = createActor(machine, { clock });
  actor.start();
  const done: Done[] = [];
  const sent: Event[] = [];
  const advanceTo = (target: number) => {
    const end = expected(done, clock.now()).offer?.until ?? null;
    if (end !== null && end > clock.now() && end <= target) {
      if (end - 1 > clock.now()) clock.increment(end - 1 - clock.now());
      expect(actor.getSnapshot().matches('offered'), '1 ms before the window ends').toBe(true);
      clock.increment(end - clock.now());
    }
    clock.increment(target - clock.now());
  };
  const driver: Driver<Seen, Event> = {
    async send(event) {
      sent.push(event);
      const now = clock.now();
      if (event.type === WINDOW_EVENT) {
        advanceTo(expected(done, now).offer?.until ?? now + MINUTE);
        return;
      }
      advanceTo(now + USER_PACE);
      done.push({ at: clock.now(), event });
      if (event.type.startsWith('xstate.')) {
        const call = pending as { resolve: (v: UndoResult) => void; reject: (e: Error) => void } | null;
        if (call && actor.getSnapshot().matches('undoing')) {
          pending = null;
          if (event.type.startsWith('xstate.done.')) call.resolve(event.output!);
          else call.reject(event.error!);
        }
      } else actor.send(event as never);
      await flush();
      activePaths(actor.getSnapshot().value).forEach((p) => visited.add(p));
    },
    seen: () => ({
      now: clock.now(),
      offered: actor.getSnapshot().matches('offered'),
      calls: calls.map((c) => [...c]),
      notices: [...notices],
      done: [...done],
    }),
    async fork() {
      // The same sends give the same times (the pace and the window's end are fixed).
      const copy = oracleDriver();
      for (const event of sent) await copy.send(event);
      return copy;
    },
  };
  return driver;
};

const undoRules: Rules<Seen, Event> = {
  "UNDO sends the last write's changes once, within its window, never while an undo is under way": ({ after }) => {
    expect(after.calls).toEqual(expected(after.done, after.now).calls);
  },
  "Every answer is said (the server's message), and UNDO with nothing to undo says why": ({ after }) => {
    expect(after.notices).toEqual(expected(after.done, after.now).notices);
  },
  'Undo is offered exactly while the window of the last write runs': ({ after }) => {
    expect(after.offered).toBe(expected(after.done, after.now).offer !== null);
  },
};

const SAMPLE_EVENTS: Event[] = [
  { type: 'WROTE', changes: [41] },
  { type: 'WROTE', changes: [42, 43] },
  { type: 'LEFT', message: UNDO_MESSAGES.printedLabel },
  { type: 'UNDO' },
  { type: 'xstate.done.actor.undo', output: ANSWER },
  { type: 'xstate.error.actor.undo', error: REFUSAL },
  { type: WINDOW_EVENT },
];

describe('undo: every transition judged by the rules', () => {
  // Built inside `explored`: a configuration the model refuses fails a test instead of the file's
  // collection (which StrykerJS's vitest runner counts as no failure).
  const walks = explored(() => {
    const model = createTestModel(toTestModelMachine(undoMachine), {
      events: SAMPLE_EVENTS as never,
      serializeState: (state) => JSON.stringify({ value: state.value, context: state.context }),
    });
    return transitionWalks(model as never, () => SAMPLE_EVENTS) as Walk<Event>[];
  });
  it.each(walks.map((w) => [w.name, w] as const))('%s, then each event', async (_name, walk) => {
    await checkWalk(walk, oracleDriver, undoRules);
  });

  it('visited every state of the machine', () => {
    expect([...visited]).toEqual(expect.arrayContaining(restingStateNodes(undoMachine)));
  });
});

describe('undo window (simulated clock)', () => {
  it('is the domain window, 10 s', () => {
    expect(UNDO_WINDOW_MS).toBe(SPEC_WINDOW);
  });

  it('a write answered while an undo is under way is offered after it, for its own 10 s', async () => {
    const driver = oracleDriver();
    await driver.send({ type: 'WROTE', changes: [1] });
    await driver.send({ type: 'UNDO' });
    await driver.send({ type: 'WROTE', changes: [2] });
    expect(driver.seen().offered).toBe(false);
    await driver.send({ type: 'xstate.done.actor.undo', output: ANSWER });
    expect(driver.seen().offered).toBe(true);
    await driver.send({ type: 'UNDO' });
    expect(driver.seen().calls).toEqual([[1], [2]]);
  });

  /** Sends `events` and checks every rule after each step. */
  const scenario = async (events: Event[]) => {
    const driver = oracleDriver();
    for (const event of events) {
      const before = driver.seen();
      await driver.send(event);
      const after = driver.seen();
      for (const check of Object.values(undoRules)) check({ before, event, after });
    }
    return driver.seen();
  };

  it('a newer write starts its own 10 s', async () => {
    const seen = await scenario([{ type: 'WROTE', changes: [1] }, { type: 'WROTE', changes: [2] }, { type: WINDOW_EVENT }, { type: 'UNDO' }]);
    expect(seen.notices).toEqual([{ kind: 'info', message: UNDO_MESSAGES.nothing }]);
  });

  it('a label printed while an undo is under way: afterwards UNDO says it cannot be undone', async () => {
    const seen = await scenario([
      { type: 'WROTE', changes: [1] },
      { type: 'UNDO' },
      { type: 'WROTE', changes: [2] },
      { type: 'LEFT', message: UNDO_MESSAGES.printedLabel },
      { type: 'xstate.done.actor.undo', output: ANSWER },
      { type: 'UNDO' },
    ]);
    expect(seen.calls).toEqual([[1]]);
    expect(seen.notices.at(-1)).toEqual({ kind: 'info', message: UNDO_MESSAGES.printedLabel });
  });
});

describe('undo: what a failed undo says', () => {
  /** UNDO of one write, answered with `error`: the notices said. */
  const refusedWith = async (error: unknown) => {
    const driver = oracleDriver();
    await driver.send({ type: 'WROTE', changes: [7] });
    await driver.send({ type: 'UNDO' });
    await driver.send({ type: 'xstate.error.actor.undo', error: error as Error });
    return driver.seen();
  };

  it("a refusal says the server's own reason", async () => {
    const reason = 'Error occurred, the change was not undone: it was already undone!';
    expect((await refusedWith(new Error(reason))).notices).toEqual([{ kind: 'error', message: reason }]);
  });

  it('a failure without a reason (an empty message, or no Error at all) says the change was not undone', async () => {
    const said = { kind: 'error', message: UNDO_MESSAGES.changedSince };
    expect((await refusedWith(new Error(''))).notices).toEqual([said]);
    expect((await refusedWith({ status: 500 })).notices).toEqual([said]);
  });
});

// Under mutation testing the model judges each kind of step once, so a step that only changes what a
// later UNDO does (a LEFT, a newer WROTE) is not followed by that UNDO there: these scenarios are.
describe('undo: what a later UNDO does after a step', () => {
  /** Sends `events`, checking every rule after each step, and returns what was sent and said. */
  const run = async (events: Event[]) => {
    const driver = oracleDriver();
    for (const event of events) {
      const before = driver.seen();
      await driver.send(event);
      const after = driver.seen();
      for (const check of Object.values(undoRules)) check({ before, event, after });
    }
    const { calls, notices, offered } = driver.seen();
    return { calls, notices, offered };
  };
  const printed = { kind: 'info', message: UNDO_MESSAGES.printedLabel };

  it('a label printed while the write is offered: UNDO sends nothing and says it cannot be undone', async () => {
    const seen = await run([{ type: 'WROTE', changes: [1] }, { type: 'LEFT', message: UNDO_MESSAGES.printedLabel }, { type: 'UNDO' }]);
    expect(seen).toEqual({ calls: [], notices: [printed], offered: false });
  });

  it('a label printed after the window: UNDO says it cannot be undone, not that there is nothing', async () => {
    const seen = await run([
      { type: 'WROTE', changes: [1] },
      { type: WINDOW_EVENT },
      { type: 'LEFT', message: UNDO_MESSAGES.printedLabel },
      { type: 'UNDO' },
    ]);
    expect(seen).toEqual({ calls: [], notices: [printed], offered: false });
  });

  it('a newer write within the window: UNDO sends its changes, not the older ones', async () => {
    const seen = await run([
      { type: 'WROTE', changes: [1] },
      { type: 'WROTE', changes: [2, 3] },
      { type: 'UNDO' },
      { type: 'xstate.done.actor.undo', output: ANSWER },
    ]);
    expect(seen).toEqual({ calls: [[2, 3]], notices: [{ kind: 'success', message: ANSWER.message }], offered: false });
  });

  it('a write answered while a refused undo was under way is offered after it, and UNDO sends that write', async () => {
    const seen = await run([
      { type: 'WROTE', changes: [1] },
      { type: 'UNDO' },
      { type: 'WROTE', changes: [2] },
      { type: 'xstate.error.actor.undo', error: REFUSAL },
      { type: 'UNDO' },
    ]);
    expect(seen).toEqual({ calls: [[1], [2]], notices: [{ kind: 'error', message: REFUSAL.message }], offered: false });
  });

  it('after an undo has answered, refused or not, UNDO says there is nothing to undo', async () => {
    for (const answer of [
      { type: 'xstate.done.actor.undo', output: ANSWER },
      { type: 'xstate.error.actor.undo', error: REFUSAL },
    ]) {
      const seen = await run([{ type: 'WROTE', changes: [1] }, { type: 'UNDO' }, answer, { type: 'UNDO' }]);
      expect(seen.calls).toEqual([[1]]);
      expect(seen.notices.at(-1)).toEqual({ kind: 'info', message: UNDO_MESSAGES.nothing });
    }
  });

  it('without its undo call provided, UNDO says which effect is missing', async () => {
    const notices: UndoNotice[] = [];
    const actor = createActor(undoMachine.provide({ actions: { notify: (_, params: UndoNotice) => notices.push(params) } }));
    actor.start();
    actor.send({ type: 'WROTE', changes: [1] });
    actor.send({ type: 'UNDO' });
    await flush();
    expect(notices).toEqual([{ kind: 'error', message: "undo machine: 'undo' must be provided" }]);
  });

  it('without its notify provided, the machine says so', () => {
    const errors: unknown[] = [];
    const actor = createActor(undoMachine);
    actor.subscribe({ error: (e) => errors.push(e) });
    actor.start();
    actor.send({ type: 'UNDO' });
    expect(errors.map(String)).toEqual(["Error: undo machine: 'notify' must be provided"]);
  });
});
