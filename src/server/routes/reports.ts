// GET /api/reports/day, /api/reports/suspicious and /api/reports/export/{day|suspicious} (docs/dev/product-rules.md#calls
// Reports) for ?startDate&endDate (yyyy-mm-dd, docs/dev/product-rules.md#constants): lab days 06:00:00–05:59:59 in
// LAB_TIMEZONE, restricted to the campaign. The dates follow docs/dev/product-rules.md#field-rules's rules and messages (400).
// The PDF is the report's lines as a table, rendered off the event loop like the list PDFs.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import { apiErrorSchema } from '../../domain/auth';
import { formatLabDate, formatLabDateTime, labNow, labToday } from '../../domain/datetime';
import {
  dayReportsResponseSchema,
  REPORT_TYPES,
  reportQuerySchema,
  suspiciousReportsResponseSchema,
  type ReportType,
} from '../../domain/entities/report';
import { NO_DATA_AVAILABLE } from '../../domain/messages';
import { labDaySpan, REPORT_PDF_MAX_LINES, reportFileName, reportPdfTooLarge } from '../../domain/reports';
import { checkDateRange } from '../../domain/rules/dateRange';
import { userOf } from '../auth/plugin';
import { HttpError } from '../http/errors';
import { longRange } from '../http/heavyReads';
import { CONTENT_TYPES } from '../exports/formats';
import { buildDayReport, buildSuspiciousReport, type ReportRange } from '../services/reports';

const description =
  'Lab days 06:00:00 to 05:59:59 of the next date (LAB_TIMEZONE wall clock), restricted to the campaign. startDate is required; endDate defaults to it; a start in the future or an end after tomorrow, an end before the start and unreadable dates answer 400 with the spec message.';

const TITLES: Record<ReportType, string> = { day: 'Day Report', suspicious: 'Suspicious Report' };

export const reportRoutes = async (parent: FastifyInstance): Promise<void> => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['reports'], security: [{ bearerAuth: [] }], description, querystring: reportQuerySchema };
  /** A report of more than a week of lab days is a heavy read (http/heavyReads.ts). */
  const config = {
    heavyRead: longRange((request) => {
      const q = request.query as z.infer<typeof reportQuerySchema>;
      return { start: q.startDate, end: q.endDate };
    }),
  };

  /** The checked range, or the 400 answer sent. */
  const rangeOf = (query: z.infer<typeof reportQuerySchema>): ReportRange => {
    const r = checkDateRange(query.startDate, query.endDate, labToday(Temporal.Now.instant(), app.config.timezone));
    if (!r.ok) throw new HttpError(400, r.message, [r.message]);
    return { start: r.start, end: r.end ?? r.start };
  };

  app.get(
    '/api/reports/day',
    {
      config,
      schema: {
        ...common,
        summary: 'Day report: per lab day samples received, analyses done, value statistics, out-of-limit count',
        response: { 200: dayReportsResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => buildDayReport(app.db, rangeOf(request.query)),
  );

  app.get(
    '/api/reports/suspicious',
    {
      config,
      schema: {
        ...common,
        summary: 'Suspicious report: one line per sample with an out-of-limit value, inconsistent weights, disagreeing repeats or no analysis after a day',
        response: { 200: suspiciousReportsResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => buildSuspiciousReport(app.db, rangeOf(request.query), app.config.timezone),
  );

  const render = async (type: ReportType, range: ReportRange, user: string, reply: FastifyReply) => {
    const lines =
      type === 'day'
        ? (await buildDayReport(app.db, range)).dayReports
        : (await buildSuspiciousReport(app.db, range, app.config.timezone)).suspiciousReports;
    if (lines.length > REPORT_PDF_MAX_LINES) {
      const message = reportPdfTooLarge(lines.length);
      return reply.code(400).send({ message, errors: [message] });
    }
    let release: () => void;
    try {
      release = app.pdfRenders.take(user);
    } catch (err) {
      // Sent directly: the error handler would replace a 5xx message, and the client shows this one.
      if (err instanceof HttpError && err.statusCode === 503) return reply.code(503).send({ message: err.message });
      throw err;
    }
    try {
      const start = formatLabDate(range.start);
      const end = formatLabDate(range.end);
      const span = labDaySpan(range.start, range.end);
      const body = await app.pdfRenders.render({
        title: TITLES[type],
        subtitle: [
          `Lab days ${start} to ${end} (${span.from} – ${span.to})`,
          `Created ${formatLabDateTime(labNow(Temporal.Now.instant(), app.config.timezone))} · ${lines.length} lines`,
        ],
        columns: [{ header: TITLES[type] }],
        rows: lines.length ? lines.map((l) => [l.line]) : [[NO_DATA_AVAILABLE]],
      });
      return reply
        .type(CONTENT_TYPES.pdf)
        .header('content-disposition', `attachment; filename="${reportFileName(type, start, end)}"`)
        .send(body);
    } finally {
      release();
    }
  };

  app.get(
    '/api/reports/export/:type',
    {
      config,
      schema: {
        ...common,
        summary: `The day or suspicious report as PDF (at most ${REPORT_PDF_MAX_LINES} lines, 400 above); the file name is in content-disposition`,
        params: z.object({ type: z.enum(REPORT_TYPES) }),
        response: { 400: apiErrorSchema, 401: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => render(request.params.type, rangeOf(request.query), userOf(request).email, reply),
  );
};
