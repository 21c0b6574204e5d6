// The 'log' sync (docs/sync.md): the instruments' own log lines, appended to the hardware log.
// A line is identified by its whole content (time, level, text): a file imported twice, or two
// files repeating a line, add it once.
import { sql } from 'kysely';
import { cellDateTime, cellText, LineError } from '../csv';
import { chunks, eachRecord, type Importer } from './shared';

export const LOG_COLUMNS = ['dateCreated', 'level', 'info'] as const;
export const LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const;

interface LogLine {
  dateCreated: string;
  level: string;
  info: string;
}

export const logImporter: Importer<LogLine[]> = {
  columns: LOG_COLUMNS,
  required: LOG_COLUMNS,
  async parse(records) {
    const seen = new Set<string>();
    const lines: LogLine[] = [];
    await eachRecord(records, (r) => {
      const level = r.get('level').toUpperCase();
      if (!(LOG_LEVELS as readonly string[]).includes(level))
        throw new LineError(r.line, `level '${r.get('level')}' is not one of ${LOG_LEVELS.join(', ')}`);
      const info = cellText(r, 'info', 4000);
      if (!info) throw new LineError(r.line, 'info is required');
      const line = { dateCreated: cellDateTime(r, 'dateCreated', true)!, level, info };
      const key = `${line.dateCreated}|${level}|${info}`;
      if (!seen.has(key)) lines.push(line);
      seen.add(key);
    });
    return lines;
  },
  async write(trx, lines) {
    for (const part of chunks(lines)) {
      await sql`
        insert into hw_log (date_created, level, info)
        select u.d, u.l, u.i
        from unnest(${part.map((l) => l.dateCreated)}::timestamp[], ${part.map((l) => l.level)}::text[], ${part.map(
          (l) => l.info,
        )}::text[]) as u(d, l, i)
        where not exists (select 1 from hw_log h where h.date_created = u.d and h.level = u.l and h.info = u.i)`.execute(
        trx,
      );
    }
    return lines.length;
  },
};
