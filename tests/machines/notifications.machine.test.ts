// Model-based and clocked scenario tests of the notifications machine. The system under test is a
// real actor on a simulated clock, observed as the UI sees it: the visible notification or none.
import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate';
import { NOTIFICATION_TIMEOUT_MS } from '../../src/domain/constants';
import {
  notificationsMachine,
  notificationTimeout,
  type NotificationsMachine,
  type NotifyEvent,
} from '../../src/machines/notifications.machine';
import { activePaths, restingStateNodes, explored, toTestModelMachine } from './model';

type Snapshot = SnapshotFrom<NotificationsMachine>;

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

const visited = new Set<string>();

describe('notifications machine model', () => {
  const model = createTestModel(toTestModelMachine(notificationsMachine), {
    events: [...NOTIFY_SAMPLES, { type: 'DISMISS' }, { type: 'CLEAR_VALIDATION' }] as never,
    // The id grows with every notification, so it is left out to keep the graph finite. The
    // incoming transition is part of the key (as createTestModel's default does), so the paths
    // cover every transition — the timeout, DISMISS and each replacement — not just every state.
    serializeState: (state, event, previous) => {
      const current = state.context.current;
      const key = JSON.stringify({
        value: state.value,
        current: current && { kind: current.kind, page: current.page, persistent: current.persistent },
      });
      return event && previous ? `${key} via ${event.type} from ${JSON.stringify(previous.value)}` : key;
    },
  });
  const paths = explored(() => model.getShortestPaths());

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_description, path) => {
    const sut = createSut();
    const send = ({ event }: { event: { type: string } }) => {
      sut.actor.send(event as never);
    };
    await path.test({
      events: {
        NOTIFY: send,
        DISMISS: send,
        CLEAR_VALIDATION: send,
        [TIMEOUT_EVENT]: () => {
          const page = sut.visible()?.page;
          expect(page).toBeDefined();
          const timeout = notificationTimeout(page ?? 'shell');
          sut.clock.increment(timeout - 1);
          expect(sut.visible(), `still open 1 ms before ${timeout} ms`).not.toBeNull();
          sut.clock.increment(1);
        },
      } as never,
      states: {
        '#notifications': (state: Snapshot) => {
          const real = sut.actor.getSnapshot();
          activePaths(real.value).forEach((p) => visited.add(p));
          expect(real.value).toEqual(state.value);
        },
        hidden: () => {
          expect(sut.visible()).toBeNull();
        },
        visible: (state: Snapshot) => {
          const shown = sut.visible();
          expect(shown).toMatchObject({
            kind: state.context.current?.kind,
            message: state.context.current?.message,
            page: state.context.current?.page,
          });
        },
        'visible.persistent': () => {
          // Only validation errors on Analysis and Samples may stay.
          expect(['analysis', 'samples']).toContain(sut.visible()?.page);
          sut.clock.increment(10 * 60_000);
          expect(sut.visible()).not.toBeNull();
        },
        'visible.timed': () => {
          expect(sut.visible()?.persistent).toBe(false);
        },
      } as never,
    });
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
