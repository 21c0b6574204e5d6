// Where a key moves the focus in the grid: a pure function of the current position, the key and
// the grid's size, so the rules are tested without a browser (tests/ui/gridNavigation.test.ts).
// The model follows the ARIA grid pattern as React Aria's tables implement it:
//  - rows are focused whole ('row mode', col null) or cell by cell ('cell mode');
//  - the header row is row -1, always in cell mode (each column header is a stop);
//  - Up/Down move between rows keeping the mode and column, Left from the first cell returns to
//    row mode, Right from a row enters its first cell;
//  - Home/End: first/last cell of the row in cell mode, first/last row in row mode;
//    Ctrl+Home/Ctrl+End: first/last row; PageUp/PageDown: a screenful of rows.

export interface GridPosition {
  /** -1 is the header row; 0 … rowCount-1 the data rows. */
  row: number;
  /** Column index, or null for the row itself (never null in the header). */
  col: number | null;
}

export interface GridSize {
  rowCount: number;
  colCount: number;
  /** Rows in one screenful (PageUp/PageDown). */
  pageRows: number;
}

export interface KeyInput {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
}

const clamp = (n: number, min: number, max: number): number => Math.min(max, Math.max(min, n));

/** The position after `key`, or null when the key does not move the focus in the grid. */
export function moveFocus(from: GridPosition, input: KeyInput, size: GridSize): GridPosition | null {
  const { rowCount, colCount, pageRows } = size;
  const lastRow = rowCount - 1;
  const lastCol = colCount - 1;
  const ctrl = Boolean(input.ctrlKey || input.metaKey);
  const inHeader = from.row < 0;
  const col = from.col;
  switch (input.key) {
    case 'ArrowDown':
      if (rowCount === 0) return null;
      // From a column header into the same column of the first row.
      if (inHeader) return { row: 0, col };
      return { row: Math.min(lastRow, from.row + 1), col };
    case 'ArrowUp':
      if (inHeader) return null;
      if (from.row === 0) return { row: -1, col: col ?? 0 };
      return { row: from.row - 1, col };
    case 'ArrowRight':
      if (col === null) return colCount > 0 ? { row: from.row, col: 0 } : null;
      return { row: from.row, col: Math.min(lastCol, col + 1) };
    case 'ArrowLeft':
      if (col === null) return null;
      if (col === 0) return inHeader ? null : { row: from.row, col: null };
      return { row: from.row, col: col - 1 };
    case 'Home':
      if (ctrl || (col === null && !inHeader)) return rowCount === 0 ? null : { row: 0, col };
      return { row: from.row, col: 0 };
    case 'End':
      if (ctrl || (col === null && !inHeader)) return rowCount === 0 ? null : { row: lastRow, col };
      return { row: from.row, col: lastCol };
    case 'PageDown':
      if (rowCount === 0) return null;
      return { row: clamp(from.row + Math.max(1, pageRows), 0, lastRow), col };
    case 'PageUp':
      if (inHeader) return null;
      return { row: clamp(from.row - Math.max(1, pageRows), 0, lastRow), col };
    default:
      return null;
  }
}

/** Rows from the anchor to `to`, inclusive, in either direction (Shift+click, Shift+Space). */
export function rowRange(anchor: number, to: number): number[] {
  const [a, b] = anchor <= to ? [anchor, to] : [to, anchor];
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}
