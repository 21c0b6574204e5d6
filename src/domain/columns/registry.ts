// The column registry: each field of a list screen declared once (docs/dev/product-rules.md#records), and everything that
// lists columns derives from it — the table's columns, the export columns and headers, the PDF
// widths, the sort allow-list and its aliases on the server, the editable fields and their rules.
// A field's canonical `key` is its docs/dev/product-rules.md#records path ('sample.sampleId.sId'): the name the server sorts
// and exports by. Its `id` is the table's column id and the field name of row edit.
import type { DateFilterColumn, FilterColumn } from '../filter';
import { optional, validateDateTime, validateLane, type Rule } from '../rules/fields';

/** int: whole number; dec: measured value; time: lab date-time text; text: free or coded text. */
export type ColumnFormat = 'int' | 'dec' | 'time' | 'text';

export interface FieldColumn<Row> {
  /** The table's column id and the row-edit field name. */
  id: string;
  /** Canonical field path of docs/dev/product-rules.md#records: the sort field and the export attribute name. */
  key: string;
  /** Table header (and the row-edit label). */
  label: string;
  /**
   * Export header where it differs from the table's on purpose: the files keep the spelling the lab's
   * other systems read (Nat, Kal, An, aFlags), the bench screen the short one (Na, K, AmN, Flags).
   */
  exportHeader?: string;
  format: ColumnFormat;
  /** Fraction digits shown in the table (measured values: 2). */
  decimals?: number;
  /** Thousands grouping in the table (default true; ids turn it off). */
  grouping?: boolean;
  /** Whether row edit may change it (docs/dev/product-rules.md#records lists the read-only ones). */
  editable: boolean;
  /** Never null in the JSON: an empty value is '' (the flags). */
  notNull?: boolean;
  /** The docs/dev/product-rules.md#field-rules rule of an edited value; measured values are checked against the limits instead. */
  rule?: Rule;
  /** The filter-expression column of docs/dev/product-rules.md#field-rules that filters this field, if any. */
  filter?: FilterColumn;
  /** What the table sends to sort by it, where not its id (docs/dev/product-rules.md#constants: Analysis' 'sample.' keys). */
  sortKey?: string;
  /** Other names a client may send for the field (sort or export). */
  aliases?: readonly string[];
  /** Shown as a table column (an export-only field such as the sample's composite ID is not). */
  inTable?: boolean;
  /** Table width in px. */
  width: number;
  /** Share of the PDF page width. */
  pdfWidth: number;
  /** The cell's value from the entity JSON (docs/dev/architecture.md#api-contract). */
  get(row: Row): string | number | null | undefined;
}

export interface ColumnRegistry<Row> {
  /** Every field, in the export's order (docs/dev/product-rules.md#records). */
  fields: readonly FieldColumn<Row>[];
  /** The table's default column order (ids); fields not listed follow in registry order. */
  tableOrder: readonly string[];
}

/** How a lab date-time column shows: the lab format is 19 characters wide. */
export const LAB_DATE_COLUMN = { format: 'time', width: 158, pdfWidth: 14 } as const;

/** An editable lab date-time of the record itself, filtered by its own name (docs/dev/product-rules.md#field-rules date ranges). */
export const editableDate = <Row>(
  id: DateFilterColumn,
  label: string,
  get: (row: Row) => string | null,
): FieldColumn<Row> => ({
  id,
  key: id,
  label,
  ...LAB_DATE_COLUMN,
  editable: true,
  rule: optional(validateDateTime),
  filter: id,
  get,
});

/** An editable measured value of the record itself, shown with 2 decimals. */
export const decimalField = <Row>(
  id: string,
  label: string,
  get: (row: Row) => number | null,
  size: { width: number; pdfWidth: number; exportHeader?: string },
): FieldColumn<Row> => ({
  id,
  key: id,
  label,
  ...(size.exportHeader === undefined || size.exportHeader === label
    ? {}
    : { exportHeader: size.exportHeader }),
  format: 'dec',
  decimals: 2,
  editable: true,
  width: size.width,
  pdfWidth: size.pdfWidth,
  get,
});

/** Lane 0–3 (docs/dev/product-rules.md#field-rules), empty allowed on edit. */
export const laneField = <Row>(get: (row: Row) => number | null): FieldColumn<Row> => ({
  id: 'lane',
  key: 'lane',
  label: 'Lane',
  format: 'int',
  editable: true,
  rule: optional(validateLane),
  filter: 'lane',
  width: 64,
  pdfWidth: 4,
  get,
});

/** Free text. */
export const commentField = <Row>(get: (row: Row) => string | null): FieldColumn<Row> => ({
  id: 'comment',
  key: 'comment',
  label: 'Comment',
  format: 'text',
  editable: true,
  width: 160,
  pdfWidth: 14,
  get,
});

export const tableFields = <Row>(registry: ColumnRegistry<Row>): FieldColumn<Row>[] => {
  const shown = registry.fields.filter((f) => f.inTable !== false);
  const rank = (id: string): number => {
    const at = registry.tableOrder.indexOf(id);
    return at < 0 ? registry.tableOrder.length + shown.findIndex((f) => f.id === id) : at;
  };
  return [...shown].sort((a, b) => rank(a.id) - rank(b.id));
};

export const exportHeaderOf = <Row>(field: FieldColumn<Row>): string => field.exportHeader ?? field.label;

/**
 * Every other name of each field's canonical key: its table id, its sort key and its declared
 * aliases. A name that is a canonical key itself is left out (a lookup finds the key as it is).
 */
export const keyAliases = <Row>(registry: ColumnRegistry<Row>): Readonly<Record<string, string>> => {
  const keys = new Set(registry.fields.map((f) => f.key));
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const f of registry.fields)
    for (const name of [f.id, f.sortKey ?? f.id, ...(f.aliases ?? [])])
      if (!keys.has(name)) out[name] = f.key;
  return out;
};

/** What the table sends to sort by a column. */
export const sortKeyOf =
  <Row>(registry: ColumnRegistry<Row>) =>
  (id: string): string =>
    registry.fields.find((f) => f.id === id)?.sortKey ?? id;

/** The table column a sort key names (the way back, to show the sort in the header). */
export const columnOfSortKey =
  <Row>(registry: ColumnRegistry<Row>) =>
  (sortKey: string): string =>
    registry.fields.find((f) => (f.sortKey ?? f.id) === sortKey)?.id ?? sortKey;

/** Edit rules by field id, for the fields that have one. */
export const fieldRules = <Row>(registry: ColumnRegistry<Row>): Record<string, Rule> =>
  Object.fromEntries(registry.fields.flatMap((f) => (f.rule ? [[f.id, f.rule]] : [])));
