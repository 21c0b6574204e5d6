// What the Selection card holds per item (docs/dev/product-rules.md#behaviour Selections): the key that makes it unique — the
// aId on Analysis, 'sId|sStamp' on Samples — and the sample id the chip shows.
import { formatSampleKey, resolveSampleIdInput, type SampleKey } from './ids';

export interface SelectionItem extends SampleKey {
  /** aId on Analysis, 'sId|sStamp' on Samples; also what 'Filter all' sends as `selection`. */
  key: string;
}

export const analysisSelectionItem = (a: {
  aId: number;
  sample: { sampleId: SampleKey };
}): SelectionItem => ({
  key: String(a.aId),
  sId: a.sample.sampleId.sId,
  sStamp: a.sample.sampleId.sStamp,
});

export const sampleSelectionItem = (s: { sampleId: SampleKey }): SelectionItem => ({
  key: formatSampleKey(s.sampleId),
  sId: s.sampleId.sId,
  sStamp: s.sampleId.sStamp,
});

/** The chip text. */
export const selectionChipText = (item: SelectionItem): string => formatSampleKey(item);

/** The distinct sIds of the items, for 'Filter all Sample IDs'. */
export const selectedSampleIds = (items: readonly SelectionItem[]): string[] => [
  ...new Set(items.map((i) => i.sId)),
];

/** How many of `adding` are not yet among `current` (nor repeated within `adding`). */
export const countNew = (current: readonly SelectionItem[], adding: readonly SelectionItem[]): number => {
  const seen = new Set(current.map((i) => i.key));
  let n = 0;
  for (const item of adding) {
    if (!seen.has(item.key)) {
      seen.add(item.key);
      n += 1;
    }
  }
  return n;
};

/** One lookup the server answers: a full sId, or the 7-digit prefix search. */
export type SampleIdRequest = { kind: 'exact'; sId: string } | { kind: 'prefix'; prefix: string };

/** A typed or file-read id as a lookup; null when it is no sample id at all. */
export const sampleIdRequest = (raw: string): SampleIdRequest | null => {
  const r = resolveSampleIdInput(raw);
  switch (r.kind) {
    case 'exact':
    case 'padded':
      return { kind: 'exact', sId: r.sId };
    case 'prefix':
      return { kind: 'prefix', prefix: r.prefix };
    default:
      return null;
  }
};

/** What a message names the request by: the full sId, or the prefix. */
export const sampleIdRequestLabel = (r: SampleIdRequest): string => (r.kind === 'exact' ? r.sId : r.prefix);
