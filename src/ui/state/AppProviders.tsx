// The app-wide state providers in their required order: auth needs notifications, undo needs both,
// the change events need auth.
import type { ReactNode } from 'react';
import { AuthProvider } from './AuthProvider';
import { BusyProvider } from './BusyProvider';
import { ChangeEventsProvider } from './ChangeEventsProvider';
import { NotificationProvider } from './NotificationProvider';
import { UndoProvider } from './UndoProvider';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <NotificationProvider>
      <BusyProvider>
        <AuthProvider>
          <UndoProvider>
            <ChangeEventsProvider>{children}</ChangeEventsProvider>
          </UndoProvider>
        </AuthProvider>
      </BusyProvider>
    </NotificationProvider>
  );
}
