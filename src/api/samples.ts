// Samples (docs/dev/product-rules.md#calls, docs/dev/architecture.md#api-contract): the list view GET /samples/view with the list query of
// domain/query, one sample by its key sId|sStamp (read, create, update, delete) and its stamps.
import { z } from 'zod';
import {
  sampleLookupSchema,
  sampleImportSummarySchema,
  samplesOfLookup,
  samplesViewSchema,
  sampleWriteResultSchema,
  timestampsSchema,
  type Sample,
  type SampleImportSummary,
  type SamplesView,
  type SampleUpdate,
  type SampleWrite,
} from '../domain/entities/sample';
import { formatSampleKey, type SampleKey } from '../domain/ids';
import { sampleNotFound } from '../domain/messages';
import { toSearchParams, type SelectionQuery } from '../domain/query';
import { ApiError, send, sendPage, type CallOptions, type Http } from './http';

/**
 * One page of samples with the totals; `opts.signal` cancels it. A big page may resolve before all
 * its rows are checked when the caller asked for it (http.ts `checkRowsLater`).
 */
export const viewSamples = (
  http: Http,
  query: Partial<SelectionQuery>,
  opts: CallOptions = {},
): Promise<SamplesView> =>
  sendPage(
    http.get('samples/view', { searchParams: toSearchParams(query), signal: opts.signal }),
    samplesViewSchema,
    'samples',
    opts.signal,
  );

// ---- one sample (docs/dev/product-rules.md#calls): read, its stamps, and the admin writes -----------------------------

/** The path of one sample: the stamp goes URL-encoded ('2025-10-01%2006%3A00%3A00'). */
const samplePath = (key: SampleKey): string =>
  `samples/${encodeURIComponent(key.sId)}/${encodeURIComponent(key.sStamp)}`;

/** GET /samples/{sId}/{sStamp}: the answer may hold samples[] or one sample (docs/dev/product-rules.md#calls). */
export const getSample = async (http: Http, key: SampleKey, opts: CallOptions = {}): Promise<Sample> => {
  const found = samplesOfLookup(
    await send(http.get(samplePath(key), { signal: opts.signal }), sampleLookupSchema),
  );
  if (!found[0])
    throw new ApiError({ kind: 'http', status: 404, message: sampleNotFound(formatSampleKey(key)) });
  return found[0];
};

/** GET /samples/timestamps/{sId}: the stamps of every sample with this sId (404 when there is none). */
export const getSampleTimestamps = async (
  http: Http,
  sId: string,
  opts: CallOptions = {},
): Promise<string[]> =>
  (
    await send(
      http.get(`samples/timestamps/${encodeURIComponent(sId)}`, { signal: opts.signal }),
      timestampsSchema,
    )
  ).timestamps;

/** POST /samples (admin): 201 with the new sample's ID. */
export const createSample = (http: Http, body: SampleWrite): Promise<{ ID: string }> =>
  send(http.post('samples', { json: body }), sampleWriteResultSchema);

/**
 * PUT /samples/{sId}/{sStamp} (admin) with the version the edit started from; a new sId or sStamp in
 * the body moves the sample. A 409 means the sample changed since it was read (or the new key is taken).
 */
export const updateSample = (http: Http, key: SampleKey, body: SampleUpdate): Promise<unknown> =>
  send(http.put(samplePath(key), { json: body }), sampleWriteResultSchema);

/** DELETE /samples/{sId}/{sStamp} (admin): also removes its analyses and box position. */
export const deleteSample = (http: Http, key: SampleKey): Promise<unknown> =>
  send(http.delete(samplePath(key)), z.object({ message: z.string() }).passthrough());


/** POST /samples/upload (admin): multipart with the field `file`; all rows are imported or none. */
export const uploadSamples = (http: Http, file: File): Promise<SampleImportSummary> => {
  const body = new FormData();
  body.append('file', file, file.name);
  // No request timeout beyond the client's own: a 5 MB import is one transaction on the server.
  return send(http.post('samples/upload', { body }), sampleImportSummarySchema);
};
