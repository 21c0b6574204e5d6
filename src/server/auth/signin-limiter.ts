// Failed sign-ins per client address and email in a fixed window. Only failures count, so a lab
// PC signing in many times a day (and the e2e suite) is never locked out, while guessing one
// account's password stops after a few tries. Counted in the database (table signin_attempt), so
// several instances behind one proxy share one count: guesses spread over them hit the limit at the
// same attempt as on one instance. One upsert per attempt counts atomically, so parallel guesses
// fired before any is answered are counted too; the window runs on the database's clock.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';

export interface SignInLimits {
  /** Failures allowed in one window; the next attempt answers 429. */
  maxFailures: number;
  windowMs: number;
}

export const DEFAULT_SIGNIN_LIMITS: SignInLimits = { maxFailures: 10, windowMs: 60_000 };

/** Expired entries are removed every this many attempts of a process, so the table stays small. */
const PRUNE_EVERY = 100;

export class SignInLimiter {
  readonly #db: Kysely<Database>;
  readonly #limits: SignInLimits;
  #sincePrune = 0;

  constructor(db: Kysely<Database>, limits: SignInLimits = DEFAULT_SIGNIN_LIMITS) {
    this.#db = db;
    this.#limits = limits;
  }

  static key(ip: string, email: string): string {
    return `${ip}|${email.trim().toLowerCase()}`;
  }

  /**
   * Registers an attempt. Returns 0 when it may proceed, else the seconds until the key may try
   * again. The attempt counts as a failure until `succeed` clears it.
   */
  async attempt(key: string): Promise<number> {
    if (++this.#sincePrune >= PRUNE_EVERY) {
      this.#sincePrune = 0;
      await this.#db.deleteFrom('signinAttempt').where(sql<boolean>`window_ends <= now()`).execute();
    }
    const window = sql`make_interval(secs => ${this.#limits.windowMs / 1000})`;
    const { rows } = await sql<{ failures: number; retryAfter: number }>`
      insert into signin_attempt as a (key, failures, window_ends)
      values (${key}, 1, now() + ${window})
      on conflict (key) do update set
        failures = case when a.window_ends <= now() then 1 else a.failures + 1 end,
        window_ends = case when a.window_ends <= now() then now() + ${window} else a.window_ends end
      returning failures, ceil(extract(epoch from window_ends - now()))::int as retry_after`.execute(this.#db);
    const row = rows[0];
    if (!row || row.failures <= this.#limits.maxFailures) return 0;
    return Math.max(1, row.retryAfter);
  }

  async succeed(key: string): Promise<void> {
    await this.#db.deleteFrom('signinAttempt').where('key', '=', key).execute();
  }
}
