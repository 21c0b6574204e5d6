// When the Synchronization page reloads its entries (docs/dev/product-rules.md#behaviour Manual sync start, docs/dev/product-rules.md#constants refresh): every
// N refresh seconds while N > 0 (restarted whenever N changes), 750 ms after a manual start, and at
// once after a save was refused as stale (issue 29: the page shows the entry as it is now). Timers
// are the machine's named delays; the reload itself is injected (the batch machine's REFRESH).
import { assign, setup } from 'xstate';
import { MANUAL_SYNC_RELOAD_MS } from '../domain/constants';

export type SyncRefreshEvent =
  | { type: 'SET_SECONDS'; seconds: number }
  | { type: 'STARTED' }
  | { type: 'CONFLICT' };

export const syncRefreshMachine = setup({
  types: {
    context: {} as { seconds: number },
    events: {} as SyncRefreshEvent,
    input: {} as { seconds: number },
  },
  actions: {
    refresh: () => {
      throw new Error("sync refresh machine: 'refresh' must be provided");
    },
  },
  delays: {
    refreshEvery: ({ context }) => context.seconds * 1000,
    afterStart: MANUAL_SYNC_RELOAD_MS,
    afterConflict: 0,
  },
  guards: {
    refreshOn: ({ context }) => context.seconds > 0,
  },
}).createMachine({
  id: 'syncRefresh',
  type: 'parallel',
  context: ({ input }) => ({ seconds: input.seconds }),
  on: {
    SET_SECONDS: {
      target: '.auto',
      reenter: true,
      actions: assign({ seconds: ({ event }) => event.seconds }),
    },
  },
  states: {
    auto: {
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'refreshOn', target: 'ticking' }, { target: 'off' }] },
        ticking: { after: { refreshEvery: { target: 'ticking', reenter: true, actions: 'refresh' } } },
        off: {},
      },
    },
    soon: {
      initial: 'idle',
      states: {
        idle: { on: { STARTED: 'afterStart', CONFLICT: 'afterConflict' } },
        afterStart: {
          after: { afterStart: { target: 'idle', actions: 'refresh' } },
          on: { STARTED: { target: 'afterStart', reenter: true }, CONFLICT: 'afterConflict' },
        },
        afterConflict: { after: { afterConflict: { target: 'idle', actions: 'refresh' } } },
      },
    },
  },
});
