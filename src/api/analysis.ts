// Analyses (spec §7, ARCHITECTURE §4): the list view GET /analysis/view with the list query of
// domain/query, and one analysis by aId (read, create, update, delete).
import { z } from 'zod';
import {
  analysisSchema,
  analysisViewSchema,
  type Analysis,
  type AnalysisView,
  type AnalysisWrite,
} from '../domain/entities/analysis';
import { toSearchParams, type SelectionQuery } from '../domain/query';
import { send, type CallOptions, type Http } from './http';

/** One page of analyses with the averages and the totals; `opts.signal` cancels it. */
export const viewAnalysis = (
  http: Http,
  query: Partial<SelectionQuery>,
  opts: CallOptions = {},
): Promise<AnalysisView> =>
  send(
    http.get('analysis/view', { searchParams: toSearchParams(query), signal: opts.signal }),
    analysisViewSchema,
  );

// ---- one analysis (spec §7): read, and the admin writes ----------------------------------------

const writeResultSchema = z.object({ message: z.string(), aId: z.number().int() });

/** GET /analysis/{id}; a 404 rejects with an ApiError of status 404. */
export const getAnalysis = (http: Http, aId: string, opts: CallOptions = {}): Promise<Analysis> =>
  send(http.get(`analysis/${encodeURIComponent(aId)}`, { signal: opts.signal }), analysisSchema);

/** POST /analysis (admin): 201 with the new aId. */
export const createAnalysis = (http: Http, body: AnalysisWrite): Promise<{ aId: number }> =>
  send(http.post('analysis', { json: body }), writeResultSchema);

/** PUT /analysis/{id} (admin). A 400 carries the failing fields' messages (ApiError.errors). */
export const updateAnalysis = (http: Http, aId: string, body: AnalysisWrite): Promise<unknown> =>
  send(http.put(`analysis/${encodeURIComponent(aId)}`, { json: body }), writeResultSchema);

/** DELETE /analysis/{id} (admin). */
export const deleteAnalysis = (http: Http, aId: string): Promise<unknown> =>
  send(http.delete(`analysis/${encodeURIComponent(aId)}`), writeResultSchema);
