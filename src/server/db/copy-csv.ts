// Rows into a table by COPY of CSV text, each database's bulk path: PGlite reads the text as its
// '/dev/blob' (the dialect hands it a query's lone Blob parameter), PostgreSQL from stdin (the
// pool's clients stream it, pg-copy.ts). The imports stage their rows so and write them from the
// stage in one set-based statement.
import { CompiledQuery, type Kysely } from 'kysely';
import { isPGlite } from './create-db';
import type { Database } from './database';

/**
 * A field as COPY's CSV reads it: nothing for null; quoted when empty or holding a quote, separator
 * or line break (a row has several fields, so none is COPY's end-of-data line `\.`).
 */
export const csvField = (v: string | null): string =>
  v === null ? '' : v === '' || /[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;

/**
 * Rows per synchronous slice of a COPY's text. The server's one thread serves the views too: the text
 * of a 5,000-line chunk built at once held it for 10–15 ms, which a view's request waited out (on
 * PostgreSQL, where the import's JavaScript runs beside the database without pauses); a slice is
 * about a millisecond.
 */
const SLICE = 500;

/** `rowOf` of each of `items`, as COPY's CSV text: built a slice at a time, the event loop free between slices. */
const csvText = async <T>(items: readonly T[], rowOf: (item: T) => string): Promise<Blob> => {
  const parts: string[] = [];
  for (let at = 0; at < items.length; at += SLICE) {
    if (at > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    parts.push(items.slice(at, at + SLICE).map(rowOf).join('\n'));
  }
  return new Blob([parts.join('\n')]);
};

/**
 * Each of `items` into `table` as the row `rowOf` writes (a line of CSV fields in the table's
 * column order, no line break at its end).
 */
export const copyCsvInto = async <T>(
  db: Kysely<Database>,
  table: string,
  items: readonly T[],
  rowOf: (item: T) => string,
): Promise<void> => {
  if (items.length === 0) return;
  const text = await csvText(items, rowOf);
  const source = (await isPGlite(db)) ? `'/dev/blob'` : 'stdin';
  await db.executeQuery(CompiledQuery.raw(`copy ${table} from ${source} with (format csv)`, [text]));
};
