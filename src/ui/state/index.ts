// The state hooks the UI imports.
export { AppProviders } from './AppProviders';
export { AuthProvider, useAuth, type Auth, type AuthStatus } from './AuthProvider';
export { BusyProvider, useBusy, type Busy } from './BusyProvider';
export {
  NotificationProvider,
  useNotifications,
  type Notifications,
  type NotifyOptions,
  type VisibleNotification,
} from './NotificationProvider';
export { UndoProvider, useUndo, type Undo } from './UndoProvider';
export { ChangeEventsProvider, useChangeEvents, useOnChange, type ChangeEvents, type ChangeListener } from './ChangeEventsProvider';
