// The scanner queue (issue: no scan is ever lost). A barcode scanner delivers ids faster than the
// server answers a lookup; every scan is taken at once, kept in order, and handed to the screen's
// scan target one after the other, each only when the one before has finished. The target (add
// to the selection, place in a box, fill a label) is the injected `handle` actor: it looks the id
// up and announces the outcome itself; the queue only guarantees order and that nothing is dropped.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';

export interface ScanQueueContext {
  /** Ids not handled yet, oldest first; the first one is being handled while 'handling'. */
  queue: string[];
}

export type ScanQueueEvent = { type: 'SCAN'; code: string };

export interface ScanHandleInput {
  code: string;
}

const notProvided = (name: string) => () => {
  throw new Error(`scan queue machine: '${name}' must be provided`);
};

export const scanQueueMachine = setup({
  types: {
    context: {} as ScanQueueContext,
    events: {} as ScanQueueEvent,
  },
  actors: {
    /** Handles one scanned id (lookup, add, announce); settles when the next may start. */
    handle: fromPromise<unknown, ScanHandleInput>(notProvided('handle')),
  },
  actions: {
    /** A handler that failed unexpectedly: the scan is reported by its id, the queue goes on. */
    reportFailure: (_, _params: { code: string; error: unknown }) => notProvided('reportFailure')(),
    enqueue: assign({
      queue: ({ context, event }) => [...context.queue, event.code.trim()],
    }),
    dequeue: assign({ queue: ({ context }) => context.queue.slice(1) }),
  },
  guards: {
    hasCode: ({ event }) => typeof event.code === 'string' && event.code.trim() !== '',
    hasMore: ({ context }) => context.queue.length > 1,
  },
}).createMachine({
  id: 'scanQueue',
  context: { queue: [] },
  initial: 'idle',
  on: {
    // Taken in every state: a scan while another is handled waits its turn.
    SCAN: { guard: 'hasCode', actions: 'enqueue' },
  },
  states: {
    idle: {
      always: { guard: ({ context }) => context.queue.length > 0, target: 'handling' },
    },
    handling: {
      invoke: {
        id: 'handle',
        src: 'handle',
        input: ({ context }) => ({ code: context.queue[0] ?? '' }),
        onDone: [
          { guard: 'hasMore', target: 'handling', reenter: true, actions: 'dequeue' },
          { target: 'idle', actions: 'dequeue' },
        ],
        onError: [
          {
            guard: 'hasMore',
            target: 'handling',
            reenter: true,
            actions: [
              {
                type: 'reportFailure',
                params: ({ context, event }) => ({ code: context.queue[0] ?? '', error: event.error }),
              },
              'dequeue',
            ],
          },
          {
            target: 'idle',
            actions: [
              {
                type: 'reportFailure',
                params: ({ context, event }) => ({ code: context.queue[0] ?? '', error: event.error }),
              },
              'dequeue',
            ],
          },
        ],
      },
    },
  },
});

export type ScanQueueMachine = typeof scanQueueMachine;

/** How many scans wait or are being handled (shown next to the field while > 0). */
export const pendingScans = (snapshot: SnapshotFrom<ScanQueueMachine>): number =>
  snapshot.context.queue.length;
