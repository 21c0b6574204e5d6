// The one HTTP client of the browser (docs/dev/architecture.md#api-contract, docs/dev/product-rules.md#calls): `/api` prefix, 60 s timeout,
// Bearer token, cancellable calls, and errors turned into one typed `ApiError`. It never toasts
// or redirects: callers (machines) decide what an error means.
import ky, { HTTPError, TimeoutError, type KyInstance, type Options, type ResponsePromise } from 'ky';
import { z } from 'zod';
import { apiErrorSchema } from '../domain/auth';
import { REQUEST_TIMEOUT_MS } from '../domain/constants';
import { CHANGE_HEADER, leftTheBuilding, parseChangeHeader } from '../domain/undo';

/** The client every api module takes first. */
export type Http = KyInstance;

export interface HttpOptions {
  /** Read on every request, so a sign-in or logout takes effect at once. */
  getToken: () => string | null | undefined;
  /** Origin of the server; empty means the page's own origin (the browser case). */
  baseUrl?: string;
  /** Only tests shorten this; the product uses REQUEST_TIMEOUT_MS (docs/dev/product-rules.md#constants). */
  timeout?: number;
  /** Told of every successful write: the changes it made (undoable), or why it cannot be undone. */
  onWrite?: (write: WriteOutcome) => void;
}

/** What a successful call wrote, for the undo (docs/dev/architecture.md#undo). */
export type WriteOutcome = { changes: number[] } | { left: string };

/** The path of a call under /api ('label/…', 'export/download/sap'). */
const apiPath = (url: string): string => new URL(url, 'http://x').pathname.replace(/^.*?\/api\//, '');

/** The undo's own answer names a change too, which is never offered for undo. */
const UNDO_PATH = 'undo';

export const writeOutcome = (method: string, url: string, response: Response): WriteOutcome | null => {
  if (!response.ok) return null;
  const path = apiPath(url);
  if (path === UNDO_PATH) return null;
  const changes = parseChangeHeader(response.headers.get(CHANGE_HEADER));
  if (changes.length > 0) return { changes };
  const left = leftTheBuilding(method, path);
  return left ? { left } : null;
};

/** fetch that tells `onWrite` what each successful write made (ky calls it with a Request). */
const watchWrites =
  (onWrite: (write: WriteOutcome) => void) =>
  async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const response = await globalThis.fetch(input, init);
    const request = input instanceof Request ? input : null;
    const outcome = writeOutcome(init?.method ?? request?.method ?? 'GET', request?.url ?? String(input), response);
    if (outcome) onWrite(outcome);
    return response;
  };

export const createHttp = ({ getToken, baseUrl = '', timeout = REQUEST_TIMEOUT_MS, onWrite }: HttpOptions): Http =>
  ky.create({
    prefixUrl: `${baseUrl.replace(/\/+$/, '')}/api`,
    timeout,
    // ky retries only idempotent methods anyway; POST (sign-in, create, transfer, upload) never.
    // Only gateway hiccups are retried once: a 503 means "busy with another export" (docs/dev/product-rules.md#messages) and
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
    // Not an afterResponse hook: ky hands each hook a clone of the response, which would keep a copy
    // of every big list page's body; the fetch itself sees the response as it is.
    ...(onWrite ? { fetch: watchWrites(onWrite) } : {}),
  });

export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'aborted' | 'invalid';

/**
 * Every failed call rejects with this. `message` is the server's `message` when it sent one,
 * otherwise the error's own text (docs/dev/product-rules.md#messages: "the server's response message, else the error text").
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

/**
 * The JSON body of a ky call, read as ky's own `.json()` reads it (204 or an empty body: '') but
 * without the copy of the whole body ky makes to look for an empty one (about 20 ms for the
 * 10 MB answer of a 15,000-row page).
 */
const readJson = async (call: ResponsePromise): Promise<unknown> => {
  const response = await call;
  if (response.status === 204) return '';
  const text = await response.text();
  return text === '' ? '' : (JSON.parse(text) as unknown);
};

/** Awaits a ky call's JSON body, parses it with `schema` and rethrows every failure as ApiError. */
export const send = async <S extends z.ZodType>(call: ResponsePromise, schema: S): Promise<z.infer<S>> => {
  try {
    return parse(schema)(await readJson(call));
  } catch (error) {
    throw await toApiError(error);
  }
};

// ---- big list pages: shown before all their rows are checked ------------------------------------

/**
 * The check of the rows of a page that was shown before they all passed the schema: `rows` resolves
 * with every row as the schema outputs it, or rejects with the ApiError `send` would have thrown for
 * the whole answer (kind 'invalid', the same message); `cancel` stops it (rejects kind 'aborted').
 */
export interface RowCheck {
  rows: Promise<unknown[]>;
  cancel(): void;
}

/** Rows checked before the first paint: the page's totals and more rows than any screen shows. */
export const FIRST_ROWS = 100;
/** Main-thread time of one slice of the later check, so frames keep coming (60 Hz: 16.7 ms). */
const SLICE_MS = 6;

const laterChecks = new WeakMap<AbortSignal, (check: RowCheck) => void>();

/**
 * Lets the list requests made with `signal` (through `sendPage`) resolve once the page's totals,
 * averages and first FIRST_ROWS rows passed the schema; the other rows are checked after the next
 * paint, in slices between frames, and `onCheck` receives that check. Only a caller that keeps the
 * page away from everything that writes or exports until the check has passed may ask for this (the
 * list view: its machine waits for the check, and a failed one ends as a failed request). Every
 * other request is checked in full before it resolves, as `send` does.
 */
export const checkRowsLater = (signal: AbortSignal, onCheck: (check: RowCheck) => void): void => {
  laterChecks.set(signal, onCheck);
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const hasChecks = (schema: z.ZodType): boolean => (schema._zod.def.checks?.length ?? 0) > 0;

/** After the next frame has been painted (in a browser), else after the current task. */
const afterPaint = (): Promise<void> =>
  new Promise((resolve) => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(resolve, 0));
    else setTimeout(resolve, 0);
  });
/**
 * A new task, so the browser may paint and handle input in between. A message to oneself rather
 * than setTimeout(0), which browsers stretch to 4 ms after a few nested calls (and here half of a
 * slice would be that wait).
 */
const nextTask = (): Promise<void> =>
  new Promise((resolve) => {
    if (typeof MessageChannel !== 'function') {
      setTimeout(resolve, 0);
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

/**
 * Checks the rows after `head` (the ones already checked) with the row schema, in slices, after the
 * first paint. A row that fails makes the whole answer be parsed once more, so the error is exactly
 * the one `parse(schema)` gives (its message lists every issue of the answer, as before).
 */
const checkRest = (
  data: unknown,
  schema: z.ZodType,
  rowSchema: z.ZodType,
  rows: unknown[],
  head: unknown[],
): RowCheck => {
  let cancelled = false;
  const out: unknown[] = [...head];
  const run = async (): Promise<unknown[]> => {
    await afterPaint();
    let i = head.length;
    while (i < rows.length) {
      if (cancelled) throw new ApiError({ kind: 'aborted', message: 'The check of the page was cancelled.' });
      const until = performance.now() + SLICE_MS;
      for (; i < rows.length && (i % 64 !== 0 || performance.now() < until); i++) {
        const result = rowSchema.safeParse(rows[i]);
        if (!result.success) {
          parse(schema)(data);
          // Not reached: a row that fails fails the whole answer.
          throw new ApiError({ kind: 'invalid', message: `Unexpected response: ${result.error.message}` });
        }
        out.push(result.data);
      }
      if (i < rows.length) await nextTask();
    }
    return out;
  };
  const checked = run();
  // Marked as handled: the caller may have gone (then nobody listens), and that is fine.
  checked.catch(() => undefined);
  return {
    rows: checked,
    cancel: () => {
      cancelled = true;
    },
  };
};

/**
 * `send` for a list page: `schema` is an object whose `rowsKey` is an array of rows. When the
 * caller asked for it with `checkRowsLater(signal, …)` and the page is longer than FIRST_ROWS, the
 * page resolves after its totals and first rows passed the schema (the other rows as they came),
 * and the rest is checked after the first paint; otherwise it is `send`.
 */
export const sendPage = async <S extends z.ZodObject>(
  call: ResponsePromise,
  schema: S,
  rowsKey: keyof S['shape'] & string,
  signal?: AbortSignal | null,
): Promise<z.infer<S>> => {
  try {
    const data = await readJson(call);
    const onCheck = signal ? laterChecks.get(signal) : undefined;
    const page = isRecord(data) ? data : null;
    const rows = page?.[rowsKey];
    const rowsSchema = schema.shape[rowsKey];
    if (
      !onCheck ||
      !page ||
      !Array.isArray(rows) ||
      rows.length <= FIRST_ROWS ||
      !(rowsSchema instanceof z.ZodArray) ||
      hasChecks(schema) ||
      hasChecks(rowsSchema)
    )
      return parse(schema)(data);
    const first = schema.safeParse({ ...page, [rowsKey]: rows.slice(0, FIRST_ROWS) });
    // The whole answer parsed, for the very error it gives.
    if (!first.success) return parse(schema)(data);
    const head = (first.data as Record<string, unknown>)[rowsKey] as unknown[];
    onCheck(checkRest(data, schema, rowsSchema.element as z.ZodType, rows, head));
    return { ...(first.data as object), [rowsKey]: [...head, ...rows.slice(FIRST_ROWS)] } as z.infer<S>;
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
