// The box position list's version on the client (issue 29 item 2): Update and delete send the
// version the list was read at (or the last write answered), and a 409 — another admin or a box sync
// file changed the list meanwhile — is said in the spec's words and loads the box again, so the
// refused changes are never applied over the other change.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../src/api/http';
import type { BoxPosition } from '../../src/domain/entities/boxPosition';
import {
  boxPositionsMachine,
  canUpdate,
  positionKey,
  type NotifyParams,
} from '../../src/machines/boxPositions.machine';
import { flush } from './model';

const pos = (n: number, sId: string): BoxPosition => ({
  boxposId: { box: 'A1', boxPosId: n },
  dateExported: null,
  sample: { sampleId: { sId, sStamp: '2025-10-02 07:00:00' } },
});
const LOADED = [pos(1, '4006381000011'), pos(2, '4006381000028')];
/** What another admin's scan left: one more sample. */
const THEIRS = [...LOADED, pos(3, '4006381000035')];
const CONFLICT = new ApiError({
  kind: 'http',
  status: 409,
  message: 'Error occurred, bId#A1 was not modified!',
  errors: ['It was changed by someone else in the meantime.'],
});

function createSut(refuse: { save?: boolean; remove?: boolean } = {}) {
  const calls: { name: string; input: unknown }[] = [];
  const notes: NotifyParams[] = [];
  let loads = 0;
  const machine = boxPositionsMachine.provide({
    actors: {
      // The first load reads version 4; later loads find the other admin's change at version 5.
      load: fromPromise(async ({ input }) => {
        calls.push({ name: 'load', input });
        return loads++ === 0 ? { boxpos: LOADED, version: 4 } : { boxpos: THEIRS, version: 5 };
      }),
      save: fromPromise(async ({ input }) => {
        calls.push({ name: 'save', input });
        if (refuse.save) throw CONFLICT;
        return { boxpos: input.positions, version: input.version + 1 };
      }),
      create: fromPromise(async ({ input }) => {
        calls.push({ name: 'create', input });
        return { boxpos: [...LOADED, input.position], version: 7 };
      }),
      remove: fromPromise(async ({ input }) => {
        calls.push({ name: 'remove', input });
        if (refuse.remove) throw CONFLICT;
        return { boxpos: LOADED.slice(1), version: input.version + 1 };
      }),
      stamps: fromPromise(async () => ['2025-10-02 07:00:00']),
    },
    actions: { notify: (_, p) => notes.push(p) },
  });
  const actor = createActor(machine).start();
  return { actor, calls, notes };
}

const loaded = async (refuse: Parameters<typeof createSut>[0] = {}) => {
  const sut = createSut(refuse);
  sut.actor.send({ type: 'SELECT', box: { bId: 'A1', numMax: 10 } });
  await flush();
  return sut;
};
const reorganized = (sut: ReturnType<typeof createSut>) => {
  sut.actor.send({ type: 'MOVE', keys: [positionKey(LOADED[0]!)], to: 2 });
  sut.actor.send({ type: 'REORGANIZE' });
  expect(canUpdate(sut.actor.getSnapshot())).toBe(true);
};

describe('the box position list version on the client', () => {
  it('Update sends the version the list was read at, and takes the answered one', async () => {
    const sut = await loaded();
    reorganized(sut);
    sut.actor.send({ type: 'UPDATE' });
    await flush();
    expect(sut.calls.at(-1)).toMatchObject({ name: 'save', input: { bId: 'A1', version: 4 } });
    expect(sut.actor.getSnapshot().context.version).toBe(5);
  });

  it('a write answers the version the next write sends', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'CREATE', position: pos(3, '4006381000042') });
    await flush();
    sut.actor.send({ type: 'DELETE', boxPosId: 1 });
    await flush();
    expect(sut.calls.at(-1)).toEqual({ name: 'remove', input: { bId: 'A1', boxPosId: 1, version: 7 } });
  });

  it('a stale Update says the list changed meanwhile and reloads the box with the other change', async () => {
    const sut = await loaded({ save: true });
    reorganized(sut);
    sut.actor.send({ type: 'UPDATE' });
    await flush();
    await flush();
    expect(sut.notes).toEqual([
      {
        kind: 'error',
        message: 'Error occurred, bId#A1 was not modified! It was changed by someone else in the meantime.',
      },
    ]);
    expect(sut.calls.map((c) => c.name)).toEqual(['load', 'save', 'load']);
    const s = sut.actor.getSnapshot();
    expect(s.value).toBe('ready');
    expect(s.context.positions).toEqual(THEIRS);
    expect(s.context.version).toBe(5);
    expect(s.context.modified).toEqual([]);
  });

  it('a stale delete is refused the same way: the number may name another sample by now', async () => {
    const sut = await loaded({ remove: true });
    sut.actor.send({ type: 'DELETE', boxPosId: 1 });
    await flush();
    await flush();
    expect(sut.notes.at(-1)).toEqual({
      kind: 'error',
      message:
        'Error occurred, boxPosition#A1/1 was not deleted! It was changed by someone else in the meantime.',
    });
    expect(sut.calls.map((c) => c.name)).toEqual(['load', 'remove', 'load']);
    expect(sut.actor.getSnapshot().context.positions).toEqual(THEIRS);
  });
});
