// Hardware logs (docs/dev/product-rules.md#calls Logs): GET /logs/{date} or /logs/{startDate}/{endDate}, one page at a
// time (?before=<nextBefore of the previous page>, ?limit).
import { logsResponseSchema, type LogsPage } from '../domain/entities/log';
import { send, type CallOptions, type Http } from './http';

export interface LogPageOptions extends CallOptions {
  /** The previous page's nextBefore; absent for the first page. */
  before?: number;
  limit?: number;
}

export const getLogs = async (
  http: Http,
  start: string,
  end: string | null,
  opts: LogPageOptions = {},
): Promise<LogsPage> => {
  const path = end ? `logs/${encodeURIComponent(start)}/${encodeURIComponent(end)}` : `logs/${encodeURIComponent(start)}`;
  const searchParams: Record<string, number> = {};
  if (opts.before !== undefined) searchParams['before'] = opts.before;
  if (opts.limit !== undefined) searchParams['limit'] = opts.limit;
  return send(http.get(path, { signal: opts.signal, searchParams }), logsResponseSchema);
};
