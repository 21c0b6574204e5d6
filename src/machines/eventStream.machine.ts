// The browser's end of GET /api/events (docs/dev/architecture.md#change-events): connecting, live,
// resuming after a drop (reconnecting with the last event's id as Last-Event-ID), and down after
// STREAM_MAX_FAILURES failed connects in a row — the pages then poll on their refresh timers, and
// the stream keeps trying every STREAM_DOWN_RETRY_MS. Each change is handed on once, in order; one
// the stream repeats after a resume is dropped. A 'reload' (the server no longer holds what was
// missed) asks every page to refetch. The connection itself is injected: `connect` opens it with the
// last id, and it answers OPENED, CHANGE, RELOAD and FAILED.
import { assign, setup } from 'xstate';
import {
  STREAM_DOWN_RETRY_MS,
  STREAM_MAX_FAILURES,
  STREAM_RETRY_MS,
  isAfter,
  type ChangeEvent,
} from '../domain/events';

export type EventStreamEvent =
  | { type: 'OPENED' }
  | { type: 'CHANGE'; event: ChangeEvent }
  | { type: 'RELOAD'; id: string | undefined }
  /** Where the stream is without a change to hand on (a fresh stream's start, an event not for this user). */
  | { type: 'POSITION'; id: string }
  | { type: 'FAILED' };

export interface EventStreamContext {
  /** The last event handed on (or the start a fresh stream was given): the next Last-Event-ID. */
  lastId: string | undefined;
  /** Failed connects since the last one that opened. */
  failures: number;
}

export type StreamStatus = 'connecting' | 'live' | 'resuming' | 'down';

export const eventStreamMachine = setup({
  types: {
    context: {} as EventStreamContext,
    events: {} as EventStreamEvent,
  },
  actions: {
    connect: (_, _params: { lastId: string | undefined }) => {
      throw new Error("event stream machine: 'connect' must be provided");
    },
    deliver: (_, _params: { event: ChangeEvent }) => {
      throw new Error("event stream machine: 'deliver' must be provided");
    },
    reload: () => {
      throw new Error("event stream machine: 'reload' must be provided");
    },
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
    opened: assign({ failures: 0 }),
  },
  delays: {
    retry: STREAM_RETRY_MS,
    downRetry: STREAM_DOWN_RETRY_MS,
  },
  guards: {
    isNew: ({ context, event }) => event.type === 'CHANGE' && isAfter(event.event.id, context.lastId),
    givesId: ({ context, event }) => event.type === 'RELOAD' && event.id !== undefined && isAfter(event.id, context.lastId),
    isNewPosition: ({ context, event }) => event.type === 'POSITION' && isAfter(event.id, context.lastId),
    lastFailure: ({ context }) => context.failures + 1 >= STREAM_MAX_FAILURES,
  },
}).createMachine({
  id: 'eventStream',
  context: { lastId: undefined, failures: 0 },
  initial: 'connecting',
  on: {
    CHANGE: {
      guard: 'isNew',
      actions: [
        assign({ lastId: ({ event }) => event.event.id }),
        { type: 'deliver', params: ({ event }) => ({ event: event.event }) },
      ],
    },
    POSITION: { guard: 'isNewPosition', actions: assign({ lastId: ({ event }) => event.id }) },
    RELOAD: [
      { guard: 'givesId', actions: [assign({ lastId: ({ event }) => event.id }), 'reload'] },
      { actions: 'reload' },
    ],
  },
  states: {
    connecting: {
      entry: { type: 'connect', params: ({ context }) => ({ lastId: context.lastId }) },
      on: {
        OPENED: { target: 'live', actions: 'opened' },
        FAILED: { target: 'resuming', actions: 'countFailure' },
      },
    },
    live: {
      on: { FAILED: 'resuming' },
    },
    resuming: {
      initial: 'waiting',
      states: {
        waiting: { after: { retry: 'reconnecting' } },
        reconnecting: {
          entry: { type: 'connect', params: ({ context }) => ({ lastId: context.lastId }) },
          on: {
            OPENED: { target: '#eventStream.live', actions: 'opened' },
            FAILED: [
              { guard: 'lastFailure', target: '#eventStream.down', actions: 'countFailure' },
              { target: 'waiting', actions: 'countFailure' },
            ],
          },
        },
      },
    },
    down: {
      initial: 'waiting',
      states: {
        waiting: { after: { downRetry: 'reconnecting' } },
        reconnecting: {
          entry: { type: 'connect', params: ({ context }) => ({ lastId: context.lastId }) },
          on: {
            OPENED: { target: '#eventStream.live', actions: 'opened' },
            FAILED: 'waiting',
          },
        },
      },
    },
  },
});

/** What the pages are told: the top state's name. */
export const streamStatus = (value: unknown): StreamStatus =>
  (typeof value === 'string' ? value : Object.keys(value as object)[0]) as StreamStatus;
