// GET /api/events: the change events as server-sent events (docs/dev/architecture.md#change-events).
// Token-checked like every route (the browser reads it with fetch and its bearer header; EventSource
// cannot send one); a reconnect sends Last-Event-ID and resumes from it or is told to reload.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { EVENT_STREAM_MESSAGES } from '../../domain/events';
import { ACCOUNT_CHECK_TTL_MS, userOf } from '../auth/plugin';
import { bearerToken } from '../auth/tokens';
import { HttpError } from '../http/errors';
import { HEARTBEAT_MS, runStream } from '../events/stream';
import type { ChangeHub } from '../events/hub';
import { apiErrorSchema } from '../../domain/auth';
import { READ_ERRORS, SECURITY } from './contract';

/**
 * How many streams one instance keeps open, per account and in all. Each holds a socket and its
 * buffers (about 25 KB): without a bound, one valid token could open streams until the instance has
 * no file descriptor left for anyone. Past a bound the stream is refused with 429 and the page falls
 * back to its refresh timer (eventStream.machine's 'down'); a lab's workstations stay far below.
 */
export const STREAM_LIMITS = { perAccount: 50, total: 2_000 };

export interface EventRouteOptions {
  hub: ChangeHub;
  heartbeatMs?: number;
  limits?: Partial<typeof STREAM_LIMITS>;
  /** How often an open stream re-checks the token it was opened with (ACCOUNT_CHECK_TTL_MS). */
  recheckMs?: number;
}

export const eventRoutes = async (app: FastifyInstance, options: EventRouteOptions): Promise<void> => {
  const streams = new Set<() => void>();
  const limits = { ...STREAM_LIMITS, ...options.limits };
  /** Open streams in all and by account (the token's email). */
  let total = 0;
  const perAccount = new Map<string, number>();
  // Before the server stops accepting: open streams would otherwise hold its close forever.
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });
  app.get(
    '/api/events',
    {
      schema: {
        tags: ['events'],
        security: SECURITY,
        summary: 'Change events (text/event-stream); Last-Event-ID resumes',
        headers: z.object({ 'last-event-id': z.string().optional() }).passthrough(),
        response: { ...READ_ERRORS, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const lastId = request.headers['last-event-id'];
      if (lastId !== undefined && !/^\d{1,18}$/.test(String(lastId)))
        throw new HttpError(400, EVENT_STREAM_MESSAGES.badLastEventId);
      const account = user.email;
      const held = perAccount.get(account) ?? 0;
      if (held >= limits.perAccount) throw new HttpError(429, EVENT_STREAM_MESSAGES.tooManyForAccount);
      if (total >= limits.total) throw new HttpError(429, EVENT_STREAM_MESSAGES.tooManyForServer);
      // Counted from here (not once the stream runs): concurrent opens must not all slip past the bound.
      perAccount.set(account, held + 1);
      total += 1;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        total -= 1;
        const left = (perAccount.get(account) ?? 1) - 1;
        if (left > 0) perAccount.set(account, left);
        else perAccount.delete(account);
      };
      reply.raw.on('close', release);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.flushHeaders();
      try {
        const end = await runStream(res, {
          hub: options.hub,
          roles: user.roles,
          lastId: lastId === undefined ? undefined : String(lastId),
          heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS,
        });
        streams.add(end);
        // The token was checked once, at the open; the stream outlives it. It ends when the token
        // would no longer be let in: expired, or its account removed, given another role (what the
        // stream may carry was decided by the role) or a new password. The page then reconnects with
        // the token it has now, or is signed out.
        const token = bearerToken(request.headers.authorization) ?? '';
        const recheck = setInterval(() => {
          app.userOfToken(token).then(
            (now) => (now ? undefined : end()),
            () => undefined, // the database away: keep the stream; the next check decides
          );
        }, options.recheckMs ?? ACCOUNT_CHECK_TTL_MS);
        res.on('close', () => {
          clearInterval(recheck);
          streams.delete(end);
        });
        if (res.destroyed || res.writableEnded) end();
      } catch (err) {
        request.log.error({ err }, 'event stream failed');
        res.end();
      }
    },
  );
};
