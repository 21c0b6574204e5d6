// GET /api/logs/{date} and GET /api/logs/{startDate}/{endDate} (docs/dev/product-rules.md#calls Logs): the hardware-log
// lines of those calendar days, ID descending, a page of at most `limit` lines at a time (?limit,
// ?before=<the previous page's nextBefore>; the Logs page loads more on request). The dates follow
// docs/dev/product-rules.md#field-rules's rules with their messages (400); "today" is the lab's (LAB_TIMEZONE).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import { apiErrorSchema } from '../../domain/auth';
import { labToday } from '../../domain/datetime';
import { LOG_PAGE_SIZE, logsQuerySchema, logsResponseSchema, type LogsQuery } from '../../domain/entities/log';
import { calendarDaySpan } from '../../domain/reports';
import { checkDateRange } from '../../domain/rules/dateRange';
import { hwLogPageJson } from '../repositories/hw-log-reads';
import { longRange } from '../http/heavyReads';

const response = { 200: logsResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema };
const description =
  'Calendar days 00:00:00–23:59:59 of the lab clock. Dates yyyy-mm-dd; a start is required, it may not lie in the future nor the end after tomorrow, and the end may not precede the start (400 with the message). ' +
  `At most limit (default and largest ${LOG_PAGE_SIZE}) lines per answer, ID descending; nextBefore is the before of the next page, null on the last; totalItems counts the whole range.`;

export const logRoutes = async (parent: FastifyInstance): Promise<void> => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['logs'], security: [{ bearerAuth: [] }], description, response, querystring: logsQuerySchema };

  const answer = async (reply: FastifyReply, start: string, end: string | undefined, page: LogsQuery) => {
    const range = checkDateRange(start, end, labToday(Temporal.Now.instant(), app.config.timezone));
    if (!range.ok) return reply.code(400).send({ message: range.message, errors: [range.message] });
    const body = await hwLogPageJson(app.db, calendarDaySpan(range.start, range.end ?? range.start), page);
    // Already JSON text (repositories/hw-log-reads.ts): sent as it is, not serialised again.
    return reply.type('application/json; charset=utf-8').serializer((payload) => payload as string).send(body);
  };

  app.get(
    '/api/logs/:date',
    { schema: { ...common, summary: 'Hardware log of one day', params: z.object({ date: z.string() }) } },
    async (request, reply) => answer(reply, request.params.date, undefined, request.query),
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
    async (request, reply) => answer(reply, request.params.startDate, request.params.endDate, request.query),
  );
};
