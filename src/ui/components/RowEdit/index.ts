// Row edit of Analysis and Samples (CONTRACT: useRowEdit).
export { useRowEdit, type RowEditHandle, type RowEditOptions } from './useRowEdit';
