// The reports read per-lab-day summaries instead of every analysis (docs/dev/architecture.md#domain-decisions Reports):
// - report_received: samples received per lab day (of s_stamp) and calendar date of s_stamp;
// - report_analysed: analyses done per lab day (of date_out) and calendar date of s_stamp, with per
//   measured value the count, sum, min, max and the count outside its limit (config_limit);
// - report_suspect: the samples that are suspicious whatever the time (a weight inconsistency, a
//   value out of limit, repeated analyses disagreeing) or have no analysis yet (suspicious once they
//   waited too long: that depends on the time of the report and is decided when it is read).
// The calendar date of s_stamp is in the key because the campaign bounds are timestamps: dates
// wholly inside the campaign are read from the summary, the (at most two) dates the bounds cut are
// read from the analyses themselves (repositories/reports.ts).
//
// The database keeps them current itself, so that no write path can forget them: STATEMENT-level
// triggers with transition tables recompute the lab days and samples a statement touched (inserts,
// COPY, set-based upserts, updates, deletes, cascades), in the statement's transaction. Limits
// changed → everything depending on limits is recomputed. Concurrent writers of one lab day take a
// transaction advisory lock on it, so each recomputation sees the other's committed rows.
// The rules' constants are baked in here from domain/reports.ts; a change of them needs a migration.
import { sql, type Kysely } from 'kysely';
import { AVERAGED_FIELDS } from '../../../domain/constants';
import { LAB_DAY_START_HOUR, REPEAT_TOLERANCE, WEIGHT_TOLERANCE } from '../../../domain/reports';

/**
 * The summaries are derived from sample, analysis and config_limit: a backup leaves them out and a
 * restore rebuilds them through the triggers (backup/dump.ts).
 */
export const REPORT_SUMMARY_TABLES: readonly string[] = ['report_received', 'report_analysed', 'report_suspect'];

const FIELDS = AVERAGED_FIELDS;
/** The rows a hidden run prepares for its reveal (0023). */
export const SUSPECT_NEXT = 'report_suspect_next';
const HOURS = `interval '${LAB_DAY_START_HOUR} hours'`;
/** Advisory lock namespaces: lab days of s_stamp (received, suspects), lab days of date_out (analysed). */
const LOCK_STAMP_DAY = 7301;
const LOCK_OUT_DAY = 7302;

/** A value outside its limit, the limit read by a subquery (0010's way, still the one of a whole-table pass). */
const outside = (f: string): string =>
  `(${f} < (select min from config_limit where name = '${f}') or ${f} > (select max from config_limit where name = '${f}'))`;
/** The same comparison with the limits' one row `l` (LIMITS_ROW), read once per statement (0013). */
const outsideByRow = (f: string): string => `(${f} < l.${f}_min or ${f} > l.${f}_max)`;
/** Every limit of FIELDS as one row: a limit that is not set is null, and compares as the empty subquery did. */
const LIMITS_ROW = `select ${FIELDS.map(
  (f) => `max(min) filter (where name = '${f}') as ${f}_min, max(max) filter (where name = '${f}') as ${f}_max`,
).join(', ')} from config_limit`;

const analysedColumns = FIELDS.map(
  (f) => `sum(${f}) as ${f}_sum, min(${f}) as ${f}_min, max(${f}) as ${f}_max, count(${f})::int as ${f}_n,
    (count(*) filter (where ${outside(f)}))::int as ${f}_out`,
).join(',\n');

/** The summary of the analyses in `where` (a condition on analysis), grouped per key. */
const analysedSelect = (from: string, where: string): string => `
  select (date_out - ${HOURS})::date as day, s_stamp::date as s_day, count(*)::int as n,
    ${analysedColumns}
  from ${from}
  where date_out is not null and ${where}
  group by 1, 2`;

/** The analyses' values as the report shows them, [aId, pol, nat, kal, an, glu, dry] by aId, as JSON text. */
const FACTS_AGG = `json_agg(json_build_array(x.a_id, ${FIELDS.map((f) => `x.${f}`).join(', ')}) order by x.a_id)::text`;

/** What the rules need of a sample's analyses `x`; with `facts`, their values too (0010–0021: for every sample). */
const analysisFacts = (out: (f: string) => string, facts = true): string => `count(*)::int as n, bool_or(${FIELDS.map(out).join(' or ')}) as out,
  (${FIELDS.map((f) => `coalesce(max(${f}) - min(${f}), 0) > ${REPEAT_TOLERANCE[f]}::numeric`).join(' or ')}) as disagree${
    facts ? `,
  ${FACTS_AGG} as facts` : ''
  }`;

/**
 * The suspect rows of the samples `s` of `from`, whose analyses' facts are `a` (n, out, disagree):
 * the samples flagged whatever the time, and those without analysis. With `pending` (0019) each row
 * carries its sample's run mark last.
 */
const suspectSelect = (from: string, pending: boolean, facts?: string, every = false): string => `
  select ${facts ? `c.s_id, c.s_stamp, c.weight_net, c.weight_bru, c.weight_tar, c.analyses, ${facts} as facts, c.flagged${pending ? ', c.pending' : ''}` : '*'}${
    every ? ', c.flagged or c.analyses = 0 as kept' : ''
  } from (
    select s.s_id, s.s_stamp, s.weight_net, s.weight_bru, s.weight_tar, coalesce(a.n, 0) as analyses${facts ? '' : `, coalesce(a.facts, '[]') as facts`},
      coalesce(s.weight_net - s.weight_bru > ${WEIGHT_TOLERANCE}
        or (s.weight_tar is not null and abs(s.weight_net + s.weight_tar - s.weight_bru) > ${WEIGHT_TOLERANCE}), false)
      or coalesce(a.out, false) or coalesce(a.disagree, false) as flagged${pending ? ', s.pending' : ''}
    from ${from}
  ) as c${every ? '' : `
  where c.flagged or c.analyses = 0`}`;

/**
 * With `flaggedFacts` (0022): the values of the analyses of a row `c` that is kept, read after the
 * rule has kept it (a few in a hundred samples), not aggregated for every sample the statement
 * looks at: the ordered aggregate per sample was a fifth to a quarter of a keyed recomputation's
 * time (100,000 samples: 660–850 → 515–525 ms on PostgreSQL). The analyses counted are those the
 * rule counted (`analyses.keyed`, with the row's sample `s`). A row not kept (`every`) has none.
 */
const keptFacts = ({ samples, analyses }: SuspectSource, every = false): string => `case when c.analyses = 0${
  every ? ' or not c.flagged' : ''
} then '[]' else (
    select ${FACTS_AGG} from ${analyses ? `analysis_row x join ${samples} s on s.s_id = x.s_id and s.s_stamp = x.s_stamp` : 'analysis x'}
    where x.s_id = c.s_id and x.s_stamp = c.s_stamp${analyses ? ` and ${analyses.keyed}` : ''}) end`;

/** Every sample of `samples` (one pass over the analyses). */
const allSuspects = (source: SuspectSource): string => {
  const { samples, pending, analyses, flaggedFacts } = source;
  return suspectSelect(
    `${samples} s left join (
  select x.s_id, x.s_stamp, ${analysisFacts(outside, !flaggedFacts)} from ${analyses ? `analysis_row x where ${analyses.all}` : 'analysis x'} group by x.s_id, x.s_stamp
) a on a.s_id = s.s_id and a.s_stamp = s.s_stamp`,
    pending,
    flaggedFacts ? keptFacts(source) : undefined,
  );
};

/**
 * The samples of `samples` with the keys k (s_id, s_stamp), each through the index of its analyses.
 * With `limitsRow` the limits are the row `l` of a `limits` CTE (0013). Measured since, PostgreSQL 15
 * runs 0010's subqueries once per statement too, as InitPlans (EXPLAIN ANALYZE: loops=1), so both
 * ways take the same time (0019).
 */
const keyedSuspects = (source: SuspectSource, every = false): string => {
  const { samples, pending, limitsRow, analyses, flaggedFacts } = source;
  return suspectSelect(
    `keys k join ${samples} s on s.s_id = k.s_id and s.s_stamp = k.s_stamp${limitsRow ? ' cross join limits l' : ''}
  left join lateral (select ${analysisFacts(limitsRow ? outsideByRow : outside, !flaggedFacts)} from ${analyses ? 'analysis_row' : 'analysis'} x
    where x.s_id = k.s_id and x.s_stamp = k.s_stamp${analyses ? ` and ${analyses.keyed}` : ''}) a on true`,
    pending,
    flaggedFacts ? keptFacts(source, every) : undefined,
    every,
  );
};

/**
 * Where the suspects come from: the `sample` table (0010), or since 0019 `sample_row` with each row's
 * run mark, so that the samples of a hidden run have theirs too (kept out of the reports until the
 * run is shown).
 */
export interface SuspectSource {
  samples: 'sample' | 'sample_row';
  pending: boolean;
  /** How report_refresh_suspects compares with the limits: 0010's subqueries, or their one row (0013). */
  limitsRow: boolean;
  /**
   * The analyses a sample's row counts: the shown ones (the `analysis` view), or (0020) the rows of
   * `analysis_row x` that hold for the sample `s` (`keyed`: `s` is the sample's row; `all`: a
   * condition on `x` alone, for the whole-table pass).
   */
  analyses?: { keyed: string; all: string };
  /** The analyses' values read for the rows kept only (0022), not aggregated for every sample. */
  flaggedFacts?: boolean;
  /** A recomputation drops the rows a hidden run prepared for its reveal of the same samples (0023). */
  nextRows?: boolean;
}
const SUSPECT_COLUMNS = 's_id, s_stamp, weight_net, weight_bru, weight_tar, analyses, facts, flagged';
const suspectColumns = ({ pending }: SuspectSource): string => `${SUSPECT_COLUMNS}${pending ? ', pending' : ''}`;

/** Samples by key; their lab days are locked (the samples of one lab day are recomputed one at a time). */
export const refreshSuspectsFunction = (source: SuspectSource): string => `
    create or replace function report_refresh_suspects(ids varchar[], stamps timestamp[]) returns void language plpgsql as $$
    begin
      perform report_lock_days(${LOCK_STAMP_DAY}, array(select (s - ${HOURS})::date from unnest(stamps) as s));
      delete from report_suspect r using unnest(ids, stamps) as k(s_id, s_stamp)
      where r.s_id = k.s_id collate "C" and r.s_stamp = k.s_stamp;${
        source.nextRows
          ? `
      delete from ${SUSPECT_NEXT} r using unnest(ids, stamps) as k(s_id, s_stamp)
      where r.s_id = k.s_id collate "C" and r.s_stamp = k.s_stamp;`
          : ''
      }
      insert into report_suspect (${suspectColumns(source)})
      with keys as (select distinct k.s_id collate "C" as s_id, k.s_stamp from unnest(ids, stamps) as k(s_id, s_stamp))${
        source.limitsRow ? `, limits as materialized (${LIMITS_ROW})` : ''
      }
      ${keyedSuspects(source)};
    end $$`;

/**
 * The suspect rows a hidden run prepares for its reveal (0023): for the shown samples of `ids` and
 * `stamps`, the row each will have once the run `next_run` is shown, its analyses counted with the
 * shown ones; every such sample has one, `kept` saying whether report_suspect is to hold it.
 * `source.analyses.keyed` must count the run's analyses (`x.pending = next_run`). The lab days are
 * locked as a recomputation locks them, so a recomputation of one of these samples (which drops the
 * row: `nextRows`) comes before or after, never beside.
 */
export const nextSuspectsFunction = (source: SuspectSource): string => `
    create or replace function report_next_suspects(next_run integer, ids varchar[], stamps timestamp[]) returns void language plpgsql as $$
    begin
      perform report_lock_days(${LOCK_STAMP_DAY}, array(select (s - ${HOURS})::date from unnest(stamps) as s));
      delete from ${SUSPECT_NEXT} r using unnest(ids, stamps) as k(s_id, s_stamp)
      where r.run = next_run and r.s_id = k.s_id collate "C" and r.s_stamp = k.s_stamp;
      insert into ${SUSPECT_NEXT} (${suspectColumns(source)}, kept, run)
      with keys as (select distinct k.s_id collate "C" as s_id, k.s_stamp from unnest(ids, stamps) as k(s_id, s_stamp)
        join sample_row o on o.s_id = k.s_id and o.s_stamp = k.s_stamp where o.pending is null)
      select *, next_run from (${keyedSuspects(source, true)}) as n;
    end $$`;

/**
 * The reveal of the run `next_run` (0023): its prepared rows take the place of its samples' rows.
 * The rows other runs prepared for the same samples go: they did not count its analyses. Its own
 * stay, inert (no reveal of the run comes again; a recomputation of their samples drops them too),
 * for its caller to delete after the commit (sync/hiddenRun.ts forgetPrepared): 100,000 of them were
 * a third of the reveal's time on PGlite.
 */
export const showNextFunction = (): string => `
    create or replace function report_show_next(next_run integer) returns void language plpgsql as $$
    begin
      perform report_lock_days(${LOCK_STAMP_DAY}, array(select distinct (s_stamp - ${HOURS})::date from ${SUSPECT_NEXT} where run = next_run));
      delete from report_suspect r using ${SUSPECT_NEXT} n where n.run = next_run and r.s_id = n.s_id and r.s_stamp = n.s_stamp;
      insert into report_suspect (${SUSPECT_COLUMNS}, pending)
      select ${SUSPECT_COLUMNS}, pending from ${SUSPECT_NEXT} where run = next_run and kept;
      delete from ${SUSPECT_NEXT} r where r.run <> next_run
        and exists (select 1 from ${SUSPECT_NEXT} n where n.run = next_run and n.s_id = r.s_id and n.s_stamp = r.s_stamp);
    end $$`;

/** Every summary from the tables as they are (a limit changed, a truncate, the migration itself). */
export const refreshAllFunction = (source: SuspectSource): string => `
    create or replace function report_refresh_all() returns void language plpgsql as $$
    begin
      delete from report_received;
      insert into report_received (day, s_day, n)
      select (s_stamp - ${HOURS})::date, s_stamp::date, count(*)::int from sample group by 1, 2;
      delete from report_analysed;
      insert into report_analysed ${analysedSelect('analysis', 'true')};
      delete from report_suspect;${source.nextRows ? `
      delete from ${SUSPECT_NEXT};` : ''}
      insert into report_suspect (${suspectColumns(source)}) ${allSuspects(source)};
    end $$`;

const SOURCE_0010: SuspectSource = { samples: 'sample', pending: false, limitsRow: false };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table report_received (
    day date not null, s_day date not null, n integer not null, primary key (day, s_day))`.execute(db);
  await sql.raw(`create table report_analysed (
    day date not null, s_day date not null, n integer not null,
    ${FIELDS.map((f) => `${f}_sum numeric, ${f}_min numeric(6,2), ${f}_max numeric(6,2), ${f}_n integer not null, ${f}_out integer not null`).join(',\n')},
    primary key (day, s_day))`).execute(db);
  // A suspect carries what the report says of it: its weights and its analyses' values
  // ([aId, pol, nat, kal, an, glu, dry] by aId), so that the report reads this table alone.
  await sql`create table report_suspect (
    s_id varchar(13) collate "C" not null, s_stamp timestamp(0) without time zone not null,
    weight_net numeric(9,3), weight_bru numeric(9,3), weight_tar numeric(9,3),
    analyses integer not null, facts text not null, flagged boolean not null, primary key (s_id, s_stamp))`.execute(db);
  await sql`create index report_suspect_s_stamp_idx on report_suspect (s_stamp)`.execute(db);

  // Recomputations of given lab days / samples, from the tables as they are now.
  await sql.raw(`
    create function report_lock_days(namespace integer, days date[]) returns void language plpgsql as $$
    begin
      perform pg_advisory_xact_lock(namespace, d - date '2000-01-01')
      from (select distinct d from unnest(days) as d where d is not null order by d) as t;
    end $$`).execute(db);
  await sql.raw(`
    create function report_refresh_received(days date[]) returns void language plpgsql as $$
    begin
      perform report_lock_days(${LOCK_STAMP_DAY}, days);
      delete from report_received where day = any(days);
      insert into report_received (day, s_day, n)
      select (s.s_stamp - ${HOURS})::date, s.s_stamp::date, count(*)::int
      from (select distinct d from unnest(days) as d where d is not null) as t
      join sample s on s.s_stamp >= t.d + ${HOURS} and s.s_stamp < t.d + interval '1 day' + ${HOURS}
      group by 1, 2;
    end $$`).execute(db);
  await sql.raw(`
    create function report_refresh_analysed(days date[]) returns void language plpgsql as $$
    begin
      perform report_lock_days(${LOCK_OUT_DAY}, days);
      delete from report_analysed where day = any(days);
      insert into report_analysed
      ${analysedSelect(
        `(select distinct d from unnest(days) as d where d is not null) as t
         join analysis a on a.date_out >= t.d + ${HOURS} and a.date_out < t.d + interval '1 day' + ${HOURS}`,
        'true',
      )};
    end $$`).execute(db);
  await sql.raw(refreshSuspectsFunction(SOURCE_0010)).execute(db);
  await sql.raw(refreshAllFunction(SOURCE_0010)).execute(db);

  // The triggers. A trigger with transition tables has one event, hence one per event.
  const rowsOf = (tables: string[], columns: string): string => tables.map((t) => `select ${columns} from ${t}`).join(' union all ');
  const triggerFunction = async (name: string, body: string): Promise<void> => {
    await sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`).execute(db);
  };
  for (const [event, tables] of [
    ['insert', ['new_rows']],
    ['update', ['old_rows', 'new_rows']],
    ['delete', ['old_rows']],
  ] as const) {
    const referencing = tables.map((t) => `${t === 'new_rows' ? 'new' : 'old'} table as ${t}`).join(' ');
    await triggerFunction(
      `report_sample_${event}`,
      `perform report_refresh_received(array(select distinct (s_stamp - ${HOURS})::date from (${rowsOf([...tables], 's_stamp')}) as r));
       perform report_refresh_suspects(k.ids, k.stamps)
       from (select array_agg(s_id) as ids, array_agg(s_stamp) as stamps from (${rowsOf([...tables], 's_id, s_stamp')}) as r) as k;`,
    );
    await sql.raw(`create trigger report_sample_${event} after ${event} on sample referencing ${referencing}
      for each statement execute function report_sample_${event}()`).execute(db);
    await triggerFunction(
      `report_analysis_${event}`,
      `perform report_refresh_analysed(array(select distinct (date_out - ${HOURS})::date from (${rowsOf([...tables], 'date_out')}) as r));
       perform report_refresh_suspects(k.ids, k.stamps)
       from (select array_agg(s_id) as ids, array_agg(s_stamp) as stamps from (${rowsOf([...tables], 's_id, s_stamp')}) as r) as k;`,
    );
    await sql.raw(`create trigger report_analysis_${event} after ${event} on analysis referencing ${referencing}
      for each statement execute function report_analysis_${event}()`).execute(db);
    await triggerFunction(
      `report_limit_${event}`,
      `if exists (select 1 from (${rowsOf([...tables], 'name')}) as r where r.name in (${FIELDS.map((f) => `'${f}'`).join(', ')})) then
         perform report_refresh_all();
       end if;`,
    );
    await sql.raw(`create trigger report_limit_${event} after ${event} on config_limit referencing ${referencing}
      for each statement execute function report_limit_${event}()`).execute(db);
  }
  // TRUNCATE (a restore) fires no delete triggers.
  await triggerFunction('report_truncated', 'perform report_refresh_all();');
  for (const table of ['sample', 'analysis', 'config_limit'])
    await sql.raw(`create trigger report_${table}_truncate after truncate on ${table}
      for each statement execute function report_truncated()`).execute(db);

  await sql`select report_refresh_all()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['sample', 'analysis', 'config_limit']) {
    await sql.raw(`drop trigger if exists report_${table}_truncate on ${table}`).execute(db);
    for (const event of ['insert', 'update', 'delete']) {
      const prefix = table === 'config_limit' ? 'report_limit' : `report_${table}`;
      await sql.raw(`drop trigger if exists ${prefix}_${event} on ${table}`).execute(db);
      await sql.raw(`drop function if exists ${prefix}_${event}()`).execute(db);
    }
  }
  for (const fn of [
    'report_truncated()',
    'report_refresh_all()',
    'report_refresh_suspects(varchar[], timestamp[])',
    'report_refresh_analysed(date[])',
    'report_refresh_received(date[])',
    'report_lock_days(integer, date[])',
  ])
    await sql.raw(`drop function if exists ${fn}`).execute(db);
  for (const table of ['report_suspect', 'report_analysed', 'report_received']) await sql.raw(`drop table if exists ${table}`).execute(db);
}
