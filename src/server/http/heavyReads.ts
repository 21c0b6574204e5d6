// Admission of heavy reads (issue 29 item 7): whole-range reports and their PDFs, list pages and
// lists of thousands of rows, hardware-log ranges of many days. One such read can keep the database
// busy for seconds — on embedded PGlite, which runs every statement of the server one after the
// other on its one backend, everyone waits behind it. So heavy reads run at most `perUser` per user
// and `total` in all at once; past that the request is answered 503 with the spec's busy message
// (docs/dev/product-rules.md#messages) at once, before it reaches the database. Light requests (the 25-row page, one record,
// a two-day report) are never counted nor refused.
//
// A route declares itself heavy in its options — `config: { heavyRead: heavyWhen(...) }` — and one
// app-wide hook pair takes the slot (preHandler, after authentication and validation, so the query
// is parsed) and gives it back when the answer is sent or the request is aborted.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { SERVER_BUSY } from '../../domain/messages';

export interface HeavyReadLimits {
  /** Heavy reads of one user at once. */
  perUser: number;
  /** Heavy reads of everyone at once, in this process. */
  total: number;
}

/**
 * One heavy read per user. In all: one at a time on PGlite (a second one would only queue behind
 * the first on its single backend and hold the light requests queued between them), two on
 * PostgreSQL, where they run on their own connections beside the light ones (bench/heavy.ts).
 */
export const DEFAULT_HEAVY_READ_LIMITS = {
  pglite: { perUser: 1, total: 1 },
  postgres: { perUser: 1, total: 2 },
} as const satisfies Record<string, HeavyReadLimits>;

/** A list page or list of more rows than this is heavy: 5,000, 10,000 and 15,000 (docs/dev/product-rules.md#constants sizes). */
export const HEAVY_ROWS_ABOVE = 1000;
/** A report or log range of more days than this is heavy; the default (yesterday to today) is not. */
export const HEAVY_DAYS_ABOVE = 7;

/** Whether this request is heavy; given the parsed request (query and params validated). */
export type HeavyReadRule = (request: FastifyRequest) => boolean;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Heavy read admission (http/heavyReads.ts): true, or a rule on the parsed request. */
    heavyRead?: boolean | HeavyReadRule;
  }
  interface FastifyInstance {
    heavyReads: HeavyReads;
  }
}

/** `size` query parameter above HEAVY_ROWS_ABOVE (a list view's page). */
export const bigPage: HeavyReadRule = (request) => {
  const size = Number((request.query as { size?: unknown } | undefined)?.size ?? 0);
  return size > HEAVY_ROWS_ABOVE;
};

/** Calendar days from `start` to `end` (yyyy-mm-dd, as validated by the route), inclusive; 1 without an end. */
export const daySpan = (start: unknown, end: unknown): number => {
  const from = Date.parse(`${String(start)}T00:00:00Z`);
  const to = end === undefined || end === null || end === '' ? from : Date.parse(`${String(end)}T00:00:00Z`);
  // Unparseable dates are refused by the route itself (400), which is not heavy.
  if (!Number.isFinite(from) || !Number.isFinite(to)) return 0;
  return Math.round((to - from) / 86_400_000) + 1;
};

/** A date range of more than HEAVY_DAYS_ABOVE days, read by `pick` from the request. */
export const longRange =
  (pick: (request: FastifyRequest) => { start: unknown; end: unknown }): HeavyReadRule =>
  (request) => {
    const { start, end } = pick(request);
    return daySpan(start, end) > HEAVY_DAYS_ABOVE;
  };

export class HeavyReads {
  limits: HeavyReadLimits;
  readonly #byUser = new Map<string, number>();
  #total = 0;
  /** Requests refused since start (tests, and the operator's log). */
  refused = 0;

  constructor(limits: HeavyReadLimits) {
    this.limits = { ...limits };
  }

  get running(): number {
    return this.#total;
  }

  /** A slot for `user`, released by the returned function (once); undefined when none is free. */
  tryTake(user: string): (() => void) | undefined {
    const mine = this.#byUser.get(user) ?? 0;
    if (this.#total >= this.limits.total || mine >= this.limits.perUser) {
      this.refused += 1;
      return undefined;
    }
    this.#total += 1;
    this.#byUser.set(user, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#total -= 1;
      const left = (this.#byUser.get(user) ?? 1) - 1;
      if (left > 0) this.#byUser.set(user, left);
      else this.#byUser.delete(user);
    };
  }
}

const RELEASE = Symbol('heavyReadRelease');
type WithRelease = FastifyRequest & { [RELEASE]?: () => void };

const isHeavy = (request: FastifyRequest): boolean => {
  const rule = request.routeOptions.config.heavyRead;
  return typeof rule === 'function' ? rule(request) : rule === true;
};

export interface HeavyReadOptions {
  limits?: Partial<HeavyReadLimits>;
  /** Which database the defaults are for. */
  kind: keyof typeof DEFAULT_HEAVY_READ_LIMITS;
}

const heavyReads = async (app: FastifyInstance, options: HeavyReadOptions): Promise<void> => {
  const limiter = new HeavyReads({ ...DEFAULT_HEAVY_READ_LIMITS[options.kind], ...options.limits });
  app.decorate('heavyReads', limiter);
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.user || !isHeavy(request)) return;
    const release = limiter.tryTake(request.user.email);
    if (!release) {
      request.log.info({ user: request.user.email, route: request.routeOptions.url }, 'heavy read refused: busy');
      // Sent directly: the error handler would replace a 5xx message, and the client shows this one.
      return reply.code(503).header('retry-after', '5').send({ message: SERVER_BUSY });
    }
    (request as WithRelease)[RELEASE] = release;
  });
  const release = async (request: FastifyRequest) => (request as WithRelease)[RELEASE]?.();
  // Given back when the last byte has left, not when the answer is handed over (onSend): on PGlite
  // the query runs on the server's own thread, so the next heavy read of a waiting client is only
  // read after the answer is built; freed at onSend it was always admitted, the heavy reads of 10
  // and 50 clients queued instead of being refused (p95 8.3 s), and the light requests after them
  // waited for the queue (a 2-day report: 0 answers in 10 s). The price: a client that sends its
  // next heavy read the moment the last byte arrives may find its slot still taken (3 of 46 one
  // after the other on PostgreSQL, npm run bench -- --load, 2026-11-27).
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
};

/** Not encapsulated (fastify-plugin): its hooks see every route of the app. */
export const heavyReadPlugin = fastifyPlugin(heavyReads, { name: 'labdesk-heavy-reads', fastify: '5.x' });
