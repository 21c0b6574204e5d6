// The list-view request of docs/dev/architecture.md#api-contract as the server reads it: the query string's wire shape
// (zod, shared with the client through src/domain/query.ts) turned into a checked ViewRequest that
// the repositories build SQL from. Everything a user can type is checked here, before any SQL is
// built, so that a malformed query is a 400 and never reaches PostgreSQL as an error (a 5xx).
import { z } from 'zod';
import { EXCLUSIONS, LIST_PAGE_SIZES, MAX_SELECTION, type Exclusion } from '../../domain/constants';
import { parseFilters, type FilterColumn, type FilterTerm } from '../../domain/filter';
import { parseSampleKey, type SampleKey } from '../../domain/ids';
import { FILTER_MISMATCH, SELECTION_TOO_LARGE } from '../../domain/messages';
import { ALL_CAMPAIGNS, commaList, repeated, selectionQuerySchema } from '../../domain/query';
import { HTTP_MESSAGES, HttpError } from '../http/errors';

/**
 * The query string of a view with a selection and exclusions, with the view's default page size. Built on the domain's selectionQuerySchema (page, size from
 * LIST_PAGE_SIZES, sort pattern, exclusion enum) but `filter`, `selection` and `selectionSId` are
 * taken as plain text here and checked by parseViewRequest, so that their 400s carry the spec's own
 * message at the top ('Filter mismatch - …', 'You will have more than 1000 Elements! …') rather than
 * the generic 'Validation failed'.
 */
export const viewQuerySchemaOf = (defaultSize: number) =>
  selectionQuerySchema(LIST_PAGE_SIZES, defaultSize).extend({
    filter: repeated(z.string()).describe(
      "repeated 'column,value' or 'column,start~end' (docs/dev/architecture.md#domain-decisions)",
    ),
    selection: commaList.describe("comma list of aIds or sample IDs 'sId|sStamp' (at most 1000)"),
    selectionSId: commaList.describe('comma list of sIds (at most 1000)'),
    exclusion: repeated(z.enum(EXCLUSIONS)),
  });
export type ViewQuery = z.output<ReturnType<typeof viewQuerySchemaOf>>;

export type SortDirection = 'asc' | 'desc';

export interface SortKey {
  /** A canonical field of the resource's whitelist (see repositories' SORT_FIELDS). */
  field: string;
  direction: SortDirection;
}

export interface ViewRequest {
  page: number;
  size: number;
  /** page × size, capped so that an absurd page number cannot overflow PostgreSQL's bigint. */
  offset: number;
  sort: SortKey[];
  terms: FilterTerm[];
  /** aIds of the selection (decimal text, within bigint). */
  selectedAIds: string[];
  /** Sample IDs of the selection. */
  selectedSamples: SampleKey[];
  /** Whether a selection was sent at all (an empty selection that only held out-of-range ids matches nothing). */
  hasSelection: boolean;
  selectionSId: string[];
  exclusion: Exclusion[];
  /** The user lifted the campaign bound for this view ('campaign=all'). */
  allCampaigns?: boolean;
}

/** Largest bigint: aIds beyond it cannot exist, and PostgreSQL would fail on the literal. */
export const MAX_BIGINT = 9_223_372_036_854_775_807n;
/** The earliest time PostgreSQL stores (year 0 is valid ISO but not a PostgreSQL timestamp). */
export const MIN_LAB_TIME = '0001-01-01 00:00:00';

export const isBigintId = (text: string): boolean => /^\d{1,19}$/.test(text) && BigInt(text) <= MAX_BIGINT;

const AID_ITEM = /^\d+$/;
const SID_ITEM = /^\d{1,13}$/;

const badRequest = (message: string, errors: string[] = [message]): HttpError =>
  new HttpError(400, message, errors);

/** 400 for a selection over the cap, with the spec's message (docs/dev/product-rules.md#messages). */
const checkCap = (items: readonly string[]): void => {
  if (items.length > MAX_SELECTION) throw badRequest(SELECTION_TOO_LARGE);
};

export interface ViewRules {
  /** Filter columns this resource understands; any other column is a filter mismatch. */
  filterColumns: ReadonlySet<FilterColumn>;
  /** Sort field (as the client names it) → canonical field; unknown fields are a 400. */
  sortAlias: (field: string) => string | undefined;
  /** Appended when the client does not sort by them: makes paging deterministic. */
  tiebreak: readonly SortKey[];
  /** Used when the client sends no sort. */
  defaultSort: readonly SortKey[];
  /** Whether aIds may appear in `selection` (analysis) or only sample IDs (samples). */
  aIdsInSelection: boolean;
}

/** Checks and normalises a parsed query string; throws HttpError(400) with the spec's messages. */
export const parseViewRequest = (query: ViewQuery, rules: ViewRules): ViewRequest => {
  const parsed = parseFilters(query.filter);
  if (!parsed.ok) throw badRequest(FILTER_MISMATCH, [`${FILTER_MISMATCH} (${parsed.term})`]);
  const foreign = parsed.terms.find((t) => !rules.filterColumns.has(t.column));
  if (foreign)
    throw badRequest(FILTER_MISMATCH, [`${FILTER_MISMATCH} (${foreign.column} cannot filter this view)`]);

  checkCap(query.selection);
  checkCap(query.selectionSId);
  const selectedAIds: string[] = [];
  const selectedSamples: SampleKey[] = [];
  for (const item of query.selection) {
    const key = parseSampleKey(item);
    if (key) {
      // Year 0 is a valid ISO date but no PostgreSQL timestamp: such a sample cannot exist.
      if (key.sStamp >= MIN_LAB_TIME) selectedSamples.push(key);
    } else if (rules.aIdsInSelection && AID_ITEM.test(item)) {
      if (isBigintId(item.replace(/^0+(?=\d)/, ''))) selectedAIds.push(item.replace(/^0+(?=\d)/, ''));
    } else {
      throw badRequest(HTTP_MESSAGES.validation, [
        rules.aIdsInSelection
          ? 'selection holds aIds or sample IDs sId|sStamp'
          : 'selection holds sample IDs sId|sStamp',
      ]);
    }
  }
  if (!query.selectionSId.every((s) => SID_ITEM.test(s)))
    throw badRequest(HTTP_MESSAGES.validation, ['selectionSId holds sIds']);

  const sort: SortKey[] = [];
  for (const text of query.sort) {
    const comma = text.lastIndexOf(',');
    const field = rules.sortAlias(text.slice(0, comma));
    if (!field)
      throw badRequest(HTTP_MESSAGES.validation, [`sort field '${text.slice(0, comma)}' is not sortable`]);
    // A field sorted twice keeps its first direction; the second would be dead weight in ORDER BY.
    if (!sort.some((s) => s.field === field))
      sort.push({ field, direction: text.slice(comma + 1) as SortDirection });
  }
  const keys = sort.length > 0 ? sort : [...rules.defaultSort];
  for (const t of rules.tiebreak) if (!keys.some((k) => k.field === t.field)) keys.push(t);

  return {
    page: query.page,
    size: query.size,
    offset: Math.min(query.page * query.size, Number.MAX_SAFE_INTEGER),
    sort: keys,
    terms: parsed.terms,
    selectedAIds,
    selectedSamples,
    hasSelection: query.selection.length > 0,
    selectionSId: [...new Set(query.selectionSId)],
    exclusion: [...new Set(query.exclusion)],
    allCampaigns: query.campaign === ALL_CAMPAIGNS,
  };
};

export const totalPages = (totalItems: number, size: number): number => Math.ceil(totalItems / size);
