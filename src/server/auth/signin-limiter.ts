// The sign-in limits, both counted in the database (table signin_attempt), so several instances
// behind one proxy share one count: attempts spread over them hit a limit at the same attempt as on
// one instance.
// - Failed sign-ins per client address and email in a fixed window. Only failures count, so a lab
//   PC signing in many times a day (and the e2e suite) is never locked out, while guessing one
//   account's password stops after a few tries.
// - Sign-in requests per client address in a fixed window, whatever their outcome: a coarse cap
//   against spraying many emails from one address.
// One statement per attempt counts both atomically, so parallel guesses fired before any is
// answered are counted too; the windows run on the database's clock.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';

export interface SignInLimits {
  /** Failures allowed per address and email in one window; the next attempt answers 429. */
  maxFailures: number;
  /** Requests allowed per address in one window, whatever their outcome; the next answers 429. */
  maxPerAddress: number;
  windowMs: number;
}

export const DEFAULT_SIGNIN_LIMITS: SignInLimits = { maxFailures: 10, maxPerAddress: 100, windowMs: 60_000 };

/** Expired entries are removed every this many attempts of a process, so the table stays small. */
const PRUNE_EVERY = 100;

/** One attempt's two counters: its address's, and its address and email's. */
export interface SignInKeys {
  address: string;
  failures: string;
}

export class SignInLimiter {
  readonly #db: Kysely<Database>;
  readonly #limits: SignInLimits;
  #sincePrune = 0;

  constructor(db: Kysely<Database>, limits: SignInLimits = DEFAULT_SIGNIN_LIMITS) {
    this.#db = db;
    this.#limits = limits;
  }

  /** An address never holds '|', so the address's key cannot be taken for an address and email's. */
  static keys(ip: string, email: string): SignInKeys {
    return { address: ip, failures: `${ip}|${email.trim().toLowerCase()}` };
  }

  /**
   * Registers an attempt. Returns 0 when it may proceed, else the seconds until it may try again.
   * The attempt counts as a failure until `succeed` clears it; it counts for its address in any case.
   */
  async attempt(keys: SignInKeys): Promise<number> {
    if (++this.#sincePrune >= PRUNE_EVERY) {
      this.#sincePrune = 0;
      await this.#db.deleteFrom('signinAttempt').where(sql<boolean>`window_ends <= now()`).execute();
    }
    const window = sql`make_interval(secs => ${this.#limits.windowMs / 1000})`;
    // The column `failures` holds the attempts counted in the window: failures for an address and
    // email (a success deletes the row), every request for an address.
    const { rows } = await sql<{ key: string; failures: number; retryAfter: number }>`
      insert into signin_attempt as a (key, failures, window_ends)
      values (${keys.address}, 1, now() + ${window}), (${keys.failures}, 1, now() + ${window})
      on conflict (key) do update set
        failures = case when a.window_ends <= now() then 1 else a.failures + 1 end,
        window_ends = case when a.window_ends <= now() then now() + ${window} else a.window_ends end
      returning key, failures, ceil(extract(epoch from window_ends - now()))::int as retry_after`.execute(this.#db);
    const max = (key: string) => (key === keys.address ? this.#limits.maxPerAddress : this.#limits.maxFailures);
    const over = rows.filter((row) => row.failures > max(row.key));
    if (over.length === 0) return 0;
    return Math.max(1, ...over.map((row) => row.retryAfter));
  }

  async succeed(keys: SignInKeys): Promise<void> {
    await this.#db.deleteFrom('signinAttempt').where('key', '=', keys.failures).execute();
  }
}
