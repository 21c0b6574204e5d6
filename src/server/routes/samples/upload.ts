// POST /api/samples/upload (docs/dev/product-rules.md#calls, admin): multipart with one field `file`, a CSV in the layout of
// docs/sample-import.md. The multipart parser is registered in this plugin's own scope, so its limits
// (one file, 5 MB) apply here and nowhere else.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../domain/auth';
import { sampleImportSummarySchema } from '../../../domain/entities/sample';
import { requireAdmin, userOf } from '../../auth/plugin';
import { HttpError } from '../../http/errors';
import { MALFORMED, NO_FILE, UPLOAD_FIELD, WRONG_TYPE, receiveUpload, tooLarge } from '../../http/upload';
import { hasImportExtension, importSamples, MAX_IMPORT_BYTES } from '../../services/samples-import';

export const TOO_LARGE = tooLarge(MAX_IMPORT_BYTES);
export { MALFORMED, NO_FILE, UPLOAD_FIELD, WRONG_TYPE };

const receiveFile = (request: FastifyRequest) =>
  receiveUpload(request, { accepts: hasImportExtension, maxBytes: MAX_IMPORT_BYTES });

export const sampleUploadRoutes = async (parent: FastifyInstance): Promise<void> => {
  await parent.register(fastifyMultipart, {
    limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, parts: 20 },
    throwFileSizeLimit: true,
  });
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/samples/upload',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['samples'],
        security: [{ bearerAuth: [] }],
        summary: 'Import samples from a CSV file (admin): all rows or none',
        consumes: ['multipart/form-data'],
        response: {
          200: sampleImportSummarySchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          413: apiErrorSchema,
        },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new HttpError(400, NO_FILE);
      const { name, bytes } = await receiveFile(request);
      return importSamples(app.db, userOf(request).email, name, bytes);
    },
  );
};
