// The one HTTP client of the browser (ARCHITECTURE §4, spec §7): `/api` prefix, 60 s timeout,
// Bearer token, cancellable calls, and errors turned into one typed `ApiError`. It never toasts
// or redirects: callers (machines) decide what an error means.
import ky, { HTTPError, TimeoutError, type KyInstance, type Options, type ResponsePromise } from 'ky';
import type { z } from 'zod';
import { apiErrorSchema } from '../domain/auth';
import { REQUEST_TIMEOUT_MS } from '../domain/constants';

/** The client every api module takes first. */
export type Http = KyInstance;

export interface HttpOptions {
  /** Read on every request, so a sign-in or logout takes effect at once. */
  getToken: () => string | null | undefined;
  /** Origin of the server; empty means the page's own origin (the browser case). */
  baseUrl?: string;
  /** Only tests shorten this; the product uses REQUEST_TIMEOUT_MS (spec §9). */
  timeout?: number;
}

export const createHttp = ({ getToken, baseUrl = '', timeout = REQUEST_TIMEOUT_MS }: HttpOptions): Http =>
  ky.create({
    prefixUrl: `${baseUrl.replace(/\/+$/, '')}/api`,
    timeout,
    // ky retries only idempotent methods anyway; POST (sign-in, create, transfer, upload) never.
    // Only gateway hiccups are retried once: a 503 means "busy with another export" (spec §8) and
    // 429/500 would just repeat a refusal.
    retry: { limit: 1, methods: ['get', 'put', 'head', 'delete'], statusCodes: [408, 502, 504] },
    hooks: {
      beforeRequest: [
        (request) => {
          const token = getToken();
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
    },
  });

export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'aborted' | 'invalid';

/**
 * Every failed call rejects with this. `message` is the server's `message` when it sent one,
 * otherwise the error's own text (spec §8: "the server's response message, else the error text").
 * `kind` 'invalid' means the server answered 2xx with a body that breaks the contract.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number | undefined;
  readonly errors: string[] | undefined;
  readonly kind: ApiErrorKind;

  constructor(init: {
    kind: ApiErrorKind;
    message: string;
    status?: number;
    errors?: string[];
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.errors = init.errors;
  }

  get aborted(): boolean {
    return this.kind === 'aborted';
  }
}

const readErrorBody = async (response: Response): Promise<z.infer<typeof apiErrorSchema> | undefined> => {
  try {
    const parsed = apiErrorSchema.safeParse(await response.clone().json());
    return parsed.success ? parsed.data : undefined;
  } catch {
    // Proxies answer HTML or nothing at all; the status text then stands in.
    return undefined;
  }
};

/** Maps whatever ky/fetch threw to an ApiError. */
export const toApiError = async (error: unknown): Promise<ApiError> => {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) {
    const body = await readErrorBody(error.response);
    return new ApiError({
      kind: 'http',
      status: error.response.status,
      message: body?.message ?? error.message,
      errors: body?.errors,
      cause: error,
    });
  }
  if (error instanceof TimeoutError)
    return new ApiError({ kind: 'timeout', message: error.message, cause: error });
  if (error instanceof Error && error.name === 'AbortError') {
    return new ApiError({ kind: 'aborted', message: error.message, cause: error });
  }
  // fetch rejects with a TypeError when the server is unreachable.
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError({ kind: 'network', message, cause: error });
};

/** Validates a response body with a domain schema; a mismatch is an 'invalid' ApiError. */
export const parse =
  <S extends z.ZodType>(schema: S) =>
  (data: unknown): z.infer<S> => {
    const result = schema.safeParse(data);
    if (!result.success) {
      throw new ApiError({
        kind: 'invalid',
        message: `Unexpected response: ${result.error.message}`,
        cause: result.error,
      });
    }
    return result.data;
  };

/** Awaits a ky call's JSON body, parses it with `schema` and rethrows every failure as ApiError. */
export const send = async <S extends z.ZodType>(call: ResponsePromise, schema: S): Promise<z.infer<S>> => {
  try {
    return parse(schema)(await call.json());
  } catch (error) {
    throw await toApiError(error);
  }
};

/** For calls whose body does not matter (200 means done), or is plain text. */
export const sendText = async (call: ResponsePromise): Promise<string> => {
  try {
    return await call.text();
  } catch (error) {
    throw await toApiError(error);
  }
};

/** Per-call options the api modules pass through (cancellation). */
export type CallOptions = Pick<Options, 'signal'>;
