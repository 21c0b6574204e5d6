// Model-based and clocked scenario tests of the notifications machine. The model (the machine
// itself) only proposes the paths; each is replayed on a real actor on a simulated clock, then every
// event is tried once more at its end, and the oracle below judges each step by the spec's rules on
// what the snackbar shows, computed from what the app asked for and when (the user acts 500 ms after
// the step before), without asking the machine: the newest notification replaces the one shown and
// starts its own time (2 s on Boxes, Reports, Limits, Settings, Sync, otherwise 3 s), a validation
// error on Analysis or Samples stays until the errors are cleared, Dismiss closes it. The model's
// timeout moves the clock to the close the rules expect (1 ms short of it first), or a minute on when
// none is expected. Scenarios follow.
// Equivalent mutants (StrykerJS, 2026-11-26, the 10 left of 73; the page shows only the current
// notification's id, kind and message, NotificationProvider): `types` emptied; a bogus page name
// added to PERSISTENT_PAGES; the NOTIFY checks of `show` and `isPersistent` made true (they run on
// NOTIFY only); `release` emptied or left out, or its `persistent: false` made true (the state, not
// the field, decides when it closes); `context.current?.page` (the delay is read only while one
// shows); the targets of DISMISS and of the timeout emptied (no target: the state stays, but 'hide'
// empties what is shown, and the next NOTIFY enters the visible state again).
import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { createActor, SimulatedClock } from 'xstate';
import { NOTIFICATION_TIMEOUT_MS } from '../../src/domain/constants';
import { notificationsMachine, type NotifyEvent } from '../../src/machines/notifications.machine';
import { activePaths, restingStateNodes, explored, toTestModelMachine } from './model';
import { checkWalk, transitionWalks, type Driver, type Rules, type Walk } from './oracle';

const TIMEOUT_EVENT = 'xstate.after.NOTIFICATION_TIMEOUT.notifications.visible.timed';

function createSut() {
  const clock = new SimulatedClock();
  const actor = createActor(notificationsMachine, { clock });
  actor.start();
  return { actor, clock, visible: () => actor.getSnapshot().context.current };
}

// One sample per equivalence class: each timeout class, persistent where it is allowed and where
// it is not (Boxes has no persistent snackbar), and no page at all.
const NOTIFY_SAMPLES: NotifyEvent[] = [
  { type: 'NOTIFY', kind: 'success', message: 'aId#17 was updated successfully!', page: 'analysis' },
  { type: 'NOTIFY', kind: 'info', message: 'Limits reloaded', page: 'limits' },
  {
    type: 'NOTIFY',
    kind: 'error',
    message: 'Lane has to be between 0 and 3',
    page: 'samples',
    persistent: true,
  },
  { type: 'NOTIFY', kind: 'error', message: 'bId#3 was not modified!', page: 'boxes', persistent: true },
  { type: 'NOTIFY', kind: 'error', message: 'Login was unsuccessful!' },
];

// ---- the oracle: the snackbar as the user sees it ------------------------------------------------

type Event = { type: string; kind?: string; message?: string; page?: string; persistent?: boolean };
/** What the app asked for, and when. */
type Done = { at: number; event: Event };
interface Seen {
  now: number;
  shown: { id: number; kind: string; message: string } | null;
  done: Done[];
}

const USER_PACE = 500;
const MINUTE = 60_000;
/** The spec's timeouts (docs/dev/product-rules.md#behaviour Notifications): 2 s on these pages, otherwise 3 s. */
const SPEC_TIMEOUT = (page: string | undefined) =>
  ['boxes', 'reports', 'limits', 'settings', 'sync'].includes(page ?? '') ? 2000 : 3000;
/** On Analysis and Samples a validation error stays while the errors exist. */
const staysOpen = (e: Event) => e.persistent === true && ['analysis', 'samples'].includes(e.page ?? '');

type Shown = { event: Event; closesAt: number | null };

/**
 * What the snackbar shows at `at` by the spec: the newest notification replaces the one shown and
 * starts its own time; a validation error on Analysis or Samples stays until the errors are cleared
 * and then closes after its time; Dismiss closes it. `closesAt` is when it goes, unless something is
 * asked for before.
 */
const expectedAt = (done: Done[], at: number): Shown | null => {
  let shown = null as Shown | null;
  for (const d of done) {
    if (shown?.closesAt != null && shown.closesAt <= d.at) shown = null;
    if (d.event.type === 'NOTIFY')
      shown = { event: d.event, closesAt: staysOpen(d.event) ? null : d.at + SPEC_TIMEOUT(d.event.page) };
    else if (d.event.type === 'DISMISS') shown = null;
    else if (d.event.type === 'CLEAR_VALIDATION' && shown && shown.closesAt === null)
      shown = { ...shown, closesAt: d.at + SPEC_TIMEOUT(shown.event.page) };
  }
  if (shown?.closesAt != null && shown.closesAt <= at) shown = null;
  return shown;
};

/** The snackbar on a simulated clock; a copy replays what was done (the clock's timers are not saved). */
const oracleDriver = (): Driver<Seen, Event> => {
  const sut = createSut();
  const done: Done[] = [];
  const replay: Event[] = [];
  /** The clock moves on to `target`, stopping 1 ms short of the expected close and at it. */
  const advanceTo = (target: number) => {
    const closesAt = expectedAt(done, sut.clock.now())?.closesAt;
    if (closesAt != null && closesAt > sut.clock.now() && closesAt <= target) {
      if (closesAt - 1 > sut.clock.now()) sut.clock.increment(closesAt - 1 - sut.clock.now());
      expect(sut.visible(), '1 ms before it closes').toEqual(expect.anything());
      sut.clock.increment(closesAt - sut.clock.now());
    }
    sut.clock.increment(target - sut.clock.now());
  };
  return {
    send(event) {
      replay.push(event);
      const now = sut.clock.now();
      if (event.type.startsWith('xstate.after.'))
        return advanceTo(expectedAt(done, now)?.closesAt ?? now + MINUTE);
      advanceTo(now + USER_PACE);
      done.push({ at: sut.clock.now(), event });
      sut.actor.send(event as never);
      activePaths(sut.actor.getSnapshot().value).forEach((p) => visited.add(p));
    },
    seen() {
      const current = sut.visible();
      return {
        now: sut.clock.now(),
        shown: current && { id: current.id, kind: current.kind, message: current.message },
        done: [...done],
      };
    },
    fork() {
      const copy = oracleDriver();
      for (const event of replay) void copy.send(event);
      return copy;
    },
  };
};

const notificationRules: Rules<Seen, Event> = {
  'The snackbar shows the newest notification until its time is up, Dismiss, or the next one': ({
    after,
  }) => {
    const expected = expectedAt(after.done, after.now);
    expect(after.shown && { kind: after.shown.kind, message: after.shown.message }).toEqual(
      expected && { kind: expected.event.kind, message: expected.event.message },
    );
  },
  'A new notification replaces the one shown as a new one (a new id)': ({ before, event, after }) => {
    if (event.type !== 'NOTIFY') return;
    expect(after.shown).not.toBeNull();
    if (before.shown) expect(after.shown!.id).toBeGreaterThan(before.shown.id);
  },
  'Nothing else changes what is shown': ({ before, event, after }) => {
    if (event.type === 'NOTIFY' || event.type === 'DISMISS') return;
    if (after.shown) expect(after.shown).toEqual(before.shown);
  },
};

const visited = new Set<string>();

const SAMPLE_EVENTS: Event[] = [
  ...NOTIFY_SAMPLES,
  { type: 'DISMISS' },
  { type: 'CLEAR_VALIDATION' },
  { type: TIMEOUT_EVENT },
];

describe('notifications: every transition judged by the spec rules', () => {
  // Built inside `explored` (a function): a configuration the model refuses fails a test, not the
  // file's collection, which StrykerJS's vitest runner counts as no failure.
  const buildModel = () =>
    createTestModel(toTestModelMachine(notificationsMachine), {
      events: SAMPLE_EVENTS as never,
      // The id grows with every notification, so it is left out to keep the graph finite.
      serializeState: (state) => {
        const current = state.context.current;
        return JSON.stringify({
          value: state.value,
          current: current && { kind: current.kind, page: current.page, persistent: current.persistent },
        });
      },
    });
  const walks = explored(() => transitionWalks(buildModel() as never, () => SAMPLE_EVENTS) as Walk<Event>[]);
  it.each(walks.map((w) => [w.name, w] as const))('%s, then each event', async (_name, walk) => {
    await checkWalk(walk, oracleDriver, notificationRules);
  });

  it('visited every state of the machine', () => {
    expect([...visited]).toEqual(expect.arrayContaining(restingStateNodes(notificationsMachine)));
  });
});

describe('notification timeouts (simulated clock)', () => {
  it('closes after 3000 ms on analysis', () => {
    const sut = createSut();
    sut.actor.send({
      type: 'NOTIFY',
      kind: 'success',
      message: 'aId#1 was created successfully!',
      page: 'analysis',
    });
    sut.clock.increment(2999);
    expect(sut.visible()?.message).toBe('aId#1 was created successfully!');
    sut.clock.increment(1);
    expect(sut.visible()).toBeNull();
  });

  it('closes after 2000 ms on boxes', () => {
    const sut = createSut();
    sut.actor.send({
      type: 'NOTIFY',
      kind: 'success',
      message: 'bId#4 was updated successfully!',
      page: 'boxes',
    });
    sut.clock.increment(1999);
    expect(sut.visible()).not.toBeNull();
    sut.clock.increment(1);
    expect(sut.visible()).toBeNull();
  });

  it.each(Object.entries(NOTIFICATION_TIMEOUT_MS))(
    'closes after the docs/dev/product-rules.md#constants timeout on %s (%i ms)',
    (page, ms) => {
      const sut = createSut();
      sut.actor.send({ type: 'NOTIFY', kind: 'info', message: 'x', page: page as NotifyEvent['page'] });
      sut.clock.increment(ms - 1);
      expect(sut.visible()).not.toBeNull();
      sut.clock.increment(1);
      expect(sut.visible()).toBeNull();
    },
  );

  it('keeps a validation error on analysis open until the errors are cleared, then closes after 3000 ms', () => {
    const sut = createSut();
    sut.actor.send({
      type: 'NOTIFY',
      kind: 'error',
      message: 'Pol out of bounds',
      page: 'analysis',
      persistent: true,
    });
    sut.clock.increment(3_600_000);
    expect(sut.visible()).toMatchObject({ kind: 'error', message: 'Pol out of bounds', persistent: true });
    sut.actor.send({ type: 'CLEAR_VALIDATION' });
    sut.clock.increment(2999);
    expect(sut.visible()).not.toBeNull();
    sut.clock.increment(1);
    expect(sut.visible()).toBeNull();
  });

  it('closes a persistent one on DISMISS', () => {
    const sut = createSut();
    sut.actor.send({ type: 'NOTIFY', kind: 'error', message: 'Required', page: 'samples', persistent: true });
    sut.actor.send({ type: 'DISMISS' });
    expect(sut.visible()).toBeNull();
  });

  it('does not keep notifications persistent on pages without that rule', () => {
    const sut = createSut();
    sut.actor.send({
      type: 'NOTIFY',
      kind: 'error',
      message: 'bId#3 was not modified!',
      page: 'boxes',
      persistent: true,
    });
    sut.clock.increment(2000);
    expect(sut.visible()).toBeNull();
  });

  it('replaces the visible notification and restarts the timer', () => {
    const sut = createSut();
    sut.actor.send({ type: 'NOTIFY', kind: 'info', message: 'first', page: 'boxes' });
    sut.clock.increment(1500);
    sut.actor.send({ type: 'NOTIFY', kind: 'success', message: 'second', page: 'boxes' });
    const second = sut.visible();
    expect(second?.message).toBe('second');
    sut.clock.increment(1999);
    expect(sut.visible()).toBe(second);
    sut.clock.increment(1);
    expect(sut.visible()).toBeNull();
  });

  it('a timed notification replacing a persistent one closes on its own', () => {
    const sut = createSut();
    sut.actor.send({
      type: 'NOTIFY',
      kind: 'error',
      message: 'Required',
      page: 'analysis',
      persistent: true,
    });
    sut.actor.send({
      type: 'NOTIFY',
      kind: 'success',
      message: 'aId#2 was updated successfully!',
      page: 'analysis',
    });
    sut.clock.increment(3000);
    expect(sut.visible()).toBeNull();
  });

  it('CLEAR_VALIDATION leaves an ordinary notification alone', () => {
    const sut = createSut();
    sut.actor.send({ type: 'NOTIFY', kind: 'info', message: 'Input cleared!', page: 'analysis' });
    sut.clock.increment(1000);
    sut.actor.send({ type: 'CLEAR_VALIDATION' });
    sut.clock.increment(1999);
    expect(sut.visible()).not.toBeNull();
    sut.clock.increment(1);
    expect(sut.visible()).toBeNull();
  });

  it('gives every notification a new id', () => {
    const sut = createSut();
    sut.actor.send({ type: 'NOTIFY', kind: 'info', message: 'same' });
    const first = sut.visible()?.id;
    sut.actor.send({ type: 'NOTIFY', kind: 'info', message: 'same' });
    expect(sut.visible()?.id).toBeGreaterThan(first ?? Infinity);
  });
});
