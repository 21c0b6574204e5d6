// Hardware-log lines a user can cause (a failed label print) are bounded per user: a token bucket
// of `burst` lines that refills one line every `refillMs`. A line past it is not written but
// counted, and the count is written as one summary line — with the next line the user gets through,
// or when the bucket has a token again, or when the server closes — so nothing is dropped
// silently. Without it a reader looping failed prints wrote one line per request, unbounded.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { appendHwLog, type HwLogEntry } from './hw-log';

export interface HwLogBudgetOptions {
  /** Lines one user may cause at once. */
  burst: number;
  /** One more line per this many milliseconds. */
  refillMs: number;
}

/** Ten lines at once, then one a minute: a jammed printer is in the log, a loop is one line a minute. */
export const DEFAULT_HW_LOG_BUDGET: HwLogBudgetOptions = { burst: 10, refillMs: 60_000 };

interface Bucket {
  tokens: number;
  /** When `tokens` was last brought up to date (ms). */
  at: number;
  /** Lines left out since the last one written. */
  suppressed: number;
  /** The summary of the lines left out, as the caller worded it. */
  summary: ((n: number) => HwLogEntry) | undefined;
  timer: NodeJS.Timeout | undefined;
}

export class HwLogBudget {
  options: HwLogBudgetOptions;
  readonly #db: Kysely<Database>;
  readonly #log: FastifyBaseLogger;
  readonly #buckets = new Map<string, Bucket>();
  readonly #now: () => number;

  constructor(db: Kysely<Database>, log: FastifyBaseLogger, options: Partial<HwLogBudgetOptions> = {}, now = Date.now) {
    this.#db = db;
    this.#log = log;
    this.options = { ...DEFAULT_HW_LOG_BUDGET, ...options };
    this.#now = now;
  }

  #bucket(user: string): Bucket {
    const now = this.#now();
    let b = this.#buckets.get(user);
    if (!b) {
      b = { tokens: this.options.burst, at: now, suppressed: 0, summary: undefined, timer: undefined };
      this.#buckets.set(user, b);
    }
    const earned = Math.floor((now - b.at) / this.options.refillMs);
    if (earned > 0) {
      b.tokens = Math.min(this.options.burst, b.tokens + earned);
      b.at = b.tokens === this.options.burst ? now : b.at + earned * this.options.refillMs;
    }
    return b;
  }

  /**
   * Writes `entry` for `user` if their budget allows, else counts it; `summary(n)` words the line
   * that later stands for n lines left out. Answers whether the line was written.
   */
  async append(user: string, entry: HwLogEntry, summary: (n: number) => HwLogEntry): Promise<boolean> {
    const b = this.#bucket(user);
    if (b.tokens < 1) {
      b.suppressed += 1;
      b.summary = summary;
      b.timer ??= setTimeout(() => void this.#flushOne(user), this.options.refillMs).unref();
      return false;
    }
    b.tokens -= 1;
    const lines = [...this.#takeSummary(b), entry];
    await appendHwLog(this.#db, lines);
    return true;
  }

  #takeSummary(b: Bucket): HwLogEntry[] {
    if (b.timer) clearTimeout(b.timer);
    b.timer = undefined;
    if (b.suppressed === 0 || !b.summary) return [];
    const line = b.summary(b.suppressed);
    b.suppressed = 0;
    b.summary = undefined;
    return [line];
  }

  async #flushOne(user: string): Promise<void> {
    const b = this.#buckets.get(user);
    if (!b) return;
    const lines = this.#takeSummary(b);
    if (b.tokens >= this.options.burst) this.#buckets.delete(user);
    if (lines.length === 0) return;
    await appendHwLog(this.#db, lines).catch((err: unknown) =>
      this.#log.error({ err, user }, 'hardware-log summary not written'),
    );
  }

  /** Writes every pending summary now (server closing; tests). */
  async flush(): Promise<void> {
    await Promise.all([...this.#buckets.keys()].map((user) => this.#flushOne(user)));
  }
}
