// What every importer shares: the shape of an importer, the array parameters of set-based writes
// (PGlite is not PostgreSQL at the edges: sets travel as arrays and are unnested, never as huge IN
// lists), and the bound of each numeric column (a value the column cannot hold is a line error with
// the line's number, not a database error without one).
import { sql, type Kysely } from 'kysely';
import { MEASURE_PRECISION } from '../../db/migrations/0001_schema';
import type { Database } from '../../db/database';
import type { ImportPacer } from '../hiddenRun';
import { LineError, type CsvRecord } from '../csv';

/**
 * How a kind imports a file as it streams in (engine.ts): each record is checked by `line` (a
 * LineError at the first bad one), and the checked lines are written in file order by `write`,
 * CHUNK at a time, inside the file's one transaction — so memory holds a chunk, not the file. A
 * kind whose lines only make sense together (a box's lines state its whole content) sets
 * `wholeFile` and gets every line in one `write`; the size cap bounds it.
 */
export interface Importer<L> {
  /** Every column the kind reads, in the documented order. */
  columns: readonly string[];
  required: readonly string[];
  wholeFile?: boolean;
  /** Checks one record. */
  line(r: CsvRecord): L;
  /**
   * Writes checked lines (a later line of the same key is the newer one) inside the caller's
   * transaction; `columns` are the header's (lower case). Answers the number of rows taken.
   */
  write(trx: Kysely<Database>, lines: L[], columns: ReadonlySet<string>): Promise<number>;
  /**
   * A kind that only stages its chunks in `write` (a temporary table of the transaction) writes
   * the file here, after its last chunk; answers the number of rows taken (then `write`'s are not).
   */
  finish?(trx: Kysely<Database>, columns: ReadonlySet<string>): Promise<number>;
  /** How the kind imports a file as a hidden run on PGlite (sync/importFile.ts importHidden); none: one transaction. */
  hidden?: HiddenImporter<L>;
}

/**
 * A file written as a hidden run (sync/hiddenRun.ts): staged and written in short transactions,
 * shown in one at the end. Each step runs on the database outside a transaction unless said.
 */
export interface HiddenImporter<L> {
  /** Stages a chunk of checked lines for the run, in the caller's short transaction. */
  stage(trx: Kysely<Database>, run: number, lines: L[]): Promise<void>;
  /** Writes the run's new rows from its stage, hidden, in short transactions taking turns with other work. */
  write(db: Kysely<Database>, run: number, columns: ReadonlySet<string>, pacer: ImportPacer): Promise<void>;
  /** In the reveal's transaction, before the reveal: what cannot be hidden (the stored rows the file updates). Answers the rows taken. */
  finish(trx: Kysely<Database>, run: number, columns: ReadonlySet<string>): Promise<number>;
  /** Drops the run's stage (after the reveal or a failure). */
  drop(db: Kysely<Database>, run: number): Promise<void>;
}

/** The lines of a chunk with one line per key: the last of each key, in the order of their last lines. */
export const lastOfEachKey = <L>(lines: readonly L[], keyOf: (l: L) => string): L[] => {
  const byKey = new Map<string, L>();
  for (const l of lines) {
    const key = keyOf(l);
    byKey.delete(key);
    byKey.set(key, l);
  }
  return [...byKey.values()];
};

/** The lines of a stage's keyed table `<stage>_last` (one per key). */
export const countKeyed = async (db: Kysely<Database>, stage: string): Promise<number> => {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.raw(stage)}_last`.execute(db);
  return rows[0]!.n;
};

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
