// GET /api/logs/{date} and GET /api/logs/{startDate}/{endDate} (spec §7 Logs): every hardware-log
// line of those calendar days, ID descending, on one page. The dates follow spec §5's rules with
// their messages (400); "today" is the lab's (LAB_TIMEZONE).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import { apiErrorSchema } from '../../domain/auth';
import { labToday } from '../../domain/datetime';
import { logsResponseSchema } from '../../domain/entities/log';
import { calendarDaySpan } from '../../domain/reports';
import { checkDateRange } from '../../domain/rules/dateRange';
import { hwLogJson } from '../repositories/hw-log-reads';
import { longRange } from '../http/heavyReads';

const response = { 200: logsResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema };
const description =
  'Calendar days 00:00:00–23:59:59 of the lab clock. Dates yyyy-mm-dd; a start is required, it may not lie in the future nor the end after tomorrow, and the end may not precede the start (400 with the message).';

export const logRoutes = async (parent: FastifyInstance): Promise<void> => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['logs'], security: [{ bearerAuth: [] }], description, response };

  const answer = async (reply: FastifyReply, start: string, end: string | undefined) => {
    const range = checkDateRange(start, end, labToday(Temporal.Now.instant(), app.config.timezone));
    if (!range.ok) return reply.code(400).send({ message: range.message, errors: [range.message] });
    const body = await hwLogJson(app.db, calendarDaySpan(range.start, range.end ?? range.start));
    // Already JSON text (repositories/hw-log-reads.ts): sent as it is, not serialised again.
    return reply.type('application/json; charset=utf-8').serializer((payload) => payload as string).send(body);
  };

  app.get(
    '/api/logs/:date',
    { schema: { ...common, summary: 'Hardware log of one day', params: z.object({ date: z.string() }) } },
    async (request, reply) => answer(reply, request.params.date, undefined),
  );
  app.get(
    '/api/logs/:startDate/:endDate',
    {
      config: {
        heavyRead: longRange((request) => {
          const p = request.params as { startDate: string; endDate: string };
          return { start: p.startDate, end: p.endDate };
        }),
      },
      schema: {
        ...common,
        summary: 'Hardware log of a range of days',
        params: z.object({ startDate: z.string(), endDate: z.string() }),
      },
    },
    async (request, reply) => answer(reply, request.params.startDate, request.params.endDate),
  );
};
