// A PostgreSQL session held for the life of a process, for session-level advisory locks that say
// "this process runs" (its presence, its membership of the running instances). When the session is
// lost — PostgreSQL restarted or stopped, the network broke — the locks are gone with it: the holder
// notices at its next check (a query every HELD_CHECK_MS), waits while the database is away, and
// takes them again on a fresh connection, so a database restart does not leave the process without
// its locks.
import { sql, type Kysely } from 'kysely';
import type { Database } from './database';

export const HELD_CHECK_MS = 1_000;

export interface HeldSession {
  /** Ends the session's work: unlocks everything it holds and returns the connection. */
  release: () => Promise<void>;
}

export interface HoldOptions {
  /** After the session was lost and taken again (`take` ran once more). */
  onRetaken?: () => void;
  /** The session was lost, or taking it again failed (it keeps trying). */
  onLost?: (err: unknown) => void;
}

const sleep = (ms: number, wake: Promise<void>): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void wake.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Borrows one pooled connection and runs `take` on it (it takes the session's locks); resolves once
 * that is done, or rejects when the first `take` fails. From then on the locks are kept: checked
 * every HELD_CHECK_MS and taken again after a loss, until `release`.
 */
export const holdSession = async (
  db: Kysely<Database>,
  take: (conn: Kysely<Database>, again: boolean) => Promise<void>,
  options: HoldOptions = {},
): Promise<HeldSession> => {
  let released = false;
  let wake!: () => void;
  const stopped = new Promise<void>((resolve) => (wake = resolve));
  let first = true;
  let taken!: () => void;
  let failed!: (err: unknown) => void;
  const ready = new Promise<void>((resolve, reject) => {
    taken = resolve;
    failed = reject;
  });

  const loop = async (): Promise<void> => {
    while (!released) {
      try {
        await db.connection().execute(async (conn) => {
          await take(conn, !first);
          if (first) taken();
          else options.onRetaken?.();
          first = false;
          while (!released) {
            await sleep(HELD_CHECK_MS, stopped);
            if (released) break;
            await sql`select 1`.execute(conn);
          }
          await sql`select pg_advisory_unlock_all()`.execute(conn).catch(() => undefined);
        });
      } catch (err) {
        if (first) {
          released = true;
          failed(err);
          return;
        }
        options.onLost?.(err);
        await sleep(HELD_CHECK_MS, stopped);
      }
    }
  };
  const running = loop();
  await ready;
  return {
    release: async () => {
      released = true;
      wake();
      await running;
    },
  };
};
