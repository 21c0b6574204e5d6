// What every importer shares: the shape of an importer, the array parameters of set-based writes
// (PGlite is not PostgreSQL at the edges: sets travel as arrays and are unnested, never as huge IN
// lists), and the bound of each numeric column (a value the column cannot hold is a line error with
// the line's number, not a database error without one).
import type { Kysely } from 'kysely';
import { MEASURE_PRECISION } from '../../db/migrations/0001_schema';
import type { Database } from '../../db/database';
import { LineError, type CsvRecord } from '../csv';

export interface Importer<P> {
  /** Every column the kind reads, in the documented order. */
  columns: readonly string[];
  required: readonly string[];
  /** Checks every record; throws LineError at the first bad one. Yields now and then (eachRecord). */
  parse(records: readonly CsvRecord[], columns: ReadonlySet<string>): Promise<P>;
  /** Writes the parsed file inside the caller's transaction; answers the number of rows taken. */
  write(trx: Kysely<Database>, parsed: P): Promise<number>;
}

/** Rows per statement: big enough for throughput, small enough for PGlite's memory. */
export const CHUNK = 5000;

export const chunks = <T>(items: readonly T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/** Numbers travel as text so that null, integers and decimals share one text[] parameter. */
export const asText = (v: number | string | null | undefined): string | null =>
  v === null || v === undefined ? null : String(v);

/** The largest absolute value a numeric(p,s) column holds. */
const boundOf = (type: string): number => {
  const m = /numeric\((\d+),(\d+)\)/.exec(type);
  return m ? 10 ** (Number(m[1]) - Number(m[2])) : Number.POSITIVE_INFINITY;
};

const SNAKE = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** By camelCase column, worked out once: checked for every value of a 100,000-line file. */
const BOUNDS = new Map(
  Object.entries(MEASURE_PRECISION).map(([column, type]) => [
    column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
    boundOf(type),
  ]),
);

/** Throws when `value` does not fit the measured-value column `column` (camelCase). */
export const checkPrecision = (r: CsvRecord, column: string, value: number | null): void => {
  if (value === null) return;
  const bound = BOUNDS.get(column);
  if (bound !== undefined && Math.abs(value) >= bound) {
    throw new LineError(r.line, `${column} ${value} is too large (below ${bound} expected)`);
  }
};

export const snake = SNAKE;

/** Records between two yields to the event loop while a file is checked. */
const PARSE_SLICE = 2000;

/**
 * Calls `fn` for every record, giving the event loop a turn every PARSE_SLICE records: checking a
 * 100,000-line file takes a second of CPU, and the requests of the lab must not wait for it.
 */
export const eachRecord = async (records: readonly CsvRecord[], fn: (r: CsvRecord) => void): Promise<void> => {
  for (let i = 0; i < records.length; i++) {
    if (i > 0 && i % PARSE_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
    fn(records[i]!);
  }
};
