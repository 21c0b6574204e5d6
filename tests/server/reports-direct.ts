// The reports' numbers computed directly from the analyses and samples, as the repository did before
// the summaries of migration 0010: the reference the summary-based reports are compared with
// (report-summary.test.ts). Kept as it was, so that the comparison checks against the rules as they were.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { AVERAGED_FIELDS, type AveragedField } from '../../src/domain/constants';
import {
  ANALYSIS_WAIT_HOURS,
  LAB_DAY_START_HOUR,
  REPEAT_TOLERANCE,
  WEIGHT_TOLERANCE,
  type DayStats,
  type ReportLimits,
  type SampleFacts,
  type TimeSpan,
  type ValueStats,
} from '../../src/domain/reports';
import type { Database } from '../../src/server/db/database';
import type { Campaign } from '../../src/server/views/campaign';

const COLUMN: Readonly<Record<AveragedField, string>> = { pol: 'pol', nat: 'nat', kal: 'kal', an: 'an', glu: 'glu', dry: 'dry' };

const campaignSql = (campaign: Campaign, ref: string): RawBuilder<unknown> => {
  const r = sql.raw(ref);
  const start = campaign.start ? sql`and ${r} >= ${campaign.start}::timestamp` : sql``;
  const end = campaign.end ? sql`and ${r} <= ${campaign.end}::timestamp` : sql``;
  return sql`${start} ${end}`;
};

const labDay = (ref: string): RawBuilder<string> =>
  sql<string>`to_char(${sql.raw(ref)} - make_interval(hours => ${LAB_DAY_START_HOUR}), 'YYYY-MM-DD')`;

/** `value outside its limit`, false when the limit is unknown. */
const outside = (f: AveragedField, limits: ReportLimits, ref = ''): RawBuilder<boolean> => {
  const lim = limits[f];
  const col = sql.raw(`${ref}${COLUMN[f]}`);
  return lim ? sql<boolean>`(${col} < ${lim.min}::numeric or ${col} > ${lim.max}::numeric)` : sql<boolean>`false`;
};

type Row = Record<string, string | number | null>;

/** Per lab day of the span: samples received, analyses done (by DateOut), value statistics. */
export const directDayStats = async (
  db: Kysely<Database>,
  span: TimeSpan,
  campaign: Campaign,
  limits: ReportLimits,
): Promise<DayStats[]> => {
  const raw = db.withoutPlugins();
  const received = await sql<{ day: string; n: number }>`
    select ${labDay('s_stamp')} as day, count(*)::int as n
    from sample
    where s_stamp between ${span.from}::timestamp and ${span.to}::timestamp ${campaignSql(campaign, 's_stamp')}
    group by 1`.execute(raw);
  const columns = AVERAGED_FIELDS.map((f) => {
    const c = sql.raw(COLUMN[f]);
    return sql`avg(${c})::float8 as ${sql.ref(`${f}_avg`)}, min(${c})::float8 as ${sql.ref(`${f}_min`)},
      max(${c})::float8 as ${sql.ref(`${f}_max`)}, count(${c})::int as ${sql.ref(`${f}_n`)},
      (count(*) filter (where ${outside(f, limits)}))::int as ${sql.ref(`${f}_out`)}`;
  });
  const analysed = await sql<Row>`
    select ${labDay('date_out')} as day, count(*)::int as n, ${sql.join(columns)}
    from analysis
    where date_out between ${span.from}::timestamp and ${span.to}::timestamp ${campaignSql(campaign, 's_stamp')}
    group by 1`.execute(raw);

  const days = new Map<string, DayStats>();
  const dayOf = (day: string): DayStats => {
    let d = days.get(day);
    if (!d) days.set(day, (d = { day, samplesReceived: 0, analysesDone: 0, values: {}, outOfLimit: {} }));
    return d;
  };
  for (const r of received.rows) dayOf(r.day).samplesReceived = r.n;
  for (const r of analysed.rows) {
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
 * than the wait at `now`), with all their analyses.
 */
export const directSuspiciousCandidates = async (
  db: Kysely<Database>,
  span: TimeSpan,
  campaign: Campaign,
  limits: ReportLimits,
  now: string,
): Promise<SampleFacts[]> => {
  const raw = db.withoutPlugins();
  const anyOutside = sql.join(
    AVERAGED_FIELDS.map((f) => outside(f, limits, 'a.')),
    sql` or `,
  );
  const spread = sql.join(
    AVERAGED_FIELDS.map((f) => {
      const c = sql.raw(`a.${COLUMN[f]}`);
      return sql`coalesce(max(${c}) - min(${c}), 0) > ${REPEAT_TOLERANCE[f]}::numeric`;
    }),
    sql` or `,
  );
  const candidates = await sql<{
    s_id: string;
    s_stamp: string;
    weight_net: number | null;
    weight_bru: number | null;
    weight_tar: number | null;
  }>`
    with s as (
      select s_id, s_stamp, weight_net, weight_bru, weight_tar from sample
      where s_stamp between ${span.from}::timestamp and ${span.to}::timestamp ${campaignSql(campaign, 's_stamp')}
    ), a as (
      select a.s_id, a.s_stamp, count(*) as n, bool_or(${anyOutside}) as out, (${spread}) as disagree
      from analysis a join s on s.s_id = a.s_id and s.s_stamp = a.s_stamp
      -- The sample's stamp is on the analysis too: only the span's analyses are read (index on s_stamp).
      where a.s_stamp between ${span.from}::timestamp and ${span.to}::timestamp
      group by a.s_id, a.s_stamp
    )
    select s.s_id, to_char(s.s_stamp, 'YYYY-MM-DD HH24:MI:SS') as s_stamp,
      s.weight_net::float8 as weight_net, s.weight_bru::float8 as weight_bru, s.weight_tar::float8 as weight_tar
    from s left join a on a.s_id = s.s_id and a.s_stamp = s.s_stamp
    where s.weight_net - s.weight_bru > ${WEIGHT_TOLERANCE}
       or (s.weight_tar is not null and abs(s.weight_net + s.weight_tar - s.weight_bru) > ${WEIGHT_TOLERANCE})
       or a.out or a.disagree
       or (a.n is null and s.s_stamp + make_interval(hours => ${ANALYSIS_WAIT_HOURS}) < ${now}::timestamp)`.execute(raw);
  if (candidates.rows.length === 0) return [];

  const ids = candidates.rows.map((r) => r.s_id);
  const stamps = candidates.rows.map((r) => r.s_stamp);
  const analyses = await sql<Row & { a_id: number; s_id: string; s_stamp: string }>`
    select a.a_id::float8 as a_id, a.s_id, to_char(a.s_stamp, 'YYYY-MM-DD HH24:MI:SS') as s_stamp,
      ${sql.join(AVERAGED_FIELDS.map((f) => sql`a.${sql.raw(COLUMN[f])}::float8 as ${sql.ref(f)}`))}
    from analysis a
    join unnest(${ids}::varchar[], ${stamps}::timestamp[]) as k(s_id, s_stamp)
      on a.s_id = k.s_id and a.s_stamp = k.s_stamp
    order by a.a_id`.execute(raw);
  const byKey = new Map<string, SampleFacts['analyses'][number][]>();
  for (const a of analyses.rows) {
    const key = `${a.s_id}|${a.s_stamp}`;
    const list = byKey.get(key) ?? [];
    list.push({
      aId: Number(a.a_id),
      values: Object.fromEntries(AVERAGED_FIELDS.map((f) => [f, a[f] === null ? null : Number(a[f])])),
    });
    byKey.set(key, list);
  }
  return candidates.rows.map((r) => ({
    sId: r.s_id,
    sStamp: r.s_stamp,
    weightNet: r.weight_net,
    weightBru: r.weight_bru,
    weightTar: r.weight_tar,
    analyses: byKey.get(`${r.s_id}|${r.s_stamp}`) ?? [],
  }));
};
