// The change events of the signed-in user (docs/dev/architecture.md#change-events): one stream per
// tab, run by the event stream machine (src/machines/eventStream.machine.ts) with the stream reader
// of src/api/events.ts injected; pages subscribe to what touches them and read the stream's status
// (their refresh timers run only while it is not live).
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { readEventStream } from '../../api/events';
import type { ChangeEvent } from '../../domain/events';
import { eventStreamMachine, streamStatus, type StreamStatus } from '../../machines/eventStream.machine';
import { useAuth } from './AuthProvider';

/** A change, or 'reload': the stream missed more than the server keeps, refetch everything. */
export type ChangeListener = (change: ChangeEvent | 'reload') => void;

export interface ChangeEvents {
  status: StreamStatus;
  subscribe: (listener: ChangeListener) => () => void;
}

const NO_STREAM: ChangeEvents = { status: 'down', subscribe: () => () => undefined };
const ChangeEventsContext = createContext<ChangeEvents>(NO_STREAM);

/** Runs the stream of one signed-in user; renders nothing (the children never remount for it). */
function StreamRunner({
  listeners,
  onStatus,
}: {
  listeners: ReadonlySet<ChangeListener>;
  onStatus: (status: StreamStatus) => void;
}) {
  const { http } = useAuth();
  const connection = useRef<AbortController | null>(null);
  const [machine] = useState(() =>
    eventStreamMachine.provide({
      actions: {
        connect: ({ self }, { lastId }) => {
          connection.current?.abort();
          const controller = new AbortController();
          connection.current = controller;
          void readEventStream(http, lastId, controller.signal, {
            opened: () => self.send({ type: 'OPENED' }),
            change: (event) => self.send({ type: 'CHANGE', event }),
            reload: (id) => self.send({ type: 'RELOAD', id }),
            position: (id) => self.send({ type: 'POSITION', id }),
            failed: () => self.send({ type: 'FAILED' }),
          });
        },
        deliver: (_, { event }) => {
          for (const listener of listeners) listener(event);
        },
        reload: () => {
          for (const listener of listeners) listener('reload');
        },
      },
    }),
  );
  const actor = useActorRef(machine);
  useEffect(() => () => connection.current?.abort(), []);
  const status = useSelector(actor, (s) => streamStatus(s.value));
  useEffect(() => onStatus(status), [onStatus, status]);
  useEffect(() => () => onStatus('down'), [onStatus]);
  return null;
}

export function ChangeEventsProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const [listeners] = useState(() => new Set<ChangeListener>());
  const [status, setStatus] = useState<StreamStatus>('down');
  const value = useMemo<ChangeEvents>(
    () => ({
      status,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    }),
    [listeners, status],
  );
  // A new stream for each signed-in user (a sign-out ends it; the token is read per request).
  return (
    <ChangeEventsContext.Provider value={value}>
      {user ? <StreamRunner key={user.email} listeners={listeners} onStatus={setStatus} /> : null}
      {children}
    </ChangeEventsContext.Provider>
  );
}

export const useChangeEvents = (): ChangeEvents => useContext(ChangeEventsContext);

/**
 * Calls `listener` with each change (or 'reload') while the component is mounted; the latest
 * listener is used, so it may close over fresh state without resubscribing.
 */
export const useOnChange = (listener: ChangeListener): StreamStatus => {
  const { status, subscribe } = useChangeEvents();
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => subscribe((change) => latest.current(change)), [subscribe]);
  return status;
};
