// The grid's keyboard model (src/ui/components/DataTable/grid/navigation.ts): where each key moves
// the focus, on a 15,000-row page as on an empty one.
import { describe, expect, it } from 'vitest';
import { moveFocus, rowRange, type GridPosition } from '../../src/ui/components/DataTable/grid/navigation';

const size = { rowCount: 15_000, colCount: 20, pageRows: 18 };
const at = (row: number, col: number | null = null): GridPosition => ({ row, col });

describe('moveFocus', () => {
  it('moves between rows with Up and Down, keeping row or cell mode', () => {
    expect(moveFocus(at(0), { key: 'ArrowDown' }, size)).toEqual(at(1));
    expect(moveFocus(at(4, 3), { key: 'ArrowDown' }, size)).toEqual(at(5, 3));
    expect(moveFocus(at(14_999), { key: 'ArrowDown' }, size)).toEqual(at(14_999));
    expect(moveFocus(at(5, 2), { key: 'ArrowUp' }, size)).toEqual(at(4, 2));
  });

  it('goes from a column header down into its column, and from the first row up into the header', () => {
    expect(moveFocus(at(-1, 4), { key: 'ArrowDown' }, size)).toEqual(at(0, 4));
    expect(moveFocus(at(0, 4), { key: 'ArrowUp' }, size)).toEqual(at(-1, 4));
    expect(moveFocus(at(0), { key: 'ArrowUp' }, size)).toEqual(at(-1, 0));
    expect(moveFocus(at(-1, 4), { key: 'ArrowUp' }, size)).toBeNull();
  });

  it('enters a row with Right and leaves its first cell with Left', () => {
    expect(moveFocus(at(7), { key: 'ArrowRight' }, size)).toEqual(at(7, 0));
    expect(moveFocus(at(7, 0), { key: 'ArrowRight' }, size)).toEqual(at(7, 1));
    expect(moveFocus(at(7, 19), { key: 'ArrowRight' }, size)).toEqual(at(7, 19));
    expect(moveFocus(at(7, 0), { key: 'ArrowLeft' }, size)).toEqual(at(7));
    expect(moveFocus(at(7), { key: 'ArrowLeft' }, size)).toBeNull();
    expect(moveFocus(at(-1, 0), { key: 'ArrowLeft' }, size)).toBeNull();
  });

  it('reaches the last row with End or Ctrl+End, and the first with Home or Ctrl+Home', () => {
    expect(moveFocus(at(3), { key: 'End' }, size)).toEqual(at(14_999));
    expect(moveFocus(at(3, 5), { key: 'End', ctrlKey: true }, size)).toEqual(at(14_999, 5));
    expect(moveFocus(at(-1, 2), { key: 'End', ctrlKey: true }, size)).toEqual(at(14_999, 2));
    expect(moveFocus(at(9_000), { key: 'Home' }, size)).toEqual(at(0));
    expect(moveFocus(at(9_000, 5), { key: 'Home', metaKey: true }, size)).toEqual(at(0, 5));
  });

  it('in cell mode, Home and End go to the first and last cell of the row', () => {
    expect(moveFocus(at(3, 5), { key: 'End' }, size)).toEqual(at(3, 19));
    expect(moveFocus(at(3, 5), { key: 'Home' }, size)).toEqual(at(3, 0));
    expect(moveFocus(at(-1, 5), { key: 'Home' }, size)).toEqual(at(-1, 0));
  });

  it('pages by a screenful, never past the ends', () => {
    expect(moveFocus(at(0), { key: 'PageDown' }, size)).toEqual(at(18));
    expect(moveFocus(at(14_990), { key: 'PageDown' }, size)).toEqual(at(14_999));
    expect(moveFocus(at(10), { key: 'PageUp' }, size)).toEqual(at(0));
    expect(moveFocus(at(-1, 1), { key: 'PageDown' }, size)).toEqual(at(17, 1));
  });

  it('leaves an empty grid in its header', () => {
    const empty = { rowCount: 0, colCount: 5, pageRows: 10 };
    expect(moveFocus(at(-1, 1), { key: 'ArrowDown' }, empty)).toBeNull();
    expect(moveFocus(at(-1, 1), { key: 'End', ctrlKey: true }, empty)).toBeNull();
    expect(moveFocus(at(-1, 1), { key: 'ArrowRight' }, empty)).toEqual(at(-1, 2));
  });

  it('ignores keys that are not grid movement', () => {
    expect(moveFocus(at(1), { key: 'a' }, size)).toBeNull();
    expect(moveFocus(at(1), { key: 'Tab' }, size)).toBeNull();
  });
});

describe('rowRange', () => {
  it('spans the anchor and the target in either direction', () => {
    expect(rowRange(2, 5)).toEqual([2, 3, 4, 5]);
    expect(rowRange(5, 2)).toEqual([2, 3, 4, 5]);
    expect(rowRange(3, 3)).toEqual([3]);
  });
});
