// The lookups of the Selection card (docs/dev/product-rules.md#screens, docs/dev/product-rules.md#behaviour Selections, docs/dev/product-rules.md#calls): a typed or file-read SampleID
// becomes the analyses (Analysis screen) or samples (Samples screen) that carry it, and 'Fetch from
// Samples' turns the Samples screen's selection into the analyses of those samples.
import type { SelectionResource } from '../domain/resources';
import { LIST_PAGE_SIZES } from '../domain/constants';
import { analysisListSchema, analysisViewSchema } from '../domain/entities/analysis';
import { samplesListSchema } from '../domain/entities/sample';
import { toSearchParams } from '../domain/query';
import {
  analysisSelectionItem,
  sampleSelectionItem,
  type SampleIdRequest,
  type SelectionItem,
} from '../domain/selectionItem';
import { send, type CallOptions, type Http } from './http';

/** The resources that take a selection (src/domain/resources). */
export type SelectionEntity = SelectionResource;

/** GET /analysis/sid/startsWith/{id}: the analyses whose sId starts with `prefix`. */
const analysesBySIdPrefix = async (http: Http, prefix: string, opts: CallOptions = {}) =>
  (await send(http.get(`analysis/sid/startsWith/${prefix}`, { signal: opts.signal }), analysisListSchema))
    .analysis;

/** GET /samples/startsWithId/{id}: the samples whose sId starts with `prefix`. */
const samplesBySIdPrefix = async (http: Http, prefix: string, opts: CallOptions = {}) =>
  (await send(http.get(`samples/startsWithId/${prefix}`, { signal: opts.signal }), samplesListSchema))
    .samples;

/** Each screen's items whose sId starts with a prefix. */
const BY_PREFIX: Record<
  SelectionEntity,
  (http: Http, prefix: string, opts: CallOptions) => Promise<SelectionItem[]>
> = {
  analysis: async (http, prefix, opts) =>
    (await analysesBySIdPrefix(http, prefix, opts)).map(analysisSelectionItem),
  samples: async (http, prefix, opts) =>
    (await samplesBySIdPrefix(http, prefix, opts)).map(sampleSelectionItem),
};

/**
 * The selection items one request names. An exact sId goes through the prefix search too (the
 * server has no "all stamps of one sId" list) and keeps only the rows of exactly that sId.
 */
const lookupRequest = async (
  http: Http,
  entity: SelectionEntity,
  request: SampleIdRequest,
  opts: CallOptions = {},
): Promise<SelectionItem[]> => {
  const prefix = request.kind === 'exact' ? request.sId : request.prefix;
  const items = await BY_PREFIX[entity](http, prefix, opts);
  return request.kind === 'exact' ? items.filter((i) => i.sId === request.sId) : items;
};

/** A file may name hundreds of ids: a few requests at a time keep the server responsive. */
export const LOOKUP_CONCURRENCY = 4;

/**
 * Every item the requests name, in request order; duplicates are left to the selection. The first
 * failing request fails the whole lookup (the machine then names the input or the files).
 */
export const lookupSelectionItems = async (
  http: Http,
  entity: SelectionEntity,
  requests: readonly SampleIdRequest[],
  opts: CallOptions = {},
): Promise<SelectionItem[]> => {
  const results: SelectionItem[][] = new Array(requests.length);
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const at = next++;
      results[at] = await lookupRequest(http, entity, requests[at]!, opts);
    }
  };
  await Promise.all(Array.from({ length: Math.min(LOOKUP_CONCURRENCY, requests.length) }, worker));
  return results.flat();
};

/**
 * A page size large enough that a selection of 1000 samples whose analyses pass the selection
 * limit is always seen as too large (the card then refuses the whole batch).
 */
const FETCH_PAGE_SIZE = LIST_PAGE_SIZES.find((s) => s > 1000) ?? Math.max(...LIST_PAGE_SIZES);

/**
 * 'Fetch from Samples': GET /analysis/samples with the samples' keys 'sId|sStamp' as selection —
 * the analyses of those samples, as selection items.
 */
export const analysesOfSamples = async (
  http: Http,
  sampleKeys: readonly string[],
  opts: CallOptions = {},
): Promise<SelectionItem[]> => {
  if (sampleKeys.length === 0) return [];
  const searchParams = toSearchParams({ page: 0, size: FETCH_PAGE_SIZE, selection: [...sampleKeys] });
  const view = await send(
    http.get('analysis/samples', { searchParams, signal: opts.signal }),
    analysisViewSchema,
  );
  return view.analysis.map(analysisSelectionItem);
};
