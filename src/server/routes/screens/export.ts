// GET /api/screens/{scrId}/export/{xlsx|zft} (docs/dev/product-rules.md#calls): the file itself, named in
// content-disposition. ZFT flags what it exports (docs/dev/architecture.md#domain-decisions): admins only.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../domain/auth';
import { requireAdmin, userOf } from '../../auth/plugin';
import { labStamp } from '../../exports/stamp';
import { CONTENT_TYPES } from '../../exports/formats';
import { screenXlsx, screenZft } from '../../services/screen-exports';
import { READ_ERRORS, SECURITY } from '../contract';
import { scrIdParams } from './params';

export const SCREEN_EXPORT_TYPES = ['xlsx', 'zft'] as const;
const params = scrIdParams.extend({ type: z.enum(SCREEN_EXPORT_TYPES) });

export const screenExportRoutes = async (parent: FastifyInstance): Promise<void> => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/screens/:scrId/export/:type',
    {
      schema: {
        tags: ['screens'],
        security: SECURITY,
        summary:
          "The screen's items with their latest analyses: xlsx (anyone) or zft (admin; flags the exported analyses X, leaves out those flagged already; 422 when none is left)",
        params,
        response: {
          200: z.unknown().describe('the file: a binary attachment named in content-disposition'),
          ...READ_ERRORS,
          403: apiErrorSchema,
          404: apiErrorSchema,
          422: apiErrorSchema,
        },
      },
      preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
        if ((request.params as { type?: string }).type === 'zft') await requireAdmin(request, reply);
      },
    },
    async (request, reply) => {
      const { scrId, type } = request.params;
      const stamp = labStamp(app.config.timezone);
      const file =
        type === 'xlsx'
          ? await screenXlsx(app.db, scrId, stamp)
          : await screenZft(app.db, scrId, userOf(request).email, stamp);
      return reply
        .type(CONTENT_TYPES[type])
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.bytes);
    },
  );
};
