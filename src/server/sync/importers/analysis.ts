// The 'analysis' sync (docs/sync.md): an instrument's results, one line per analysis, upserted by
// the natural key (sId, sStamp, dateIn): the same measurement sent again updates its analysis
// instead of adding one, so a file imported twice changes nothing. A sample the lab has not seen
// yet is created with the defaults (the sample file may arrive later and fills it in). Values are
// kept as measured and flagged L/H against the limits (ARCHITECTURE §5 Flags): aFlags positions
// 2–7 are recomputed, the first character (farmer, test, exported) is kept.
import { sql, type Kysely } from 'kysely';
import { DEFAULT_FLAGS } from '../../../domain/constants';
import { AFLAG_VALUE_ORDER, computeAFlags, type AFlagValue } from '../../../domain/flags';
import { LANE_MESSAGE, SID_MESSAGE } from '../../../domain/messages';
import { SID_PATTERN } from '../../../domain/rules/fields';
import type { Database } from '../../db/database';
import { loadLimitBounds } from '../../services/limits';
import { cellDateTime, cellInt, cellNumber, cellPattern, cellText, LineError } from '../csv';
import { asText, checkPrecision, chunks, eachRecord, snake, type Importer } from './shared';

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

interface ParsedAnalyses {
  /** Optional columns the header has: only those are written on an existing analysis. */
  present: ReadonlySet<string>;
  lines: AnalysisLine[];
}

const keyOf = (sId: string, sStamp: string, dateIn: string) => `${sId}|${sStamp}|${dateIn}`;

export const analysisImporter: Importer<ParsedAnalyses> = {
  columns: ANALYSIS_COLUMNS,
  required: ['sId', 'sStamp', 'dateIn'],
  async parse(records, columns) {
    const byKey = new Map<string, AnalysisLine>();
    await eachRecord(records, (r) => {
      const values = {} as Record<Measure, number | null>;
      for (const m of ANALYSIS_MEASURES) {
        values[m] = cellNumber(r, m);
        checkPrecision(r, m, values[m]);
      }
      const line: AnalysisLine = {
        sId: cellPattern(r, 'sId', SID_PATTERN, SID_MESSAGE, true)!,
        sStamp: cellDateTime(r, 'sStamp', true)!,
        dateIn: cellDateTime(r, 'dateIn', true)!,
        dateOut: cellDateTime(r, 'dateOut'),
        values,
        lane: cellInt(r, 'lane', 0, 3, LANE_MESSAGE),
        comment: cellText(r, 'comment', 2000),
      };
      // The same analysis twice in one file: the later line is the newer measurement.
      byKey.set(keyOf(line.sId, line.sStamp, line.dateIn), line);
    });
    if (byKey.size === 0 && records.length > 0) throw new LineError(records[0]!.line, 'no analysis');
    return { present: columns, lines: [...byKey.values()] };
  },
  async write(trx, parsed) {
    const limits = await loadLimitBounds(trx);
    const optional = ['dateOut', ...ANALYSIS_MEASURES, 'lane', 'comment'].filter((c) =>
      parsed.present.has(c.toLowerCase()),
    );
    for (const part of chunks(parsed.lines)) await writeChunk(trx, part, optional, limits);
    return parsed.lines.length;
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
  const datesIn = lines.map((l) => l.dateIn);
  await sql`
    insert into sample (s_id, s_stamp)
    select distinct u.s_id, u.s_stamp from unnest(${sIds}::text[], ${sStamps}::timestamp[]) as u(s_id, s_stamp)
    on conflict do nothing`.execute(trx);
  const existing = await sql<{ aId: number; sId: string; sStamp: string; dateIn: string; aFlags: string }>`
    select a.a_id, a.s_id, a.s_stamp, a.date_in, a.a_flags
    from analysis a
    join (select distinct * from unnest(${sIds}::text[], ${sStamps}::timestamp[], ${datesIn}::timestamp[])) as u(s_id, s_stamp, date_in)
      -- The sample's analyses are found by the index on (s_id, s_stamp): collate "C" as the column's
      -- (another collation cannot use it), and dateIn compared with 'is not distinct from', which no
      -- index serves — else the planner may walk the dateIn index, and a batch of analyses sharing
      -- one dateIn makes that walk quadratic.
      on a.s_id = u.s_id collate "C" and a.s_stamp = u.s_stamp and a.date_in is not distinct from u.date_in
    order by a.a_id`.execute(trx);
  const found = new Map<string, { aId: number; aFlags: string }>();
  for (const row of existing.rows) {
    const key = keyOf(row.sId, row.sStamp, row.dateIn);
    if (!found.has(key)) found.set(key, { aId: row.aId, aFlags: row.aFlags });
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
