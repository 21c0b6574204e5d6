// Analysis list view (ARCHITECTURE §4): GET /analysis/view with the list query of domain/query.
import { analysisViewSchema, type AnalysisView } from '../domain/entities/analysis';
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
