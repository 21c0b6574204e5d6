// A file upload (multipart, one field `file`): the samples and screens imports take their file the
// same way, through one route shape (uploadRoutes). It registers @fastify/multipart with the
// import's limits in its own scope, reads the one file, refuses a name the import does not take,
// answers a malformed body with 400 and a file past the limit with 413, and hands the file to the
// import (admin only).
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { apiErrorSchema } from '../../domain/auth';
import { fileNotImported } from '../../domain/messages';
import { requireAdmin, userOf } from '../auth/plugin';
import type { Database } from '../db/database';
import { HttpError } from './errors';

export const UPLOAD_FIELD = 'file';
export const NO_FILE = `The request holds no file in the field "${UPLOAD_FIELD}"`;
export const WRONG_TYPE = 'Only .csv and .txt files can be imported';
export const MALFORMED = 'The upload is not a well-formed multipart/form-data request';
export const tooLarge = (bytes: number): string => `The file is larger than ${bytes / 1024 / 1024} MB`;

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
export const receiveUpload = async (
  request: FastifyRequest,
  rules: {
    /** Whether the import takes a file of this name (its extension). */
    accepts: (name: string) => boolean;
    /** The file size limit the route's multipart parser was registered with. */
    maxBytes: number;
  },
): Promise<{ name: string; bytes: Buffer }> => {
  let name = '';
  try {
    const part = await request.file();
    if (!part || part.fieldname !== UPLOAD_FIELD) {
      part?.file.resume();
      throw new HttpError(400, NO_FILE);
    }
    name = displayName(part.filename);
    if (!rules.accepts(name)) {
      // Drain the stream so the request ends cleanly; the content is not looked at.
      part.file.resume();
      throw new HttpError(400, fileNotImported(name), [WRONG_TYPE]);
    }
    return { name, bytes: await part.toBuffer() };
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (isTooLarge(err)) throw new HttpError(413, fileNotImported(name), [tooLarge(rules.maxBytes)]);
    request.log.info({ err }, 'malformed multipart upload');
    throw new HttpError(400, name ? fileNotImported(name) : NO_FILE, [MALFORMED]);
  }
};


/** One import's upload route: where, what it answers, which files it takes and what imports them. */
export interface UploadRoute<S extends z.ZodTypeAny> {
  url: string;
  tags: string[];
  summary: string;
  /** The file size limit (413 past it). */
  maxBytes: number;
  accepts: (name: string) => boolean;
  /** The 200 answer's schema. */
  result: S;
  importFile: (db: Kysely<Database>, actor: string, name: string, bytes: Buffer) => Promise<z.infer<S>>;
}

/** The plugin of an import's upload route; its multipart limits hold in its own scope only. */
export const uploadRoutes =
  <S extends z.ZodTypeAny>(route: UploadRoute<S>) =>
  async (parent: FastifyInstance): Promise<void> => {
    await parent.register(fastifyMultipart, {
      limits: { fileSize: route.maxBytes, files: 1, fields: 10, parts: 20 },
      throwFileSizeLimit: true,
    });
    // The zod compilers are the app's (the schema is checked as every route's is); the answer's
    // type is the import's own, so the handler is typed by it rather than by the provider.
    parent.post(
      route.url,
      {
        preHandler: requireAdmin,
        schema: {
          tags: route.tags,
          security: [{ bearerAuth: [] }],
          summary: route.summary,
          consumes: ['multipart/form-data'],
          response: {
            200: route.result,
            400: apiErrorSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
            413: apiErrorSchema,
          },
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw new HttpError(400, NO_FILE);
        const { name, bytes } = await receiveUpload(request, { accepts: route.accepts, maxBytes: route.maxBytes });
        return route.importFile(parent.db, userOf(request).email, name, bytes);
      },
    );
  };
