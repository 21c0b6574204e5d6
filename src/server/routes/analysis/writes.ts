// POST /api/analysis, PUT and DELETE /api/analysis/{id} (spec §7, admin only). The body schema is
// the route's contract (and OpenAPI document); validation failures are not answered by Fastify at
// once (attachValidation) because the service checks the body again together with the rules that
// need the database — the limits and the sample — and answers one 400 listing every failing field.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../domain/auth';
import {
  analysisUpdateSchema,
  analysisWriteResultSchema,
  analysisWriteSchema,
} from '../../../domain/entities/analysis';
import { requireAdmin, userOf } from '../../auth/plugin';
import { SECURITY, WRITE_ERRORS } from '../contract';
import { aIdNumber, aIdParams } from '../params';
import { createAnalysis, deleteAnalysis, updateAnalysis } from '../../services/analysis-writes';

const errors = WRITE_ERRORS;

export const analysisWriteRoutes = async (parent: FastifyInstance): Promise<void> => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ['analysis'];
  const security = SECURITY;

  app.post(
    '/api/analysis',
    {
      preHandler: requireAdmin,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Create an analysis of an existing sample (admin); 201 with the new aId',
        body: analysisWriteSchema,
        response: { 201: analysisWriteResultSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const result = await createAnalysis(app.db, userOf(request).email, request.body as unknown);
      return reply.code(201).send(result);
    },
  );

  app.put(
    '/api/analysis/:id',
    {
      preHandler: requireAdmin,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary:
          'Update the editable columns of an analysis (admin); 409 when its version is no longer the one sent',
        params: aIdParams,
        body: analysisUpdateSchema,
        response: { 200: analysisWriteResultSchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      // attachValidation also covers the path; Fastify stops at the first failing part, so a bad id
      // is answered as it is, before the body is judged.
      if (request.validationError?.validationContext === 'params') throw request.validationError;
      return updateAnalysis(
        app.db,
        userOf(request).email,
        aIdNumber(request.params.id),
        request.body as unknown,
      );
    },
  );

  app.delete(
    '/api/analysis/:id',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        security,
        summary: 'Delete an analysis (admin)',
        params: aIdParams,
        response: { 200: analysisWriteResultSchema, ...errors, 404: apiErrorSchema },
      },
    },
    async (request) => deleteAnalysis(app.db, userOf(request).email, aIdNumber(request.params.id)),
  );
};
