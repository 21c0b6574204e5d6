// POST /api/samples, PUT and DELETE /api/samples/{sId}/{sStamp} (spec §7, admin only). As on the
// analysis writes, body validation is attached rather than answered so that the service can list the
// zod rules' messages together with the limit checks in one 400.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../domain/auth';
import {
  sampleUpdateSchema,
  sampleWriteResultSchema,
  sampleWriteSchema,
} from '../../../domain/entities/sample';
import { requireAdmin, userOf } from '../../auth/plugin';
import { SECURITY, WRITE_ERRORS } from '../contract';
import { sampleKeyParams } from '../params';
import { createSample, deleteSample, updateSample } from '../../services/samples-writes';

const sampleDeleteResultSchema = sampleWriteResultSchema.extend({
  removed: z.object({ analyses: z.number().int(), boxPositions: z.number().int() }),
});

const errors = WRITE_ERRORS;

export const sampleWriteRoutes = async (parent: FastifyInstance): Promise<void> => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ['samples'];
  const security = SECURITY;

  app.post(
    '/api/samples',
    {
      preHandler: requireAdmin,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Create a sample (admin); 409 when its sId and sStamp exist',
        body: sampleWriteSchema,
        response: { 201: sampleWriteResultSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createSample(app.db, userOf(request).email, request.body as unknown)),
  );

  app.put(
    '/api/samples/:sId/:sStamp',
    {
      preHandler: requireAdmin,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary:
          'Update a sample (admin); a new sId or sStamp moves its analyses and box position along; 409 when its version is no longer the one sent',
        params: sampleKeyParams,
        body: sampleUpdateSchema,
        response: { 200: sampleWriteResultSchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      // Fastify stops at the first failing part: a bad key is answered before the body is judged.
      if (request.validationError?.validationContext === 'params') throw request.validationError;
      return updateSample(app.db, userOf(request).email, request.params, request.body as unknown);
    },
  );

  app.delete(
    '/api/samples/:sId/:sStamp',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        security,
        summary: 'Delete a sample with its analyses and box position, in one transaction (admin)',
        params: sampleKeyParams,
        response: { 200: sampleDeleteResultSchema, ...errors, 404: apiErrorSchema },
      },
    },
    async (request) => deleteSample(app.db, userOf(request).email, request.params),
  );
};
