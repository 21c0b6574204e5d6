// Failed sign-ins per client address and email in a fixed window. Only failures count, so a lab
// PC signing in many times a day (and the e2e suite) is never locked out, while guessing one
// account's password stops after a few tries. In memory, per instance: with several instances
// behind a proxy an attacker gets `maxFailures` per instance, which still bounds guessing.
export interface SignInLimits {
  /** Failures allowed in one window; the next attempt answers 429. */
  maxFailures: number;
  windowMs: number;
}

export const DEFAULT_SIGNIN_LIMITS: SignInLimits = { maxFailures: 10, windowMs: 60_000 };

/** Beyond this many tracked keys the oldest are dropped, so a flood of emails cannot grow memory. */
const MAX_KEYS = 10_000;

interface Entry {
  failures: number;
  windowEnds: number;
}

export class SignInLimiter {
  readonly #limits: SignInLimits;
  readonly #now: () => number;
  readonly #entries = new Map<string, Entry>();

  constructor(limits: SignInLimits = DEFAULT_SIGNIN_LIMITS, now: () => number = Date.now) {
    this.#limits = limits;
    this.#now = now;
  }

  static key(ip: string, email: string): string {
    return `${ip}|${email.trim().toLowerCase()}`;
  }

  /**
   * Registers an attempt. Returns 0 when it may proceed, else the seconds until the key may try
   * again. The attempt counts as a failure until `succeed` clears it, so parallel guesses fired
   * before any of them is answered are counted too.
   */
  attempt(key: string): number {
    const entry = this.#live(key);
    if (entry && entry.failures >= this.#limits.maxFailures) return Math.max(1, Math.ceil((entry.windowEnds - this.#now()) / 1000));
    if (entry) entry.failures++;
    else {
      if (this.#entries.size >= MAX_KEYS) this.#prune();
      this.#entries.set(key, { failures: 1, windowEnds: this.#now() + this.#limits.windowMs });
    }
    return 0;
  }

  succeed(key: string): void {
    this.#entries.delete(key);
  }

  #live(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry && entry.windowEnds <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  #prune(): void {
    const now = this.#now();
    for (const [key, entry] of this.#entries) if (entry.windowEnds <= now) this.#entries.delete(key);
    // Map iteration is insertion order: what remains first is oldest.
    for (const key of this.#entries.keys()) {
      if (this.#entries.size < MAX_KEYS) break;
      this.#entries.delete(key);
    }
  }
}
