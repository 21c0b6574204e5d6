// Row edit of Analysis and Samples.
export { useRowEdit, type RowEditHandle, type RowEditOptions } from './useRowEdit';
