// A scan is one way to ask the box-positions machine for a new position (issue 23: one way to create
// a position): the scanned id's newest stamp is looked up, and the position is created exactly as from
// the Create dialog, in the next free position. Refusals name why, and nothing is written.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { BoxPosition } from '../../src/domain/entities/boxPosition';
import { toFullSampleId } from '../../src/domain/ids';
import { boxPositionsMachine, type NotifyParams } from '../../src/machines/boxPositions.machine';
import { flush } from './model';

const pos = (n: number, sId: string, sStamp = '2025-10-02 07:00:00'): BoxPosition => ({
  boxposId: { box: 'A1', boxPosId: n },
  dateExported: null,
  sample: { sampleId: { sId, sStamp } },
});
const LOADED = [pos(1, '4006381000011'), pos(2, '4006381000028')];
const SCANNED = '4006381000035';
const STAMPS = ['2025-10-01 06:00:00', '2025-10-03 09:30:00'];

function createSut(opts: { stamps?: string[] | Error; create?: Error } = {}) {
  const calls: { name: string; input: unknown }[] = [];
  const notes: NotifyParams[] = [];
  const machine = boxPositionsMachine.provide({
    actors: {
      load: fromPromise(
        async ({ input }) => (calls.push({ name: 'load', input }), { boxpos: LOADED, version: 1 }),
      ),
      save: fromPromise(
        async ({ input }) => (calls.push({ name: 'save', input }), { boxpos: input.positions, version: 2 }),
      ),
      create: fromPromise(async ({ input }) => {
        calls.push({ name: 'create', input });
        if (opts.create) throw opts.create;
        return { boxpos: [...LOADED, input.position], version: 2 };
      }),
      remove: fromPromise(
        async ({ input }) => (calls.push({ name: 'remove', input }), { boxpos: LOADED, version: 2 }),
      ),
      stamps: fromPromise(async ({ input }) => {
        calls.push({ name: 'stamps', input });
        const answer = opts.stamps ?? STAMPS;
        if (answer instanceof Error) throw answer;
        return answer;
      }),
    },
    actions: { notify: (_, p) => notes.push(p) },
  });
  const actor = createActor(machine).start();
  return { actor, calls, notes };
}

const withBox = async (numMax = 3, opts: Parameters<typeof createSut>[0] = {}) => {
  const sut = createSut(opts);
  sut.actor.send({ type: 'SELECT', box: { bId: 'A1', numMax } });
  await flush();
  expect(sut.actor.getSnapshot().value).toBe('ready');
  return sut;
};

describe('a scan on the box-positions machine', () => {
  it('creates the newest delivery of the scanned id in the next free position and says where', async () => {
    const sut = await withBox();
    sut.actor.send({ type: 'SCAN', code: SCANNED });
    expect(sut.actor.getSnapshot().value).toBe('scanning');
    await flush();
    await flush();
    expect(sut.calls.filter((c) => c.name !== 'load')).toEqual([
      { name: 'stamps', input: { sId: SCANNED } },
      { name: 'create', input: { bId: 'A1', position: pos(3, SCANNED, STAMPS[1]) } },
    ]);
    expect(sut.actor.getSnapshot().value).toBe('ready');
    expect(sut.actor.getSnapshot().context.positions).toHaveLength(3);
    expect(sut.notes).toEqual([{ kind: 'success', message: `SampleId#${SCANNED} was placed in A1/3!` }]);
  });

  it('of three deliveries, the newest (the last) is the one placed', async () => {
    const three = ['2025-09-01 06:00:00', '2025-10-01 06:00:00', '2025-10-03 09:30:00'];
    const sut = await withBox(3, { stamps: three });
    sut.actor.send({ type: 'SCAN', code: SCANNED });
    await flush();
    await flush();
    expect(sut.calls.find((c) => c.name === 'create')?.input).toEqual({
      bId: 'A1',
      position: pos(3, SCANNED, three[2]),
    });
  });

  it('an 8-digit scan is padded to the full sample id first', async () => {
    const sut = await withBox();
    sut.actor.send({ type: 'SCAN', code: '40063810' });
    await flush();
    expect(sut.calls.find((c) => c.name === 'stamps')?.input).toEqual({ sId: toFullSampleId('40063810') });
  });

  it('without a box it asks for one and writes nothing', () => {
    const sut = createSut();
    sut.actor.send({ type: 'SCAN', code: SCANNED });
    expect(sut.notes).toEqual([{ kind: 'error', message: 'Select a box first, then scan!' }]);
    expect(sut.calls).toEqual([]);
  });

  it('a full box says so and writes nothing', async () => {
    const sut = await withBox(2);
    sut.actor.send({ type: 'SCAN', code: SCANNED });
    expect(sut.notes).toEqual([{ kind: 'error', message: 'The box is full (2 positions).' }]);
    expect(sut.calls.map((c) => c.name)).toEqual(['load']);
  });

  it('unsaved changes first: the scan waits for Update or Clear and Reload', async () => {
    const sut = await withBox();
    sut.actor.send({ type: 'MOVE', keys: ['4006381000011|2025-10-02 07:00:00'], to: 2 });
    sut.actor.send({ type: 'SCAN', code: SCANNED });
    expect(sut.notes).toEqual([
      { kind: 'error', message: 'Update or Clear and Reload the changed positions first.' },
    ]);
    expect(sut.calls.map((c) => c.name)).toEqual(['load']);
  });

  it('what is no sample id, and an id the lab does not know, are named as not found', async () => {
    const sut = await withBox(3, { stamps: new Error('404') });
    sut.actor.send({ type: 'SCAN', code: '12ab' });
    expect(sut.notes.at(-1)).toEqual({
      kind: 'error',
      message: 'Error occurred, SampleId#12ab was not found!',
    });
    sut.actor.send({ type: 'SCAN', code: SCANNED });
    await flush();
    expect(sut.notes.at(-1)).toEqual({
      kind: 'error',
      message: `Error occurred, SampleId#${SCANNED} was not found!`,
    });
    expect(sut.calls.some((c) => c.name === 'create')).toBe(false);
    expect(sut.actor.getSnapshot().value).toBe('ready');
  });

  it("a refused placement says the server's reason alone and keeps the list", async () => {
    const reason = `Error occurred, SampleId#${SCANNED}|${STAMPS[1]} is already in box position A7/3!`;
    const sut = await withBox(3, { create: new Error(reason) });
    sut.actor.send({ type: 'SCAN', code: SCANNED });
    await flush();
    await flush();
    expect(sut.notes).toEqual([{ kind: 'error', message: reason }]);
    expect(sut.actor.getSnapshot().context.positions).toEqual(LOADED);
    // The next Create from the dialog is a dialog's create again (its own message).
    sut.actor.send({ type: 'CREATE', position: pos(3, '4006381000042') });
    await flush();
    expect(sut.notes.at(-1)?.message).toMatch(/^Error occurred, boxPosition#A1\/3 was not created!/);
  });
});

// A scan's id is kept while it is looked up and placed, and forgotten after: the Create dialog's
// next position is then a dialog's create, said in its own words, not as the scan's placement.
describe('after a scan, the Create dialog is a dialog again', () => {
  const dialogCreate = async (sut: ReturnType<typeof createSut>, n: number) => {
    sut.actor.send({ type: 'CREATE', position: pos(n, '4006381000042') });
    await flush();
    return sut.notes.at(-1);
  };

  it.each([
    ['the id has no stamps', { stamps: [] as string[] }],
    ['the lookup is refused', { stamps: new Error('404') }],
  ])('a scan that finds nothing (%s)', async (_name, opts) => {
    const sut = await withBox(3, opts);
    sut.actor.send({ type: 'SCAN', code: SCANNED });
    await flush();
    expect(sut.notes).toEqual([
      { kind: 'error', message: `Error occurred, SampleId#${SCANNED} was not found!` },
    ]);
    expect(await dialogCreate(sut, 3)).toEqual({
      kind: 'success',
      message: 'boxPosition#A1/3 was created successfully!',
    });
  });

  it('a placed scan', async () => {
    const sut = await withBox(5);
    sut.actor.send({ type: 'SCAN', code: SCANNED });
    await flush();
    await flush();
    expect(sut.notes.at(-1)?.message).toBe(`SampleId#${SCANNED} was placed in A1/3!`);
    expect(await dialogCreate(sut, 4)).toEqual({
      kind: 'success',
      message: 'boxPosition#A1/4 was created successfully!',
    });
  });
});
