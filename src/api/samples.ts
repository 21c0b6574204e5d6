// Samples list view (ARCHITECTURE §4): GET /samples/view with the list query of domain/query.
import { samplesViewSchema, type SamplesView } from '../domain/entities/sample';
import { toSearchParams, type SelectionQuery } from '../domain/query';
import { send, type CallOptions, type Http } from './http';

/** One page of samples with the totals; `opts.signal` cancels it. */
export const viewSamples = (
  http: Http,
  query: Partial<SelectionQuery>,
  opts: CallOptions = {},
): Promise<SamplesView> =>
  send(
    http.get('samples/view', { searchParams: toSearchParams(query), signal: opts.signal }),
    samplesViewSchema,
  );
