// Work that must not run twice at once, also across several server instances on one PostgreSQL
// (docs/dev/architecture.md#running scale-out): a PostgreSQL session-level advisory lock. The embedded database is
// one process's (the data-dir lock, db/lock.ts), so there an in-process queue is the same guarantee.
//
// Waiting is a poll with pg_try_advisory_lock on a connection borrowed per attempt, not a blocking
// pg_advisory_lock: a blocked waiter would hold a pooled connection for as long as it waits, and
// enough waiters would take the whole pool, including the connection the holder needs to finish.
// The holder keeps its connection until it unlocks; if the process dies, PostgreSQL ends the session
// and the lock with it.
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from './database';
import { isPGlite } from './create-db';
import { holdSession, type HoldOptions } from './held-session';

/** The first key of every labdesk advisory lock (PostgreSQL's two-int form): 'labd' in ASCII. */
export const LABDESK_LOCKS = 0x6c616264;

/** The second key: one per kind of work. */
export const ADVISORY_LOCKS = {
  /** SAP and ZFT exports: they read and flag rows, and must not both take the same ones. */
  flaggingExport: 1,
  /** One sync entry's run (server/sync): each instrument file is imported by one instance only. */
  syncAnalysis: 10,
  syncSample: 11,
  syncBox: 12,
  syncLog: 13,
  /** Held shared by every running instance (auth/key-fingerprint.ts): taken exclusively only when alone. */
  instances: 20,
  /** Counting and starting export jobs across instances (exports/service.ts). */
  exportSlots: 21,
} as const;
export type AdvisoryLock = keyof typeof ADVISORY_LOCKS;

export const LOCK_POLL_MS = 100;

const local = new WeakMap<Kysely<Database>, Map<AdvisoryLock, Promise<unknown>>>();

const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** In-process: each caller runs after the one before it has settled (FIFO). */
const runQueued = async <T>(db: Kysely<Database>, name: AdvisoryLock, fn: () => Promise<T>): Promise<T> => {
  let queues = local.get(db);
  if (!queues) local.set(db, (queues = new Map()));
  const before = queues.get(name) ?? Promise.resolve();
  const mine = before.then(fn, fn);
  const tail = mine.catch(() => undefined);
  queues.set(name, tail);
  try {
    return await mine;
  } finally {
    if (queues.get(name) === tail) queues.delete(name);
  }
};

const NOT_TAKEN = Symbol('not taken');

/**
 * Runs `fn` while holding the named lock; waits (polling every LOCK_POLL_MS) while another holder,
 * in this process or another, runs. `signal` stops the waiting (the caller is shutting down).
 * `onWait` is told once when the lock was busy at the first attempt.
 */
export const withAdvisoryLock = async <T>(
  db: Kysely<Database>,
  name: AdvisoryLock,
  fn: () => Promise<T>,
  options: { signal?: AbortSignal; onWait?: () => void } = {},
): Promise<T> => {
  if (await isPGlite(db)) return runQueued(db, name, fn);
  const key = ADVISORY_LOCKS[name];
  let told = false;
  for (;;) {
    options.signal?.throwIfAborted();
    const result = await db.connection().execute(async (conn) => {
      const { rows } = await sql<{
        ok: boolean;
      }>`select pg_try_advisory_lock(${LABDESK_LOCKS}, ${key}) as ok`.execute(conn);
      if (!rows[0]?.ok) return NOT_TAKEN;
      try {
        return { value: await fn() };
      } finally {
        // Session locks stack: one unlock per lock taken. A broken connection has lost it already.
        await sql`select pg_advisory_unlock(${LABDESK_LOCKS}, ${key})`.execute(conn).catch(() => undefined);
      }
    });
    if (result !== NOT_TAKEN) return result.value;
    if (!told) {
      told = true;
      options.onWait?.();
    }
    await sleep(LOCK_POLL_MS, options.signal);
  }
};

/**
 * A server process's sign of life, for work it leaves in the database (export jobs): a random
 * 64-bit key that the process holds as a session advisory lock for as long as it runs. Another
 * process can tell whether the owner of a job still runs (isPresent) without any heartbeat; a
 * process that dies loses its session and with it the lock. On the embedded database no other
 * process can exist, so nothing is held and nobody else is ever present.
 */
export interface Presence {
  /** The key as decimal text (bigint), to be stored with the work. */
  readonly key: string;
  release: () => Promise<void>;
}

const randomKey = (): string => BigInt.asIntN(64, BigInt(`0x${randomBytes(8).toString('hex')}`)).toString();

export const holdPresence = async (db: Kysely<Database>, options: HoldOptions = {}): Promise<Presence> => {
  const key = randomKey();
  if (await isPGlite(db)) return { key, release: async () => undefined };
  // One pooled connection for the life of the process: the session is what holds the lock. After
  // a database restart the same key is taken again (the jobs in the database name it).
  const session = await holdSession(
    db,
    async (conn) => void (await sql`select pg_advisory_lock(${key}::bigint)`.execute(conn)),
    options,
  );
  return { key, release: session.release };
};

/** Whether the process that took `key` with holdPresence still runs (always false on PGlite). */
export const isPresent = async (db: Kysely<Database>, key: string): Promise<boolean> => {
  if (!/^-?\d{1,19}$/.test(key) || (await isPGlite(db))) return false;
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{
      free: boolean;
    }>`select pg_try_advisory_lock(${key}::bigint) as free`.execute(conn);
    if (!rows[0]?.free) return true;
    await sql`select pg_advisory_unlock(${key}::bigint)`.execute(conn);
    return false;
  });
};

const held = new WeakMap<Kysely<Database>, Set<AdvisoryLock>>();

/**
 * Runs `fn` holding the named lock if it is free now; answers `{ ran: false }` at once when another
 * holder (this process or another instance) has it — for work that is skipped, not queued, while it
 * runs elsewhere (a sync run: the next tick tries again; a manual start answers 409).
 *
 * `fn` gets the database to do its work with: on PostgreSQL the very connection that holds the
 * session lock. Work on another connection of the pool would deadlock it: with every pool connection
 * held by a lock (four sync entries on a pool of four), no query of theirs could ever start.
 */
export const tryWithAdvisoryLock = async <T>(
  db: Kysely<Database>,
  name: AdvisoryLock,
  fn: (db: Kysely<Database>) => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> => {
  if (await isPGlite(db)) {
    let names = held.get(db);
    if (!names) held.set(db, (names = new Set()));
    if (names.has(name)) return { ran: false };
    names.add(name);
    try {
      return { ran: true, value: await fn(db) };
    } finally {
      names.delete(name);
    }
  }
  const key = ADVISORY_LOCKS[name];
  const result = await db.connection().execute(async (conn) => {
    const { rows } = await sql<{
      ok: boolean;
    }>`select pg_try_advisory_lock(${LABDESK_LOCKS}, ${key}) as ok`.execute(conn);
    if (!rows[0]?.ok) return NOT_TAKEN;
    try {
      return { value: await fn(conn) };
    } finally {
      await sql`select pg_advisory_unlock(${LABDESK_LOCKS}, ${key})`.execute(conn).catch(() => undefined);
    }
  });
  return result === NOT_TAKEN ? { ran: false } : { ran: true, value: result.value };
};
