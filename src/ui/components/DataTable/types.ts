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
  /** Whether a later row edit may change it (spec §3 lists the read-only ones). */
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
