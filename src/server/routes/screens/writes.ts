// POST /api/screens, PUT and DELETE /api/screens/{scrId} (docs/dev/product-rules.md#calls, admin only), built by
// routes/recordWrites.ts, and Transfer ScreenNames (POST /api/screens/transfer/{scrId}).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../domain/auth';
import {
  screenTransferResultSchema,
  screenUpdateSchema,
  screenWriteResultSchema,
  screenWriteSchema,
} from '../../../domain/entities/screen';
import { requireAdmin, userOf } from '../../auth/plugin';
import { createScreen, deleteScreen, transferScreenNames, updateScreen } from '../../services/screens';
import { SECURITY, WRITE_ERRORS } from '../contract';
import { recordWriteRoutes } from '../recordWrites';
import { scrIdParams } from './params';

export const screenWriteRoutes = async (parent: FastifyInstance): Promise<void> => {
  recordWriteRoutes(parent, {
    tag: 'screens',
    collection: '/api/screens',
    item: '/api/screens/:scrId',
    params: scrIdParams,
    create: {
      summary: 'Create a screen (admin); 201 with its scrId, 409 when the screen number exists',
      body: screenWriteSchema,
      result: screenWriteResultSchema,
      run: createScreen,
    },
    update: {
      summary: 'Update a screen (admin); 409 when its version is no longer the one sent or the number is taken',
      body: screenUpdateSchema,
      result: screenWriteResultSchema,
      run: (db, actor, params, body) => updateScreen(db, actor, params.scrId, body),
    },
    remove: {
      summary: 'Delete a screen and its items (admin)',
      result: screenWriteResultSchema,
      run: (db, actor, params) => deleteScreen(db, actor, params.scrId),
    },
  });

  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/screens/transfer/:scrId',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['screens'],
        security: SECURITY,
        summary:
          "Transfer ScreenNames (admin): each item's name becomes its sample's name (the item's stamp, or every stamp of the sId); answers how many samples changed",
        params: scrIdParams,
        response: { 200: screenTransferResultSchema, ...WRITE_ERRORS, 404: apiErrorSchema },
      },
    },
    async (request) => transferScreenNames(app.db, userOf(request).email, request.params.scrId),
  );
};
