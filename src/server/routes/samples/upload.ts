// POST /api/samples/upload (spec §7, admin): multipart with one field `file`, a CSV in the layout of
// docs/sample-import.md. The multipart parser is registered in this plugin's own scope, so its limits
// (one file, 5 MB) apply here and nowhere else.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../domain/auth';
import { sampleImportSummarySchema } from '../../../domain/entities/sample';
import { fileNotImported } from '../../../domain/messages';
import { requireAdmin, userOf } from '../../auth/plugin';
import { HttpError } from '../../http/errors';
import { hasImportExtension, importSamples, MAX_IMPORT_BYTES } from '../../services/samples-import';

export const UPLOAD_FIELD = 'file';
export const NO_FILE = `The request holds no file in the field "${UPLOAD_FIELD}"`;
export const WRONG_TYPE = 'Only .csv and .txt files can be imported';
export const MALFORMED = 'The upload is not a well-formed multipart/form-data request';
export const TOO_LARGE = `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`;

/** The name as sent, without any folder part or control characters, for messages only. */
const displayName = (name: string | undefined): string =>
  [...((name ?? '').split(/[\\/]/).pop() ?? '')]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .slice(0, 200);

const isTooLarge = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * The uploaded file's name and bytes. A body that is not well-formed multipart (no boundary, cut
 * off) is the client's fault: 400, not the parser's 500.
 */
const receiveFile = async (request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> => {
  let name = '';
  try {
    const part = await request.file();
    if (!part || part.fieldname !== UPLOAD_FIELD) {
      part?.file.resume();
      throw new HttpError(400, NO_FILE);
    }
    name = displayName(part.filename);
    if (!hasImportExtension(name)) {
      // Drain the stream so the request ends cleanly; the content is not looked at.
      part.file.resume();
      throw new HttpError(400, fileNotImported(name), [WRONG_TYPE]);
    }
    return { name, bytes: await part.toBuffer() };
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (isTooLarge(err)) throw new HttpError(413, fileNotImported(name), [TOO_LARGE]);
    request.log.info({ err }, 'malformed multipart upload');
    throw new HttpError(400, name ? fileNotImported(name) : NO_FILE, [MALFORMED]);
  }
};

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
