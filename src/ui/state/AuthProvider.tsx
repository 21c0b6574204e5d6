// React wiring of the auth machine: real storage, network, reload, the error notification and the
// window's activity events. Must sit inside <NotificationProvider>.
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { StoredUser } from '../../domain/auth';
import { isAdmin as hasAdminRole } from '../../domain/roles';
import { createHttp, type Http, type WriteOutcome } from '../../api/http';
import { signIn, verify } from '../../api/auth';
import { authMachine, authStatus, type AuthStatus } from '../../machines/auth.machine';
import { useNotifications } from './NotificationProvider';
import { clearStoredUser, loadStoredUser, saveStoredUser } from './storage';

export type { AuthStatus };

export interface Auth {
  status: AuthStatus;
  user: StoredUser | null;
  isAdmin: boolean;
  /** The message under the login form: the server's message, else the error text. */
  error: string | null;
  login(req: { email: string; password: string }): void;
  logout(): void;
  /** Call on every route change; an invalid token turns status into 'loggedOut'. */
  checkNavigation(path: string): void;
  /** The client later api modules take first (Bearer token of this session). */
  http: Http;
  /** Tells `listener` of every successful write through `http` (the undo listens); returns the unsubscribe. */
  onWrite(listener: (write: WriteOutcome) => void): () => void;
}

/** Window events that count as activity (docs/dev/product-rules.md#behaviour Inactivity). */
export const ACTIVITY_EVENTS = ['keydown', 'mousemove', 'mousedown', 'touchmove'] as const;
/** Mouse moves fire dozens of times a second; one ACTIVITY per second is plenty for an hour. */
export const ACTIVITY_THROTTLE_MS = 1000;

const AuthContext = createContext<Auth | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const { notify } = useNotifications();
  const notifyRef = useRef(notify);
  useEffect(() => {
    notifyRef.current = notify;
  }, [notify]);

  const [storedUser] = useState(() => loadStoredUser());
  // The token lives in the machine; the observer below keeps this copy for the HTTP client.
  const tokenRef = useRef<string | null>(storedUser?.accessToken ?? null);
  const [writeListeners] = useState(() => new Set<(write: WriteOutcome) => void>());
  const [http] = useState(() =>
    createHttp({
      getToken: () => tokenRef.current,
      onWrite: (write) => writeListeners.forEach((listener) => listener(write)),
    }),
  );
  const [machine] = useState(() =>
    authMachine.provide({
      actors: {
        signIn: fromPromise(({ input, signal }) => signIn(http, input, { signal })),
        verify: fromPromise(({ input, signal }) => verify(http, input.token, { signal })),
      },
      actions: {
        saveUser: (_, { user }) => saveStoredUser(user),
        clearUser: () => clearStoredUser(),
        reload: () => window.location.reload(),
        notifyError: (_, { message }) => notifyRef.current('error', message),
      },
    }),
  );
  const actor = useActorRef(machine, { input: { storedUser } }, (snapshot) => {
    tokenRef.current = snapshot.context.user?.accessToken ?? null;
  });

  const status = useSelector(actor, authStatus);
  const user = useSelector(actor, (s) => (s.matches('loggedIn') ? s.context.user : null));
  const error = useSelector(actor, (s) => s.context.error);
  const admin = user !== null && hasAdminRole(user.roles);

  // Activity only matters for a logged-in admin; nobody else pays for the listeners.
  useEffect(() => {
    if (status !== 'loggedIn' || !admin) return;
    let last = -Infinity;
    let trailing: ReturnType<typeof setTimeout> | undefined;
    const send = () => {
      last = Date.now();
      trailing = undefined;
      actor.send({ type: 'ACTIVITY' });
    };
    // Leading and trailing edge: the last real activity is always reported (at most a second late),
    // so the hour is never cut short by throttling.
    const onActivity = () => {
      const wait = last + ACTIVITY_THROTTLE_MS - Date.now();
      if (wait <= 0) send();
      else trailing ??= setTimeout(send, wait);
    };
    for (const type of ACTIVITY_EVENTS)
      window.addEventListener(type, onActivity, { passive: true, capture: true });
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
      clearTimeout(trailing);
    };
  }, [actor, status, admin]);

  const value = useMemo<Auth>(
    () => ({
      status,
      user,
      isAdmin: admin,
      error,
      login: ({ email, password }) => actor.send({ type: 'LOGIN', email, password }),
      logout: () => actor.send({ type: 'LOGOUT' }),
      checkNavigation: (path) => actor.send({ type: 'NAVIGATE', path }),
      http,
      onWrite: (listener) => {
        writeListeners.add(listener);
        return () => writeListeners.delete(listener);
      },
    }),
    [status, user, admin, error, actor, http, writeListeners],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): Auth {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
