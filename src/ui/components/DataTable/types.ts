// The column model of DataTable: props-driven, so Analysis, Samples, Boxes and Screens share it.
import type { Key } from 'react-aria-components';

export interface DataColumn<T> {
  /** Unique id; also what the sort callback receives. */
  id: string;
  /** Header text (the column header's accessible name). */
  header: string;
  /** The raw value of the cell. */
  accessor: (row: T) => unknown;
  /** Numbers are right-aligned and formatted de-AT; `decimals` defaults to 0. */
  numeric?: boolean;
  /** Fraction digits of a numeric column (measured values: 2). */
  decimals?: number;
  /** Thousands grouping of a numeric column (default true; ids turn it off). */
  grouping?: boolean;
  /** Whether a later row edit may change it (docs/dev/product-rules.md#records lists the read-only ones). */
  editable?: boolean;
  /** Default true. */
  sortable?: boolean;
  /** Width in px (default 110). */
  width?: number;
}

/** One sort term; the list's order is the sort priority (TanStack's SortingState). */
export interface SortTerm {
  id: string;
  desc: boolean;
}

export interface ColumnPrefs {
  /** Column ids in display order. */
  order: string[];
  /** Ids of hidden columns. */
  hidden: string[];
}

export type RowKey = Key;

/**
 * The one row in edit mode (docs/dev/product-rules.md#behaviour Row edit). The table renders an input for every editable column
 * that has a value here; the rest of the row stays read-only text.
 */
export interface RowEditing {
  rowId: string;
  /** Field text by column id. */
  values: Readonly<Record<string, string>>;
  /** The column to focus (double-clicked); null focuses the first editable field. */
  focusColumn: string | null;
  /** The message of each invalid field, by column id. */
  fieldErrors: Readonly<Record<string, string>>;
  /** Every current message (shown next to the table). */
  errors: readonly string[];
  /** Not a field's: the row changed elsewhere since its edit began (an alert next to the table). */
  notice?: string | null;
  /** Saving: the fields stay, the buttons wait. */
  busy: boolean;
  onChange: (columnId: string, text: string) => void;
  onSave: () => void;
  onCancel: () => void;
}

/**
 * Batch edit (docs/dev/product-rules.md#behaviour Batch updates: Limits, Settings, Synchronization): every editable cell of
 * every row is a field at once; the page sends the changed rows in one batch. The table shows the
 * fields, their messages and which rows changed; the values and the rules stay with the page.
 */
export interface BatchEditing {
  /** Field text by row id, then column id (the editable columns of each row). */
  values: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The message of each invalid field, by row id, then column id. */
  fieldErrors: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Rows changed since they were loaded: marked with a sign and its name, not by colour alone. */
  changed: ReadonlySet<string>;
  /** Saving: the fields are read-only. */
  busy: boolean;
  onChange: (rowId: string, columnId: string, text: string) => void;
}
