// A file upload (multipart, one field `file`): the samples and screens imports take their file the
// same way. The route registers @fastify/multipart with its own limits in its own scope; this reads
// the one file, refuses a name the import does not take, and answers a malformed body with 400.
import type { FastifyRequest } from 'fastify';
import { fileNotImported } from '../../domain/messages';
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

