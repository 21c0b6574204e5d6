// The filter-expression grammar shared by the filter panels and the server (docs/dev/architecture.md#api-contract, docs/dev/architecture.md#domain-decisions).
// A term is `column,value` or `column,start~end`. Every term must match its column's pattern; the
// server re-parses with the same code and answers FILTER_MISMATCH for anything else.
//
// Semantics (termMatches is the reference the server's SQL must agree with):
//   aId,N            equal                  aId,LOW~HIGH    inclusive, either end may be empty
//   sId,N            equal                  sId,PRE~SUF     starts with PRE and ends with SUF
//   sampleId         as sId (the sId inside the composite sample id)
//   bId, name, screenNumber                 starts with the value (name ignores case)
//   type, lane       equal
//   aFlags, sFlags   the flags start with the pattern, where `_` matches any one character
//   date columns     START~END inclusive; a date alone means the whole day; either end may be
//                    empty but not both; date-times use `T`: 2025-10-01T06:00:00
import type { Temporal } from 'temporal-polyfill';
import {
  asRangeEnd,
  asRangeStart,
  compareDateTime,
  parseFilterDateTime,
  parseLabDateTime,
  toFilterForm,
} from './datetime';
import { FILTER_MISMATCH } from './messages';

export const DATE_FILTER_COLUMNS = [
  'dateIn',
  'dateOut',
  'sStamp',
  'dateCrumbled',
  'dateExported',
  'dateCreated',
] as const;
export type DateFilterColumn = (typeof DATE_FILTER_COLUMNS)[number];

export const FILTER_COLUMNS = [
  'aId',
  'sId',
  'sampleId',
  'bId',
  'name',
  'type',
  'lane',
  'aFlags',
  'sFlags',
  'screenNumber',
  ...DATE_FILTER_COLUMNS,
] as const;
export type FilterColumn = (typeof FILTER_COLUMNS)[number];

export type AffixColumn = 'sId' | 'sampleId';
export type StartsWithColumn = 'bId' | 'name' | 'screenNumber';
export type ExactColumn = 'type' | 'lane';
export type FlagColumn = 'aFlags' | 'sFlags';

export type FilterTerm =
  | { column: 'aId'; op: 'eq'; value: string }
  | { column: 'aId'; op: 'range'; low: string | null; high: string | null }
  | { column: AffixColumn; op: 'eq'; value: string }
  | { column: AffixColumn; op: 'affix'; prefix: string; suffix: string }
  | { column: StartsWithColumn; op: 'startsWith'; value: string }
  | { column: ExactColumn; op: 'eq'; value: number }
  | { column: FlagColumn; op: 'like'; pattern: string }
  | {
      column: DateFilterColumn;
      op: 'range';
      /** The ends as written (filter form, 'T'), kept for formatting. */
      start: string | null;
      end: string | null;
      /** The ends widened to inclusive date-times (a date end → 23:59:59). */
      from: Temporal.PlainDateTime | null;
      to: Temporal.PlainDateTime | null;
    };

// ---- patterns ----------------------------------------------------------------------------------

const DATE_END = String.raw`\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}:\d{2})?`;
const VALUE_PATTERNS: Record<FilterColumn, string> = {
  aId: String.raw`\d{1,19}|\d{0,19}~\d{0,19}`,
  sId: String.raw`\d{1,13}|\d{0,13}~\d{0,13}`,
  sampleId: String.raw`\d{1,13}|\d{0,13}~\d{0,13}`,
  bId: String.raw`[ABCDV]\d{0,12}`,
  name: String.raw`[\p{L}\p{N} ._\-/]{1,40}`,
  type: '[0-3]',
  lane: '[0-3]',
  aFlags: String.raw`[AFGMTVX\-_][LH\-_]{0,10}`,
  sFlags: String.raw`[ADFGMTVX\-_][LH\-_/]{0,4}`,
  screenNumber: String.raw`\d{1,13}`,
  ...(Object.fromEntries(DATE_FILTER_COLUMNS.map((c) => [c, `(?:${DATE_END})?~(?:${DATE_END})?`])) as Record<
    DateFilterColumn,
    string
  >),
};

/** The whole-term pattern of each column, e.g. /^lane,(?:[0-3])$/u. */
export const FILTER_PATTERNS = Object.fromEntries(
  FILTER_COLUMNS.map((c) => [c, new RegExp(`^${c},(?:${VALUE_PATTERNS[c]})$`, 'u')]),
) as Record<FilterColumn, RegExp>;

const isColumn = (c: string): c is FilterColumn => (FILTER_COLUMNS as readonly string[]).includes(c);
const isDateColumn = (c: FilterColumn): c is DateFilterColumn =>
  (DATE_FILTER_COLUMNS as readonly string[]).includes(c);

const orNull = (s: string): string | null => (s === '' ? null : s);

// ---- parse ---------------------------------------------------------------------------------------

/** One term, or null when it does not match its column's pattern or its column is unknown. */
export const parseFilterTerm = (text: string): FilterTerm | null => {
  const comma = text.indexOf(',');
  if (comma < 0) return null;
  const column = text.slice(0, comma);
  const value = text.slice(comma + 1);
  if (!isColumn(column) || !FILTER_PATTERNS[column].test(text)) return null;
  const tilde = value.indexOf('~');
  const [a, b] = tilde < 0 ? [value, null] : [value.slice(0, tilde), value.slice(tilde + 1)];

  if (isDateColumn(column)) {
    const start = orNull(a);
    const end = orNull(b ?? '');
    if (start === null && end === null) return null;
    const s = start === null ? null : parseFilterDateTime(start);
    const e = end === null ? null : parseFilterDateTime(end);
    if ((start !== null && !s) || (end !== null && !e)) return null;
    return { column, op: 'range', start, end, from: s && asRangeStart(s), to: e && asRangeEnd(e) };
  }
  switch (column) {
    case 'aId':
      if (b === null) return { column, op: 'eq', value: a };
      if (a === '' && b === '') return null;
      return { column, op: 'range', low: orNull(a), high: orNull(b) };
    case 'sId':
    case 'sampleId':
      if (b === null) return { column, op: 'eq', value: a };
      if (a === '' && b === '') return null;
      return { column, op: 'affix', prefix: a, suffix: b };
    case 'bId':
    case 'name':
    case 'screenNumber':
      return { column, op: 'startsWith', value };
    case 'type':
    case 'lane':
      return { column, op: 'eq', value: Number(value) };
    case 'aFlags':
    case 'sFlags':
      return { column, op: 'like', pattern: value };
  }
  return null;
};

export type FiltersResult = { ok: true; terms: FilterTerm[] } | { ok: false; message: string; term: string };

/** All terms or the first mismatch: a single bad term invalidates the whole filter (docs/dev/product-rules.md#field-rules). */
export const parseFilters = (texts: readonly string[]): FiltersResult => {
  const terms: FilterTerm[] = [];
  for (const text of texts) {
    const term = parseFilterTerm(text);
    if (!term) return { ok: false, message: FILTER_MISMATCH, term: text };
    terms.push(term);
  }
  return { ok: true, terms };
};

export const isValidFilterTerm = (text: string): boolean => parseFilterTerm(text) !== null;

// ---- format --------------------------------------------------------------------------------------

export const formatFilterTerm = (term: FilterTerm): string => {
  const c = term.column;
  switch (term.op) {
    case 'eq':
      return `${c},${term.value}`;
    case 'range':
      return 'low' in term
        ? `${c},${term.low ?? ''}~${term.high ?? ''}`
        : `${c},${term.start ?? ''}~${term.end ?? ''}`;
    case 'affix':
      return `${c},${term.prefix}~${term.suffix}`;
    case 'startsWith':
      return `${c},${term.value}`;
    case 'like':
      return `${c},${term.pattern}`;
  }
};

// ---- builders for the filter panels (null when the inputs say "no filter") -----------------------

/** From the panel's start/end fields, in lab form (' ') or filter form ('T'). */
export const dateRangeFilter = (column: DateFilterColumn, start: string, end: string): string | null => {
  const s = toFilterForm(start.trim());
  const e = toFilterForm(end.trim());
  return s === '' && e === '' ? null : `${column},${s}~${e}`;
};

export const aIdRangeFilter = (low: string, high: string): string | null => {
  const l = low.trim();
  const h = high.trim();
  return l === '' && h === '' ? null : `aId,${l}~${h}`;
};

export const sIdAffixFilter = (
  prefix: string,
  suffix: string,
  column: AffixColumn = 'sId',
): string | null => {
  const p = prefix.trim();
  const s = suffix.trim();
  return p === '' && s === '' ? null : `${column},${p}~${s}`;
};

// ---- reference semantics ---------------------------------------------------------------------------

/** `_` matches any one character; the flags may be longer than the pattern. */
export const flagsMatch = (pattern: string, flags: string): boolean =>
  flags.length >= pattern.length && [...pattern].every((ch, i) => ch === '_' || ch === flags[i]);

/** The SQL LIKE pattern of a flag term: `_` already means "any one character" there. */
export const flagsLikePattern = (pattern: string): string => `${pattern}%`;

const toDateTime = (v: string | Temporal.PlainDateTime): Temporal.PlainDateTime | null =>
  typeof v === 'string' ? parseLabDateTime(v) : v;

/**
 * Whether one field value passes the term. Dates are lab date-times (' ' form) or PlainDateTimes;
 * aId compares numerically via BigInt so that long ids stay exact.
 */
export const termMatches = (
  term: FilterTerm,
  value: string | number | Temporal.PlainDateTime | null | undefined,
): boolean => {
  if (value === null || value === undefined) return false;
  const text = typeof value === 'object' ? '' : String(value);
  switch (term.column) {
    case 'aId': {
      const n = BigInt(text);
      if (term.op === 'eq') return n === BigInt(term.value);
      return (term.low === null || n >= BigInt(term.low)) && (term.high === null || n <= BigInt(term.high));
    }
    case 'sId':
    case 'sampleId':
      if (term.op === 'eq') return text === term.value;
      return term.op === 'affix' && text.startsWith(term.prefix) && text.endsWith(term.suffix);
    case 'bId':
    case 'screenNumber':
      return term.op === 'startsWith' && text.startsWith(term.value);
    case 'name':
      return term.op === 'startsWith' && text.toLowerCase().startsWith(term.value.toLowerCase());
    case 'type':
    case 'lane':
      return term.op === 'eq' && Number(text) === term.value;
    case 'aFlags':
    case 'sFlags':
      return term.op === 'like' && flagsMatch(term.pattern, text);
    default: {
      if (term.op !== 'range' || !('from' in term)) return false;
      const dt = toDateTime(value as string | Temporal.PlainDateTime);
      if (!dt) return false;
      return (
        (term.from === null || compareDateTime(dt, term.from) >= 0) &&
        (term.to === null || compareDateTime(dt, term.to) <= 0)
      );
    }
  }
};
