// The numbers behind the reports (docs/dev/architecture.md#domain-decisions Reports): per lab day the samples received and
// the analyses done with their value statistics; the samples that may be suspicious with the facts
// the domain judges them by. Lab day = the wall-clock stamp minus 6 hours, as a date; campaign =
// the samples' stamps (analysis.s_stamp is the sample's). Every query reads one span through the
// date indexes; the suspicious candidates are a superset of what domain/reports.ts reports.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { labTimeText } from '../views/sql';
import { AVERAGED_FIELDS, type AveragedField } from '../../domain/constants';
import { parseLabDateTime } from '../../domain/datetime';
import {
  ANALYSIS_WAIT_HOURS,
  LAB_DAY_START_HOUR,
  type DayStats,
  type ReportLimits,
  type SampleFacts,
  type TimeSpan,
  type ValueStats,
} from '../../domain/reports';
import type { Database } from '../db/database';
import { keepPlan } from '../db/pg-prepared';
import type { Campaign } from '../views/campaign';

const COLUMN: Readonly<Record<AveragedField, string>> = { pol: 'pol', nat: 'nat', kal: 'kal', an: 'an', glu: 'glu', dry: 'dry' };

const campaignSql = (campaign: Campaign, ref: string): RawBuilder<unknown> => {
  const r = sql.raw(ref);
  const start = campaign.start ? sql`and ${r} >= ${campaign.start}::timestamp` : sql``;
  const end = campaign.end ? sql`and ${r} <= ${campaign.end}::timestamp` : sql``;
  return sql`${start} ${end}`;
};

/**
 * The widest span whose statements keep their plan on PostgreSQL (db/pg-prepared.ts): the reports'
 * default, yesterday and today. A generic plan served two lab days as a plan made for their values
 * did (the analysed days 0.08 against 0.7 ms to run, after 0.3–1.8 ms less planning); for the whole
 * campaign it read the analyses by DateOut instead of only the days its bounds cut (46 ms against
 * 5.7 ms), so a wider span is planned for its values, as before.
 */
const KEPT_PLAN_DAYS = 2;

const keepsPlan = (span: TimeSpan): boolean => {
  const from = parseLabDateTime(span.from);
  const to = parseLabDateTime(span.to);
  return from !== null && to !== null && from.until(to, { largestUnit: 'second' }).seconds < KEPT_PLAN_DAYS * 86_400;
};

/** `value outside its limit`, false when the limit is unknown. */
const outside = (f: AveragedField, limits: ReportLimits, ref = ''): RawBuilder<boolean> => {
  const lim = limits[f];
  const col = sql.raw(`${ref}${COLUMN[f]}`);
  return lim ? sql<boolean>`(${col} < ${lim.min}::numeric or ${col} > ${lim.max}::numeric)` : sql<boolean>`false`;
};

type Row = Record<string, string | number | null>;

/** The lab days of a span of whole lab days, first and last. */
const spanDays = (span: TimeSpan): { first: RawBuilder<string>; last: RawBuilder<string> } => ({
  first: sql<string>`(${span.from}::timestamp - make_interval(hours => ${LAB_DAY_START_HOUR}))::date`,
  last: sql<string>`(${span.to}::timestamp - make_interval(hours => ${LAB_DAY_START_HOUR}))::date`,
});

/**
 * The summaries are keyed by the calendar date of s_stamp (s_day) too: the dates wholly inside the
 * campaign are read from them, the dates its bounds cut (`cut`) from the rows themselves.
 */
const campaignDates = (campaign: Campaign): { inside: RawBuilder<boolean>; cut: RawBuilder<boolean> } => {
  const bounds = [campaign.start, campaign.end].filter((b): b is string => b !== null);
  const after = campaign.start ? sql`and s_day > ${campaign.start}::timestamp::date` : sql``;
  const before = campaign.end ? sql`and s_day < ${campaign.end}::timestamp::date` : sql``;
  const cut = bounds.length
    ? sql<boolean>`(${sql.join(
        bounds.map((b) => sql`(s_stamp >= date_trunc('day', ${b}::timestamp) and s_stamp < date_trunc('day', ${b}::timestamp) + interval '1 day')`),
        sql` or `,
      )})`
    : sql<boolean>`false`;
  return { inside: sql<boolean>`true ${after} ${before}`, cut };
};

/** Per lab day of the span: samples received, analyses done (by DateOut), value statistics. */
export const dayStats = async (
  db: Kysely<Database>,
  span: TimeSpan,
  campaign: Campaign,
  limits: ReportLimits,
): Promise<DayStats[]> => {
  const raw = db.withoutPlugins();
  const keep = keepsPlan(span);
  const { first, last } = spanDays(span);
  const { inside, cut } = campaignDates(campaign);
  const received = await keepPlan(keep, sql<{ day: string; n: number }>`
    select to_char(day, 'YYYY-MM-DD') as day, sum(n)::int as n from (
      select day, n from report_received where day between ${first} and ${last} and ${inside}
      union all
      select (s_stamp - make_interval(hours => ${LAB_DAY_START_HOUR}))::date, count(*)::int
      from sample
      where s_stamp between ${span.from}::timestamp and ${span.to}::timestamp and ${cut} ${campaignSql(campaign, 's_stamp')}
      group by 1
    ) as parts
    group by day`).execute(raw);
  const parts = AVERAGED_FIELDS.map((f) => {
    const c = sql.raw(COLUMN[f]);
    return sql`sum(${c}), min(${c}), max(${c}), count(${c})::int, (count(*) filter (where ${outside(f, limits)}))::int`;
  });
  const columns = AVERAGED_FIELDS.map((f) => {
    const c = (suffix: string) => sql.raw(`${f}_${suffix}`);
    return sql`(sum(${c('sum')}) / nullif(sum(${c('n')}), 0))::float8 as ${sql.ref(`${f}_avg`)},
      min(${c('min')})::float8 as ${sql.ref(`${f}_min`)}, max(${c('max')})::float8 as ${sql.ref(`${f}_max`)},
      sum(${c('n')})::int as ${sql.ref(`${f}_n`)}, sum(${c('out')})::int as ${sql.ref(`${f}_out`)}`;
  });
  const summaryColumns = AVERAGED_FIELDS.flatMap((f) => ['sum', 'min', 'max', 'n', 'out'].map((x) => `${f}_${x}`)).join(', ');
  const analysed = await keepPlan(keep, sql<Row>`
    select to_char(day, 'YYYY-MM-DD') as day, sum(n)::int as n, ${sql.join(columns)}
    from (
      select day, n, ${sql.raw(summaryColumns)} from report_analysed where day between ${first} and ${last} and ${inside}
      union all
      select (date_out - make_interval(hours => ${LAB_DAY_START_HOUR}))::date, count(*)::int, ${sql.join(parts)}
      from analysis
      where date_out between ${span.from}::timestamp and ${span.to}::timestamp and ${cut} ${campaignSql(campaign, 's_stamp')}
      group by 1
    ) as parts
    group by day`).execute(raw);

  const days = new Map<string, DayStats>();
  const dayOf = (day: string): DayStats => {
    let d = days.get(day);
    if (!d) days.set(day, (d = { day, samplesReceived: 0, analysesDone: 0, values: {}, outOfLimit: {} }));
    return d;
  };
  for (const r of received.rows) if (r.n > 0) dayOf(r.day).samplesReceived = r.n;
  for (const r of analysed.rows) {
    if (Number(r['n']) === 0) continue;
    const d = dayOf(String(r['day']));
    d.analysesDone = Number(r['n']);
    for (const f of AVERAGED_FIELDS) {
      const n = Number(r[`${f}_n`]);
      if (n > 0) {
        const stats: ValueStats = { avg: Number(r[`${f}_avg`]), min: Number(r[`${f}_min`]), max: Number(r[`${f}_max`]), n };
        d.values[f] = stats;
      }
      const out = Number(r[`${f}_out`]);
      if (out > 0) d.outOfLimit[f] = out;
    }
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
};

/**
 * Samples stamped in the span that may be suspicious (a weight inconsistency, an analysis value out
 * of limit, repeated analyses spreading wider than the tolerance, no analysis at all while older
 * than the wait at `now`), with all their analyses. The first three do not depend on the time and
 * are kept per sample by the database (report_suspect, migration 0010), with the samples that have
 * no analysis yet.
 */
export const suspiciousCandidates = async (
  db: Kysely<Database>,
  span: TimeSpan,
  campaign: Campaign,
  now: string,
): Promise<SampleFacts[]> => {
  const { rows } = await sql<{
    s_id: string;
    s_stamp: string;
    weight_net: number | null;
    weight_bru: number | null;
    weight_tar: number | null;
    facts: string;
  }>`
    select r.s_id, ${sql.raw(labTimeText('r.s_stamp'))} as s_stamp,
      r.weight_net::float8 as weight_net, r.weight_bru::float8 as weight_bru, r.weight_tar::float8 as weight_tar, r.facts
    from report_suspect_shown r
    where r.s_stamp between ${span.from}::timestamp and ${span.to}::timestamp ${campaignSql(campaign, 'r.s_stamp')}
      and (r.flagged or (r.analyses = 0 and r.s_stamp + make_interval(hours => ${ANALYSIS_WAIT_HOURS}) < ${now}::timestamp))`.execute(
    db.withoutPlugins(),
  );
  return rows.map((r) => ({
    sId: r.s_id,
    sStamp: r.s_stamp,
    weightNet: r.weight_net,
    weightBru: r.weight_bru,
    weightTar: r.weight_tar,
    // [aId, pol, nat, kal, an, glu, dry] per analysis, by aId (migration 0010).
    analyses: (JSON.parse(r.facts) as (number | null)[][]).map(([aId, ...values]) => ({
      aId: Number(aId),
      values: Object.fromEntries(AVERAGED_FIELDS.map((f, i) => [f, values[i] ?? null])),
    })),
  }));
};

/** The limits of the six measured values, as numbers. */
export const reportLimits = async (db: Kysely<Database>): Promise<ReportLimits> => {
  const rows = await db
    .selectFrom('configLimit')
    .select(['name', 'min', 'max'])
    .where('name', 'in', [...AVERAGED_FIELDS])
    .execute();
  return Object.fromEntries(rows.map((r) => [r.name, { min: Number(r.min), max: Number(r.max) }])) as ReportLimits;
};
