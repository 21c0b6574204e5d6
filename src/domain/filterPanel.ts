// The filter panels of Analysis and Samples (docs/dev/product-rules.md#screens Filter panel) as data: which fields a panel
// has, the filter terms its field values stand for, and back — the applied terms are what is kept
// (machine, local storage), and the fields are read from them after a reload, a palette expression
// or 'Apply Default Filters'. Terms the panel has no field for (typed in the palette) are kept as
// they are. Each field is checked with its own docs/dev/product-rules.md#field-rules rule first, so the panel can say which one is wrong.
import { fromFilterForm, toFilterForm } from './datetime';
import {
  aIdRangeFilter,
  dateRangeFilter,
  parseFilterTerm,
  parseFilters,
  sIdAffixFilter,
  type DateFilterColumn,
  type FilterTerm,
  type FlagColumn,
} from './filter';
import {
  validateAFlags,
  validateAId,
  validateDateOrDateTime,
  validateLane,
  validateSFlags,
  validateSId,
  type Rule,
} from './rules/fields';

export interface FilterPanelSpec {
  /** The two date ranges, first and second row ('DateIn', 'DateOut' on Analysis). */
  dates: readonly [DateFilterColumn, DateFilterColumn];
  /** The flags column the Flags field filters. */
  flags: FlagColumn;
  /** Whether the panel has the AnalysisID bounds. */
  aId: boolean;
}

export const ANALYSIS_FILTER_PANEL: FilterPanelSpec = {
  dates: ['dateIn', 'dateOut'],
  flags: 'aFlags',
  aId: true,
};
/** The samples view filters the sample's stamp and crumbling date (it has no dateIn/dateOut). */
export const SAMPLES_FILTER_PANEL: FilterPanelSpec = {
  dates: ['sStamp', 'dateCrumbled'],
  flags: 'sFlags',
  aId: false,
};

export interface DateRangeValues {
  /** Lab form 'YYYY-MM-DD HH:mm:ss' or a date 'YYYY-MM-DD'; '' for an open end. */
  start: string;
  end: string;
}

export interface FilterPanelValues {
  dates: Partial<Record<DateFilterColumn, DateRangeValues>>;
  sIdPrefix: string;
  sIdSuffix: string;
  aIdLow: string;
  aIdHigh: string;
  flags: string;
  lane: string;
  /** Applied terms without a field in this panel, kept unchanged. */
  extra: string[];
}

/** Field names for errors: 'dateIn.start', 'sIdPrefix', … */
export type FilterPanelField =
  | `${DateFilterColumn}.${'start' | 'end'}`
  | 'sIdPrefix'
  | 'sIdSuffix'
  | 'aIdLow'
  | 'aIdHigh'
  | 'flags'
  | 'lane';

export const emptyPanelValues = (spec: FilterPanelSpec): FilterPanelValues => ({
  dates: Object.fromEntries(spec.dates.map((c) => [c, { start: '', end: '' }])),
  sIdPrefix: '',
  sIdSuffix: '',
  aIdLow: '',
  aIdHigh: '',
  flags: '',
  lane: '',
  extra: [],
});

/** Reads the fields from applied terms: the first term of a panel column fills its fields. */
export const panelValuesFromFilters = (
  spec: FilterPanelSpec,
  filters: readonly string[],
): FilterPanelValues => {
  const values = emptyPanelValues(spec);
  const taken = new Set<string>();
  const claim = (key: string): boolean => (taken.has(key) ? false : (taken.add(key), true));
  for (const text of filters) {
    const term = parseFilterTerm(text);
    if (!term || !fillField(spec, values, term, claim)) values.extra.push(text);
  }
  return values;
};

const fillField = (
  spec: FilterPanelSpec,
  values: FilterPanelValues,
  term: FilterTerm,
  claim: (key: string) => boolean,
): boolean => {
  if (term.op === 'range' && 'start' in term) {
    if (!(spec.dates as readonly string[]).includes(term.column) || !claim(term.column)) return false;
    values.dates[term.column] = {
      start: term.start === null ? '' : fromFilterForm(term.start),
      end: term.end === null ? '' : fromFilterForm(term.end),
    };
    return true;
  }
  if (term.column === 'sId' && term.op === 'affix' && claim('sId')) {
    values.sIdPrefix = term.prefix;
    values.sIdSuffix = term.suffix;
    return true;
  }
  if (term.column === 'aId' && term.op === 'range' && spec.aId && claim('aId')) {
    values.aIdLow = term.low ?? '';
    values.aIdHigh = term.high ?? '';
    return true;
  }
  if (term.column === spec.flags && term.op === 'like' && claim('flags')) {
    values.flags = term.pattern;
    return true;
  }
  if (term.column === 'lane' && term.op === 'eq' && claim('lane')) {
    values.lane = String(term.value);
    return true;
  }
  return false;
};

export type PanelFiltersResult =
  { ok: true; filters: string[] } | { ok: false; errors: Partial<Record<FilterPanelField, string>> };

const check = (
  errors: Partial<Record<FilterPanelField, string>>,
  field: FilterPanelField,
  value: string,
  rule: Rule,
): void => {
  const v = value.trim();
  if (v === '') return;
  const message = rule(v);
  if (message) errors[field] = message;
};

/**
 * The terms the fields stand for (date ranges, sId affix, aId bounds, flags, lane, then the extra
 * terms), or an error message per field that breaks its rule. Empty fields mean "no filter".
 */
export const filtersFromPanelValues = (
  spec: FilterPanelSpec,
  values: FilterPanelValues,
): PanelFiltersResult => {
  const errors: Partial<Record<FilterPanelField, string>> = {};
  for (const column of spec.dates) {
    const range = values.dates[column] ?? { start: '', end: '' };
    check(errors, `${column}.start`, range.start, validateDateOrDateTime);
    check(errors, `${column}.end`, range.end, validateDateOrDateTime);
  }
  check(errors, 'sIdPrefix', values.sIdPrefix, validateSId);
  check(errors, 'sIdSuffix', values.sIdSuffix, validateSId);
  if (spec.aId) {
    check(errors, 'aIdLow', values.aIdLow, validateAId);
    check(errors, 'aIdHigh', values.aIdHigh, validateAId);
  }
  check(errors, 'flags', values.flags, spec.flags === 'aFlags' ? validateAFlags : validateSFlags);
  check(errors, 'lane', values.lane, validateLane);
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const filters: string[] = [];
  const push = (term: string | null) => {
    if (term !== null) filters.push(term);
  };
  for (const column of spec.dates) {
    const range = values.dates[column] ?? { start: '', end: '' };
    push(dateRangeFilter(column, range.start, range.end));
  }
  push(sIdAffixFilter(values.sIdPrefix, values.sIdSuffix));
  if (spec.aId) push(aIdRangeFilter(values.aIdLow, values.aIdHigh));
  if (values.flags.trim() !== '') push(`${spec.flags},${values.flags.trim()}`);
  if (values.lane.trim() !== '') push(`lane,${Number(values.lane.trim())}`);
  filters.push(...values.extra);
  // The rules above are the grammar's own patterns; this catches what only the grammar knows
  // (an aId beyond 19 digits, an extra term that no longer parses).
  const parsed = parseFilters(filters);
  return parsed.ok ? { ok: true, filters } : { ok: false, errors: {} };
};

// ---- typed filter expressions (command palette) ---------------------------------------------------

/** Terms are separated by ';' (a comma separates a term's column from its value). */
export const FILTER_EXPRESSION_SEPARATOR = ';';

/**
 * 'aId,100~200; sId,400~' → ['aId,100~200', 'sId,400~']. Date ends may be written in lab form
 * ('2025-10-01 06:00:00') and are turned into the filter form the grammar takes.
 */
export const splitFilterExpression = (text: string): string[] =>
  text
    .split(FILTER_EXPRESSION_SEPARATOR)
    .map((t) => t.trim())
    .filter((t) => t !== '')
    .map((t) => {
      const comma = t.indexOf(',');
      if (comma < 0) return t;
      const column = t.slice(0, comma).trim();
      const value = t.slice(comma + 1).trim();
      const ends = value.split('~').map((end) => toFilterForm(end.trim()));
      return `${column},${ends.join('~')}`;
    });

export const formatFilterExpression = (filters: readonly string[]): string =>
  filters.join(`${FILTER_EXPRESSION_SEPARATOR} `);
