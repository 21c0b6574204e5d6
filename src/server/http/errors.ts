// Error answers of the API (docs/dev/architecture.md#api-contract): `{message, errors?}`. Validation failures carry the
// zod issue messages, which are the spec's messages; 4xx keep their message; a 5xx never shows its
// cause to the client — the log has it.
import { posix } from 'node:path';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '../../domain/auth';
import { CHECK_LOGS } from '../../domain/messages';

export const HTTP_MESSAGES = {
  validation: 'Validation failed',
  unauthorized: 'Authentication required',
  invalidToken: 'Invalid or expired token',
  forbidden: 'This action needs the ADMIN role',
  notFound: 'Not found',
  internal: 'Internal server error',
} as const;

/** Throw from a handler or service to answer with that status and message. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: string[],
  ) {
    super(message);
  }
}

const statusOf = (err: FastifyError): number => {
  const status = err.statusCode;
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : 500;
};

/**
 * A database error of SQLSTATE class 22 "data exception" (a value the column or cast cannot take:
 * NUL in text, year 0, a numeric overflow, …). Such input is the client's error: the domain
 * schemas refuse what they know of, and whatever still reaches the database is a 400, not a 500 —
 * with the spec's words, never the database's ('integer out of range' names the column's type;
 * the log keeps the reason). PostgreSQL (pg) and PGlite report errors alike: `code` is the
 * SQLSTATE, `severity` is set.
 */
export const isDataException = (err: unknown): boolean => {
  if (!(err instanceof Error)) return false;
  const { code, severity } = err as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code) && typeof severity === 'string';
};

export const errorHandler = (
  err: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply => {
  if (
    hasZodFastifySchemaValidationErrors(err) ||
    (Array.isArray(err.validation) && err.validation.length > 0)
  ) {
    const errors = (err.validation ?? []).map((v) => v.message ?? 'Invalid value');
    request.log.info({ errors, context: err.validationContext }, 'request validation failed');
    return reply.code(400).send({ message: HTTP_MESSAGES.validation, errors } satisfies ApiErrorBody);
  }
  if (isDataException(err)) {
    request.log.info({ code: err.code, reason: err.message }, 'database refused a value');
    return reply
      .code(400)
      .send({ message: HTTP_MESSAGES.validation, errors: [CHECK_LOGS] } satisfies ApiErrorBody);
  }
  const status = isResponseSerializationError(err) ? 500 : statusOf(err);
  if (status >= 500) {
    request.log.error({ err }, 'request failed');
    return reply.code(status).send({ message: HTTP_MESSAGES.internal } satisfies ApiErrorBody);
  }
  const body: ApiErrorBody = { message: err.message || 'Request failed' };
  if (err instanceof HttpError && err.errors) body.errors = err.errors;
  return reply.code(status).send(body);
};

/**
 * Whether a URL reads as an /api path however it is spelled: percent-encoded (also twice), with
 * doubled slashes or backslashes, dot segments or in another case. Only for requests no route
 * matched (the not-found handler): such a path gets 401 without a token rather than the SPA shell
 * or a 404 that would tell a prober which /api paths exist. Matched routes are decided by their
 * own config (auth/plugin.ts).
 */
export const isApiPath = (url: string): boolean => {
  let path = url.split('?', 1)[0] ?? '';
  // Run by run of escapes, so one that cannot be decoded ('%zz', a cut UTF-8 sequence) leaves the
  // others readable: '/%61pi/x/%zz' is still /api.
  const decodeRun = (run: string): string => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  };
  for (let i = 0; i < 3 && /%[0-9a-f]{2}/i.test(path); i++) {
    const next = path.replace(/(%[0-9a-f]{2})+/gi, decodeRun);
    if (next === path) break;
    path = next;
  }
  path = posix.normalize(`/${path.replace(/\\/g, '/')}`).toLowerCase();
  return path === '/api' || path === '/api/' || path.startsWith('/api/');
};
