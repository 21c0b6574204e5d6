// Notifications: the one snackbar of the app (docs/dev/product-rules.md#behaviour Notifications, docs/dev/product-rules.md#constants). Kinds success (green),
// error (red) and info (blue); it closes after the page's timeout, except that a validation-error
// notification on Analysis or Samples stays while the validation errors exist.
//
// Policy: REPLACE, not queue. The newest message always describes the current state of the page
// (the save that just failed, the filter just applied); queuing would hold it back behind stale
// ones for 2–3 s each, and a batch of updates would keep the bar busy for many seconds. A new
// notification therefore replaces the visible one and restarts the timer — as a single snackbar
// whose text is swapped, which is what the spec describes.
import { assign, setup } from 'xstate';
import { NOTIFICATION_TIMEOUT_MS, type NotificationPage } from '../domain/constants';
import { RESOURCES } from '../domain/resources';

export type NotificationKind = 'success' | 'error' | 'info';

export interface Notification {
  /** Increases with every notification, so the UI can tell a replacement from the same message. */
  id: number;
  kind: NotificationKind;
  message: string;
  page: NotificationPage;
  persistent: boolean;
}

export interface NotificationsContext {
  current: Notification | null;
  nextId: number;
}

export type NotifyEvent = {
  type: 'NOTIFY';
  kind: NotificationKind;
  message: string;
  page?: NotificationPage;
  persistent?: boolean;
};

export type NotificationsEvent = NotifyEvent | { type: 'DISMISS' } | { type: 'CLEAR_VALIDATION' };

/** Pages whose snackbar may stay open while validation errors exist (docs/dev/product-rules.md#behaviour, docs/dev/product-rules.md#constants). */
export const PERSISTENT_PAGES: readonly NotificationPage[] = Object.values(RESOURCES).flatMap((r) =>
  r.persistentNotifications ? [r.name] : [],
);

/** Page used when the caller names none (login, shell, palette). */
export const DEFAULT_NOTIFICATION_PAGE: NotificationPage = 'shell';

export const notificationTimeout = (page: NotificationPage): number => NOTIFICATION_TIMEOUT_MS[page];

export const staysWhileErrors = (page: NotificationPage, persistent: boolean | undefined): boolean =>
  persistent === true && PERSISTENT_PAGES.includes(page);

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  actions: {
    show: assign(({ context, event }) => {
      if (event.type !== 'NOTIFY') return {};
      const page = event.page ?? DEFAULT_NOTIFICATION_PAGE;
      return {
        current: {
          id: context.nextId,
          kind: event.kind,
          message: event.message,
          page,
          persistent: staysWhileErrors(page, event.persistent),
        },
        nextId: context.nextId + 1,
      };
    }),
    hide: assign({ current: null }),
    // The errors are gone: the notification becomes an ordinary one and closes after its timeout.
    release: assign({
      current: ({ context }) => (context.current ? { ...context.current, persistent: false } : null),
    }),
  },
  guards: {
    isPersistent: ({ event }) =>
      event.type === 'NOTIFY' && staysWhileErrors(event.page ?? DEFAULT_NOTIFICATION_PAGE, event.persistent),
  },
  delays: {
    // Read from the shown notification's page: 3000 ms Analysis/Samples/Screens, 2000 ms others.
    NOTIFICATION_TIMEOUT: ({ context }) =>
      notificationTimeout(context.current?.page ?? DEFAULT_NOTIFICATION_PAGE),
  },
}).createMachine({
  id: 'notifications',
  context: { current: null, nextId: 1 },
  initial: 'hidden',
  on: {
    // Replace policy: from any state the newest wins. The visible state is left and entered
    // again, so the previous notification's timer is cancelled and the new one starts afresh.
    NOTIFY: [
      { guard: 'isPersistent', target: '.visible.persistent', actions: 'show' },
      { target: '.visible.timed', actions: 'show' },
    ],
  },
  states: {
    hidden: {},
    visible: {
      initial: 'timed',
      on: { DISMISS: { target: 'hidden', actions: 'hide' } },
      states: {
        timed: {
          after: { NOTIFICATION_TIMEOUT: { target: '#notifications.hidden', actions: 'hide' } },
        },
        persistent: {
          on: { CLEAR_VALIDATION: { target: 'timed', actions: 'release' } },
        },
      },
    },
  },
});

export type NotificationsMachine = typeof notificationsMachine;
