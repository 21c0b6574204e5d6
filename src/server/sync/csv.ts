// Reading an instrument file (docs/sync.md) from the one CSV reader (imports/csvReader.ts): one
// header line naming the columns (any order, case-insensitive), then one record per line,
// ';'-separated; a field may be double-quoted (with "" for a quote inside). Empty lines are skipped.
// Every problem is a LineError naming the line, because the reason file must tell the lab which
// line to fix.
import { isLabDateTime } from '../../domain/datetime';
import { hasControlCharacters } from '../../domain/rules/fields';
import { CsvSyntaxError, type CsvRow } from '../imports/csvReader';

export class LineError extends Error {
  override name = 'LineError';
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`Line ${line}: ${reason}`);
  }
}

/** One record: its line number and its cells by (lower-case) column name. */
export interface CsvRecord {
  line: number;
  get(column: string): string;
}

export interface SyncRecords {
  /** The header's columns, lower case. */
  columns: Set<string>;
  /** The records in the batches the reader gives (one await per batch, not per record). */
  records: AsyncGenerator<CsvRecord[]>;
}

const asLineError = (err: unknown): unknown =>
  err instanceof CsvSyntaxError ? new LineError(err.line, err.reason) : err;

/**
 * Reads the header of `rows` with the kind's columns: `required` must be in it, `known` lists every
 * column the kind reads (others are refused: a typo would otherwise drop a value silently). The
 * records follow as they stream in.
 */
export const openRecords = async (
  batches: AsyncGenerator<CsvRow[]>,
  known: readonly string[],
  required: readonly string[],
): Promise<SyncRecords> => {
  let first: IteratorResult<CsvRow[]>;
  try {
    first = await batches.next();
  } catch (err) {
    throw asLineError(err);
  }
  if (first.done || first.value.length === 0) throw new LineError(1, 'the file is empty (a header line is required)');
  const [head, ...rest] = first.value;
  const headerLine = head!.line;
  const header = head!.cells.map((h) => h.toLowerCase());
  if (header.some(hasControlCharacters)) throw new LineError(headerLine, 'the line holds control characters');
  const knownLower = new Map(known.map((k) => [k.toLowerCase(), k]));
  for (const h of header) {
    if (!knownLower.has(h)) throw new LineError(headerLine, `unknown column '${h}' (columns: ${known.join(';')})`);
  }
  for (const r of required) {
    if (!header.includes(r.toLowerCase())) throw new LineError(headerLine, `the column '${r}' is missing`);
  }
  const index = new Map(header.map((h, i) => [h, i]));
  // The kind's columns as it names them, looked up once per file instead of per cell.
  const at = new Map(known.map((k) => [k, index.get(k.toLowerCase()) ?? -1]));
  const cellOf = (cells: readonly string[], column: string): string =>
    cells[at.get(column) ?? index.get(column.toLowerCase()) ?? -1] ?? '';
  const recordsOf = (rows: readonly CsvRow[]): CsvRecord[] =>
    rows.map(({ line, cells }) => {
      if (cells.some(hasControlCharacters)) throw new LineError(line, 'the line holds control characters');
      if (cells.length !== header.length) {
        throw new LineError(line, `${cells.length} fields, the header has ${header.length}`);
      }
      return { line, get: (column: string) => cellOf(cells, column) };
    });
  async function* records(): AsyncGenerator<CsvRecord[]> {
    try {
      if (rest.length > 0) yield recordsOf(rest);
      for await (const rows of batches) yield recordsOf(rows);
    } catch (err) {
      throw asLineError(err);
    }
  }
  return { columns: new Set(header), records: records() };
};

// ---- cells -------------------------------------------------------------------------------------

/** A decimal with a dot or a comma; '' is null (not measured). */
export const cellNumber = (r: CsvRecord, column: string): number | null => {
  const t = r.get(column);
  if (t === '') return null;
  const normal = t.replace(',', '.');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(normal)) throw new LineError(r.line, `${column} '${t}' is not a number`);
  return Number(normal);
};

export const cellInt = (r: CsvRecord, column: string, min: number, max: number, message: string): number | null => {
  const t = r.get(column);
  if (t === '') return null;
  if (!/^\d+$/.test(t) || Number(t) < min || Number(t) > max) throw new LineError(r.line, message);
  return Number(t);
};

/** A lab date-time 'YYYY-MM-DD HH:mm:ss' (a 'T' between date and time is accepted). */
export const cellDateTime = (r: CsvRecord, column: string, required = false): string | null => {
  const t = r.get(column).replace('T', ' ');
  if (t === '') {
    if (required) throw new LineError(r.line, `${column} is required`);
    return null;
  }
  // isLabDateTime remembers the texts it judged valid: a file repeats its stamps.
  if (!isLabDateTime(t)) throw new LineError(r.line, `${column} '${t}' is not a date-time like 2000-01-01 00:00:00`);
  return t;
};

export const cellPattern = (r: CsvRecord, column: string, pattern: RegExp, message: string, required = false): string | null => {
  const t = r.get(column);
  if (t === '') {
    if (required) throw new LineError(r.line, `${column} is required`);
    return null;
  }
  if (!pattern.test(t)) throw new LineError(r.line, message);
  return t;
};

export const cellText = (r: CsvRecord, column: string, maxLength: number): string | null => {
  const t = r.get(column);
  if (t === '') return null;
  if (t.length > maxLength) throw new LineError(r.line, `${column} is longer than ${maxLength} characters`);
  return t;
};
