// The client-side state of a server-paged list (Analysis, Samples, Boxes) turned into the query the
// server validates with selectionQuerySchema, plus the checks the list and selection machines use
// before they change it (docs/dev/product-rules.md#behaviour Filters, 'Filter all', docs/dev/product-rules.md#field-rules Filters, docs/dev/product-rules.md#constants page sizes).
import { EXCLUSIONS, MAX_SELECTION, type Exclusion } from './constants';
import { SORT_PATTERN, type SelectionQuery } from './query';

/**
 * What 'Filter all' restricts the table to: the selected items' ids (aIds on Analysis, 'sId|sStamp'
 * on Samples), or with 'Filter all Sample IDs' the selected samples' sIds. null: no restriction.
 */
export type ListRestriction =
  { kind: 'selection'; ids: string[] } | { kind: 'sampleIds'; sIds: string[] } | null;

export interface ListQueryState {
  page: number;
  size: number;
  sort: readonly string[];
  filters: readonly string[];
  exclusion: readonly Exclusion[];
  restriction: ListRestriction;
}

/** The query sent with the list request; the same shape toSearchParams serializes. */
export const buildListQuery = (s: ListQueryState): SelectionQuery => ({
  page: s.page,
  size: s.size,
  sort: [...s.sort],
  filter: [...s.filters],
  selection: s.restriction?.kind === 'selection' ? [...s.restriction.ids] : [],
  selectionSId: s.restriction?.kind === 'sampleIds' ? [...s.restriction.sIds] : [],
  exclusion: [...s.exclusion],
});

export const isPageSize = (sizes: readonly number[], size: number): boolean => sizes.includes(size);

/** Pages are 0-based; an empty result still has page 0. */
export const isPageIndex = (page: number, totalPages: number): boolean =>
  Number.isInteger(page) && page >= 0 && page < Math.max(totalPages, 1);

export const isSortList = (sort: readonly string[]): boolean => sort.every((s) => SORT_PATTERN.test(s));

export const isExclusion = (value: string): value is Exclusion =>
  (EXCLUSIONS as readonly string[]).includes(value);

export const isExclusionList = (values: readonly string[]): values is Exclusion[] =>
  values.every(isExclusion);

/** A restriction names at most MAX_SELECTION ids, as the server's schema demands. */
export const isRestrictionWithinLimit = (r: ListRestriction): boolean =>
  r === null || (r.kind === 'selection' ? r.ids : r.sIds).length <= MAX_SELECTION;
