// GET /api/config/settings and PUT /api/config/settings/{name} (docs/dev/product-rules.md#calls; PUT admin only).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../domain/auth';
import { configNameSchema } from '../../../domain/rules/fields';
import { settingSchema, settingsResponseSchema, settingWriteSchema } from '../../../domain/entities/setting';
import { requireAdmin, userOf } from '../../auth/plugin';
import { listSettings, updateSetting } from '../../services/settings';

const nameParams = z.object({ name: configNameSchema });

export const settingRoutes = async (parent: FastifyInstance): Promise<void> => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ['config'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/api/config/settings',
    {
      schema: {
        tags,
        security,
        summary: 'All settings; the campaign carries start and end',
        response: { 200: settingsResponseSchema, 401: apiErrorSchema },
      },
    },
    async () => ({ settings: await listSettings(app.db) }),
  );

  app.put(
    '/api/config/settings/:name',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        security,
        summary:
          'Change a setting (admin); campaign dates without time are completed; 409 when its version is no longer the one sent',
        params: nameParams,
        body: settingWriteSchema,
        response: {
          200: settingSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => updateSetting(app.db, userOf(request).email, request.params.name, request.body),
  );
};
