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

/** `rows` (each a line of CSV fields in the table's column order, no line break at its end) into `table`. */
export const copyCsvInto = async (db: Kysely<Database>, table: string, rows: readonly string[]): Promise<void> => {
  if (rows.length === 0) return;
  const source = (await isPGlite(db)) ? `'/dev/blob'` : 'stdin';
  await db.executeQuery(CompiledQuery.raw(`copy ${table} from ${source} with (format csv)`, [new Blob([rows.join('\n')])]));
};
