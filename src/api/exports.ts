// Exports of the Analysis and Samples views (docs/dev/product-rules.md#calls, docs/exports.md): start a file export (the
// server answers the job's file name), check it, download it, the PDF that is answered at once, and
// the name of the newest job not downloaded yet (to resume after a reload). Failures reject with
// ApiError, whose `status` the export machine reads (404 keep waiting, 503 busy, 400 too many rows).
import type { ExportingResource } from '../domain/resources';
import { exportCheckSchema, type ExportCheck, type ExportRequest, type ExportType } from '../domain/exportJob';
import { toSearchParams } from '../domain/query';
import { send, sendText, toApiError, type CallOptions, type Http } from './http';

/** The list views that export (src/domain/resources). */
export type ListEntity = ExportingResource;

/** What an export sends: the view's query (page and size are ignored) and the visible columns in order. */

/** A file handed over by the server, with the name of its content-disposition. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

const exportParams = ({ query, attributes }: ExportRequest): URLSearchParams => {
  // Every matching row is exported: the page window of the view does not apply.
  const params = toSearchParams({ ...query, page: undefined, size: undefined });
  if (attributes.length > 0) params.set('attributes', attributes.join(','));
  return params;
};

/** GET /{entity}/export/{type}: starts the job and resolves to its file name. */
export const startExport = (
  http: Http,
  entity: ListEntity,
  type: ExportType,
  request: ExportRequest,
  opts: CallOptions = {},
): Promise<string> =>
  sendText(
    http.get(`${entity}/export/${type}`, { searchParams: exportParams(request), signal: opts.signal }),
  ).then((name) => name.trim());

/** GET /export/{check|download}/{type}?file=: one job by its file name. */
const jobFile = (
  http: Http,
  action: 'check' | 'download',
  type: ExportType,
  fileName: string,
  opts: CallOptions,
): ReturnType<Http['get']> =>
  http.get(`export/${action}/${type}`, { searchParams: { file: fileName }, signal: opts.signal });

export type { ExportCheck };

/** GET /export/check/{type}?file=: resolves when the file is ready; 404 (running) and others reject. */
export const checkExport = (
  http: Http,
  type: ExportType,
  fileName: string,
  opts: CallOptions = {},
): Promise<ExportCheck> => send(jobFile(http, 'check', type, fileName, opts), exportCheckSchema);

/**
 * The file name of a content-disposition header: RFC 6266 `filename*=UTF-8''…` first, then
 * `filename="…"` or a bare `filename=…`; null when the header names none.
 */
export const fileNameFromDisposition = (header: string | null): string | null => {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A broken escape: fall back to the plain parameter.
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(header);
  if (quoted?.[1]) return quoted[1].replace(/\\(.)/g, '$1');
  const bare = /filename\s*=\s*([^;\s]+)/.exec(header);
  return bare?.[1] ?? null;
};

const fetchFile = async (
  call: () => ReturnType<Http['get']>,
  fallbackName: string,
): Promise<DownloadedFile> => {
  try {
    const response = await call();
    const blob = await response.blob();
    return {
      blob,
      fileName: fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName,
    };
  } catch (error) {
    throw await toApiError(error);
  }
};

/** GET /export/download/{type}?file=: the finished file (the server removes it afterwards). */
export const downloadExport = (
  http: Http,
  type: ExportType,
  fileName: string,
  opts: CallOptions = {},
): Promise<DownloadedFile> => fetchFile(() => jobFile(http, 'download', type, fileName, opts), fileName);

/** GET /{entity}/export/pdf: the PDF of the current view, named by content-disposition. */
export const downloadPdf = (
  http: Http,
  entity: ListEntity,
  request: ExportRequest,
  opts: CallOptions = {},
): Promise<DownloadedFile> =>
  fetchFile(
    () => http.get(`${entity}/export/pdf`, { searchParams: exportParams(request), signal: opts.signal }),
    `${entity}.pdf`,
  );

/** GET /{entity}/exportfilename: your newest export not downloaded yet; null when there is none (204;
 *  404 from a server of before). */
export const lastExportFileName = async (
  http: Http,
  entity: ListEntity,
  opts: CallOptions = {},
): Promise<string | null> => {
  try {
    const name = (await sendText(http.get(`${entity}/exportfilename`, { signal: opts.signal }))).trim();
    return name === '' ? null : name;
  } catch (error) {
    if (error instanceof Error && (error as { status?: unknown }).status === 404) return null;
    throw error;
  }
};

/** The export type of a job's file name (its extension), or null for a name no export makes. */
