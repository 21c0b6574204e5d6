// The columns an export may carry, per resource: the `attributes` whitelist (the client sends the
// visible columns in order, by the field names of docs/dev/product-rules.md#records), each as SQL text for the CSV and XLSX
// jobs (`sql`) and as a getter of the flat record for the PDF (`get`; the flat record, not the
// nested entity, so no object more per row).
import {
  exportHeaderOf,
  keyAliases,
  type ColumnFormat,
  type ColumnRegistry,
} from '../../domain/columns/registry';
import { HttpError } from '../http/errors';
import type { CellValue, FieldMap } from '../views/fields';

export type { CellValue };
/** The registry's format of the column (src/domain/columns/registry.ts). */
export type ColumnKind = ColumnFormat;

export interface ExportColumn<R> {
  /** Canonical attribute name (docs/dev/product-rules.md#records). */
  key: string;
  /** Header cell text. */
  header: string;
  kind: ColumnKind;
  get: (row: R) => CellValue;
  /** Approximate share of the PDF width. */
  width: number;
  /**
   * The cell as SQL text (null stays null) over the export query's tables (a, s, bp): CSV and XLSX
   * stream exactly the requested cells, already text, instead of whole records. Numeric text keeps
   * its scale ('17.40'); the writers trim it as decimalText would.
   */
  sql: string;
}

/**
 * The export columns of a registry (src/domain/columns): key, header and widths from the registry,
 * the cell's SQL text and the flat record's getter from the resource's field map (views/fields.ts).
 */
export const exportColumns = <R>(registry: ColumnRegistry<never>, fields: FieldMap): readonly ExportColumn<R>[] =>
  registry.fields.map((field, i) => {
    const cell = fields.cells[i]!;
    return {
      key: field.key,
      header: exportHeaderOf(field),
      kind: field.format,
      width: field.pdfWidth,
      sql: cell.sql,
      get: cell.get as (row: R) => CellValue,
    };
  });

/** A resource's export columns and their other spellings (the table's ids, the sort keys). */
export interface ColumnSet {
  columns: readonly ExportColumn<never>[];
  aliases: Readonly<Record<string, string>>;
}

export const columnSet = (registry: ColumnRegistry<never>, fields: FieldMap): ColumnSet => ({
  columns: exportColumns(registry, fields),
  aliases: keyAliases(registry),
});

export const MAX_ATTRIBUTES = 64;
export const attributesMessage = (name: string): string => `Unknown export attribute '${name}'`;

/**
 * The columns for `attributes` (comma list, in the client's order). Empty → every column. Unknown
 * names are a 400 (never looked up as a property of the row); a repeated column is kept once.
 */
export const resolveColumns = <R>(set: ColumnSet, attributes: readonly string[]): ExportColumn<R>[] => {
  const all = set.columns as readonly ExportColumn<R>[];
  const { aliases } = set;
  if (attributes.length === 0) return [...all];
  if (attributes.length > MAX_ATTRIBUTES) throw new HttpError(400, 'Too many export attributes');
  const byKey = new Map(all.map((c) => [c.key, c]));
  const out: ExportColumn<R>[] = [];
  for (const raw of attributes) {
    const name = Object.hasOwn(aliases, raw) ? aliases[raw]! : raw;
    const column = byKey.get(name);
    if (!column)
      throw new HttpError(400, attributesMessage(raw.slice(0, 40)), [attributesMessage(raw.slice(0, 40))]);
    if (!out.includes(column)) out.push(column);
  }
  return out;
};

export const parseAttributes = (raw: string | undefined): string[] =>
  raw === undefined || raw.trim() === ''
    ? []
    : raw
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');
