// SQL fragments shared by the Analysis and Samples views (and by exports, which list the same rows):
// filter terms, campaign, exclusions, selection and ORDER BY, each as a Kysely `sql` fragment with
// every user value bound as a parameter. Identifiers come only from the constant maps in the
// repositories (never from the request), hence sql.raw for them.
//
// Index use (migrations/0001_schema.ts): sId prefix → `s_id like 'P%'` on the "C"-collated btree;
// sId suffix → `reverse(s_id) like 'S%'` on the reverse() text_pattern_ops index of `sample` (an
// analysis's sId through its sample's: FilterTarget suffixBySample); dates and aId → plain btree
// ranges (which columns keep an index and why: migrations/0015_import_indexes.ts). Parameters are bound per execution and planned with their values
// (unnamed statements), so LIKE prefixes become index ranges.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Exclusion } from '../../domain/constants';
import { formatLabDateTime } from '../../domain/datetime';
import type { FilterColumn, FilterTerm } from '../../domain/filter';
import { SAMPLE_KEY_SEPARATOR, type SampleKey } from '../../domain/ids';
import { FLAG_FARMER, FLAG_TEST } from '../../domain/flags';
import type { Campaign } from './campaign';
import { MAX_BIGINT, MIN_LAB_TIME, type SortKey, type ViewRequest, type ViewRules } from './request';

export type Fragment = RawBuilder<unknown>;
export type Condition = RawBuilder<SqlBool>;

export const TRUE: Condition = sql<SqlBool>`true`;
export const FALSE: Condition = sql<SqlBool>`false`;

export const and = (conditions: readonly Condition[]): Condition =>
  conditions.length === 0 ? TRUE : sql<SqlBool>`${sql.join(conditions, sql` and `)}`;

/** Where a filter column lives in a view's FROM clause. */
export type FilterTarget =
  /**
   * A column reference such as 'a.s_id'. `suffixBySample`: the column is a sample's sId held by a
   * row that references its sample, and an sId suffix is looked up in the sample's own
   * reverse(s_id) index (migration 0015: the row's table keeps none of its own).
   */
  | { kind: 'column'; ref: string; suffixBySample?: boolean }
  /** bId: the sample (given by its key columns) sits in a box whose id starts with the value. */
  | { kind: 'box'; sId: string; sStamp: string };

export type FilterTargets = Partial<Record<FilterColumn, FilterTarget>>;

/** Plain column targets: filter column → its column reference. */
export const columnTargets = (refs: Partial<Record<FilterColumn, string>>): FilterTargets =>
  Object.fromEntries(Object.entries(refs).map(([column, ref]) => [column, { kind: 'column', ref }]));

/**
 * The filters every list of sample-keyed rows has (docs/dev/product-rules.md#records): sId (also spelt sampleId), sStamp, and
 * bId — the box the sample sits in. `referencing`: the rows reference their sample (analysis), so
 * an sId suffix is found through the sample's index (FilterTarget suffixBySample).
 */
export const sampleKeyTargets = (sIdRef: string, sStampRef: string, referencing = false): FilterTargets => {
  const sId: FilterTarget = { kind: 'column', ref: sIdRef, ...(referencing && { suffixBySample: true }) };
  return {
    ...columnTargets({ sStamp: sStampRef }),
    sId,
    sampleId: sId,
    bId: { kind: 'box', sId: sIdRef, sStamp: sStampRef },
  };
};

/** 'abc' → 'cba', for the "ends with" index on reverse(s_id). */
const reversed = (s: string): string => [...s].reverse().join('');

/** LIKE-escapes a literal (the default escape character is the backslash). */
const likeLiteral = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Normalised decimal text of an aId, or null when it exceeds bigint (no such aId can exist). */
const bigintText = (digits: string): string | null => {
  const n = BigInt(digits);
  return n <= MAX_BIGINT ? n.toString() : null;
};

const column = (target: FilterTarget): Fragment => {
  if (target.kind !== 'column') throw new Error('not a column target');
  return sql.raw(target.ref);
};

/** The condition of one (already validated) filter term. */
export const termCondition = (term: FilterTerm, target: FilterTarget): Condition => {
  if (target.kind === 'box') {
    if (term.op !== 'startsWith') return FALSE;
    return sql<SqlBool>`exists (select 1 from box_position fbp where fbp.s_id = ${sql.raw(target.sId)}
      and fbp.s_stamp = ${sql.raw(target.sStamp)} and fbp.b_id like ${`${likeLiteral(term.value)}%`})`;
  }
  const ref = column(target);
  switch (term.op) {
    case 'eq': {
      if (term.column === 'aId') {
        const v = bigintText(term.value);
        return v === null ? FALSE : sql<SqlBool>`${ref} = ${v}`;
      }
      return sql<SqlBool>`${ref} = ${term.value}`;
    }
    case 'affix': {
      const parts: Condition[] = [];
      if (term.prefix !== '') parts.push(sql<SqlBool>`${ref} like ${`${term.prefix}%`}`);
      if (term.suffix !== '') {
        const suffix = `${reversed(term.suffix)}%`;
        // A row's sId ends as its sample's does: the samples of that ending, then the rows by their sId.
        parts.push(
          target.suffixBySample
            ? sql<SqlBool>`${ref} in (select fsx.s_id from sample fsx where reverse(fsx.s_id) like ${suffix})`
            : sql<SqlBool>`reverse(${ref}) like ${suffix}`,
        );
      }
      return and(parts);
    }
    case 'startsWith':
      // Names are matched ignoring case (filter.ts termMatches); ids as typed.
      return term.column === 'name'
        ? sql<SqlBool>`lower(${ref}) like ${`${likeLiteral(term.value.toLowerCase())}%`}`
        : sql<SqlBool>`${ref} like ${`${likeLiteral(term.value)}%`}`;
    case 'like':
      // `_` is LIKE's own "any one character"; the grammar admits no `%` or `\`.
      return sql<SqlBool>`${ref} like ${`${term.pattern}%`}`;
    case 'range': {
      if ('low' in term) {
        const parts: Condition[] = [];
        if (term.low !== null) {
          const low = bigintText(term.low);
          if (low === null) return FALSE;
          parts.push(sql<SqlBool>`${ref} >= ${low}`);
        }
        if (term.high !== null) {
          const high = bigintText(term.high);
          if (high !== null) parts.push(sql<SqlBool>`${ref} <= ${high}`);
        }
        return and(parts);
      }
      const parts: Condition[] = [];
      if (term.from) {
        const from = formatLabDateTime(term.from);
        parts.push(sql<SqlBool>`${ref} >= ${from < MIN_LAB_TIME ? MIN_LAB_TIME : from}::timestamp`);
      }
      if (term.to) {
        const to = formatLabDateTime(term.to);
        // An end in year 0 lies before anything PostgreSQL can store.
        if (to < MIN_LAB_TIME) return FALSE;
        parts.push(sql<SqlBool>`${ref} <= ${to}::timestamp`);
      }
      return and(parts);
    }
  }
};

export const filterConditions = (terms: readonly FilterTerm[], targets: FilterTargets): Condition[] =>
  terms.map((term) => {
    const target = targets[term.column];
    // parseViewRequest already refused columns without a target; this is the last line of defence.
    if (!target) throw new Error(`no filter target for ${term.column}`);
    return termCondition(term, target);
  });

/**
 * Samples stamped within the campaign (either end open), as literal bounds: the planner then knows
 * how many rows they keep. (Reading the setting inside the statement saved a round trip but left the
 * planner guessing: it estimated 0.2 % of rows for the open range and sorted a million rows instead
 * of walking the primary key.)
 */
export const campaignCondition = (campaign: Campaign, sStampRef: string): Condition[] => {
  const ref = sql.raw(sStampRef);
  const parts: Condition[] = [];
  if (campaign.start) parts.push(sql<SqlBool>`${ref} >= ${campaign.start}::timestamp`);
  if (campaign.end) parts.push(sql<SqlBool>`${ref} <= ${campaign.end}::timestamp`);
  return parts;
};

/** The condition that keeps a row through each exclusion a list takes (docs/dev/architecture.md#domain-decisions). */
export type ExclusionConditions = Readonly<Record<Exclusion, Condition>>;

/** The flag exclusions: farmer drops first flag F, test drops T (over the list's flags column). */
export const flagExclusions = (flagsRef: string): Pick<ExclusionConditions, 'farmer' | 'test'> => ({
  farmer: sql<SqlBool>`${sql.raw(flagsRef)} not like ${`${FLAG_FARMER}%`}`,
  test: sql<SqlBool>`${sql.raw(flagsRef)} not like ${`${FLAG_TEST}%`}`,
});

/** The conditions of the exclusions a request asks for, as the list source declares them. */
export const exclusionConditions = (
  exclusion: readonly Exclusion[],
  conditions: ExclusionConditions,
): Condition[] => exclusion.map((e) => conditions[e]);

/** A lab time column as the server reads it ('YYYY-MM-DD HH:mm:ss', db/type-parsers.ts), in SQL text. */
export const labTimeText = (ref: string): string => `to_char(${ref}, 'YYYY-MM-DD HH24:MI:SS')`;

/** A sample's key as domain/ids.ts formatSampleKey writes it ('sId|YYYY-MM-DD HH:mm:ss'), in SQL text. */
export const sampleKeyText = (sIdRef: string, sStampRef: string): string =>
  `${sIdRef} || '${SAMPLE_KEY_SEPARATOR}' || ${labTimeText(sStampRef)}`;

/** The sample keys as two parallel arrays: one parameter each, whatever the selection's size. */
export const sampleKeysIn = (keys: readonly SampleKey[], sIdRef: string, sStampRef: string): Condition =>
  sql<SqlBool>`(${sql.raw(sIdRef)}, ${sql.raw(sStampRef)}) in (select * from unnest(${keys.map((k) => k.sId)}::varchar[], ${keys.map((k) => k.sStamp)}::timestamp[]))`;

export interface SelectionRefs {
  aId?: string;
  sId: string;
  sStamp: string;
}

/** `selection` (aIds or sample IDs, either matching) and `selectionSId` (all stamps of those sIds). */
export const selectionConditions = (request: ViewRequest, refs: SelectionRefs): Condition[] => {
  const parts: Condition[] = [];
  if (request.hasSelection) {
    const any: Condition[] = [];
    if (refs.aId && request.selectedAIds.length > 0)
      any.push(sql<SqlBool>`${sql.raw(refs.aId)} = any(${request.selectedAIds}::bigint[])`);
    if (request.selectedSamples.length > 0)
      any.push(sampleKeysIn(request.selectedSamples, refs.sId, refs.sStamp));
    parts.push(
      any.length === 0 ? FALSE : any.length === 1 ? any[0]! : sql<SqlBool>`(${sql.join(any, sql` or `)})`,
    );
  }
  if (request.selectionSId.length > 0)
    parts.push(sql<SqlBool>`${sql.raw(refs.sId)} = any(${request.selectionSId}::varchar[])`);
  return parts;
};

/** Sort field → the column(s) it orders by. */
export type SortColumns = Readonly<Record<string, readonly string[]>>;

/**
 * The canonical sort field a client's field names, or undefined. Own properties only: a plain
 * lookup would find Object.prototype's 'constructor' or '__proto__' and sort by nothing.
 */
export const ownSortField = (
  field: string,
  columns: SortColumns,
  aliases: Readonly<Record<string, string>>,
): string | undefined =>
  Object.hasOwn(columns, field) ? field : Object.hasOwn(aliases, field) ? aliases[field] : undefined;

/**
 * A view's rules from where its filters and sorts live: its filter columns are those it has a target
 * for, and a sort field is a canonical one or one of its other spellings (`aliases`).
 */
export const viewRules = (
  targets: FilterTargets,
  columns: SortColumns,
  aliases: Readonly<Record<string, string>>,
  order: Pick<ViewRules, 'tiebreak' | 'defaultSort' | 'aIdsInSelection'>,
): ViewRules => ({
  filterColumns: new Set(Object.keys(targets) as FilterColumn[]),
  sortAlias: (field) => ownSortField(field, columns, aliases),
  ...order,
});

/** ORDER BY list; PostgreSQL's default null placement (last when ascending) matches the btree indexes. */
export const orderBy = (keys: readonly SortKey[], columns: SortColumns): Fragment =>
  sql.join(
    keys.flatMap((k) =>
      (Object.hasOwn(columns, k.field) ? columns[k.field]! : []).map((c) => sql.raw(`${c} ${k.direction}`)),
    ),
    sql`, `,
  );

/** Whether any sort key or condition needs a table alias other than the base one. */
export const sortUses = (keys: readonly SortKey[], columns: SortColumns, alias: string): boolean =>
  keys.some((k) => (columns[k.field] ?? []).some((c) => c.startsWith(`${alias}.`)));
