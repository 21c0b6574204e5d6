// The export's SELECT, the shared parts (each exporting resource writes its own in its repository:
// repositories/<resource>-export.ts): the view's WHERE and ORDER BY (the repository's view
// condition and the views' sort columns, so an export holds exactly the view's rows in the view's order),
// but shaped for streaming a million rows:
// - one plain join ordered by the sort keys, without the view's row_number() window, which exists
//   for cutting pages and would cost a second sort of the whole set;
// - each row as ONE text column, a JSON array, decoded with JSON.parse: both drivers otherwise
//   parse every field of every row separately, which measured slower than the query itself
//   (1M analyses on PostgreSQL: 15 s per-field vs 11 s as JSON text; PGlite 100k: 8.5 s vs 3.2 s);
// - CSV and XLSX read only the requested cells, as text (cellsQuery); SAP and ZFT whole records.
import { sql, type RawBuilder } from 'kysely';
import type { FieldMap } from '../views/fields';
import type { CellValue } from './columns';

export interface ExportQuery<R> {
  query: RawBuilder<{ j: string }>;
  decode: (row: { j: string }) => R;
  /**
   * Keyset pages for the default orders (aId; sample time and id): the next `limit` rows after the
   * last record (null: from the start). The embedded database uses it instead of a WITH HOLD cursor,
   * which runs the whole query at once and blocks the process for its duration (17 s at 1M rows).
   */
  keyset?: { page(after: R | null, limit: number): RawBuilder<{ j: string }> };
}

/** Each row as one JSON array of the record's fields (views/fields.ts: keys and SQL from the field map). */
export const jsonArray = (fields: FieldMap) =>
  sql.raw(`json_build_array(${fields.json.map(([, ref]) => ref).join(', ')})::text as j`);

/** The decoder of the rows jsonArray(fields) selects. */
export const decodeWith = <R>(fields: FieldMap) => fields.decode as unknown as (row: { j: string }) => R;

/** The keys of the records' JSON arrays, in order. */
export const fieldKeys = (fields: FieldMap): string[] => fields.json.map(([key]) => key);

/**
 * The cursor's query sorts the joined rows as they are and builds each row's JSON only when it is
 * fetched: the subquery (kept apart by `offset 0`) sorts whole-row values of the tables, and the
 * outer select unpacks them again under the same aliases, so the columns' SQL reads as usual.
 * Written plainly, PostgreSQL computes the JSON below the sort — all of it before the first row
 * comes (1M analyses: first fetch after 6.2 s, the rest 0.1 s), while this process waits, then
 * formats with the database idle. Now the first fetch takes 1.7 s (join and sort) and the JSON is
 * built fetch by fetch, while this process formats the previous chunk. The outer select has no
 * ORDER BY of its own: it scans the sorted subquery once, in order (the tests check the order).
 */
export const unpack = (alias: string): RawBuilder<unknown> =>
  sql.raw(`cross join lateral (select (t.${alias}).*) ${alias}`);

/** A row shape: the JSON array's SQL, its decoder and where the keyset's key is in the decoded row. */
export interface Shape<R> {
  select: RawBuilder<unknown>;
  decode: (row: { j: string }) => R;
}

/**
 * The cells of CSV and XLSX: exactly the requested columns as text (ExportColumn.sql), in order,
 * then the keyset key (the resource's keyset order), one JSON array per row as the records,
 * so that nothing but JSON.parse runs per row before the writer (whole records measured about 3×
 * the work per row: decode to an object, a getter per cell, number → text). Plain text columns
 * instead of the JSON array halve PostgreSQL's work (1M rows: 2.6 s instead of 6.3 s) but double
 * this process's (pg builds an object per row, 7 µs at 25 columns): the same CPU in all, and this
 * process is the one that runs single-threaded.
 */
export type Cells = CellValue[];

export const cellsShape = (columns: readonly { sql: string }[], key: readonly string[]): Shape<Cells> => ({
  select: sql.raw(`json_build_array(${[...columns.map((c) => c.sql), ...key].join(', ')})::text as j`),
  decode: (row) => JSON.parse(row.j) as Cells,
});
