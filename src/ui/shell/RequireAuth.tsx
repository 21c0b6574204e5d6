// The route guard of docs/dev/product-rules.md#screens/docs/dev/product-rules.md#behaviour: every navigation except to /login asks the auth state to validate
// the token; a session that ends (invalid token, logout, inactivity) leads to /login, remembering
// the page so that the next sign-in returns there.
import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../state/AuthProvider';
import { FullScreenBusy } from './BusyOverlay';

export interface LoginRedirectState {
  from?: string;
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, user, checkNavigation } = useAuth();
  const location = useLocation();
  const check = useRef(checkNavigation);
  useEffect(() => {
    check.current = checkNavigation;
  });

  // location.key changes on every navigation, also to the page already shown.
  useEffect(() => {
    check.current(location.pathname);
  }, [location.key, location.pathname]);

  if (status === 'loggedOut' || (status !== 'checking' && !user)) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={{ from } satisfies LoginRedirectState} />;
  }
  // First load with a stored session: the server has not answered yet.
  if (!user) return <FullScreenBusy label="Checking session" />;
  return <>{children}</>;
}
