// React wiring of the notifications machine: one snackbar for the whole app.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { NotificationPage } from '../../domain/constants';
import { notificationsMachine, type NotificationKind } from '../../machines/notifications.machine';

export interface VisibleNotification {
  id: number;
  kind: NotificationKind;
  message: string;
}

export interface NotifyOptions {
  /** Decides the timeout (docs/dev/product-rules.md#constants); defaults to the shell's 3000 ms. */
  page?: NotificationPage;
  /** Validation errors on Analysis/Samples: stays until dismissed, replaced or clearValidation(). */
  persistent?: boolean;
}

export interface Notifications {
  current: VisibleNotification | null;
  notify(kind: NotificationKind, message: string, opts?: NotifyOptions): void;
  dismiss(): void;
  clearValidation(): void;
}

const NotificationContext = createContext<Notifications | null>(null);

export function NotificationProvider({ children }: { children: ReactNode }) {
  const actor = useActorRef(notificationsMachine);
  const shown = useSelector(actor, (s) => s.context.current);
  // Only the three public fields, and a stable object while the same notification shows.
  const current = useMemo<VisibleNotification | null>(
    () => (shown ? { id: shown.id, kind: shown.kind, message: shown.message } : null),
    [shown],
  );
  const value = useMemo<Notifications>(
    () => ({
      current,
      notify: (kind, message, opts = {}) =>
        actor.send({ type: 'NOTIFY', kind, message, page: opts.page, persistent: opts.persistent }),
      dismiss: () => actor.send({ type: 'DISMISS' }),
      clearValidation: () => actor.send({ type: 'CLEAR_VALIDATION' }),
    }),
    [actor, current],
  );
  return <NotificationContext.Provider value={value}>{children}</NotificationContext.Provider>;
}

export function useNotifications(): Notifications {
  const value = useContext(NotificationContext);
  if (!value) throw new Error('useNotifications must be used inside <NotificationProvider>');
  return value;
}
