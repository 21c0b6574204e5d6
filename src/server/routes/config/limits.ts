// GET /api/config/limits, GET and PUT /api/config/limits/{name} (docs/dev/product-rules.md#calls; PUT admin only).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../domain/auth';
import { configNameSchema } from '../../../domain/rules/fields';
import { limitSchema, limitsResponseSchema, limitWriteSchema } from '../../../domain/entities/limit';
import { requireAdmin, userOf } from '../../auth/plugin';
import { getLimit, listLimits, updateLimit } from '../../services/limits';

const nameParams = z.object({ name: configNameSchema });

export const limitRoutes = async (parent: FastifyInstance): Promise<void> => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ['config'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/api/config/limits',
    {
      schema: {
        tags,
        security,
        summary: 'All value limits',
        response: { 200: limitsResponseSchema, 401: apiErrorSchema },
      },
    },
    async () => ({ limits: await listLimits(app.db) }),
  );

  app.get(
    '/api/config/limits/:name',
    {
      schema: {
        tags,
        security,
        summary: 'One value limit',
        params: nameParams,
        response: { 200: limitSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getLimit(app.db, request.params.name),
  );

  app.put(
    '/api/config/limits/:name',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        security,
        summary:
          'Change a value limit (admin); answers the limit as stored; 409 when its version is no longer the one sent',
        params: nameParams,
        body: limitWriteSchema,
        response: {
          200: limitSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => updateLimit(app.db, userOf(request).email, request.params.name, request.body),
  );
};
