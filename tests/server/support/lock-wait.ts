// Races on PostgreSQL: a test holds one write uncommitted and needs to know that the request under
// test has reached the point where it waits for that write's lock (a unique index, a row), so that
// committing the first then decides the second.
import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../../src/server/db/database';

/** Polls until a session of this database waits on a lock; fails after 10 s saying `what`. */
export const untilWaitingOnLock = async (db: Kysely<Database>, what: string): Promise<void> => {
  for (let waited = 0; ; waited += 20) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
    if (rows[0]!.n > 0) return;
    expect(waited, what).toBeLessThan(10_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
