export {
  DataTable,
  nextSorting,
  type DataTableProps,
  type PagingProps,
  type TableSelection,
} from './DataTable';
export { useColumnPrefs, moveVisible, moveTo, fitPrefs } from './columns';
export { formatCell, formatCount } from './format';
export type { BatchEditing, DataColumn, SortTerm, ColumnPrefs, RowEditing } from './types';
