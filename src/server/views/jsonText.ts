// A row's JSON text built by the database, byte for byte what the API's encoder writes for it
// (fastify-type-provider-zod: JSON.stringify of the zod-encoded object): the keys in the zod
// schema's order, no whitespace, numbers as JavaScript writes them, strings escaped as JSON.stringify
// escapes them. The zod response schema stays the source of truth: the SQL is derived from its
// shape, and each leaf's encoding from its type:
// - an integer: the column's own text (bigint, integer, smallint);
// - any other number: a numeric column's text without trailing zeros (trim_scale) — 12.30 is sent
//   as 12.3, 100.00 as 100, as JavaScript writes the double it reads. Exact for the lab's numeric(p, s)
//   columns (p ≤ 15 significant digits, s ≤ 6 decimals: no exponent form on either side); a
//   third cheaper than the round trip through float8;
// - a string: to_json's escaping (", \, \b \f \n \r \t, other control characters as \u00xx), as
//   JSON.stringify's;
// - nullable: 'null' when the value is.
// The whole row is one concat() (one allocation, no per-field JSON objects); tests/server/view-json
// compares the text with the encoder's for every list that uses it.
import type { z } from 'zod';

/**
 * A leaf's SQL: an expression of its value (a column of the page row `p`, …), encoded by the
 * schema's type; or `{ json }`, an expression that already is its JSON text (labTimeSql).
 */
export type LeafSql = string | { json: string };

interface Def {
  type: string;
  innerType?: ZodLike;
  shape?: Record<string, ZodLike>;
}
interface ZodLike {
  def: Def;
  isInt?: boolean | null;
}

const KEY = /^[A-Za-z][A-Za-z0-9]*$/;

/** The leaf's JSON text, or SQL null when the value is. */
const encode = (schema: ZodLike, value: LeafSql, path: string): string => {
  switch (schema.def.type) {
    case 'number':
      return schema.isInt ? `(${value})::text` : `trim_scale((${value})::numeric)::text`;
    case 'string':
      return `to_json((${value})::text)::text`;
    case 'boolean':
      return `(${value})::text`;
    default:
      throw new Error(`jsonTextSql: no SQL encoding for '${path}' (${schema.def.type})`);
  }
};

/** A part of the row's concat(): JSON punctuation and checked keys, or a leaf's SQL. */
type Part = { text: string } | { sql: string };

/**
 * The concat() parts of one value: literals and expressions, in order. `values` gives the SQL of a
 * leaf by its dotted path; a leaf without an entry is the page row's column named as the leaf.
 */
const parts = (
  schema: ZodLike,
  path: string,
  leaf: string,
  values: Readonly<Record<string, LeafSql>>,
  used: Set<string>,
): Part[] => {
  const { def } = schema;
  if (def.type === 'object') {
    const out: Part[] = [];
    Object.entries(def.shape ?? {}).forEach(([key, child], i) => {
      if (!KEY.test(key)) throw new Error(`jsonTextSql: bad key '${key}'`);
      out.push(
        { text: `${i === 0 ? '{' : ','}"${key}":` },
        ...parts(child, path === '' ? key : `${path}.${key}`, key, values, used),
      );
    });
    out.push({ text: Object.keys(def.shape ?? {}).length === 0 ? '{}' : '}' });
    return out;
  }
  const nullable = def.type === 'nullable';
  const inner = nullable ? def.innerType! : schema;
  if (inner.def.type === 'object') throw new Error(`jsonTextSql: nullable object '${path}' is not supported`);
  used.add(path);
  const value = Object.hasOwn(values, path) ? values[path]! : `p."${leaf}"`;
  const text = typeof value === 'string' ? encode(inner, value, path) : value.json;
  return [{ sql: nullable ? `coalesce(${text}, 'null')` : text }];
};

/** concat()'s arguments: adjacent punctuation joined into one literal (the keys are checked: no quote). */
const merged = (items: readonly Part[]): string[] => {
  const out: string[] = [];
  let text = '';
  for (const item of items) {
    if ('text' in item) text += item.text;
    else {
      if (text !== '') out.push(`'${text}'`);
      text = '';
      out.push(item.sql);
    }
  }
  if (text !== '') out.push(`'${text}'`);
  return out;
};

/**
 * The SQL text expression of one row's JSON as `schema` encodes it. `values`: the SQL of the leaves
 * that are not the page row's column of the leaf's name (dotted paths: 'sample.sampleId.sStamp').
 * Throws for an entry of `values` that names no leaf of the schema (a renamed field).
 */
export const jsonTextSql = (schema: z.ZodObject, values: Readonly<Record<string, LeafSql>> = {}): string => {
  const used = new Set<string>();
  const items = merged(parts(schema as unknown as ZodLike, '', '', values, used));
  for (const path of Object.keys(values))
    if (!used.has(path)) throw new Error(`jsonTextSql: '${path}' is no leaf of the schema`);
  // concat() takes at most 100 arguments; a row this wide would need nesting.
  if (items.length > 100) throw new Error('jsonTextSql: more than 100 parts');
  return `concat(${items.join(', ')})`;
};

/**
 * A lab time column's JSON text: its own text in quotes (null when it is). Lab times are
 * timestamp(0) and every session runs with DateStyle ISO (db/create-db.ts), so the text is the
 * API's 'YYYY-MM-DD HH:mm:ss' — what the entity path reads (db/type-parsers.ts) — and holds
 * nothing to escape.
 */
export const labTimeSql = (ref: string): LeafSql => ({ json: `'"' || (${ref})::text || '"'` });
