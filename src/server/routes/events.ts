// GET /api/events: the change events as server-sent events (docs/dev/architecture.md#change-events).
// Token-checked like every route (the browser reads it with fetch and its bearer header; EventSource
// cannot send one); a reconnect sends Last-Event-ID and resumes from it or is told to reload.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { userOf } from '../auth/plugin';
import { HttpError } from '../http/errors';
import { HEARTBEAT_MS, runStream } from '../events/stream';
import type { ChangeHub } from '../events/hub';
import { READ_ERRORS, SECURITY } from './contract';

export interface EventRouteOptions {
  hub: ChangeHub;
  heartbeatMs?: number;
}

/** 'Last-Event-ID' when it is not an event id. */
export const BAD_LAST_EVENT_ID = 'Last-Event-ID must be an event id';

export const eventRoutes = async (app: FastifyInstance, options: EventRouteOptions): Promise<void> => {
  const streams = new Set<() => void>();
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
        response: READ_ERRORS,
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const lastId = request.headers['last-event-id'];
      if (lastId !== undefined && !/^\d{1,18}$/.test(String(lastId))) throw new HttpError(400, BAD_LAST_EVENT_ID);
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
        res.on('close', () => streams.delete(end));
        if (res.destroyed || res.writableEnded) end();
      } catch (err) {
        request.log.error({ err }, 'event stream failed');
        res.end();
      }
    },
  );
};
