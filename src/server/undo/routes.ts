// POST /api/undo (docs/dev/architecture.md#undo): undo the caller's own last write, named by the change
// ids its answer carried (domain/undo.ts CHANGE_HEADER). Admin only, as every write.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../domain/auth';
import { undoRequestSchema, undoResultSchema } from '../../domain/undo';
import { requireAdmin, userOf } from '../auth/plugin';
import { SECURITY, WRITE_ERRORS } from '../routes/contract';
import { undoChanges } from './service';

export const undoRoutes = async (parent: FastifyInstance): Promise<void> => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/undo',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['undo'],
        security: SECURITY,
        summary:
          "Undo the caller's last write within 10 s: a compensating write from its audit before-images, all or nothing; 409 when a record changed since",
        body: undoRequestSchema,
        response: { 200: undoResultSchema, ...WRITE_ERRORS, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => undoChanges(app.db, userOf(request).email, request.body.changes),
  );
};
