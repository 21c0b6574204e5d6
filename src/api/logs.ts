// Hardware logs (spec §7 Logs): GET /logs/{date} or /logs/{startDate}/{endDate}.
import { logsResponseSchema, type Log } from '../domain/entities/log';
import { send, type CallOptions, type Http } from './http';

export const getLogs = async (
  http: Http,
  start: string,
  end: string | null,
  opts: CallOptions = {},
): Promise<{ logs: Log[]; totalItems: number }> => {
  const path = end ? `logs/${encodeURIComponent(start)}/${encodeURIComponent(end)}` : `logs/${encodeURIComponent(start)}`;
  return send(http.get(path, { signal: opts.signal }), logsResponseSchema);
};
