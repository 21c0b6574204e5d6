// The Analysis and Samples views (and their exports and single reads) select the same shape of
// rows: one base table, the columns of a few joined tables, a WHERE made of the filter terms, the
// campaign, the exclusions and the selection, and the view order. A ListSource declares what
// differs — the table, its columns, its joins and where each filter, sort and selection key lives —
// and the builders below make the statements from it, so a fix to the page query reaches every
// list at once.
//
// The page is cut from the base table alone (joined only to what a filter or sort key needs), and
// only its ≤ 15,000 rows are joined for the shown columns: a deep page (offset 500,000) skips rows
// on one index instead of joining half a million rows it then throws away. The view is ONE
// statement: the aggregate over the whole matching set laterally joined with the page (a LATERAL
// subquery that references nothing outside is run once).
import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { z } from 'zod';
import { MAX_SELECTION } from '../../domain/constants';
import { isPGlite } from '../db/create-db';
import type { Database } from '../db/database';
import { keepPlan } from '../db/pg-prepared';
import { CAMPAIGN_CHECK, checkCampaign, type Campaign, type CampaignCheckRow } from './campaign';
import { reusesPlan } from './planReuse';
import { totalPages, type ViewRequest } from './request';
import {
  and,
  campaignCondition,
  exclusionConditions,
  type ExclusionConditions,
  FALSE,
  filterConditions,
  orderBy,
  selectionConditions,
  sortUses,
  type Condition,
  type Fragment,
  type SelectionRefs,
} from './sql';
import { recordKeyOf, type FieldMap } from './fields';

type Db = Kysely<Database> | Transaction<Database>;

export interface ListJoin {
  alias: string;
  /** The whole join clause, e.g. `left join box_position bp on bp.s_id = a.s_id and …`. */
  clause: string;
}

export interface ListSource {
  table: string;
  alias: string;
  /** Where every field lives (views/fields.ts, from the column registry). */
  fields: FieldMap;
  /** In the order they must appear; the outer query of a page joins them all. */
  joins: readonly ListJoin[];
  /**
   * Where the sample's stamp lives when the list is restricted to the campaign (docs/dev/architecture.md#domain-decisions:
   * Analysis, Samples); absent for a list that is not (Boxes, Screens): its reads neither filter by
   * the campaign nor read it.
   */
  campaign?: string;
  /** Where the selection keys live, for a list that takes a selection. */
  selection?: SelectionRefs;
  /** The row kept through each exclusion, for a list that takes exclusions (the list's own rules). */
  exclusion?: ExclusionConditions;
  /** The output key (camelCase) that every page row has and the empty page's aggregate row lacks. */
  rowKey: string;
}

/** `a.s_id as "sId"`: rows arrive with the record's own keys, so the views can skip the plugin's per-row rewrite. */
export const aliased = (refs: readonly string[]): string =>
  refs.map((ref) => `${ref} as "${recordKeyOf(ref)}"`).join(', ');

const own = (source: ListSource, ref: string): boolean => ref.startsWith(`${source.alias}.`);

const ownColumns = (source: ListSource): Fragment =>
  sql.raw(source.fields.columns.filter((c) => own(source, c)).join(', '));

/** The output columns of every read, aliased to the record's keys: the base table's, then the joined ones. */
const recordRefs = (source: ListSource): string[] => [
  ...source.fields.columns.filter((c) => own(source, c)),
  ...source.fields.columns.filter((c) => !own(source, c)),
];
const recordColumns = (source: ListSource): Fragment => sql.raw(aliased(recordRefs(source)));
/** The record keys a page row carries, picked by name from the page (never `p.*`). */
const pageOutput = (source: ListSource): string =>
  recordRefs(source)
    .map((ref) => `p."${recordKeyOf(ref)}"`)
    .join(', ');

const from = (source: ListSource): Fragment => sql.raw(`${source.table} ${source.alias}`);

const joinsOf = (source: ListSource, needed: (alias: string) => boolean = () => true): Fragment =>
  sql.raw(
    source.joins
      .filter((j) => needed(j.alias))
      .map((j) => j.clause)
      .join(' '),
  );

export interface ListWhereOptions {
  /** Only the selected rows: an empty selection matches nothing (/analysis/samples). */
  selectionRequired?: boolean;
  /** Only the rows of one parent (a screen's items): a condition on the base table. */
  scope?: Condition;
}

/** The view's WHERE, and which joins its filter terms need. */
export const listWhere = (
  source: ListSource,
  request: ViewRequest,
  campaign: Campaign,
  options: ListWhereOptions = {},
): { where: Condition; needs: (alias: string) => boolean } => {
  const conditions = [
    ...filterConditions(request.terms, source.fields.filterTargets),
    ...(source.campaign === undefined || request.allCampaigns ? [] : campaignCondition(campaign, source.campaign)),
    ...(source.exclusion ? exclusionConditions(request.exclusion, source.exclusion) : []),
    ...(source.selection ? selectionConditions(request, source.selection) : []),
  ];
  if (options.selectionRequired && !request.hasSelection && request.selectionSId.length === 0)
    conditions.push(FALSE);
  if (options.scope) conditions.push(options.scope);
  const needs = (alias: string): boolean =>
    request.terms.some((t) => {
      const target = source.fields.filterTargets[t.column];
      return target?.kind === 'column' && target.ref.startsWith(`${alias}.`);
    });
  return { where: and(conditions), needs };
};

/** Lookup cap of the sId prefix search: it feeds the selection card, which holds at most this many. */
export const STARTS_WITH_LIMIT = MAX_SELECTION;

type Window = { limit?: number; offset?: number };

/** The page's rows as entities, the aggregate row (undefined only if the statement returned none) and the counts. */
export interface ListPage<G, E> {
  rows: E[];
  aggregate: G | undefined;
  totalItems: number;
  totalPages: number;
}

/** A page whose rows are one JSON array text (ListReads.viewJson). */
export interface ListPageJson<G> {
  rowsJson: string;
  aggregate: G | undefined;
  totalItems: number;
  totalPages: number;
}

/** A view's answer with its rows as JSON text: `rest` is everything else the answer holds. */
export interface ViewJson<Rest> {
  rowsJson: string;
  rest: Rest;
}

/**
 * The answer's text as the response schema encodes it (the app's serializer: JSON.stringify of the
 * encoded object), with the database's rows text in place of the rows: `rest` goes through the
 * schema with no rows, and `"<rowsKey>":[]` — at the top level; inside a string its quotes would
 * be escaped — takes the rows text.
 */
export const viewJsonText = (schema: z.ZodType, rowsKey: string, view: ViewJson<object>): string => {
  const text = JSON.stringify(schema.encode({ ...view.rest, [rowsKey]: [] }));
  const marker = `"${rowsKey}":[]`;
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`the answer has no '${rowsKey}'`);
  return `${text.slice(0, at + marker.length - 2)}${view.rowsJson}${text.slice(at + marker.length)}`;
};

/** Page rows per row of viewJsonQuery's `grouped` answer (PGlite). */
export const PAGE_GROUP = 1000;

/**
 * The page rows' JSON texts as one array in page order. The joins after the page's LIMIT need not
 * keep its order (a hash join may not): the rows are put in order by rn when they are not — a check
 * of 15,000 numbers instead of a database sort of 7 MB of text. The aggregate's row has no text.
 */
export const rowsJsonOf = (rows: readonly { rn: number | null; j: string | null }[]): string => {
  // A row's text is one page row's object, or (viewJsonQuery's `grouped`) a run of them joined by
  // commas, its rn the run's first: joined by commas again either way.
  const page = rows.filter((r): r is { rn: number; j: string } => r.j !== null);
  if (page.some((r, i) => i > 0 && r.rn < page[i - 1]!.rn)) page.sort((x, y) => x.rn - y.rn);
  return `[${page.map((r) => r.j).join(',')}]`;
};

/** A resource's reads, all built from its ListSource (R: a row as selected, E: the entity, G: the aggregate row). */
export interface ListReads<R, E, G extends { totalItems: number }> {
  source: ListSource;
  /** The view's WHERE, and which joins its filter terms need. */
  where(request: ViewRequest, campaign: Campaign, options?: ListWhereOptions): ReturnType<typeof listWhere>;
  /**
   * The matching rows in view order as one query: all of them, or a window (limit/offset). Exports
   * stream it (`db.getExecutor().stream(query.compile(db), chunk)`) and map each row to the entity.
   */
  rowsQuery(
    request: ViewRequest,
    campaign: Campaign,
    window?: Window,
    options?: ListWhereOptions,
  ): RawBuilder<R & { rn: number }>;
  /** The view's one statement: the aggregate row laterally joined with the page (see the file comment). */
  viewQuery(request: ViewRequest, campaign: Campaign, options?: ListWhereOptions): RawBuilder<G & Partial<R>>;
  /**
   * Runs the view's statement and maps its page rows; the keys are aliased in SQL (no plugin pass).
   * Throws CampaignChanged when the stored campaign is not `campaign` (run it through withCampaign).
   */
  view(db: Db, request: ViewRequest, campaign: Campaign, options?: ListWhereOptions): Promise<ListPage<G, E>>;
  /**
   * The view with its page as the answer's JSON, built by the database (`rowJson`): the rows are not
   * decoded field by field and encoded again (a 15,000-row page is about 375,000 values). Undefined
   * for a resource without `rowJson`.
   */
  viewJson: ((db: Db, request: ViewRequest, campaign: Campaign, options?: ListWhereOptions) => Promise<ListPageJson<G>>) | undefined;
  /**
   * viewJson's one statement: the aggregate row (`j` null), then each page row's rn and JSON text
   * `j`, or with `grouped` (PGlite) runs of PAGE_GROUP rows (rn the run's first, `j` their texts joined
   * by commas). The benches run it bare.
   */
  viewJsonQuery:
    | ((request: ViewRequest, campaign: Campaign, options?: ListWhereOptions, grouped?: boolean) => RawBuilder<Partial<G & CampaignCheckRow> & { rn: number | null; j: string | null }>)
    | undefined;
  /** A single-row or short read: every record column, base table and all joins, in `order`. */
  records(db: Db, where: Condition, order: string, limit?: number): Promise<E[]>;
  /** Rows whose sId starts with `prefix` (digits), in the source's prefix order, at most `limit`. */
  bySIdPrefix(db: Db, prefix: string, limit?: number): Promise<E[]>;
}

export const listReads = <R, E, G extends { totalItems: number }>(
  source: ListSource,
  options: {
    /** The aggregate's outputs: key → SQL (totalItems: count(*), averages, …). */
    aggregate: Readonly<Record<string, string>> & { totalItems: string };
    /** The order of the sId prefix lookup. */
    prefixOrder: string;
    /** The column of the sId prefix lookup; default the base table's s_id. */
    prefixColumn?: string;
    toEntity: (row: R) => E;
    /**
     * The entity's JSON text as a SQL expression over a page row `p` (its record keys, quoted):
     * views/jsonText.ts jsonTextSql of the row's response schema, byte for byte what the encoder
     * writes for toEntity's object (tests/server/view-json.test.ts compares them).
     */
    rowJson?: string;
  },
): ListReads<R, E, G> => {
  const aggregate = sql.raw(
    Object.entries(options.aggregate)
      .map(([key, expression]) => `${expression} as "${key}"`)
      .join(', '),
  );
  const aggregateOutput = Object.keys(options.aggregate)
    .map((key) => `g."${key}"`)
    .join(', ');
  const sortColumns = source.fields.sortColumns;
  const campaignBound = source.campaign !== undefined;
  const { toEntity } = options;

  /** The rows in view order for a WHERE built once (the view uses it for its aggregate as well). */
  const pageQuery = (request: ViewRequest, filter: ReturnType<typeof listWhere>, window: Window, ordered = true) => {
    const order = orderBy(request.sort, sortColumns);
    const inner = (alias: string) => filter.needs(alias) || sortUses(request.sort, sortColumns, alias);
    const limit = window.limit === undefined ? sql`` : sql` limit ${window.limit}`;
    const offset = window.offset ? sql` offset ${window.offset}` : sql``;
    const a = sql.raw(source.alias);
    // rn carries the page's order through the outer joins (which need not keep it).
    return sql<R & { rn: number }>`
      select ${recordColumns(source)}, ${a}.rn from (
        select ${ownColumns(source)}, row_number() over (order by ${order}) as rn
        from ${from(source)} ${joinsOf(source, inner)}
        where ${filter.where}
        order by ${order}${limit}${offset}
      ) ${a} ${joinsOf(source)}${ordered ? sql` order by ${a}.rn` : sql``}`;
  };

  const rowsQuery = (
    request: ViewRequest,
    campaign: Campaign,
    window: Window = {},
    opts: ListWhereOptions = {},
  ) => pageQuery(request, listWhere(source, request, campaign, opts), window);

  const viewQuery = (request: ViewRequest, campaign: Campaign, opts: ListWhereOptions = {}) => {
    const filter = listWhere(source, request, campaign, opts);
    const page = pageQuery(request, filter, { limit: request.size, offset: request.offset });
    // A campaign-bound view's aggregate row also carries the stored campaign (views/campaign.ts
    // checkCampaign). The outputs are picked by name: the page's rn and the campaign check stay inside.
    const check = campaignBound ? sql`, ${CAMPAIGN_CHECK}` : sql``;
    const checkOutput = campaignBound ? sql.raw(', g."campaignStart", g."campaignEnd"') : sql``;
    const totals = sql<G>`select ${aggregate}${check} from ${from(source)} ${joinsOf(source, filter.needs)} where ${filter.where}`;
    return sql<
      G & Partial<R>
    >`select ${sql.raw(aggregateOutput)}${checkOutput}, ${sql.raw(pageOutput(source))}
      from (${totals}) g left join lateral (${page}) p on true order by p.rn`;
  };

  const viewJsonQuery = (rowJson: string) => (request: ViewRequest, campaign: Campaign, opts: ListWhereOptions = {}, grouped = false) => {
    const filter = listWhere(source, request, campaign, opts);
    // No ORDER BY over the joined page: its rows carry rn and are put in order by the caller.
    const page = pageQuery(request, filter, { limit: request.size, offset: request.offset }, false);
    const check = campaignBound ? sql`, ${CAMPAIGN_CHECK}` : sql``;
    const checkOutput = campaignBound ? sql.raw(', g."campaignStart", g."campaignEnd"') : sql``;
    const totals = sql<G>`select ${aggregate}${check} from ${from(source)} ${joinsOf(source, filter.needs)} where ${filter.where}`;
    // The aggregate's one row, then the page's rows with only rn and their text: the totals are not
    // repeated on every row (15,000 × 9 values to send and parse). The nulls take their types from
    // the first branch.
    const nulls = sql.raw([...Object.keys(options.aggregate), ...(campaignBound ? ['campaignStart', 'campaignEnd'] : [])].map(() => 'null').join(', '));
    // `grouped` (PGlite): the page in runs of PAGE_GROUP rows, each run's texts joined by the database
    // in page order. On PGlite each row crosses the wire protocol and the thread as an object of its
    // own: the 15,000-row page's statement took 150–180 ms as one row against 260–280 ms as 15,000.
    // One row of 7 MB grew PGlite's memory (which never shrinks) by about 45 MB to build it; runs
    // of PAGE_GROUP rows do not. On PostgreSQL the rows stream while the server reads them, and one
    // row of 7 MB made the same page slower (route p50 193–205 ms against 160–167).
    const rows = grouped
      ? sql`select ${nulls}, min(x.rn), string_agg(x.j, ',' order by x.rn)
          from (select p.rn, ${sql.raw(rowJson)} as j from (${page}) p) x group by (x.rn - 1) / ${sql.lit(PAGE_GROUP)}`
      : sql`select ${nulls}, p.rn, ${sql.raw(rowJson)} from (${page}) p`;
    return sql<Partial<G & CampaignCheckRow> & { rn: number | null; j: string | null }>`select ${sql.raw(aggregateOutput)}${checkOutput}, null::bigint as rn, null::text as j
      from (${totals}) g
      union all ${rows}`;
  };

  const viewJson = (rowJson: string) => {
    const query = viewJsonQuery(rowJson);
    return async (db: Db, request: ViewRequest, campaign: Campaign, opts: ListWhereOptions = {}) => {
      const { rows } = await keepPlan(reusesPlan(request), query(request, campaign, opts, await isPGlite(db))).execute(db.withoutPlugins());
      const aggregate = rows.find((r) => r.j === null) as G | undefined;
      if (campaignBound) checkCampaign(aggregate as CampaignCheckRow | undefined, campaign);
      const totalItems = aggregate?.totalItems ?? 0;
      return { rowsJson: rowsJsonOf(rows), aggregate, totalItems, totalPages: totalPages(totalItems, request.size) };
    };
  };

  const records = async (db: Db, where: Condition, order: string, limit?: number): Promise<E[]> => {
    const { rows } = await sql<R>`select ${recordColumns(source)} from ${from(source)} ${joinsOf(source)}
      where ${where} order by ${sql.raw(order)}${limit === undefined ? sql`` : sql` limit ${limit}`}`.execute(
      db.withoutPlugins(),
    );
    return rows.map(toEntity);
  };

  return {
    source,
    where: (request, campaign, opts) => listWhere(source, request, campaign, opts),
    rowsQuery,
    viewQuery,
    async view(db, request, campaign, opts) {
      const { rows } = await keepPlan(reusesPlan(request), viewQuery(request, campaign, opts)).execute(db.withoutPlugins());
      const first = rows[0];
      if (campaignBound) checkCampaign(first as CampaignCheckRow | undefined, campaign);
      const totalItems = first?.totalItems ?? 0;
      // An empty page still yields the aggregate's one row, without the row key.
      const pageRows = rows.filter((r) => {
        const value = (r as Record<string, unknown>)[source.rowKey];
        return value !== null && value !== undefined;
      }) as unknown as R[];
      return {
        rows: pageRows.map(toEntity),
        aggregate: first,
        totalItems,
        totalPages: totalPages(totalItems, request.size),
      };
    },
    viewJson: options.rowJson === undefined ? undefined : viewJson(options.rowJson),
    viewJsonQuery: options.rowJson === undefined ? undefined : viewJsonQuery(options.rowJson),
    records,
    bySIdPrefix: (db, prefix, limit = STARTS_WITH_LIMIT) =>
      records(
        db,
        sql<SqlBool>`${sql.raw(options.prefixColumn ?? `${source.alias}.s_id`)} like ${`${prefix}%`}`,
        options.prefixOrder,
        limit,
      ),
  };
};
