// The 'log' sync (docs/sync.md): the instruments' own log lines, appended to the hardware log.
// A line is identified by its whole content (time, level, text): a file imported twice, or two
// files repeating a line, add it once. The lines already stored are looked up by their times and
// compared here, so many lines of one time cost what they are (no per-row search among them).
import { sql } from 'kysely';
import { cellDateTime, cellText, LineError } from '../csv';
import { lastOfEachKey, type Importer } from './shared';

export const LOG_COLUMNS = ['dateCreated', 'level', 'info'] as const;
export const LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const;

interface LogLine {
  dateCreated: string;
  level: string;
  info: string;
}

const keyOf = (l: LogLine) => `${l.dateCreated}|${l.level}|${l.info}`;

export const logImporter: Importer<LogLine> = {
  columns: LOG_COLUMNS,
  required: LOG_COLUMNS,
  line(r) {
    const level = r.get('level').toUpperCase();
    if (!(LOG_LEVELS as readonly string[]).includes(level))
      throw new LineError(r.line, `level '${r.get('level')}' is not one of ${LOG_LEVELS.join(', ')}`);
    const info = cellText(r, 'info', 4000);
    if (!info) throw new LineError(r.line, 'info is required');
    return { dateCreated: cellDateTime(r, 'dateCreated', true)!, level, info };
  },
  async write(trx, all) {
    const lines = lastOfEachKey(all, keyOf);
    if (lines.length === 0) return 0;
    const dates = [...new Set(lines.map((l) => l.dateCreated))];
    const stored = await sql<{ dateCreated: string; level: string; info: string }>`
      select date_created, level, info from hw_log where date_created = any(${dates}::timestamp[])`.execute(trx);
    const known = new Set(stored.rows.map(keyOf));
    const fresh = lines.filter((l) => !known.has(keyOf(l)));
    if (fresh.length > 0) {
      await sql`
        insert into hw_log (date_created, level, info)
        select * from unnest(${fresh.map((l) => l.dateCreated)}::timestamp[], ${fresh.map((l) => l.level)}::text[],
          ${fresh.map((l) => l.info)}::text[])`.execute(trx);
    }
    return lines.length;
  },
};
