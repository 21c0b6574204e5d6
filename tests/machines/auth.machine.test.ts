// Model-based and clocked scenario tests of the auth machine. The system under test is a real
// actor of the machine with fake effects (storage, network, reload, notification) and a simulated
// clock, checked through what the app observes: status, stored user, reloads, notifications.
import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { activePaths, flush, restingStateNodes, explored, toTestModelMachine } from './model';
import { createActor, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import {
  LOGIN_MESSAGES,
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

const visited = new Set<string>();

// One sample per equivalence class of each event; the verify answers depend on who is stored.
const sampleEvents = (state: Snapshot) => {
  const user = state.context.user;
  const verified = (who: SignInResponse): VerifyResponse => ({ email: who.email, roles: who.roles });
  const verifyAnswers = (id: string) =>
    user
      ? [
          { type: `xstate.done.actor.${id}`, output: verified(user) },
          // The server accepts the token but its subject differs from the stored user.
          {
            type: `xstate.done.actor.${id}`,
            output: { ...verified(user), roles: ['ROLE_ADMIN', 'ROLE_READER'] },
          },
          { type: `xstate.error.actor.${id}`, error: UNAUTHORIZED },
        ]
      : [];
  return [
    { type: 'LOGIN', email: ADMIN.email, password: 'admin-secret' },
    { type: 'LOGIN', email: READER.email, password: 'reader-secret' },
    { type: 'LOGOUT' },
    { type: 'NAVIGATE', path: '/analysis' },
    { type: 'NAVIGATE', path: '/login' },
    { type: 'ACTIVITY' },
    { type: 'xstate.done.actor.signIn', output: ADMIN },
    { type: 'xstate.done.actor.signIn', output: READER },
    { type: 'xstate.error.actor.signIn', error: BAD_CREDENTIALS },
    ...verifyAnswers('verifyStored'),
    ...verifyAnswers('verifyNavigation'),
  ];
};

const startingPoints: Array<[string, StoredUser | null]> = [
  ['no stored session', null],
  ['a stored admin session', stored(ADMIN)],
  ['a stored reader session', stored(READER)],
];

describe.each(startingPoints)('auth machine model, starting with %s', (_, storedUser) => {
  const model = createTestModel(toTestModelMachine(authMachine), {
    // The effect-ending events are not in the machine's event type, hence the cast.
    events: sampleEvents as never,
    input: { storedUser },
  });
  const paths = explored(() => model.getShortestPaths());

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_description, path) => {
    const sut: Sut = createSut(storedUser);
    let expectedReloads = 0;
    const send = ({ event }: { event: { type: string } }) => {
      sut.actor.send(event as never);
    };
    const settle = async ({ event }: { event: { type: string; output?: unknown; error?: unknown } }) => {
      if (event.type.startsWith('xstate.done.actor.')) await sut.resolve(event.output);
      else await sut.reject(event.error);
    };
    await path.test({
      events: {
        LOGIN: send,
        LOGOUT: send,
        NAVIGATE: send,
        ACTIVITY: send,
        'xstate.done.actor.signIn': settle,
        'xstate.error.actor.signIn': settle,
        'xstate.done.actor.verifyStored': settle,
        'xstate.error.actor.verifyStored': settle,
        'xstate.done.actor.verifyNavigation': settle,
        'xstate.error.actor.verifyNavigation': settle,
        [INACTIVITY_EVENT]: () => {
          // One millisecond short of the hour nothing happens; at the hour the admin is out.
          sut.clock.increment(INACTIVITY_MS - 1);
          expect(authStatus(sut.actor.getSnapshot())).toBe('loggedIn');
          sut.clock.increment(1);
          expectedReloads += 1;
        },
      } as never,
      states: {
        // '#auth' is the root, so these checks run after every step.
        '#auth': (state: Snapshot) => {
          const real = sut.actor.getSnapshot();
          activePaths(real.value).forEach((p) => visited.add(p));
          expect(real.status).toBe('active');
          expect(authStatus(real)).toBe(authStatus(state));
          expect(real.value).toEqual(state.value);
          expect(sut.calls.reload).toBe(expectedReloads);
        },
        checking: () => {
          expect(sut.storedUser()).toEqual(storedUser);
          expect(sut.calls.verify.at(-1)).toBe(storedUser?.accessToken);
        },
        signingIn: (state: Snapshot) => {
          expect(sut.calls.signIn.at(-1)?.email).toMatch(/@lab\.test$/);
          expect(state.context.error).toBeNull();
        },
        loggedOut: (state: Snapshot) => {
          expect(sut.storedUser()).toBeNull();
          expect(sut.actor.getSnapshot().context.error).toBe(state.context.error);
          if (state.context.error !== null) {
            expect(state.context.error).toBe('Bad credentials');
            expect(sut.calls.notifications.at(-1)).toBe(LOGIN_MESSAGES.unsuccessful);
          }
        },
        loggedIn: (state: Snapshot) => {
          expect(sut.storedUser()).toEqual(state.context.user);
          expect(sut.storedUser()?.loggedIn).toBe(true);
        },
        'loggedIn.session.validating': () => {
          expect(sut.calls.verify.at(-1)).toBe(sut.storedUser()?.accessToken);
        },
        'loggedIn.inactivity.watching': () => {
          expect(sut.storedUser()?.roles).toContain('ROLE_ADMIN');
        },
        'loggedIn.inactivity.exempt': () => {
          expect(sut.storedUser()?.roles).not.toContain('ROLE_ADMIN');
        },
      } as never,
    });
  });
});

describe('auth machine model coverage', () => {
  it('visited every state of the machine', () => {
    expect([...visited].sort()).toEqual(expect.arrayContaining(restingStateNodes(authMachine)));
    expect(restingStateNodes(authMachine).length).toBeGreaterThan(0);
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

  it('logs out and clears the stored user when the token is rejected', async () => {
    const sut = await signedIn(ADMIN);
    sut.actor.send({ type: 'NAVIGATE', path: '/limits' });
    await sut.reject(UNAUTHORIZED);
    expect(authStatus(sut.actor.getSnapshot())).toBe('loggedOut');
    expect(sut.storedUser()).toBeNull();
    expect(sut.actor.getSnapshot().context.user).toBeNull();
  });

  it('logs out when the token is valid but belongs to someone else', async () => {
    const sut = await signedIn(ADMIN);
    sut.actor.send({ type: 'NAVIGATE', path: '/settings' });
    await sut.resolve({ email: 'someone@lab.test', roles: ADMIN.roles });
    expect(authStatus(sut.actor.getSnapshot())).toBe('loggedOut');
    expect(sut.storedUser()).toBeNull();
  });

  it('logout clears the stored user', async () => {
    const sut = await signedIn(READER);
    sut.actor.send({ type: 'LOGOUT' });
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
