// PUT /api/label/{zpl} (docs/dev/product-rules.md#calls Label): prints one label. Only the ZPL subset the client builds
// (domain/zpl.ts) within its length bound is forwarded (400 otherwise); 503 when no printer is
// configured; 502 when the printer cannot be reached, refuses or times out; 200 only once the
// printer has taken the bytes. Failures also go to the hardware log, where staff look first — at
// most a few per user and minute (repositories/hw-log-budget.ts), the rest counted in one line.
// The ZPL travels in the path as the spec has it; a wildcard route, because Fastify caps named
// path parameters at 100 characters and a label is longer.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../domain/auth';
import { LABEL_PRINTED } from '../../domain/messages';
import { LABEL_PRINT_MESSAGES } from '../../domain/rules/label';
import { isAllowedZpl } from '../../domain/zpl';
import { userOf } from '../auth/plugin';
import { DEFAULT_PRINTER_TIMEOUTS, PrinterError, sendToPrinter, type PrinterTimeouts } from '../printer/send';

export interface LabelRouteOptions {
  printerTimeouts?: PrinterTimeouts;
}

export const labelRoutes = async (parent: FastifyInstance, options: LabelRouteOptions = {}): Promise<void> => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const timeouts = options.printerTimeouts ?? DEFAULT_PRINTER_TIMEOUTS;

  app.put(
    '/api/label/*',
    {
      schema: {
        tags: ['label'],
        security: [{ bearerAuth: [] }],
        summary: 'Print one ZPL label on LAB_PRINTER (raw TCP)',
        description:
          'The path is the URL-encoded ZPL of one label as the Labels page builds it. 400: another command or too long; 503: no printer configured; 502: the printer could not be reached or did not take the label in time.',
        params: z.object({ '*': z.string() }),
        response: {
          200: z.object({ message: z.string() }),
          400: apiErrorSchema,
          401: apiErrorSchema,
          502: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const zpl = request.params['*'];
      if (!isAllowedZpl(zpl))
        return reply.code(400).send({ message: LABEL_PRINT_MESSAGES.foreignZpl, errors: [LABEL_PRINT_MESSAGES.foreignZpl] });
      const printer = app.config.printer;
      if (!printer) return reply.code(503).send({ message: LABEL_PRINT_MESSAGES.noPrinter });
      const where = `${printer.host}:${printer.port}`;
      try {
        await sendToPrinter(printer, zpl, timeouts);
      } catch (err) {
        if (!(err instanceof PrinterError)) throw err;
        const message = LABEL_PRINT_MESSAGES.unreachable(where, err.message);
        request.log.warn({ printer: where, reason: err.message }, 'label not printed');
        const user = userOf(request).email;
        await app.hwLogBudget.append(
          user,
          { level: 'ERROR', info: `Label printer ${where}: ${err.message}` },
          (n) => ({
            level: 'ERROR',
            info: `Label printer ${where}: ${n} more failed print${n === 1 ? '' : 's'} by ${user} not logged one by one`,
          }),
        );
        return reply.code(502).send({ message });
      }
      return { message: LABEL_PRINTED };
    },
  );
};
