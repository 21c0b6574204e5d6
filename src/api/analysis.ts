// Analyses (docs/dev/product-rules.md#calls, docs/dev/architecture.md#api-contract): the list view GET /analysis/view with the list query of
// domain/query, and one analysis by aId (read, create, update, delete).
import {
  analysisSchema,
  analysisWriteResultSchema,
  analysisViewSchema,
  type Analysis,
  type AnalysisUpdate,
  type AnalysisView,
  type AnalysisWrite,
} from '../domain/entities/analysis';
import { toSearchParams, type SelectionQuery } from '../domain/query';
import { send, sendPage, type CallOptions, type Http } from './http';

/**
 * One page of analyses with the averages and the totals; `opts.signal` cancels it. A big page may
 * resolve before all its rows are checked when the caller asked for it (http.ts `checkRowsLater`).
 */
export const viewAnalysis = (
  http: Http,
  query: Partial<SelectionQuery>,
  opts: CallOptions = {},
): Promise<AnalysisView> =>
  sendPage(
    http.get('analysis/view', { searchParams: toSearchParams(query), signal: opts.signal }),
    analysisViewSchema,
    'analysis',
    opts.signal,
  );

// ---- one analysis (docs/dev/product-rules.md#calls): read, and the admin writes ----------------------------------------

/** The path of one analysis. */
const analysisPath = (aId: string): string => `analysis/${encodeURIComponent(aId)}`;

/** GET /analysis/{id}; a 404 rejects with an ApiError of status 404. */
export const getAnalysis = (http: Http, aId: string, opts: CallOptions = {}): Promise<Analysis> =>
  send(http.get(analysisPath(aId), { signal: opts.signal }), analysisSchema);

/** POST /analysis (admin): 201 with the new aId. */
export const createAnalysis = (http: Http, body: AnalysisWrite): Promise<{ aId: number }> =>
  send(http.post('analysis', { json: body }), analysisWriteResultSchema);

/**
 * PUT /analysis/{id} (admin) with the version the edit started from. A 400 carries the failing
 * fields' messages (ApiError.errors); a 409 means the analysis changed since it was read.
 */
export const updateAnalysis = (http: Http, aId: string, body: AnalysisUpdate): Promise<unknown> =>
  send(http.put(analysisPath(aId), { json: body }), analysisWriteResultSchema);

/** DELETE /analysis/{id} (admin). */
export const deleteAnalysis = (http: Http, aId: string): Promise<unknown> =>
  send(http.delete(analysisPath(aId)), analysisWriteResultSchema);
