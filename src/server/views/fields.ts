// One server-side field map per resource, derived from its column registry (src/domain/columns):
// the registry says which fields exist, their canonical keys, formats and filter columns; the map
// adds only where each field lives in SQL. Everything the server lists by field comes from here —
// the view's selected columns and record keys, the sort columns, the filter targets, the export
// cells (SQL text) and their PDF getters, and the export's JSON record with its decoder — so a
// field is spelled once per layer. A field of the base table named as its column needs no entry.
import type { ColumnFormat, ColumnRegistry } from '../../domain/columns/registry';
import type { FilterColumn } from '../../domain/filter';
import { labTimeText, type FilterTargets, type SortColumns } from './sql';

/** A cell of an export. */
export type CellValue = string | number | null;

/** Where one registry field lives in SQL: a column reference such as 'a.weight_mea', or more. */
export type FieldSql =
  | string
  | {
      /** The columns the record carries for it (each read as its camelCase name); none for a computed field. */
      columns: readonly string[];
      /** What it sorts by; default its columns. */
      sort?: readonly string[];
      /** The export cell as SQL text; default the column as text. */
      cell?: string;
      /** The export cell from the flat record (the PDF); default the record's one column. */
      get?: (record: Record<string, unknown>) => CellValue;
    };

/** 'weight_mea' → 'weightMea': the record key a column is read as. */
export const camel = (snake: string): string => snake.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
/** 'a.weight_mea' → 'weightMea'. */
export const recordKeyOf = (ref: string): string => camel(ref.slice(ref.indexOf('.') + 1));

/** A column as the export's text: lab times are timestamp(0) text under DateStyle ISO; numbers keep their scale. */
const asText = (ref: string, format: ColumnFormat): string => (format === 'text' ? ref : `${ref}::text`);
/** A lab time as the API's text inside a JSON array (json_build_array would write ISO 'T'). */
const jsonValue = (ref: string, format: ColumnFormat): string =>
  format === 'time' ? labTimeText(ref) : ref;

export interface FieldMap {
  /** Every column the records carry, in registry order, then the extra ones (version). */
  columns: readonly string[];
  /** Canonical key → the columns it sorts by. */
  sortColumns: SortColumns;
  /** Filter column → where it lives (the registry's `filter` of each field). */
  filterTargets: FilterTargets;
  /** The export cells, in registry order. */
  cells: readonly { key: string; id: string; format: ColumnFormat; sql: string; get: (record: never) => CellValue }[];
  /** The export's JSON record: [record key, SQL] in order, and its decoder. */
  json: readonly (readonly [string, string])[];
  decode: (row: { j: string }) => Record<string, unknown>;
}

/**
 * A decoder of a JSON array into an object literal with the keys in order: V8 builds it from one
 * fixed shape, about 4× faster than assigning the keys in a loop (it matters at a million rows).
 * The keys come from the field maps (constants), never from a request.
 */
const decoderOf = (keys: readonly string[]): ((row: { j: string }) => Record<string, unknown>) => {
  for (const k of keys) if (!/^[A-Za-z][A-Za-z0-9]*$/.test(k)) throw new Error(`bad record key '${k}'`);
  // Built from the fixed keys checked above.
  const literal = new Function('v', `return {${keys.map((k, i) => `${k}: v[${i}]`).join(', ')}};`) as (
    v: unknown[],
  ) => Record<string, unknown>;
  return (row) => literal(JSON.parse(row.j) as unknown[]);
};

/** 'weightMea' → 'weight_mea'. */
export const snake = (id: string): string => id.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The field map of a registry whose fields are columns of the base table `alias` named as the
 * field in snake_case ('weightMea' → 'a.weight_mea'), except those `sqlOf` places elsewhere.
 */
export const fieldMap = <Row>(
  registry: ColumnRegistry<Row>,
  alias: string,
  sqlOf: Readonly<Record<string, FieldSql>>,
  options: {
    /** Columns every read carries that are no field (the version). */
    extraColumns?: readonly string[];
    /** Filter targets that are no field of their own (sampleId, bId: sampleKeyTargets). */
    extraFilters?: FilterTargets;
  } = {},
): FieldMap => {
  const columns: string[] = [];
  const sortColumns: Record<string, readonly string[]> = {};
  const filterTargets: FilterTargets = { ...options.extraFilters };
  const cells: FieldMap['cells'][number][] = [];
  const json: (readonly [string, string])[] = [];
  for (const field of registry.fields) {
    const given = Object.hasOwn(sqlOf, field.id) ? sqlOf[field.id]! : `${alias}.${snake(field.id)}`;
    const spec = typeof given === 'string' ? { columns: [given] } : given;
    for (const c of spec.columns)
      if (!columns.includes(c)) {
        columns.push(c);
        json.push([recordKeyOf(c), jsonValue(c, spec.columns.length === 1 ? field.format : 'text')]);
      }
    sortColumns[field.key] = spec.sort ?? spec.columns;
    const first = spec.columns[0];
    if (field.filter && first !== undefined && !(field.filter in filterTargets))
      filterTargets[field.filter as FilterColumn] = { kind: 'column', ref: first };
    const cell = spec.cell ?? (first === undefined ? undefined : asText(first, field.format));
    if (cell === undefined) throw new Error(`No export cell for the field '${field.id}'`);
    const key = first === undefined ? '' : recordKeyOf(first);
    const get = (spec.get ?? ((r: Record<string, unknown>) => r[key] as CellValue)) as (record: never) => CellValue;
    cells.push({ key: field.key, id: field.id, format: field.format, sql: cell, get });
  }
  for (const c of options.extraColumns ?? []) if (!columns.includes(c)) columns.push(c);
  return {
    columns,
    sortColumns,
    filterTargets,
    cells,
    json,
    decode: decoderOf(json.map(([k]) => k)),
  };
};
