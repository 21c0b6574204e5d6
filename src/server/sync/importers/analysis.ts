// The 'analysis' sync (docs/sync.md): an instrument's results, one line per analysis, upserted by
// the natural key (sId, sStamp, dateIn): the same measurement sent again updates its analysis
// instead of adding one, so a file imported twice changes nothing. A sample the lab has not seen
// yet is created with the defaults (the sample file may arrive later and fills it in). Values are
// kept as measured and flagged L/H against the limits (docs/dev/architecture.md#domain-decisions Flags): aFlags positions
// 2–7 are recomputed, the first character (farmer, test, exported) is kept.
import { sql, type Kysely } from 'kysely';
import { DEFAULT_FLAGS } from '../../../domain/constants';
import { AFLAG_VALUE_ORDER, computeAFlags, type AFlagValue } from '../../../domain/flags';
import { LANE_MESSAGE, SID_MESSAGE } from '../../../domain/messages';
import { SID_PATTERN } from '../../../domain/rules/fields';
import type { Database } from '../../db/database';
import { loadLimitBounds } from '../../services/limits';
import { cellDateTime, cellInt, cellNumber, cellPattern, cellText } from '../csv';
import { asText, checkPrecision, chunks, lastOfEachKey, snake, type Importer } from './shared';

export const ANALYSIS_MEASURES = [
  'pol',
  'nat',
  'kal',
  'an',
  'glu',
  'dry',
  'weightMea',
  'weightNrm',
  'weightCur',
  'weightDif',
  'density',
] as const;
type Measure = (typeof ANALYSIS_MEASURES)[number];

export const ANALYSIS_COLUMNS = ['sId', 'sStamp', 'dateIn', 'dateOut', ...ANALYSIS_MEASURES, 'lane', 'comment'] as const;

interface AnalysisLine {
  sId: string;
  sStamp: string;
  dateIn: string;
  dateOut: string | null;
  values: Record<Measure, number | null>;
  lane: number | null;
  comment: string | null;
}

const keyOf = (sId: string, sStamp: string, dateIn: string) => `${sId}|${sStamp}|${dateIn}`;
const lineKey = (l: AnalysisLine) => keyOf(l.sId, l.sStamp, l.dateIn);

export const analysisImporter: Importer<AnalysisLine> = {
  columns: ANALYSIS_COLUMNS,
  required: ['sId', 'sStamp', 'dateIn'],
  line(r) {
    const values = {} as Record<Measure, number | null>;
    for (const m of ANALYSIS_MEASURES) {
      values[m] = cellNumber(r, m);
      checkPrecision(r, m, values[m]);
    }
    return {
      sId: cellPattern(r, 'sId', SID_PATTERN, SID_MESSAGE, true)!,
      sStamp: cellDateTime(r, 'sStamp', true)!,
      dateIn: cellDateTime(r, 'dateIn', true)!,
      dateOut: cellDateTime(r, 'dateOut'),
      values,
      lane: cellInt(r, 'lane', 0, 3, LANE_MESSAGE),
      comment: cellText(r, 'comment', 2000),
    };
  },
  async write(trx, all, columns) {
    // The same analysis twice: the later line is the newer measurement (a later chunk updates it).
    const lines = lastOfEachKey(all, lineKey);
    const limits = await loadLimitBounds(trx);
    const optional = ['dateOut', ...ANALYSIS_MEASURES, 'lane', 'comment'].filter((c) => columns.has(c.toLowerCase()));
    for (const part of chunks(lines)) await writeChunk(trx, part, optional, limits);
    return lines.length;
  },
};

type Limits = Awaited<ReturnType<typeof loadLimitBounds>>;

const SQL_TYPE: Record<string, string> = { dateOut: 'timestamp', lane: 'smallint', comment: 'text' };
const typeOf = (column: string) => SQL_TYPE[column] ?? 'numeric';
const valueOf = (l: AnalysisLine, column: string): string | null =>
  column === 'dateOut' ? l.dateOut : column === 'lane' ? asText(l.lane) : column === 'comment' ? l.comment : asText(l.values[column as Measure]);

async function writeChunk(trx: Kysely<Database>, lines: AnalysisLine[], optional: string[], limits: Limits) {
  const sIds = lines.map((l) => l.sId);
  const sStamps = lines.map((l) => l.sStamp);
  await sql`
    insert into sample (s_id, s_stamp)
    select distinct u.s_id, u.s_stamp from unnest(${sIds}::text[], ${sStamps}::timestamp[]) as u(s_id, s_stamp)
    on conflict do nothing`.execute(trx);
  // The stored analyses of the chunk's samples, found by sId alone and matched here. A join on the
  // whole key leaves the plan to the planner's guess, and with analyses sharing one sStamp or dateIn
  // it may walk that column's index once per row: a 30,000-line file of one stamp took minutes and
  // grew with every import (issue 29). sId = any(…) can only use the (s_id, s_stamp) index or a
  // scan, and every row fetched is matched once in a Map.
  const existing = await sql<{ aId: number; sId: string; sStamp: string; dateIn: string | null; aFlags: string }>`
    select a_id, s_id, s_stamp, date_in, a_flags from analysis
    where s_id = any(${[...new Set(sIds)]}::text[])
    order by a_id`.execute(trx);
  const wanted = new Set(lines.map(lineKey));
  const found = new Map<string, { aId: number; aFlags: string }>();
  for (const row of existing.rows) {
    if (row.dateIn === null) continue;
    const key = keyOf(row.sId, row.sStamp, row.dateIn);
    if (wanted.has(key) && !found.has(key)) found.set(key, { aId: row.aId, aFlags: row.aFlags });
  }
  const flagValues = (l: AnalysisLine) =>
    Object.fromEntries(AFLAG_VALUE_ORDER.map((n) => [n, l.values[n as AFlagValue]])) as Record<AFlagValue, number | null>;

  const updates = lines.flatMap((l) => {
    const hit = found.get(keyOf(l.sId, l.sStamp, l.dateIn));
    return hit ? [{ l, aId: hit.aId, flags: computeAFlags(hit.aFlags, flagValues(l), limits) }] : [];
  });
  const inserts = lines.filter((l) => !found.has(keyOf(l.sId, l.sStamp, l.dateIn)));

  if (updates.length > 0) {
    const cols = ['aFlags', ...optional];
    const arrays = cols.map((c) =>
      c === 'aFlags' ? updates.map((u) => u.flags) : updates.map((u) => valueOf(u.l, c)),
    );
    const names = cols.map(snake);
    await sql`
      update analysis a set ${sql.join(names.map((n) => sql`${sql.ref(n)} = u.${sql.ref(n)}`))}
      from unnest(${updates.map((u) => String(u.aId))}::bigint[], ${sql.join(
        arrays.map((arr, i) => sql`${arr}::${sql.raw(i === 0 ? 'text' : typeOf(cols[i]!))}[]`),
      )}) as u(a_id, ${sql.join(names.map((n) => sql.ref(n)))})
      where a.a_id = u.a_id`.execute(trx);
  }
  if (inserts.length > 0) {
    const cols = ['sId', 'sStamp', 'dateIn', 'aFlags', ...optional];
    const arrays = cols.map((c) =>
      inserts.map((l) =>
        c === 'sId'
          ? l.sId
          : c === 'sStamp'
            ? l.sStamp
            : c === 'dateIn'
              ? l.dateIn
              : c === 'aFlags'
                ? computeAFlags(DEFAULT_FLAGS, flagValues(l), limits)
                : valueOf(l, c),
      ),
    );
    const types = cols.map((c) =>
      c === 'sId' || c === 'aFlags' ? 'text' : c === 'sStamp' || c === 'dateIn' ? 'timestamp' : typeOf(c),
    );
    const names = cols.map(snake);
    await sql`
      insert into analysis (${sql.join(names.map((n) => sql.ref(n)))})
      select * from unnest(${sql.join(arrays.map((arr, i) => sql`${arr}::${sql.raw(types[i]!)}[]`))})`.execute(trx);
  }
}
