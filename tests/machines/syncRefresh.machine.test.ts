// The Sync page's reload timing on a simulated clock: every N seconds while N > 0 (restarted when N
// changes, off at 0), 750 ms after a manual start, at once after a stale save.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { syncRefreshMachine } from '../../src/machines/syncRefresh.machine';

const createSut = (seconds: number) => {
  const clock = new SimulatedClock();
  let refreshes = 0;
  const machine = syncRefreshMachine.provide({ actions: { refresh: () => void (refreshes += 1) } });
  const actor = createActor(machine, { clock, input: { seconds } });
  actor.start();
  return { actor, clock, refreshes: () => refreshes };
};

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
});
