// Label printing (docs/dev/product-rules.md#calls Label): PUT /label/{zpl}; 200 means the printer took it.
import { LABEL_PRINTED } from '../domain/messages';
import { sendText, type CallOptions, type Http } from './http';

/** Sends one label's ZPL (built by domain/zpl.ts); rejects with an ApiError unless 200. */
export const printLabel = async (http: Http, zpl: string, opts: CallOptions = {}): Promise<string> => {
  await sendText(http.put(`label/${encodeURIComponent(zpl)}`, { signal: opts.signal, retry: 0 }));
  return LABEL_PRINTED;
};
