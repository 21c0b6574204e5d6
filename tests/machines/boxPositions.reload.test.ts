// Clear and Reload throws the unsaved changes of the box away only after asking (issue 27), as
// choosing another box or leaving does: No keeps every change, Yes loads the stored list again.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { BoxPosition } from '../../src/domain/entities/boxPosition';
import { boxPositionsMachine, canClearReload, positionKey } from '../../src/machines/boxPositions.machine';
import { flush } from './model';

const pos = (n: number, sId: string): BoxPosition => ({
  boxposId: { box: 'A1', boxPosId: n },
  dateExported: null,
  sample: { sampleId: { sId, sStamp: '2025-10-02 07:00:00' } },
});
const LOADED = [pos(1, '4006381000011'), pos(2, '4006381000028')];

const moved = async () => {
  let loads = 0;
  const machine = boxPositionsMachine.provide({
    actors: {
      load: fromPromise(async () => (loads++, { boxpos: LOADED, version: 1 })),
      save: fromPromise(async () => ({ boxpos: LOADED, version: 2 })),
      create: fromPromise(async () => ({ boxpos: LOADED, version: 2 })),
      remove: fromPromise(async () => ({ boxpos: LOADED, version: 2 })),
      stamps: fromPromise(async (): Promise<string[]> => []),
    },
    actions: { notify: () => undefined },
  });
  const actor = createActor(machine).start();
  actor.send({ type: 'SELECT', box: { bId: 'A1', numMax: 5 } });
  await flush();
  actor.send({ type: 'MOVE', keys: [positionKey(LOADED[0]!)], to: 2 });
  expect(canClearReload(actor.getSnapshot())).toBe(true);
  return { actor, loads: () => loads };
};

describe('Clear and Reload', () => {
  it('asks first; No keeps the changes', async () => {
    const { actor, loads } = await moved();
    actor.send({ type: 'CLEAR_RELOAD' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.pending).toEqual({ kind: 'reload' });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.moved).toHaveLength(1);
    expect(loads()).toBe(1);
  });

  it('Yes loads the stored list again, the changes dropped', async () => {
    const { actor, loads } = await moved();
    actor.send({ type: 'CLEAR_RELOAD' });
    actor.send({ type: 'CONFIRM' });
    await flush();
    expect(loads()).toBe(2);
    const s = actor.getSnapshot();
    expect(s.value).toBe('ready');
    expect(s.context.box?.bId).toBe('A1');
    expect(s.context.positions).toEqual(LOADED);
    expect(s.context.moved).toEqual([]);
  });
});
