// POST /api/screens/upload (docs/dev/product-rules.md#calls, admin): multipart with one field `file`, a screen file
// (docs/screens.md). The multipart parser is registered in this plugin's own scope with its limits.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../domain/auth';
import { screenUploadResultSchema } from '../../../domain/entities/screen';
import { requireAdmin, userOf } from '../../auth/plugin';
import { HttpError } from '../../http/errors';
import { NO_FILE, receiveUpload } from '../../http/upload';
import { importScreens } from '../../services/screens';
import { SECURITY } from '../contract';

/** 50,000 lines of a long screen file are about 2.5 MB. */
export const MAX_SCREEN_FILE_BYTES = 5 * 1024 * 1024;
const accepts = (name: string): boolean => /\.(csv|txt)$/i.test(name);

export const screenUploadRoutes = async (parent: FastifyInstance): Promise<void> => {
  await parent.register(fastifyMultipart, {
    limits: { fileSize: MAX_SCREEN_FILE_BYTES, files: 1, fields: 10, parts: 20 },
    throwFileSizeLimit: true,
  });
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/screens/upload',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['screens'],
        security: SECURITY,
        summary:
          'Import a screen file (admin): all of it or nothing; a bad file names each bad line and why; re-importing changes nothing',
        consumes: ['multipart/form-data'],
        response: {
          200: screenUploadResultSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          413: apiErrorSchema,
        },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new HttpError(400, NO_FILE);
      const { name, bytes } = await receiveUpload(request, { accepts, maxBytes: MAX_SCREEN_FILE_BYTES });
      return importScreens(app.db, userOf(request).email, name, bytes);
    },
  );
};
