// The app-wide state providers in their required order: auth needs notifications, the change
// events need auth.
import type { ReactNode } from 'react';
import { AuthProvider } from './AuthProvider';
import { BusyProvider } from './BusyProvider';
import { ChangeEventsProvider } from './ChangeEventsProvider';
import { NotificationProvider } from './NotificationProvider';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <NotificationProvider>
      <BusyProvider>
        <AuthProvider>
          <ChangeEventsProvider>{children}</ChangeEventsProvider>
        </AuthProvider>
      </BusyProvider>
    </NotificationProvider>
  );
}
