// Model-based and scenario tests of the scanner queue (issue: no scan is ever lost). The model (the
// machine itself) only proposes the paths over scans arriving while idle and while one is handled,
// blank scans, and lookups that succeed and fail; each is replayed on a real actor whose `handle` is
// a deferred promise, then every event is tried once more at its end, and the oracle below judges
// each step by the spec's rules on what is sent (the lookups, in order), said (the failures) and
// shown (the count next to the field), from the scans the user made, without asking the machine.
// Equivalent mutants (StrykerJS, nothing a user sees can tell them apart): `hasMore` always false
// (the last id's answer then goes through 'idle', whose `always` starts the next lookup at once);
// the invocation's id emptied (it only names the events); `types` emptied (compile time only); the
// `?? ''` fallbacks for an empty queue while handling (unreachable: 'handling' is entered only with
// an id waiting). The CI sample (`npm run mutation:ci`, this file and the replay) also counts
// `initial: 'idle'` emptied as survived: xstate refuses that configuration at import, which fails
// tests/machines/load.test.ts (in the machine suite, not in the sample) and not a test here.
import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { pendingScans, scanQueueMachine, type ScanQueueMachine } from '../../src/machines/scanQueue.machine';
import { activePaths, flush, explored, restingStateNodes, toTestModelMachine } from './model';
import { added, checkWalk, transitionWalks, type Driver, type Rules, type Walk } from './oracle';

type Snapshot = SnapshotFrom<ScanQueueMachine>;

function createSut() {
  const handled: string[] = [];
  const failures: string[] = [];
  let settle: { resolve: () => void; reject: (e: unknown) => void } | null = null;
  const machine = scanQueueMachine.provide({
    actors: {
      handle: fromPromise<unknown, { code: string }>(({ input }) => {
        handled.push(input.code);
        return new Promise<void>((resolve, reject) => {
          settle = { resolve, reject };
        });
      }),
    },
    actions: {
      reportFailure: (_, { code }) => failures.push(code),
    },
  });
  const actor = createActor(machine).start();
  return {
    actor,
    handled,
    failures,
    async finish(how: 'resolve' | 'reject') {
      const current = settle;
      expect(current, 'a scan is being handled').not.toBeNull();
      settle = null;
      if (how === 'resolve') current!.resolve();
      else current!.reject(new Error('lookup failed'));
      await flush();
    },
  };
}


// ---- the oracle: what is looked up, reported and counted, from the scans made -------------------

type Event = { type: string; code?: string; output?: unknown; error?: unknown };
interface Seen {
  /** What the user scanned, as typed (blank ones too). */
  scanned: string[];
  /** The lookups sent, in order, and which of them are under way (neither answered nor failed). */
  lookups: string[];
  live: boolean[];
  /** Ids reported as failed, in order. */
  failures: string[];
  /** The count shown next to the field. */
  pending: number;
}

/** The page's scan field with the queue and a fake lookup; a copy replays what was done. */
const oracleDriver = (): Driver<Seen, Event> => {
  const sut = createSut();
  const scanned: string[] = [];
  const finished: boolean[] = [];
  const done: Event[] = [];
  return {
    async send(event) {
      done.push(event);
      if (event.type === 'SCAN') {
        scanned.push(event.code!);
        sut.actor.send({ type: 'SCAN', code: event.code! });
        await flush();
      } else if (finished.length < sut.handled.length) {
        // An answer arrives only for a lookup under way.
        finished.push(true);
        await sut.finish(event.type.startsWith('xstate.done.') ? 'resolve' : 'reject');
      }
      activePaths(sut.actor.getSnapshot().value).forEach((p) => visitedByOracle.add(p));
    },
    seen: () => ({
      scanned: [...scanned],
      lookups: [...sut.handled],
      live: sut.handled.map((_, i) => i >= finished.length),
      failures: [...sut.failures],
      pending: pendingScans(sut.actor.getSnapshot()),
    }),
    async fork() {
      const copy = oracleDriver();
      for (const event of done) await copy.send(event);
      return copy;
    },
  };
};

/** The ids the rules take from the scans: trimmed, blank ones left out. */
const ids = (scanned: string[]) => scanned.map((c) => c.trim()).filter((c) => c !== '');
const finishedOf = (seen: Seen) => seen.live.filter((l) => !l).length;
const answers = (step: { event: Event; before: Seen }) =>
  step.event.type !== 'SCAN' && step.before.live.some(Boolean);

const queueRules: Rules<Seen, Event> = {
  'One lookup at a time, and one is under way while any scan waits': ({ after }) => {
    expect(after.live.filter(Boolean).length).toBe(after.pending > 0 ? 1 : 0);
  },
  'Lookups go out in the order scanned, each id without the spaces around it, none dropped': ({ after }) => {
    expect(after.lookups).toEqual(ids(after.scanned).slice(0, after.lookups.length));
    // What is counted is every id scanned but not yet answered.
    expect(after.pending).toBe(ids(after.scanned).length - finishedOf(after));
  },
  'A scan with an id is counted at once; a blank scan is ignored': (step) => {
    if (step.event.type !== 'SCAN') return;
    const blank = step.event.code!.trim() === '';
    expect(step.after.pending).toBe(step.before.pending + (blank ? 0 : 1));
    expect(added(step.before.failures, step.after.failures)).toEqual([]);
    const sent = added(step.before.lookups, step.after.lookups);
    expect(sent).toEqual(!blank && step.before.pending === 0 ? [step.event.code!.trim()] : []);
  },
  'An answer ends its lookup and the next waiting id is looked up; a failure is reported by its id': (step) => {
    if (!answers(step)) return;
    const { before, after, event } = step;
    const current = before.lookups[finishedOf(before)]!;
    expect(added(before.failures, after.failures)).toEqual(event.type.startsWith('xstate.error.') ? [current] : []);
    const next = ids(after.scanned)[finishedOf(before) + 1];
    expect(added(before.lookups, after.lookups)).toEqual(next === undefined ? [] : [next]);
    expect(after.pending).toBe(before.pending - 1);
  },
  'An answer to no lookup under way changes nothing': (step) => {
    if (step.event.type === 'SCAN' || answers(step)) return;
    expect(step.after).toEqual(step.before);
  },
};

const CODES = ['4006381333931', ' 4006381333948 ', '4006381333955'];
const visitedByOracle = new Set<string>();

// Up to three scans waiting is every shape of the queue (empty, one handled, more waiting); a blank
// scan is ignored; a lookup ends in success or failure.
const eventsOf = (state: Snapshot): Event[] => [
  ...(state.context.queue.length < 3
    ? [
        { type: 'SCAN', code: CODES[state.context.queue.length]! },
        { type: 'SCAN', code: '  ' },
      ]
    : []),
  { type: 'xstate.done.actor.handle', output: undefined },
  { type: 'xstate.error.actor.handle', error: new Error('lookup failed') },
];

describe('scan queue: every transition judged by the spec rules', () => {
  // Built inside `explored` (a function): a configuration the model refuses fails a test, not the
  // file's collection, which StrykerJS's vitest runner counts as no failure.
  const buildModel = () => createTestModel(toTestModelMachine(scanQueueMachine), {
    events: eventsOf as never,
    serializeState: (state) => JSON.stringify({ value: state.value, context: state.context }),
  });
  const walks = explored(() => transitionWalks(buildModel() as never, eventsOf as never) as Walk<Event>[]);
  it.each(walks.map((w) => [w.name, w] as const))('%s, then each event', async (_name, walk) => {
    await checkWalk(walk, oracleDriver, queueRules);
  });

  it('visited every state of the machine', () => {
    expect([...visitedByOracle].sort()).toEqual(restingStateNodes(scanQueueMachine).sort());
  });
});

describe('scan queue scenarios', () => {
  it('ten scans arriving during one slow lookup are all handled, in order, one at a time', async () => {
    const sut = createSut();
    const codes = Array.from({ length: 10 }, (_, i) => `40063813339${String(i).padStart(2, '0')}`);
    for (const code of codes) sut.actor.send({ type: 'SCAN', code });
    expect(sut.handled).toEqual([codes[0]]);
    for (let i = 0; i < codes.length; i++) await sut.finish(i === 3 ? 'reject' : 'resolve');
    expect(sut.handled).toEqual(codes);
    expect(sut.failures).toEqual([codes[3]]);
    expect(sut.actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('hands on the id without the spaces around it, and counts what waits', async () => {
    const sut = createSut();
    sut.actor.send({ type: 'SCAN', code: ' 4006381333931 ' });
    sut.actor.send({ type: 'SCAN', code: '4006381333948' });
    expect(sut.handled).toEqual(['4006381333931']);
    expect(pendingScans(sut.actor.getSnapshot())).toBe(2);
    await sut.finish('resolve');
    expect(pendingScans(sut.actor.getSnapshot())).toBe(1);
  });

  it('without its handler or report provided, the machine says which one is missing', () => {
    const reported: unknown[] = [];
    const noHandler = createActor(
      scanQueueMachine.provide({ actions: { reportFailure: (_, { error }) => reported.push(error) } }),
    ).start();
    noHandler.send({ type: 'SCAN', code: '4006381333931' });
    return flush().then(() => {
      expect(String(reported[0])).toBe("Error: scan queue machine: 'handle' must be provided");
      const errors: unknown[] = [];
      const bare = createActor(scanQueueMachine);
      bare.subscribe({ error: (e) => errors.push(e) });
      bare.start();
      bare.send({ type: 'SCAN', code: '4006381333931' });
      return flush().then(() =>
        expect(String(errors[0])).toBe("Error: scan queue machine: 'reportFailure' must be provided"),
      );
    });
  });

  it('ignores an empty scan', () => {
    const sut = createSut();
    sut.actor.send({ type: 'SCAN', code: '' });
    expect(sut.actor.getSnapshot().context.queue).toEqual([]);
    expect(sut.handled).toEqual([]);
  });
});
