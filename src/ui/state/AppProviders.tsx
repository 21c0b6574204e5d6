// The app-wide state providers in their required order: auth needs notifications.
import type { ReactNode } from 'react';
import { AuthProvider } from './AuthProvider';
import { BusyProvider } from './BusyProvider';
import { NotificationProvider } from './NotificationProvider';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <NotificationProvider>
      <BusyProvider>
        <AuthProvider>{children}</AuthProvider>
      </BusyProvider>
    </NotificationProvider>
  );
}
