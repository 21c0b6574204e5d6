// The browser's change-event stream (docs/dev/architecture.md#change-events). The model (the
// machine itself) only proposes paths; each is replayed on a real actor on a simulated clock, then
// every event is tried once more at its end, and the oracle below judges each step by the rules,
// computed from what the server said and when, without asking the machine: each change is handed on
// once and in order (one not after the last one handed on is dropped); a reload asks the pages to
// refetch; every connect sends the last event's id; the status is live after an open, down after
// STREAM_MAX_FAILURES failed connects in a row, connecting before anything, resuming otherwise; a
// failed connection is tried again STREAM_RETRY_MS later, or STREAM_DOWN_RETRY_MS when down, never
// sooner, and only one connection is under way at a time. The connection speaks only while it lives
// (OPENED while under way, FAILED while under way or open); a delay the model offers moves the clock
// to the next connect the rules expect (1 ms short of it first, so a connect too early shows).
// Equivalent mutants (StrykerJS; nothing a user sees can tell them apart): `types` emptied (compile
// time only); the event-type test of `isNew`, `givesId` and `isNewPosition` made true (each guard
// is used only on the transition of its own event); the first connect's `params` emptied (the
// 'connecting' state is entered only at start, when there is no last id yet); 'opened' dropped from
// the first connect's OPENED (no failure is counted before the first connect ends: its FAILED leaves
// for 'resuming'); 'countFailure' dropped from the failed connect that goes down (the count is read
// only by the resuming state's guard, and the way out of 'down' is an open, which resets it).
// Under LAB_MODEL_COVER=transitions the model
// cannot offer a path through a mutant that drops a newer position or reload id (the context stays
// as it was, so no state follows it): the scenarios below cover those.
import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { createActor, SimulatedClock } from 'xstate';
import {
  STREAM_DOWN_RETRY_MS,
  STREAM_MAX_FAILURES,
  STREAM_RETRY_MS,
  type ChangeEvent,
} from '../../src/domain/events';
import { eventStreamMachine, streamStatus, type EventStreamEvent, type StreamStatus } from '../../src/machines/eventStream.machine';
import { activePaths, explored, restingStateNodes, toTestModelMachine } from './model';
import { checkWalk, transitionWalks, type Driver, type Rules, type Walk } from './oracle';

const change = (id: string): ChangeEvent => ({
  id,
  resource: 'analysis',
  keys: [id],
  count: 1,
  version: 1,
  by: { kind: 'sync', name: 'analysis' },
  at: '2026-11-26 03:00:00',
});

type Event = { type: string; event?: ChangeEvent; id?: string };
/** The server's side, and when. */
type Said = { at: number; event: EventStreamEvent };

interface Seen {
  now: number;
  status: StreamStatus;
  connects: { at: number; lastId: string | undefined }[];
  delivered: string[];
  reloads: number;
  said: Said[];
}

const createSut = () => {
  const clock = new SimulatedClock();
  const connects: { at: number; lastId: string | undefined }[] = [];
  const delivered: string[] = [];
  let reloads = 0;
  const machine = eventStreamMachine.provide({
    actions: {
      connect: (_, params) => void connects.push({ at: clock.now(), lastId: params.lastId }),
      deliver: (_, params) => void delivered.push(params.event.id),
      reload: () => void (reloads += 1),
    },
  });
  const actor = createActor(machine, { clock });
  actor.start();
  return { actor, clock, connects, delivered, reloads: () => reloads };
};

// ---- the oracle ----------------------------------------------------------------------------------

const big = (id: string | undefined) => (id === undefined ? -1n : BigInt(id));

/** The last id the rules know of after what was said: the highest change or reload id so far. */
const lastKnown = (said: Said[]): string | undefined => {
  let last: string | undefined;
  for (const { event } of said) {
    const id =
      event.type === 'CHANGE' ? event.event.id : event.type === 'RELOAD' || event.type === 'POSITION' ? event.id : undefined;
    if (id !== undefined && big(id) > big(last)) last = id;
  }
  return last;
};

/** Failed connects since the last open, and whether the last connection word was an open. */
const connectionOf = (said: Said[]) => {
  let failures = 0;
  let open = false;
  let any = false;
  for (const { event } of said) {
    if (event.type === 'OPENED') [failures, open, any] = [0, true, true];
    if (event.type === 'FAILED') {
      // A drop of an open connection is not a failed connect; a failed connect counts.
      if (!open) failures += 1;
      [open, any] = [false, true];
    }
  }
  return { failures, open, any };
};

const expectedStatus = (said: Said[]): StreamStatus => {
  const { failures, open, any } = connectionOf(said);
  if (!any) return 'connecting';
  if (open) return 'live';
  return failures >= STREAM_MAX_FAILURES ? 'down' : 'resuming';
};

/** When the next connect is due after the last FAILED, or undefined when one is under way or open. */
const nextConnectAt = (said: Said[], connects: number): number | undefined => {
  const fails = said.filter((s) => s.event.type === 'FAILED');
  // One connection at a time: a new one only after each earlier one failed.
  if (connects > fails.length) return undefined;
  const last = fails.at(-1);
  if (!last) return undefined;
  const down = connectionOf(said).failures >= STREAM_MAX_FAILURES;
  return last.at + (down ? STREAM_DOWN_RETRY_MS : STREAM_RETRY_MS);
};

const visitedByOracle = new Set<string>();

const oracleDriver = (): Driver<Seen, Event> => {
  const sut = createSut();
  const said: Said[] = [];
  const replay: Event[] = [];
  const advance = (ms: number) => sut.clock.increment(ms);
  const look = (): Seen => ({
    now: sut.clock.now(),
    status: streamStatus(sut.actor.getSnapshot().value),
    connects: [...sut.connects],
    delivered: [...sut.delivered],
    reloads: sut.reloads(),
    said: [...said],
  });
  return {
    send(event) {
      replay.push(event);
      if (event.type.startsWith('xstate.after.')) {
        const due = nextConnectAt(said, sut.connects.length);
        if (due === undefined) return advance(60_000);
        if (due - 1 > sut.clock.now()) advance(due - 1 - sut.clock.now());
        return advance(Math.max(0, due - sut.clock.now()));
      }
      advance(100);
      // The connection speaks only while it lives: OPENED while under way, FAILED while under way or open.
      const ended = said.filter((x) => x.event.type === 'FAILED').length;
      const alive = sut.connects.length > ended;
      const open = said.findLast((x) => x.event.type === 'OPENED' || x.event.type === 'FAILED')?.event.type === 'OPENED';
      if (event.type === 'OPENED' && !(alive && !open)) return;
      if (event.type === 'FAILED' && !alive) return;
      said.push({ at: sut.clock.now(), event: event as EventStreamEvent });
      sut.actor.send(event as EventStreamEvent);
      for (const path of activePaths(sut.actor.getSnapshot().value)) visitedByOracle.add(path);
    },
    seen: look,
    fork() {
      const copy = oracleDriver();
      for (const event of replay) void copy.send(event);
      return copy;
    },
  };
};

const rules: Rules<Seen, Event> = {
  'Each change is handed on once, in order; one not after the last is dropped': ({ before, event, after }) => {
    const fresh = event.type === 'CHANGE' && big(event.event?.id) > big(lastKnown(before.said));
    expect(after.delivered).toEqual(fresh ? [...before.delivered, event.event?.id] : before.delivered);
  },
  'A reload asks the pages to refetch': ({ before, event, after }) => {
    expect(after.reloads).toBe(before.reloads + (event.type === 'RELOAD' ? 1 : 0));
  },
  'Every connect sends the last event id': ({ before, after }) => {
    for (const connect of after.connects.slice(before.connects.length))
      expect(connect.lastId).toBe(lastKnown(after.said));
  },
  'Live after an open, down after the failed connects, connecting first, resuming otherwise': ({ after }) => {
    expect(after.status).toBe(expectedStatus(after.said));
  },
  'A failed connection is tried again after its delay, never sooner, one at a time': ({ after }) => {
    expect(after.connects[0]?.at).toBe(0);
    const fails = after.said.filter((s) => s.event.type === 'FAILED');
    expect(after.connects.length).toBeLessThanOrEqual(fails.length + 1);
    after.connects.slice(1).forEach((connect, i) => {
      const failedAt = fails[i]?.at ?? Number.NaN;
      const saidBefore = after.said.filter((s) => s.at <= failedAt);
      const down = connectionOf(saidBefore).failures >= STREAM_MAX_FAILURES;
      expect(connect.at - failedAt, `connect ${i + 2}`).toBe(down ? STREAM_DOWN_RETRY_MS : STREAM_RETRY_MS);
    });
    const due = nextConnectAt(after.said, after.connects.length);
    if (due !== undefined) expect(after.now, 'a connect that is due has happened').toBeLessThan(due);
  },
};

const SAMPLE_EVENTS: Event[] = [
  { type: 'OPENED' },
  { type: 'FAILED' },
  { type: 'CHANGE', event: change('5') },
  { type: 'CHANGE', event: change('3') },
  { type: 'RELOAD', id: '7' },
  { type: 'RELOAD', id: undefined },
  { type: 'POSITION', id: '6' },
  { type: 'POSITION', id: '2' },
  { type: 'xstate.after.retry.eventStream.resuming.waiting' },
  { type: 'xstate.after.downRetry.eventStream.down.waiting' },
];

describe('event stream: every transition judged by the rules', () => {
  // Built inside `explored` (a function): a configuration the model refuses fails a test, not the
  // file's collection, which StrykerJS's vitest runner counts as no failure.
  const buildModel = () => createTestModel(
    toTestModelMachine(
      eventStreamMachine.provide({ actions: { connect: () => undefined, deliver: () => undefined, reload: () => undefined } }),
    ),
    {
      events: SAMPLE_EVENTS as never,
      serializeState: (state) => JSON.stringify({ value: state.value, context: state.context }),
    },
  );
  const walks = explored(() => transitionWalks(buildModel() as never, () => SAMPLE_EVENTS) as Walk<Event>[]);
  it.each(walks.map((w) => [w.name, w] as const))('%s, then each event', async (_name, walk) => {
    await checkWalk(walk, oracleDriver, rules);
  });

  it('visited every state of the machine', () => {
    expect([...visitedByOracle].sort()).toEqual(expect.arrayContaining(restingStateNodes(eventStreamMachine)));
  });
});

describe('event stream', () => {
  it('resumes from the last change after a drop, and goes down after three failed connects', () => {
    const sut = createSut();
    sut.actor.send({ type: 'OPENED' });
    sut.actor.send({ type: 'CHANGE', event: change('41') });
    sut.actor.send({ type: 'FAILED' });
    sut.clock.increment(STREAM_RETRY_MS);
    expect(sut.connects.at(-1)?.lastId).toBe('41');
    sut.actor.send({ type: 'FAILED' });
    sut.clock.increment(STREAM_RETRY_MS);
    sut.actor.send({ type: 'FAILED' });
    sut.clock.increment(STREAM_RETRY_MS);
    sut.actor.send({ type: 'FAILED' });
    expect(streamStatus(sut.actor.getSnapshot().value)).toBe('down');
    sut.clock.increment(STREAM_DOWN_RETRY_MS);
    sut.actor.send({ type: 'OPENED' });
    expect(streamStatus(sut.actor.getSnapshot().value)).toBe('live');
    sut.actor.send({ type: 'CHANGE', event: change('41') });
    expect(sut.delivered).toEqual(['41']);
  });

  // The model cannot offer these: a mutant that drops a newer position or reload id leaves the
  // context as it was, so no path of the model goes through it to the next connect.
  it('a newer position or reload id is where the next connect resumes from; a position is no change and a change before a reload is dropped', () => {
    const sut = createSut();
    sut.actor.send({ type: 'OPENED' });
    sut.actor.send({ type: 'CHANGE', event: change('5') });
    sut.actor.send({ type: 'POSITION', id: '9' });
    sut.actor.send({ type: 'FAILED' });
    sut.clock.increment(STREAM_RETRY_MS);
    expect(sut.connects.at(-1)?.lastId).toBe('9');
    sut.actor.send({ type: 'OPENED' });
    expect(streamStatus(sut.actor.getSnapshot().value)).toBe('live');
    sut.actor.send({ type: 'RELOAD', id: '12' });
    sut.actor.send({ type: 'CHANGE', event: change('11') });
    sut.actor.send({ type: 'FAILED' });
    sut.clock.increment(STREAM_RETRY_MS);
    expect(sut.connects.at(-1)?.lastId).toBe('12');
    expect(sut.delivered).toEqual(['5']);
    expect(sut.reloads()).toBe(1);
  });

  it('from a fresh start, failed connects go down, and down keeps trying every STREAM_DOWN_RETRY_MS until one opens', () => {
    const sut = createSut();
    for (let i = 1; i < STREAM_MAX_FAILURES; i++) {
      sut.actor.send({ type: 'FAILED' });
      expect(streamStatus(sut.actor.getSnapshot().value)).toBe('resuming');
      sut.clock.increment(STREAM_RETRY_MS);
    }
    sut.actor.send({ type: 'FAILED' });
    expect(streamStatus(sut.actor.getSnapshot().value)).toBe('down');
    const tries = sut.connects.length;
    expect(tries).toBe(STREAM_MAX_FAILURES);
    for (const n of [1, 2]) {
      sut.clock.increment(STREAM_DOWN_RETRY_MS - 1);
      expect(sut.connects).toHaveLength(tries + n - 1);
      sut.clock.increment(1);
      expect(sut.connects).toHaveLength(tries + n);
      expect(sut.connects.at(-1)?.lastId).toBeUndefined();
      if (n === 1) sut.actor.send({ type: 'FAILED' });
    }
    expect(streamStatus(sut.actor.getSnapshot().value)).toBe('down');
    sut.actor.send({ type: 'OPENED' });
    expect(streamStatus(sut.actor.getSnapshot().value)).toBe('live');
  });

  // Under LAB_MODEL_COVER=transitions the oracle judges a reconnect's OPENED once, where no failure
  // is counted yet, so a mutant that leaves the count after it shows only at a later drop.
  it('an open ends a run of failed connects: after a later drop it takes STREAM_MAX_FAILURES failed connects again to go down', () => {
    const sut = createSut();
    sut.actor.send({ type: 'FAILED' });
    sut.clock.increment(STREAM_RETRY_MS);
    sut.actor.send({ type: 'OPENED' });
    expect(streamStatus(sut.actor.getSnapshot().value)).toBe('live');
    sut.actor.send({ type: 'FAILED' });
    for (let i = 1; i < STREAM_MAX_FAILURES; i++) {
      sut.clock.increment(STREAM_RETRY_MS);
      sut.actor.send({ type: 'FAILED' });
      expect(streamStatus(sut.actor.getSnapshot().value), `after failed connect ${i} in a row`).toBe('resuming');
    }
    sut.clock.increment(STREAM_RETRY_MS);
    sut.actor.send({ type: 'FAILED' });
    expect(streamStatus(sut.actor.getSnapshot().value)).toBe('down');
  });

  it('down, the stream keeps resuming from the last change: every retry sends its id', () => {
    const sut = createSut();
    sut.actor.send({ type: 'OPENED' });
    sut.actor.send({ type: 'CHANGE', event: change('41') });
    sut.actor.send({ type: 'FAILED' });
    for (let i = 0; i < STREAM_MAX_FAILURES; i++) {
      sut.clock.increment(STREAM_RETRY_MS);
      sut.actor.send({ type: 'FAILED' });
    }
    expect(streamStatus(sut.actor.getSnapshot().value)).toBe('down');
    const before = sut.connects.length;
    sut.clock.increment(STREAM_DOWN_RETRY_MS);
    expect(sut.connects.slice(before)).toEqual([{ at: sut.clock.now(), lastId: '41' }]);
  });

  it('without its connection, delivery or reload provided, the machine says which one is missing', () => {
    const errorOf = (machine: typeof eventStreamMachine, send?: EventStreamEvent) => {
      const errors: unknown[] = [];
      const actor = createActor(machine);
      actor.subscribe({ error: (e) => errors.push(e) });
      actor.start();
      if (send) actor.send(send);
      return String(errors[0]);
    };
    expect(errorOf(eventStreamMachine)).toBe("Error: event stream machine: 'connect' must be provided");
    const connected = eventStreamMachine.provide({ actions: { connect: () => undefined } });
    expect(errorOf(connected, { type: 'CHANGE', event: change('1') })).toBe(
      "Error: event stream machine: 'deliver' must be provided",
    );
    expect(errorOf(connected, { type: 'RELOAD', id: undefined })).toBe(
      "Error: event stream machine: 'reload' must be provided",
    );
  });

  it('a reload without an id, or an older one, or an older position keeps the position: the next connect resumes from the last change', () => {
    const sut = createSut();
    sut.actor.send({ type: 'OPENED' });
    sut.actor.send({ type: 'CHANGE', event: change('5') });
    sut.actor.send({ type: 'RELOAD', id: undefined });
    sut.actor.send({ type: 'RELOAD', id: '4' });
    sut.actor.send({ type: 'POSITION', id: '2' });
    sut.actor.send({ type: 'FAILED' });
    sut.clock.increment(STREAM_RETRY_MS);
    expect(sut.reloads()).toBe(2);
    expect(sut.connects.at(-1)?.lastId).toBe('5');
  });
});
