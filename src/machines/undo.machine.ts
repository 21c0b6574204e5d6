// Undo of the user's last write (docs/dev/architecture.md#undo): for UNDO_WINDOW_MS after a write
// that named its changes, UNDO (the snackbar's button, Ctrl+Z, the palette) sends them to the server
// once and says how it went. A newer write replaces the offer and starts its own window; a write that
// left the building (a printed label, a downloaded SAP/ZFT file) ends the offer, and UNDO then says
// why it cannot be undone; with no offer, UNDO says there is nothing to undo. A write answered while
// the undo is under way is offered once the undo has answered.
// Effects are injected: the `undo` actor (the API call) and the `notify` action; the window is the
// delay UNDO_WINDOW (a simulated clock in the tests).
import { assign, fromPromise, setup } from 'xstate';
import { UNDO_MESSAGES, UNDO_WINDOW_MS, type UndoResult } from '../domain/undo';

export interface UndoContext {
  /** The change ids UNDO would send (the last write's), null when nothing is offered. */
  changes: readonly number[] | null;
  /** A write answered while the undo was under way: offered once it has answered. */
  next: readonly number[] | null;
  /** Why the last write cannot be undone (it left the building), if that is the reason. */
  left: string | null;
}

export type UndoEvent =
  | { type: 'WROTE'; changes: readonly number[] }
  | { type: 'LEFT'; message: string }
  | { type: 'UNDO' };

export type UndoNotice = { kind: 'success' | 'error' | 'info'; message: string };

const notProvided = (name: string) => () => {
  throw new Error(`undo machine: '${name}' must be provided`);
};

const errorMessage = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : UNDO_MESSAGES.changedSince;

export const undoMachine = setup({
  types: {
    context: {} as UndoContext,
    events: {} as UndoEvent,
  },
  actors: {
    undo: fromPromise<UndoResult, { changes: readonly number[] }>(notProvided('undo')),
  },
  actions: {
    notify: notProvided('notify') as unknown as (_: unknown, params: UndoNotice) => void,
    offer: assign(({ event }) => (event.type === 'WROTE' ? { changes: event.changes, left: null } : {})),
    offerNext: assign(({ context }) => ({ changes: context.next, next: null })),
    keepNext: assign(({ event }) => (event.type === 'WROTE' ? { next: event.changes, left: null } : {})),
    forget: assign({ changes: null }),
    leave: assign(({ event }) => (event.type === 'LEFT' ? { changes: null, left: event.message } : {})),
    leaveDuring: assign(({ event }) => (event.type === 'LEFT' ? { next: null, left: event.message } : {})),
  },
  guards: {
    hasNext: ({ context }) => context.next !== null,
    hasLeft: ({ context }) => context.left !== null,
  },
  delays: {
    UNDO_WINDOW: UNDO_WINDOW_MS,
  },
}).createMachine({
  id: 'undo',
  context: { changes: null, next: null, left: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        WROTE: { target: 'offered', actions: 'offer' },
        LEFT: { actions: 'leave' },
        UNDO: [
          { guard: 'hasLeft', actions: { type: 'notify', params: ({ context }) => ({ kind: 'info', message: context.left! }) } },
          { actions: { type: 'notify', params: { kind: 'info', message: UNDO_MESSAGES.nothing } } },
        ],
      },
    },
    offered: {
      after: { UNDO_WINDOW: { target: 'idle', actions: 'forget' } },
      on: {
        // Re-entered: the newer write's own window.
        WROTE: { target: 'offered', reenter: true, actions: 'offer' },
        LEFT: { target: 'idle', actions: 'leave' },
        UNDO: { target: 'undoing' },
      },
    },
    undoing: {
      invoke: {
        id: 'undo',
        src: 'undo',
        input: ({ context }) => ({ changes: context.changes ?? [] }),
        onDone: [
          {
            guard: 'hasNext',
            target: 'offered',
            actions: [{ type: 'notify', params: ({ event }) => ({ kind: 'success', message: event.output.message }) }, 'offerNext'],
          },
          {
            target: 'idle',
            actions: [{ type: 'notify', params: ({ event }) => ({ kind: 'success', message: event.output.message }) }, 'forget'],
          },
        ],
        onError: [
          {
            guard: 'hasNext',
            target: 'offered',
            actions: [{ type: 'notify', params: ({ event }) => ({ kind: 'error', message: errorMessage(event.error) }) }, 'offerNext'],
          },
          {
            target: 'idle',
            actions: [{ type: 'notify', params: ({ event }) => ({ kind: 'error', message: errorMessage(event.error) }) }, 'forget'],
          },
        ],
      },
      on: {
        WROTE: { actions: 'keepNext' },
        LEFT: { actions: 'leaveDuring' },
      },
    },
  },
});

export type UndoMachine = typeof undoMachine;
