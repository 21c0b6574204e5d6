// The suspects of given samples (report_refresh_suspects, migration 0010) read the limits once per
// statement instead of once per sample: 0010 compared each analysis with `(select min from
// config_limit where name = …)`, a subquery inside the lateral join that PostgreSQL ran again for
// every sample of the statement — twelve look-ups per sample, most of the time of a 100,000-sample
// import (issue 28). The limits are now one row (computed once, `materialized`) joined to every
// sample; what is computed is the same (a limit that is not set compares as null, as the empty
// subquery did).
//
// And a sample's rows are found by their whole key whatever index the planner picks: the stamp
// indexes of sample, analysis and report_suspect become (s_stamp, s_id). With the stamp alone, a
// lookup by (s_id, s_stamp) whose estimate ties between the key's index and the stamp's took the
// stamp's, and walked every row of that stamp — an import's samples share few stamps (the bench
// file: 540 stamps for 100,000 lines). That is the lookup of PostgreSQL's own foreign-key check of
// each new analysis (`… where s_id = $1 and s_stamp = $2 for key share`, a generic plan: 0.25 ms
// per line, 25 s of a 100,000-line file), of its cascade when samples are deleted, and of the
// suspects' lateral join (160 s of that file on PostgreSQL, 74 s on PGlite, with the subqueries).
// The two-column index serves the stamp ranges of the views and reports as the old one did.
import { sql, type Kysely } from 'kysely';
import { AVERAGED_FIELDS } from '../../../domain/constants';
import { LAB_DAY_START_HOUR, REPEAT_TOLERANCE, WEIGHT_TOLERANCE } from '../../../domain/reports';

const FIELDS = AVERAGED_FIELDS;
const HOURS = `interval '${LAB_DAY_START_HOUR} hours'`;
const LOCK_STAMP_DAY = 7301;

/** 0010's comparison: a subquery per value. */
const outsideBySubquery = (f: string): string =>
  `(${f} < (select min from config_limit where name = '${f}') or ${f} > (select max from config_limit where name = '${f}'))`;
/** This migration's: the limits' one row `l`. */
const outsideByRow = (f: string): string => `(${f} < l.${f}_min or ${f} > l.${f}_max)`;

const LIMITS_ROW = `select ${FIELDS.map(
  (f) =>
    `max(min) filter (where name = '${f}') as ${f}_min, max(max) filter (where name = '${f}') as ${f}_max`,
).join(', ')} from config_limit`;

const analysisFacts = (
  outside: (f: string) => string,
): string => `count(*)::int as n, bool_or(${FIELDS.map(outside).join(' or ')}) as out,
  (${FIELDS.map((f) => `coalesce(max(${f}) - min(${f}), 0) > ${REPEAT_TOLERANCE[f]}::numeric`).join(' or ')}) as disagree,
  json_agg(json_build_array(x.a_id, ${FIELDS.map((f) => `x.${f}`).join(', ')}) order by x.a_id)::text as facts`;

const suspectSelect = (from: string): string => `
  select * from (
    select s.s_id, s.s_stamp, s.weight_net, s.weight_bru, s.weight_tar, coalesce(a.n, 0) as analyses, coalesce(a.facts, '[]') as facts,
      coalesce(s.weight_net - s.weight_bru > ${WEIGHT_TOLERANCE}
        or (s.weight_tar is not null and abs(s.weight_net + s.weight_tar - s.weight_bru) > ${WEIGHT_TOLERANCE}), false)
      or coalesce(a.out, false) or coalesce(a.disagree, false) as flagged
    from ${from}
  ) as c
  where c.flagged or c.analyses = 0`;

const KEYS = `keys as (select distinct k.s_id collate "C" as s_id, k.s_stamp from unnest(ids, stamps) as k(s_id, s_stamp))`;

const refreshSuspects = (keyed: string): string => `
  create or replace function report_refresh_suspects(ids varchar[], stamps timestamp[]) returns void language plpgsql as $$
  begin
    perform report_lock_days(${LOCK_STAMP_DAY}, array(select (s - ${HOURS})::date from unnest(stamps) as s));
    delete from report_suspect r using unnest(ids, stamps) as k(s_id, s_stamp)
    where r.s_id = k.s_id collate "C" and r.s_stamp = k.s_stamp;
    insert into report_suspect (s_id, s_stamp, weight_net, weight_bru, weight_tar, analyses, facts, flagged)
    ${keyed};
  end $$`;

const KEYED_BY_ROW = `with ${KEYS}, limits as materialized (${LIMITS_ROW})
  ${suspectSelect(`keys k join sample s on s.s_id = k.s_id and s.s_stamp = k.s_stamp cross join limits l
  left join lateral (select ${analysisFacts(outsideByRow)} from analysis x where x.s_id = k.s_id and x.s_stamp = k.s_stamp) a on true`)}`;

const KEYED_BY_SUBQUERY = `with ${KEYS}
  ${suspectSelect(`keys k join sample s on s.s_id = k.s_id and s.s_stamp = k.s_stamp
  left join lateral (select ${analysisFacts(outsideBySubquery)} from analysis x where x.s_id = k.s_id and x.s_stamp = k.s_stamp) a on true`)}`;

/** [table, old index, new index]; the old ones as 0001, 0003 and 0010 made them. */
const STAMP_INDEXES = [
  ['sample', 'sample_s_stamp_idx', 'sample_s_stamp_id_idx'],
  ['analysis', 'analysis_s_stamp_idx', 'analysis_s_stamp_id_idx'],
  ['report_suspect', 'report_suspect_s_stamp_idx', 'report_suspect_s_stamp_id_idx'],
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(refreshSuspects(KEYED_BY_ROW)).execute(db);
  for (const [table, old, index] of STAMP_INDEXES) {
    await sql.raw(`create index ${index} on ${table} (s_stamp, s_id)`).execute(db);
    await sql.raw(`drop index ${old}`).execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, old, index] of STAMP_INDEXES) {
    await sql.raw(`create index ${old} on ${table} (s_stamp)`).execute(db);
    await sql.raw(`drop index ${index}`).execute(db);
  }
  await sql.raw(refreshSuspects(KEYED_BY_SUBQUERY)).execute(db);
}
