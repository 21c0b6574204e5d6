// React wiring of the undo machine (docs/dev/architecture.md#undo): it hears every write the session's
// HTTP client makes, calls POST /api/undo and says the outcome in the snackbar. The snackbar's Undo
// button, Ctrl+Z and the palette's 'Undo last change' all call `undo()`. Must sit inside <AuthProvider>.
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { undoChanges } from '../../api/undo';
import type { UndoResult } from '../../domain/undo';
import { undoMachine } from '../../machines/undo.machine';
import { useAuth } from './AuthProvider';
import { useNotifications } from './NotificationProvider';

export interface Undo {
  /** A write can be undone now (its 10 s run). */
  offered: boolean;
  /** An undo is under way. */
  undoing: boolean;
  /** Undo the last write, or say why there is nothing to undo. */
  undo(): void;
}

const UndoContext = createContext<Undo | null>(null);

export function UndoProvider({ children }: { children: ReactNode }) {
  const { http, onWrite } = useAuth();
  const { notify } = useNotifications();
  const notifyRef = useRef(notify);
  useEffect(() => {
    notifyRef.current = notify;
  }, [notify]);
  const [machine] = useState(() =>
    undoMachine.provide({
      actors: {
        undo: fromPromise<UndoResult, { changes: readonly number[] }>(({ input, signal }) =>
          undoChanges(http, input.changes, { signal }),
        ),
      },
      actions: { notify: (_, { kind, message }) => notifyRef.current(kind, message) },
    }),
  );
  const actor = useActorRef(machine);
  useEffect(
    () =>
      onWrite((write) =>
        actor.send('changes' in write ? { type: 'WROTE', changes: write.changes } : { type: 'LEFT', message: write.left }),
      ),
    [actor, onWrite],
  );
  const offered = useSelector(actor, (s) => s.matches('offered'));
  const undoing = useSelector(actor, (s) => s.matches('undoing'));
  const value = useMemo<Undo>(() => ({ offered, undoing, undo: () => actor.send({ type: 'UNDO' }) }), [actor, offered, undoing]);
  return <UndoContext.Provider value={value}>{children}</UndoContext.Provider>;
}

export function useUndo(): Undo {
  const value = useContext(UndoContext);
  if (!value) throw new Error('useUndo must be used inside <UndoProvider>');
  return value;
}
