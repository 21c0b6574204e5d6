// Row edit of Analysis, Samples and Boxes.
export { useRowEdit, type RowEditHandle, type RowEditOptions } from './useRowEdit';
