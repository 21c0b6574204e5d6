// Auth: the browser's session (docs/dev/product-rules.md#behaviour Login and Inactivity). At start it checks the stored session
// with the server; it signs in and out; it validates the token before every navigation except to
// /login; and it logs an idle admin out after an hour. Storage, network, reload and the error
// notification are injected, so the machine runs in tests without server, DOM or real time.
import { assign, assertEvent, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  LOGIN_MESSAGES,
  sessionMatches,
  signInRequestSchema,
  type SignInRequest,
  type SignInResponse,
  type StoredUser,
  type VerifyResponse,
} from '../domain/auth';
import { ADMIN_INACTIVITY_MS } from '../domain/constants';
import { isAdmin } from '../domain/roles';

/** Spec docs/dev/product-rules.md#constants: one hour without activity logs an admin out. */
export const INACTIVITY_MS = ADMIN_INACTIVITY_MS;

export const LOGIN_PATH = '/login';

export interface AuthContext {
  /** What local storage holds under 'user' (docs/dev/product-rules.md#records); null when logged out. */
  user: StoredUser | null;
  /** Shown under the login form: the server's message, else the error text (docs/dev/product-rules.md#messages). */
  error: string | null;
}

export interface AuthInput {
  /** Read from storage by the caller before start, so the machine itself stays free of I/O. */
  storedUser: StoredUser | null;
}

export type AuthEvent =
  | { type: 'LOGIN'; email: string; password: string }
  | { type: 'LOGOUT' }
  | { type: 'NAVIGATE'; path: string }
  | { type: 'ACTIVITY' };

const notProvided = (name: string) => () => {
  throw new Error(`auth machine: '${name}' must be provided`);
};

/** The server's message (ApiError carries it as `message`), else the error's own text. */
export const errorText = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : String(error);

export const isLoginPath = (path: string): boolean =>
  path.split(/[?#]/)[0]?.replace(/\/+$/, '') === LOGIN_PATH;

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
  },
  actors: {
    signIn: fromPromise<SignInResponse, SignInRequest>(notProvided('signIn')),
    verify: fromPromise<VerifyResponse, { token: string }>(notProvided('verify')),
  },
  actions: {
    saveUser: (_, _params: { user: StoredUser }) => notProvided('saveUser')(),
    clearUser: notProvided('clearUser'),
    reload: notProvided('reload'),
    notifyError: (_, _params: { message: string }) => notProvided('notifyError')(),
    forgetUser: assign({ user: null }),
  },
  guards: {
    hasStoredSession: ({ context }) => context.user?.loggedIn === true && context.user.accessToken !== '',
    isWellFormed: ({ event }) => event.type === 'LOGIN' && signInRequestSchema.safeParse(event).success,
    isLoginPath: ({ event }) => event.type === 'NAVIGATE' && isLoginPath(event.path),
    sessionMatches: ({ context }, params: { verified: VerifyResponse }) =>
      context.user !== null && sessionMatches(context.user, params.verified),
    isAdmin: ({ context }) => context.user !== null && isAdmin(context.user.roles),
  },
  delays: {
    INACTIVITY: INACTIVITY_MS,
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({ user: input.storedUser, error: null }),
  initial: 'checking',
  states: {
    // A stored session is only trusted after the server accepted its token (docs/dev/product-rules.md#behaviour).
    checking: {
      initial: 'route',
      states: {
        route: {
          always: [
            { guard: 'hasStoredSession', target: 'verifying' },
            // A leftover entry that is not a session (loggedIn false) is dropped as well.
            { target: '#auth.loggedOut', actions: ['clearUser', 'forgetUser'] },
          ],
        },
        verifying: {
          invoke: {
            id: 'verifyStored',
            src: 'verify',
            input: ({ context }) => ({ token: context.user?.accessToken ?? '' }),
            onDone: [
              {
                guard: { type: 'sessionMatches', params: ({ event }) => ({ verified: event.output }) },
                target: '#auth.loggedIn',
              },
              { target: '#auth.loggedOut', actions: ['clearUser', 'forgetUser'] },
            ],
            onError: { target: '#auth.loggedOut', actions: ['clearUser', 'forgetUser'] },
          },
        },
      },
    },
    loggedOut: {
      on: {
        LOGIN: { guard: 'isWellFormed', target: 'signingIn' },
      },
    },
    signingIn: {
      entry: assign({ error: null }),
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) => {
          assertEvent(event, 'LOGIN');
          return { email: event.email.trim(), password: event.password };
        },
        onDone: {
          target: 'loggedIn',
          actions: [
            assign({ user: ({ event }) => ({ ...event.output, loggedIn: true }) }),
            { type: 'saveUser', params: ({ context }) => ({ user: context.user as StoredUser }) },
          ],
        },
        onError: {
          target: 'loggedOut',
          actions: [
            assign({ error: ({ event }) => errorText(event.error) }),
            // A failed sign-in must not leave a half-stored session behind (docs/dev/product-rules.md#behaviour).
            'clearUser',
            { type: 'notifyError', params: { message: LOGIN_MESSAGES.unsuccessful } },
          ],
        },
      },
    },
    loggedIn: {
      type: 'parallel',
      on: {
        LOGOUT: { target: 'loggedOut', actions: ['clearUser', 'forgetUser'] },
      },
      states: {
        session: {
          initial: 'idle',
          states: {
            idle: {
              on: { NAVIGATE: [{ guard: 'isLoginPath' }, { target: 'validating' }] },
            },
            // Before every navigation except to /login: the server accepts the token AND the stored
            // email and roles match its subject and roles. Anything else ends the session — also a
            // timeout or network failure, because an unverifiable token must not pass as valid.
            validating: {
              on: {
                // A newer navigation restarts the check (the older call is cancelled). The
                // self-transition sits on this leaf on purpose: declared on the region it would
                // re-enter the whole parallel state and restart the inactivity hour.
                NAVIGATE: [{ guard: 'isLoginPath' }, { target: 'validating', reenter: true }],
              },
              invoke: {
                id: 'verifyNavigation',
                src: 'verify',
                input: ({ context }) => ({ token: context.user?.accessToken ?? '' }),
                onDone: [
                  {
                    guard: { type: 'sessionMatches', params: ({ event }) => ({ verified: event.output }) },
                    target: 'idle',
                  },
                  { target: '#auth.loggedOut', actions: ['clearUser', 'forgetUser'] },
                ],
                onError: { target: '#auth.loggedOut', actions: ['clearUser', 'forgetUser'] },
              },
            },
          },
        },
        inactivity: {
          initial: 'route',
          states: {
            route: {
              always: [{ guard: 'isAdmin', target: 'watching' }, { target: 'exempt' }],
            },
            // Readers are never logged out for inactivity (docs/dev/product-rules.md#behaviour).
            exempt: {},
            watching: {
              after: {
                INACTIVITY: { target: '#auth.loggedOut', actions: ['clearUser', 'forgetUser', 'reload'] },
              },
              on: {
                // Re-entering restarts the hour.
                ACTIVITY: { target: 'watching', reenter: true },
              },
            },
          },
        },
      },
    },
  },
});

export type AuthMachine = typeof authMachine;

export type AuthStatus = 'checking' | 'loggedOut' | 'signingIn' | 'loggedIn';

/** The coarse status the UI shows; validation runs inside 'loggedIn' and does not hide the page. */
export const authStatus = (snapshot: SnapshotFrom<AuthMachine>): AuthStatus => {
  if (snapshot.matches('checking')) return 'checking';
  if (snapshot.matches('signingIn')) return 'signingIn';
  if (snapshot.matches('loggedIn')) return 'loggedIn';
  return 'loggedOut';
};
