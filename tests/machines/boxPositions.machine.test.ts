// Model-based test of the box-positions machine (spec §4 Box positions): every path through load,
// reorder, edit, Reorganize, Update, Clear and Reload, create, delete, a scan's placement, changing
// box and leaving (with and without unsaved changes) is replayed on a real actor whose network
// actors are deferred promises, so the test decides when and how each call answers. At every step
// the page's rules are checked against their definitions: Update only with modified rows, Clear and
// Reload with modified or moved rows, Create disabled at numMax, the next number after the last.
import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import type { BoxPosition } from '../../src/domain/entities/boxPosition';
import {
  boxPositionsMachine,
  canClearReload,
  canCreatePosition,
  canReorganize,
  canUpdate,
  nextNumber,
  positionKey,
  rowMark,
  type BoxPositionsMachine,
  type NotifyParams,
} from '../../src/machines/boxPositions.machine';
import { activePaths, flush, restingStateNodes, toTestModelMachine } from './model';

type Snapshot = SnapshotFrom<BoxPositionsMachine>;

const STAMP = '2025-10-02 07:00:00';
const pos = (box: string, n: number, sId: string): BoxPosition => ({
  boxposId: { box, boxPosId: n },
  dateExported: null,
  sample: { sampleId: { sId, sStamp: STAMP } },
});
const BOX = { bId: 'A1', numMax: 3 };
const OTHER = { bId: 'A2', numMax: 3 };
/** What the server holds for A1 at the start, and its list after one more position. */
const LOADED = [pos('A1', 1, '4006381000011'), pos('A1', 2, '4006381000028')];
const NEW = pos('A1', 3, '4006381000035');
const EDITED = pos('A1', 1, '4006381000042');
/** Samples the box does not hold yet: a create, a scan or an edit puts one of them in. */
const POOL = ['4006381000035', '4006381000042', '4006381000059'];
const freeSample = (list: BoxPosition[], n: number): BoxPosition =>
  pos('A1', n, POOL.find((sId) => !list.some((p) => p.sample.sampleId.sId === sId)) ?? POOL[0]!);
const errorOf = new Error(
  'Error occurred, SampleId#4006381000035|2025-10-02 07:00:00 is already in box position A7/3!',
);

/** The stored list after a successful write: the sent list renumbered, as the server does. */
const stored = (list: BoxPosition[]) =>
  list.map((p, i) => ({ ...p, boxposId: { ...p.boxposId, boxPosId: i + 1 } }));

type Pending = { resolve: (v: BoxPosition[]) => void; reject: (e: unknown) => void };

function createSut() {
  const calls: { name: string; input: unknown }[] = [];
  const notes: NotifyParams[] = [];
  const emitted: string[] = [];
  let pending: Pending | null = null;
  const deferred = <I>(name: string) =>
    fromPromise<BoxPosition[], I>(({ input }) => {
      calls.push({ name, input });
      return new Promise<BoxPosition[]>((resolve, reject) => {
        pending = { resolve, reject };
      });
    });
  const machine = boxPositionsMachine.provide({
    actors: {
      load: deferred('load'),
      save: deferred('save'),
      create: deferred('create'),
      remove: deferred('remove'),
    },
    actions: { notify: (_, params) => notes.push(params) },
  });
  const actor = createActor(machine).start();
  actor.on('*', (e) => emitted.push(e.type));
  return {
    actor,
    calls,
    notes,
    emitted,
    async settle(output: BoxPosition[] | Error) {
      const current = pending;
      expect(current, 'a call is under way').not.toBeNull();
      pending = null;
      if (output instanceof Error) current!.reject(output);
      else current!.resolve(output);
      await flush();
    },
  };
}

/** The output each done event carries, computed from the state it leaves (as the server would). */
const doneOutput = (state: Snapshot, actorId: string): BoxPosition[] => {
  const c = state.context;
  switch (actorId) {
    case 'load':
      return c.box?.bId === 'A1' ? LOADED : [];
    case 'save':
      return stored(c.positions);
    case 'create':
      return c.creating ? stored([...c.positions, c.creating]) : [];
    default:
      return stored(c.positions.filter((p) => p.boxposId.boxPosId !== c.deleting));
  }
};

const visited = new Set<string>();

/**
 * The shape of a state that matters, not every list: which box, the rows (sample and number), how
 * many are marked, what waits. The graph merges states of one shape, so the test compares shapes.
 */
const shape = (state: Snapshot): string => {
  const c = state.context;
  return JSON.stringify({
    value: state.value,
    box: c.box ? `${c.box.bId}/${c.box.numMax}` : null,
    rows: c.positions.length,
    inOrder: c.positions.every((p, i) => p.boxposId.boxPosId === i + 1),
    moved: c.moved.length > 0,
    modified: c.modified.length > 0,
    pending: c.pending ? `${c.pending.kind}:${c.pending.kind === 'select' ? c.pending.box.bId : ''}` : null,
  });
};

describe('box positions machine model', () => {
  const modelMachine = toTestModelMachine(
    boxPositionsMachine.provide({ actions: { notify: () => undefined } }),
  );
  const model = createTestModel(modelMachine, {
    events: (state: Snapshot) => {
      const c = state.context;
      const first = c.positions[0];
      const events: unknown[] = [
        { type: 'SELECT', box: BOX },
        { type: 'SELECT', box: OTHER },
        { type: 'DESELECT' },
        { type: 'LEAVE' },
        { type: 'CONFIRM' },
        { type: 'CANCEL' },
        { type: 'REORGANIZE' },
        { type: 'UPDATE' },
        { type: 'CLEAR_RELOAD' },
        { type: 'CREATE', position: freeSample(c.positions, nextNumber(state)) },
        // The box's numMax edited down to its count: Create turns off.
        { type: 'BOX_CHANGED', box: { bId: c.box?.bId ?? 'A1', numMax: Math.max(1, c.positions.length) } },
      ];
      // A scan places a sample the box does not hold yet, while it has room (the server's rules).
      // (Otherwise the event carries the list as it is: every event type must be offered in every state.)
      const room = c.box !== null && c.positions.length < c.box.numMax;
      events.push({
        type: 'PLACED',
        boxpos: room ? stored([...c.positions, freeSample(c.positions, 0)]) : c.positions,
      });
      // Offered in every state (the graph would add them bare otherwise); on an empty list they name
      // a row that is not there, which the machine ignores.
      const key = first ? positionKey(first) : 'none';
      events.push({ type: 'MOVE', keys: [key], to: c.positions.length });
      events.push({
        type: 'EDIT',
        key,
        position: { ...freeSample(c.positions, 0), boxposId: first?.boxposId ?? { box: 'A1', boxPosId: 1 } },
      });
      events.push({ type: 'DELETE', boxPosId: first?.boxposId.boxPosId ?? 1 });
      for (const id of ['load', 'save', 'create', 'remove']) {
        events.push({ type: `xstate.done.actor.${id}`, output: doneOutput(state, id) });
        events.push({ type: `xstate.error.actor.${id}`, error: errorOf });
      }
      return events as never;
    },
    // The shape that matters, not every list: which box, how many rows, which marks, what waits.
    serializeState: (state) => shape(state),
  });

  const paths = model.getShortestPaths();
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    const sut = createSut();
    const send = (e: unknown) => sut.actor.send(e as never);
    await path.test({
      events: {
        'xstate.done.actor.load': ({ event }: { event: { output: BoxPosition[] } }) =>
          sut.settle(event.output),
        'xstate.done.actor.save': ({ event }: { event: { output: BoxPosition[] } }) =>
          sut.settle(event.output),
        'xstate.done.actor.create': ({ event }: { event: { output: BoxPosition[] } }) =>
          sut.settle(event.output),
        'xstate.done.actor.remove': ({ event }: { event: { output: BoxPosition[] } }) =>
          sut.settle(event.output),
        'xstate.error.actor.load': () => sut.settle(errorOf),
        'xstate.error.actor.save': () => sut.settle(errorOf),
        'xstate.error.actor.create': () => sut.settle(errorOf),
        'xstate.error.actor.remove': () => sut.settle(errorOf),
        ...Object.fromEntries(
          [
            'SELECT',
            'DESELECT',
            'LEAVE',
            'CONFIRM',
            'CANCEL',
            'MOVE',
            'EDIT',
            'REORGANIZE',
            'UPDATE',
            'CLEAR_RELOAD',
            'CREATE',
            'DELETE',
            'PLACED',
            'BOX_CHANGED',
          ].map((type) => [type, ({ event }: { event: unknown }) => send(event)]),
        ),
      } as never,
      states: {
        '#boxPositions': (state: Snapshot) => {
          const real = sut.actor.getSnapshot();
          for (const p of activePaths(real.value)) visited.add(p);
          expect(shape(real)).toBe(shape(state));
          const c = real.context;
          const moved = c.moved.length > 0;
          const modified = c.modified.length > 0;
          const ready = real.matches('ready');
          // Spec §4: Update only with modified rows; Clear and Reload with modified or moved rows.
          expect(canUpdate(real)).toBe(ready && modified);
          expect(canClearReload(real)).toBe(ready && (moved || modified));
          // Reorganize when any number differs from its place.
          expect(canReorganize(real)).toBe(
            ready && c.positions.some((p, i) => p.boxposId.boxPosId !== i + 1),
          );
          // Create disabled when the count reaches numMax (and while changes are unsaved).
          if (ready && c.box && c.positions.length >= c.box.numMax)
            expect(canCreatePosition(real)).toBe(false);
          if (ready && c.box && c.positions.length < c.box.numMax && !moved && !modified)
            expect(canCreatePosition(real)).toBe(true);
          // The next number: after the last, 1 for an empty box.
          expect(nextNumber(real)).toBe(
            c.positions.length === 0 ? 1 : Math.max(...c.positions.map((p) => p.boxposId.boxPosId)) + 1,
          );
          // Every marked row is shown with its mark; modified wins over moved.
          for (const p of c.positions) {
            const key = positionKey(p);
            expect(rowMark(real, p)).toBe(
              c.modified.includes(key) ? 'modified' : c.moved.includes(key) ? 'moved' : null,
            );
          }
          // Nothing is written while in a state that is not a write.
          const last = sut.calls.at(-1);
          if (real.matches('saving'))
            expect(last).toMatchObject({ name: 'save', input: { bId: c.box?.bId, positions: c.positions } });
          if (real.matches('creating'))
            expect(last).toMatchObject({ name: 'create', input: { position: c.creating } });
          if (real.matches('deleting'))
            expect(last).toMatchObject({ name: 'remove', input: { boxPosId: c.deleting } });
          if (real.matches('loading'))
            expect(last).toMatchObject({ name: 'load', input: { bId: c.box?.bId } });
          if (real.matches('left')) expect(sut.emitted).toContain('left');
          if (real.matches('noBox')) expect(c.positions).toEqual([]);
        },
      } as never,
    });
  });

  it('visited every state', () => {
    expect([...visited].sort()).toEqual(restingStateNodes(boxPositionsMachine).sort());
  });
});

describe('box positions scenarios', () => {
  const loaded = async () => {
    const sut = createSut();
    sut.actor.send({ type: 'SELECT', box: BOX });
    await sut.settle(LOADED);
    return sut;
  };

  it('move, Reorganize, Update: sends the new order and says which positions were updated', async () => {
    const sut = await loaded();
    const [a, b] = LOADED;
    sut.actor.send({ type: 'MOVE', keys: [positionKey(a!)], to: 2 });
    let s = sut.actor.getSnapshot();
    expect(s.context.positions.map(positionKey)).toEqual([positionKey(b!), positionKey(a!)]);
    expect(rowMark(s, a!)).toBe('moved');
    expect(canUpdate(s)).toBe(false);
    expect(canClearReload(s)).toBe(true);
    sut.actor.send({ type: 'REORGANIZE' });
    s = sut.actor.getSnapshot();
    expect(s.context.positions.map((p) => p.boxposId.boxPosId)).toEqual([1, 2]);
    expect(canUpdate(s)).toBe(true);
    sut.actor.send({ type: 'UPDATE' });
    await sut.settle(stored(s.context.positions));
    expect(sut.notes.at(-1)).toEqual({ kind: 'success', message: 'Successfully updated A1/1, A1/2!' });
    expect(sut.emitted).toContain('saved');
    expect(canClearReload(sut.actor.getSnapshot())).toBe(false);
  });

  it('a refused Update keeps the rows marked and lists them with the reason', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'EDIT', key: positionKey(LOADED[0]!), position: EDITED });
    sut.actor.send({ type: 'UPDATE' });
    await sut.settle(errorOf);
    expect(sut.notes.at(-1)).toEqual({
      kind: 'error',
      message: `Error occurred! A1/1 not updated! ${errorOf.message}`,
    });
    expect(rowMark(sut.actor.getSnapshot(), EDITED)).toBe('modified');
  });

  it('selecting the same box again deselects it, after asking when changes are unsaved', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'SELECT', box: BOX });
    expect(sut.actor.getSnapshot().value).toBe('noBox');
    sut.actor.send({ type: 'SELECT', box: BOX });
    await sut.settle(LOADED);
    sut.actor.send({ type: 'MOVE', keys: [positionKey(LOADED[0]!)], to: 2 });
    sut.actor.send({ type: 'SELECT', box: BOX });
    expect(sut.actor.getSnapshot().value).toBe('confirming');
    sut.actor.send({ type: 'CONFIRM' });
    expect(sut.actor.getSnapshot().value).toBe('noBox');
  });

  it('Create is refused at numMax and a new position gets the next number', async () => {
    const sut = await loaded();
    expect(nextNumber(sut.actor.getSnapshot())).toBe(3);
    sut.actor.send({ type: 'CREATE', position: NEW });
    await sut.settle(stored([...LOADED, NEW]));
    expect(sut.notes.at(-1)).toEqual({
      kind: 'success',
      message: 'boxPosition#A1/3 was created successfully!',
    });
    const s = sut.actor.getSnapshot();
    expect(canCreatePosition(s)).toBe(false);
    sut.actor.send({ type: 'CREATE', position: pos('A1', 4, '4006381000059') });
    expect(sut.actor.getSnapshot().value).toBe('ready');
    expect(sut.calls.filter((c) => c.name === 'create')).toHaveLength(1);
  });
});
