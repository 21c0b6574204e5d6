// Model-based and clocked scenario tests of the auth machine. The model (the machine itself) only
// proposes the paths over sign-in, logout, navigation, activity, the server's answers and the admin's
// idle hour, from no stored session, a stored admin and a stored reader; each is replayed on a real
// actor with fake effects (storage, network, reload, notification) on a simulated clock, then every
// event is tried once more at its end, and the oracle below judges each step by the spec's rules
// (docs/dev/product-rules.md#behaviour Login and Inactivity) on what the app shows (the login page,
// the app, the message under the form), stores, sends and says, without asking the machine what it
// meant to do. Scenarios follow.
// Equivalent mutants (StrykerJS, 2026-11-26; nothing the app shows, stores or sends tells them
// apart): `types` emptied (compile time only); the event-type checks of the isWellFormed and
// isLoginPath guards made true (each guards its own event only); `context.user !== null` in
// sessionMatches and isAdmin made true (a user is always set where they run: checking a stored
// session, or signed in); the `?.` and the `''` fallback of both checks' token (a user with a
// token is always set where a check is sent); `?.` after the path's split (split always gives a
// first part); 'verify' emptied in its not-provided message (a failed check ends at the login form
// without a message, so the name never shows); 'clearUser' left out of a failed sign-in (nothing
// is stored while logged out: every way there clears it); the `'idle'` target of a navigation's
// accepted check emptied (the session then rests in 'validating' with its check answered, where
// the next navigation sends a check and one to /login none, as from 'idle').
import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { activePaths, flush, restingStateNodes, explored, toTestModelMachine } from './model';
import { added, checkWalk, transitionWalks, type Driver, type Rules, type Walk } from './oracle';
import { createActor, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import {
  LOGIN_MESSAGES,
  signInRequestSchema,
  type SignInRequest,
  type SignInResponse,
  type StoredUser,
  type VerifyResponse,
} from '../../src/domain/auth';
import { ApiError } from '../../src/api/http';
import { authMachine, authStatus, INACTIVITY_MS, type AuthMachine } from '../../src/machines/auth.machine';

type Snapshot = SnapshotFrom<AuthMachine>;

const ADMIN: SignInResponse = { accessToken: 'token-admin', email: 'admin@lab.test', roles: ['ROLE_ADMIN'] };
const READER: SignInResponse = {
  accessToken: 'token-reader',
  email: 'reader@lab.test',
  roles: ['ROLE_READER'],
};
const stored = (r: SignInResponse): StoredUser => ({ ...r, loggedIn: true });
const BAD_CREDENTIALS = new ApiError({ kind: 'http', status: 401, message: 'Bad credentials' });
const UNAUTHORIZED = new ApiError({ kind: 'http', status: 401, message: 'Unauthorized' });

const INACTIVITY_EVENT = 'xstate.after.INACTIVITY.auth.loggedIn.inactivity.watching';

interface Deferred {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Lets promise callbacks (the invoked effects settling) run before the next check. */

/** A real actor with fake effects that the test settles by hand. */
function createSut(storedUser: StoredUser | null) {
  const clock = new SimulatedClock();
  const storage = new Map<string, string>();
  if (storedUser) storage.set('user', JSON.stringify(storedUser));
  const calls = {
    signIn: [] as SignInRequest[],
    verify: [] as string[],
    reload: 0,
    notifications: [] as string[],
  };
  let pending: Deferred | null = null;
  const effect = <T>() =>
    new Promise<T>((resolve, reject) => {
      pending = { resolve: (v) => resolve(v as T), reject };
    });

  const machine = authMachine.provide({
    actors: {
      signIn: fromPromise<SignInResponse, SignInRequest>(({ input }) => {
        calls.signIn.push(input);
        return effect<SignInResponse>();
      }),
      verify: fromPromise<VerifyResponse, { token: string }>(({ input }) => {
        calls.verify.push(input.token);
        return effect<VerifyResponse>();
      }),
    },
    actions: {
      saveUser: (_, { user }) => storage.set('user', JSON.stringify(user)),
      clearUser: () => storage.delete('user'),
      reload: () => {
        calls.reload += 1;
      },
      notifyError: (_, { message }) => calls.notifications.push(message),
    },
  });
  const actor = createActor(machine, { input: { storedUser }, clock });
  actor.start();

  return {
    actor,
    clock,
    calls,
    storedUser: (): StoredUser | null => {
      const raw = storage.get('user');
      return raw === undefined ? null : (JSON.parse(raw) as StoredUser);
    },
    resolve: async (value: unknown) => {
      expect(pending, 'an effect is in flight').not.toBeNull();
      pending?.resolve(value);
      pending = null;
      await flush();
    },
    reject: async (error: unknown) => {
      expect(pending, 'an effect is in flight').not.toBeNull();
      pending?.reject(error);
      pending = null;
      await flush();
    },
  };
}
type Sut = ReturnType<typeof createSut>;

// ---- the oracle: what the app shows, stores, sends and says --------------------------------------

type Event = { type: string; email?: string; password?: string; path?: string; output?: unknown; error?: unknown };
type Shown = ReturnType<typeof authStatus>;
interface Request {
  kind: 'signIn' | 'verify';
  input: unknown;
  signal: AbortSignal;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}
interface Seen {
  now: number;
  /** The page: the check of a stored session, the login form, signing in, or the app. */
  shown: Shown;
  /** The message under the login form. */
  error: string | null;
  /** What local storage holds under 'user'. */
  stored: StoredUser | null;
  /** The token every API request carries (AuthProvider reads it from the session); null: none. */
  token: string | null;
  requests: Array<{ kind: Request['kind']; input: unknown }>;
  /** Which requests are under way: sent, neither answered nor stopped. */
  live: boolean[];
  reloads: number[];
  notifications: string[];
  /** What the user did or the server answered, when, and the page shown after it. */
  history: Array<{ at: number; type: string; shown: Shown }>;
}

/** The time a user takes before each action. */
const USER_PACE = 60_000;

/**
 * When an idle admin's hour ends, from what the user saw and did: an hour after the app was last
 * shown to an admin or the admin's last activity; null when no admin is signed in.
 */
const inactivityDeadline = (seen: Pick<Seen, 'history' | 'stored' | 'shown'>): number | null => {
  if (seen.shown !== 'loggedIn' || !seen.stored?.roles.includes('ROLE_ADMIN')) return null;
  let since = 0;
  seen.history.forEach((h, i) => {
    const shownBefore = i === 0 ? null : seen.history[i - 1]!.shown;
    if ((h.shown === 'loggedIn' && shownBefore !== 'loggedIn') || (h.type === 'ACTIVITY' && h.shown === 'loggedIn'))
      since = h.at;
  });
  return since + INACTIVITY_MS;
};

/** The app with the machine, a fake server and storage on a simulated clock; a copy replays it. */
const oracleDriver = (storedUser: StoredUser | null): Driver<Seen, Event> => {
  const clock = new SimulatedClock();
  const storage = new Map<string, string>();
  if (storedUser) storage.set('user', JSON.stringify(storedUser));
  const requests: Request[] = [];
  const answered = new Set<number>();
  const reloads: number[] = [];
  const notifications: string[] = [];
  const history: Seen['history'] = [];
  const done: Event[] = [];
  const request =
    (kind: Request['kind']) =>
    ({ input, signal }: { input: unknown; signal: AbortSignal }) =>
      new Promise<never>((resolve, reject) => {
        requests.push({ kind, input, signal, resolve: resolve as (v: unknown) => void, reject });
      });
  const machine = authMachine.provide({
    actors: {
      signIn: fromPromise<SignInResponse, SignInRequest>(request('signIn')),
      verify: fromPromise<VerifyResponse, { token: string }>(request('verify')),
    },
    actions: {
      saveUser: (_, { user }) => storage.set('user', JSON.stringify(user)),
      clearUser: () => storage.delete('user'),
      reload: () => void reloads.push(clock.now()),
      notifyError: (_, { message }) => notifications.push(message),
    },
  });
  const actor = createActor(machine, { input: { storedUser }, clock });
  actor.start();
  const isLive = (r: Request, i: number) => !answered.has(i) && !r.signal.aborted;
  const seen = (): Seen => {
    const raw = storage.get('user');
    return {
      now: clock.now(),
      shown: authStatus(actor.getSnapshot()),
      error: actor.getSnapshot().context.error,
      stored: raw === undefined ? null : (JSON.parse(raw) as StoredUser),
      token: actor.getSnapshot().context.user?.accessToken ?? null,
      requests: requests.map(({ kind, input }) => ({ kind, input })),
      live: requests.map(isLive),
      reloads: [...reloads],
      notifications: [...notifications],
      history: [...history],
    };
  };
  const note = (type: string) => {
    history.push({ at: clock.now(), type, shown: authStatus(actor.getSnapshot()) });
    activePaths(actor.getSnapshot().value).forEach((p) => visitedByOracle.add(p));
  };
  note('start');
  return {
    async send(event) {
      done.push(event);
      if (event.type.startsWith('xstate.after.')) {
        // The idle hour: the clock goes 1 ms short of the admin's deadline, then to it (an hour on
        // when no admin is signed in).
        const deadline = inactivityDeadline(seen());
        const target = deadline !== null && deadline > clock.now() ? deadline : clock.now() + INACTIVITY_MS;
        clock.increment(target - 1 - clock.now());
        if (reloads.length > 0 && reloads.at(-1)! >= clock.now()) return note('early');
        clock.increment(1);
      } else if (!event.type.startsWith('xstate.')) {
        // The user acts a minute after the step before (so activity moves the idle hour on).
        clock.increment(USER_PACE);
        actor.send(event as never);
      } else {
        const kind = event.type.endsWith('.signIn') ? 'signIn' : 'verify';
        const i = requests.findIndex((r, j) => r.kind === kind && isLive(r, j));
        // An answer arrives only for a request under way.
        if (i < 0) return note('no call');
        answered.add(i);
        if (event.type.startsWith('xstate.done.')) requests[i]!.resolve(event.output);
        else requests[i]!.reject(event.error);
      }
      await flush();
      note(event.type);
    },
    seen,
    async fork() {
      const copy = oracleDriver(storedUser);
      for (const event of done) await copy.send(event);
      return copy;
    },
  };
};

const isUser = (e: Event) => !e.type.startsWith('xstate.');
const sentIn = (s: { before: Seen; after: Seen }) => added(s.before.requests, s.after.requests);
const liveOf = (seen: Seen) => seen.live.flatMap((l, i) => (l ? [seen.requests[i]!] : []));
/** Nothing the user sees or the server is sent changes (time passes). */
const unchanged = ({ before, after }: { before: Seen; after: Seen }) =>
  expect({ ...after, now: 0, history: [] }).toEqual({ ...before, now: 0, history: [] });
/** The request under way that the event answers, if any. */
const answered = (event: Event, before: Seen) => {
  if (isUser(event) || event.type.startsWith('xstate.after.')) return undefined;
  const kind = event.type.endsWith('.signIn') ? 'signIn' : 'verify';
  return liveOf(before).find((r) => r.kind === kind);
};
const loggedOutCleanly = (after: Seen) => {
  expect(after.shown).toBe('loggedOut');
  expect(after.stored).toBeNull();
  expect(liveOf(after)).toEqual([]);
};

const authRules: Rules<Seen, Event> = {
  'Logged out, nothing is stored and requests carry no token; in the app, the stored user is the signed-in one with loggedIn, whose token requests carry':
  ({ after }) => {
    if (after.shown === 'loggedOut') expect([after.stored, after.token]).toEqual([null, null]);
    if (after.shown === 'loggedIn') {
      expect(after.stored?.loggedIn).toBe(true);
      expect(after.token).toBe(after.stored?.accessToken);
    }
    expect(liveOf(after).length).toBeLessThanOrEqual(1);
  },
  'A well-formed sign-in from the login form sends the trimmed email and the password and clears the message; anything else is ignored':
    (step) => {
      const { before, event, after } = step;
      if (event.type !== 'LOGIN') return;
      const form = signInRequestSchema.safeParse(event);
      if (before.shown !== 'loggedOut' || !form.success) return unchanged(step);
      expect(sentIn(step)).toEqual([
        { kind: 'signIn', input: { email: event.email!.trim(), password: event.password } },
      ]);
      expect(after.shown).toBe('signingIn');
      expect(after.error).toBeNull();
      expect(after.stored).toBeNull();
    },
  "A sign-in's success stores the user and shows the app; its failure shows the server's message, says 'Login was unsuccessful!' and stores nothing":
    (step) => {
      const { before, event, after } = step;
      if (answered(event, before)?.kind !== 'signIn') return;
      expect(sentIn(step)).toEqual([]);
      if (event.type.startsWith('xstate.done.')) {
        expect(after.shown).toBe('loggedIn');
        expect(after.stored).toEqual({ ...(event.output as SignInResponse), loggedIn: true });
        expect(after.error).toBeNull();
        return expect(after.notifications).toEqual(before.notifications);
      }
      loggedOutCleanly(after);
      expect(after.error).toBe((event.error as Error).message);
      expect(added(before.notifications, after.notifications)).toEqual([LOGIN_MESSAGES.unsuccessful]);
    },
  'Every navigation in the app except to /login verifies the stored token (a newer one stops the older check); the app stays shown':
    (step) => {
      const { before, event, after } = step;
      if (event.type !== 'NAVIGATE') return;
      if (before.shown !== 'loggedIn' || event.path === '/login') return unchanged(step);
      expect(sentIn(step)).toEqual([{ kind: 'verify', input: { token: before.stored?.accessToken } }]);
      expect(liveOf(after)).toEqual(sentIn(step));
      expect(after.shown).toBe('loggedIn');
      expect(after.stored).toEqual(before.stored);
    },
  "The server's verification keeps the session only when its subject and roles are the stored user's; otherwise, or when it fails, the user is logged out":
    (step) => {
      const { before, event, after } = step;
      if (answered(event, before)?.kind !== 'verify') return;
      expect(sentIn(step)).toEqual([]);
      expect(after.reloads).toEqual(before.reloads);
      expect(after.notifications).toEqual(before.notifications);
      const verified = event.output as VerifyResponse | undefined;
      const same =
        event.type.startsWith('xstate.done.') &&
        verified!.email === before.stored?.email &&
        [...verified!.roles].sort().join() === [...before.stored.roles].sort().join();
      if (!same) return loggedOutCleanly(after);
      expect(after.shown).toBe('loggedIn');
      expect(after.stored).toEqual(before.stored);
    },
  'Logout in the app removes the stored user and shows the login form; elsewhere it does nothing': (step) => {
    if (step.event.type !== 'LOGOUT') return;
    if (step.before.shown !== 'loggedIn') return unchanged(step);
    expect(sentIn(step)).toEqual([]);
    loggedOutCleanly(step.after);
    expect(step.after.reloads).toEqual(step.before.reloads);
  },
  'An idle admin is logged out at the hour after the last activity and the page reloads, not a millisecond earlier; never a reader':
    (step) => {
      const { before, event, after } = step;
      if (event.type === 'ACTIVITY') return unchanged(step);
      if (!event.type.startsWith('xstate.after.')) return expect(after.reloads).toEqual(before.reloads);
      const deadline = inactivityDeadline(before);
      if (deadline === null) return unchanged(step);
      expect(added(before.reloads, after.reloads)).toEqual([deadline]);
      expect(after.now).toBe(deadline);
      loggedOutCleanly(after);
      expect(sentIn(step)).toEqual([]);
    },
  'An answer to no request under way changes nothing': (step) => {
    if (isUser(step.event) || step.event.type.startsWith('xstate.after.') || answered(step.event, step.before))
      return;
    unchanged(step);
  },
};

const visitedByOracle = new Set<string>();

// One sample per equivalence class of each event; the verify answers depend on who is stored.
const sampleEvents = (state: Snapshot): Event[] => {
  const user = state.context.user;
  const verified = (who: SignInResponse): VerifyResponse => ({ email: who.email, roles: who.roles });
  const verifyAnswers = (id: string) =>
    user
      ? [
          { type: `xstate.done.actor.${id}`, output: verified(user) },
          // The same roles in another order: the same subject.
          { type: `xstate.done.actor.${id}`, output: { ...verified(user), roles: [...user.roles].reverse() } },
          // The server accepts the token but its subject differs from the stored user.
          { type: `xstate.done.actor.${id}`, output: { ...verified(user), roles: ['ROLE_ADMIN', 'ROLE_READER'] } },
          { type: `xstate.done.actor.${id}`, output: { ...verified(user), email: 'someone@lab.test' } },
          { type: `xstate.error.actor.${id}`, error: UNAUTHORIZED },
        ]
      : [];
  return [
    { type: 'LOGIN', email: ` ${ADMIN.email} `, password: 'admin-secret' },
    { type: 'LOGIN', email: READER.email, password: 'reader-secret' },
    { type: 'LOGIN', email: 'not-an-email', password: 'long-enough' },
    { type: 'LOGOUT' },
    { type: 'NAVIGATE', path: '/analysis' },
    { type: 'NAVIGATE', path: '/login' },
    { type: 'ACTIVITY' },
    { type: 'xstate.done.actor.signIn', output: ADMIN },
    { type: 'xstate.done.actor.signIn', output: READER },
    { type: 'xstate.error.actor.signIn', error: BAD_CREDENTIALS },
    ...verifyAnswers('verifyStored'),
    ...verifyAnswers('verifyNavigation'),
    { type: INACTIVITY_EVENT },
  ];
};

const startingPoints: Array<[string, StoredUser | null]> = [
  ['no stored session', null],
  ['a stored admin session', stored(ADMIN)],
  ['a stored reader session', stored(READER)],
  ['a stored entry that is not a session', { ...stored(ADMIN), loggedIn: false }],
];

describe.each(startingPoints)('auth, starting with %s: every transition judged by the spec rules', (_, storedUser) => {
  // Built inside `explored` (a function): a configuration the model refuses fails a test, not the
  // file's collection, which StrykerJS's vitest runner counts as no failure.
  const buildModel = () => createTestModel(toTestModelMachine(authMachine), {
    // The effect-ending events are not in the machine's event type, hence the cast.
    events: sampleEvents as never,
    input: { storedUser },
    // A state just after activity is its own, so the idle hour is tried after activity too.
    serializeState: (state, event) =>
      JSON.stringify({ value: state.value, context: state.context, active: event?.type === 'ACTIVITY' }),
  });
  const walks = explored(() => transitionWalks(buildModel() as never, sampleEvents as never) as Walk<Event>[]);
  it.each(walks.map((w) => [w.name, w] as const))('%s, then each event', async (_name, walk) => {
    await checkWalk(walk, () => oracleDriver(storedUser), authRules);
  });
});

describe('auth model coverage', () => {
  it('visited every state of the machine', () => {
    expect([...visitedByOracle].sort()).toEqual(expect.arrayContaining(restingStateNodes(authMachine)));
  });
});

/** Signs in through the real sequence: LOGIN, then the server's answer. */
async function signedIn(who: SignInResponse): Promise<Sut> {
  const sut = createSut(null);
  sut.actor.send({ type: 'LOGIN', email: who.email, password: 'long-enough' });
  await sut.resolve(who);
  expect(authStatus(sut.actor.getSnapshot())).toBe('loggedIn');
  return sut;
}

describe('admin inactivity (simulated clock)', () => {
  it('logs an admin out at exactly one hour without activity, not a millisecond earlier', async () => {
    const sut = await signedIn(ADMIN);
    sut.clock.increment(3_599_999);
    expect(authStatus(sut.actor.getSnapshot())).toBe('loggedIn');
    expect(sut.calls.reload).toBe(0);
    expect(sut.storedUser()).not.toBeNull();

    sut.clock.increment(1);
    expect(authStatus(sut.actor.getSnapshot())).toBe('loggedOut');
    expect(sut.storedUser()).toBeNull();
    expect(sut.calls.reload).toBe(1);
    expect(INACTIVITY_MS).toBe(3_600_000);
  });

  it('restarts the hour on every activity', async () => {
    const sut = await signedIn(ADMIN);
    sut.clock.increment(1_800_000);
    sut.actor.send({ type: 'ACTIVITY' });
    sut.clock.increment(3_000_000);
    sut.actor.send({ type: 'ACTIVITY' });
    sut.clock.increment(3_599_999);
    expect(authStatus(sut.actor.getSnapshot())).toBe('loggedIn');

    sut.clock.increment(1);
    expect(authStatus(sut.actor.getSnapshot())).toBe('loggedOut');
    expect(sut.calls.reload).toBe(1);
  });

  it('never logs a reader out', async () => {
    const sut = await signedIn(READER);
    sut.clock.increment(24 * INACTIVITY_MS);
    expect(authStatus(sut.actor.getSnapshot())).toBe('loggedIn');
    expect(sut.storedUser()?.email).toBe(READER.email);
    expect(sut.calls.reload).toBe(0);
  });

  it('keeps counting while a navigation is being validated', async () => {
    const sut = await signedIn(ADMIN);
    sut.clock.increment(INACTIVITY_MS - 10);
    sut.actor.send({ type: 'NAVIGATE', path: '/boxes' });
    await sut.resolve({ email: ADMIN.email, roles: ADMIN.roles });
    sut.clock.increment(10);
    expect(authStatus(sut.actor.getSnapshot())).toBe('loggedOut');
    expect(sut.calls.reload).toBe(1);
  });

  it('stops counting after logout', async () => {
    const sut = await signedIn(ADMIN);
    sut.actor.send({ type: 'LOGOUT' });
    sut.clock.increment(2 * INACTIVITY_MS);
    expect(sut.calls.reload).toBe(0);
  });
});

describe('sign-in', () => {
  it('stores the user with loggedIn and exposes no error', async () => {
    const sut = await signedIn(ADMIN);
    expect(sut.storedUser()).toEqual(stored(ADMIN));
    expect(sut.actor.getSnapshot().context.error).toBeNull();
  });

  it("shows the server's message under the form and raises 'Login was unsuccessful!'", async () => {
    const sut = createSut(null);
    sut.actor.send({ type: 'LOGIN', email: ' admin@lab.test ', password: 'wrong-password' });
    expect(sut.calls.signIn).toEqual([{ email: 'admin@lab.test', password: 'wrong-password' }]);
    await sut.reject(BAD_CREDENTIALS);
    const snapshot = sut.actor.getSnapshot();
    expect(authStatus(snapshot)).toBe('loggedOut');
    expect(snapshot.context.error).toBe('Bad credentials');
    expect(sut.calls.notifications).toEqual(['Login was unsuccessful!']);
    expect(sut.storedUser()).toBeNull();
  });

  it('falls back to the error text when the server sent no message', async () => {
    const sut = createSut(null);
    sut.actor.send({ type: 'LOGIN', email: 'admin@lab.test', password: 'whatever-1' });
    await sut.reject(new ApiError({ kind: 'network', message: 'Failed to fetch' }));
    expect(sut.actor.getSnapshot().context.error).toBe('Failed to fetch');
  });

  it('clears the previous error when a new attempt starts', async () => {
    const sut = createSut(null);
    sut.actor.send({ type: 'LOGIN', email: 'admin@lab.test', password: 'wrong-password' });
    await sut.reject(BAD_CREDENTIALS);
    sut.actor.send({ type: 'LOGIN', email: 'admin@lab.test', password: 'right-password' });
    expect(sut.actor.getSnapshot().context.error).toBeNull();
  });

  it('ignores a malformed request (the form shows its own messages)', () => {
    const sut = createSut(null);
    sut.actor.send({ type: 'LOGIN', email: 'not-an-email', password: 'long-enough' });
    sut.actor.send({ type: 'LOGIN', email: 'admin@lab.test', password: 'short' });
    expect(authStatus(sut.actor.getSnapshot())).toBe('loggedOut');
    expect(sut.calls.signIn).toEqual([]);
  });
});

describe('token validation', () => {
  it('accepts a stored session only after the server verified it', async () => {
    const sut = createSut(stored(READER));
    expect(authStatus(sut.actor.getSnapshot())).toBe('checking');
    expect(sut.calls.verify).toEqual([READER.accessToken]);
    await sut.resolve({ email: READER.email, roles: READER.roles });
    expect(authStatus(sut.actor.getSnapshot())).toBe('loggedIn');
  });

  it('starts logged out without a call when nothing is stored', () => {
    const sut = createSut(null);
    expect(authStatus(sut.actor.getSnapshot())).toBe('loggedOut');
    expect(sut.calls.verify).toEqual([]);
  });

  it('validates before every navigation except to /login', async () => {
    const sut = await signedIn(READER);
    sut.actor.send({ type: 'NAVIGATE', path: '/login' });
    expect(sut.calls.verify).toEqual([]);
    sut.actor.send({ type: 'NAVIGATE', path: '/samples' });
    await sut.resolve({ email: READER.email, roles: READER.roles });
    sut.actor.send({ type: 'NAVIGATE', path: '/analysis?x=1' });
    await sut.resolve({ email: READER.email, roles: READER.roles });
    expect(sut.calls.verify).toEqual([READER.accessToken, READER.accessToken]);
    expect(authStatus(sut.actor.getSnapshot())).toBe('loggedIn');
  });

  it('logs out when the token is valid but belongs to someone else', async () => {
    const sut = await signedIn(ADMIN);
    sut.actor.send({ type: 'NAVIGATE', path: '/settings' });
    await sut.resolve({ email: 'someone@lab.test', roles: ADMIN.roles });
    expect(authStatus(sut.actor.getSnapshot())).toBe('loggedOut');
    expect(sut.storedUser()).toBeNull();
  });
});

describe('stored entry that is not a session', () => {
  it('starts logged out, forgets the entry and calls nobody', () => {
    const sut = createSut({ ...stored(ADMIN), loggedIn: false });
    expect(authStatus(sut.actor.getSnapshot())).toBe('loggedOut');
    expect(sut.actor.getSnapshot().context.user).toBeNull();
    expect(sut.storedUser()).toBeNull();
    expect(sut.calls.verify).toEqual([]);
  });
});

describe('what counts as the login page', () => {
  it.each(['/login', '/login/', '/login//', '/login?next=%2Fsamples', '/login#form', '/login/?next=%2Fsamples'])(
    'a navigation to %s is not verified',
    async (path) => {
      const sut = await signedIn(READER);
      sut.actor.send({ type: 'NAVIGATE', path });
      expect(sut.calls.verify).toEqual([]);
    },
  );

  it.each(['/loginx', '/samples/login', '/', '/log'])('a navigation to %s is verified', async (path) => {
    const sut = await signedIn(READER);
    sut.actor.send({ type: 'NAVIGATE', path });
    expect(sut.calls.verify).toEqual([READER.accessToken]);
  });
});

describe('the message under the login form', () => {
  const failedWith = async (error: unknown) => {
    const sut = createSut(null);
    sut.actor.send({ type: 'LOGIN', email: 'admin@lab.test', password: 'whatever-1' });
    await sut.reject(error);
    return sut.actor.getSnapshot().context.error;
  };

  it('an Error without a message shows its text', async () => {
    expect(await failedWith(new TypeError(''))).toBe('TypeError');
  });

  it('something thrown that is no Error shows as text', async () => {
    expect(await failedWith('offline')).toBe('offline');
  });
});

describe('a stored entry without a token', () => {
  it('is no session: logged out, forgotten, nobody called', () => {
    const sut = createSut({ ...stored(ADMIN), accessToken: '' });
    expect(authStatus(sut.actor.getSnapshot())).toBe('loggedOut');
    expect(sut.storedUser()).toBeNull();
    expect(sut.calls.verify).toEqual([]);
  });
});

describe('an effect left out', () => {
  const errorsOf = async (
    machine: AuthMachine,
    storedUser: StoredUser | null,
    act: (actor: ReturnType<typeof createActor<AuthMachine>>, clock: SimulatedClock) => unknown = () => undefined,
  ) => {
    const clock = new SimulatedClock();
    const errors: unknown[] = [];
    const actor = createActor(machine, { input: { storedUser }, clock });
    actor.subscribe({ error: (e) => errors.push(e) });
    actor.start();
    await flush();
    await act(actor, clock);
    await flush();
    return { errors: errors.map(String), message: actor.getSnapshot().context.error };
  };
  const said = (name: string) => [`Error: auth machine: '${name}' must be provided`];
  const login = (actor: ReturnType<typeof createActor<AuthMachine>>) =>
    actor.send({ type: 'LOGIN', email: ADMIN.email, password: 'long-enough' });

  it('without its storage, sign-in, reload or notification provided, the machine says which one is missing', async () => {
    expect((await errorsOf(authMachine, null)).errors).toEqual(said('clearUser'));
    const clearing = authMachine.provide({ actions: { clearUser: () => undefined } });
    // The sign-in call left out: its failure shows under the login form like any other.
    const quiet = clearing.provide({ actions: { notifyError: () => undefined } });
    expect((await errorsOf(quiet, null, login)).message).toBe("auth machine: 'signIn' must be provided");
    const refusing = clearing.provide({
      actors: { signIn: fromPromise<SignInResponse, SignInRequest>(() => Promise.reject(BAD_CREDENTIALS)) },
    });
    expect((await errorsOf(refusing, null, login)).errors).toEqual(said('notifyError'));
    const accepting = clearing.provide({
      actors: { signIn: fromPromise<SignInResponse, SignInRequest>(() => Promise.resolve(ADMIN)) },
    });
    expect((await errorsOf(accepting, null, login)).errors).toEqual(said('saveUser'));
    const saving = accepting.provide({ actions: { saveUser: () => undefined } });
    const idle = await errorsOf(saving, null, async (actor, clock) => {
      login(actor);
      await flush();
      clock.increment(INACTIVITY_MS);
    });
    expect(idle.errors).toEqual(said('reload'));
  });
});
