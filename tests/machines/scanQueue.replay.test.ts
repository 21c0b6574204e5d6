// The scanner queue's configuration replayed against itself: every path of the machine is replayed
// on a real actor and its state and context compared with the model's. scanQueue.machine.test.ts
// judges what the user sees and what is sent (its oracle); this older replay stays beside it because
// it also catches mutants of the machine's own configuration (its initial state, an invoke left
// out) that the CI mutation sample's threshold counts and the oracle run there did not kill.
import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { pendingScans, scanQueueMachine, type ScanQueueMachine } from '../../src/machines/scanQueue.machine';
import { flush, explored, toTestModelMachine } from './model';

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

const CODES = ['4006381333931', '4006381333948', '4006381333955'];
const visited = new Set<string>();

describe('scan queue machine model', () => {
  const paths = explored(() =>
    createTestModel(toTestModelMachine(scanQueueMachine), {
      // Up to three scans waiting is every shape of the queue (empty, one handled, more waiting);
      // a blank scan is ignored; a handler ends in success or failure.
      events: (state: Snapshot) =>
        [
          ...(state.context.queue.length < 3
            ? [
                { type: 'SCAN', code: CODES[state.context.queue.length]! },
                { type: 'SCAN', code: '  ' },
              ]
            : []),
          { type: 'xstate.done.actor.handle', output: undefined },
          { type: 'xstate.error.actor.handle', error: new Error('lookup failed') },
        ] as never,
      // Keyed with the incoming event, so every transition (not only every state) is on a path.
      serializeState: (state, event, previous) => {
        const key = JSON.stringify({ value: state.value, context: state.context });
        return event && previous ? `${key} via ${event.type}` : key;
      },
    }).getShortestPaths(),
  );

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    const sut = createSut();
    const scanned: string[] = [];
    await path.test({
      events: {
        SCAN: ({ event }: { event: { code: string } }) => {
          sut.actor.send({ type: 'SCAN', code: event.code });
          if (event.code.trim() !== '') scanned.push(event.code);
        },
        'xstate.done.actor.handle': () => sut.finish('resolve'),
        'xstate.error.actor.handle': () => sut.finish('reject'),
      } as never,
      states: {
        '#scanQueue': (state: Snapshot) => {
          const real = sut.actor.getSnapshot();
          visited.add(String(real.value));
          expect(real.value).toEqual(state.value);
          expect(real.context).toEqual(state.context);
          // Nothing dropped, nothing reordered: what was handled or waits is what was scanned.
          const done = sut.handled.slice(0, sut.handled.length - (real.matches('handling') ? 1 : 0));
          expect([...done, ...real.context.queue]).toEqual(scanned);
        },
        handling: (state: Snapshot) => {
          expect(sut.handled.at(-1)).toBe(state.context.queue[0]);
        },
        idle: (state: Snapshot) => {
          expect(state.context.queue).toEqual([]);
        },
      } as never,
    });
  });

  it('visited every state', () => {
    expect([...visited].sort()).toEqual(['handling', 'idle']);
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

  it('a failing last scan is reported by its id and the queue ends idle', async () => {
    const sut = createSut();
    sut.actor.send({ type: 'SCAN', code: '4006381333931' });
    await sut.finish('reject');
    expect(sut.failures).toEqual(['4006381333931']);
    expect(sut.actor.getSnapshot().matches('idle')).toBe(true);
    expect(pendingScans(sut.actor.getSnapshot())).toBe(0);
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
