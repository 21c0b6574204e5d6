// The core grid of DataTable: an ARIA grid whose cost follows the rows on screen, not the page size.
//
// Why not React Aria's <Table>: it builds a collection node for every row and cell of the page
// before the first paint (about 420,000 nodes and 3 s for a 15,000-row page, bench/browser.ts) and
// its virtualizer lays rows out one by one while scrolling (8–12 frames per second). Here the rows
// stay a flat array, TanStack Virtual picks the ones in view from a fixed row height, and only
// those are rendered; a cell's text is formatted when its row renders.
//
// What a screen reader gets is the same: role grid with aria-rowcount/aria-colcount of the whole
// page, aria-rowindex on every rendered row, aria-selected rows, aria-sort headers (set by the
// header renderer), and a roving focus (one tab stop) that arrow keys move from the first row to
// the 15,000th (navigation.ts): the row is scrolled into view and rendered before it is focused,
// and the focused row stays rendered while it is scrolled away, so focus is never dropped.
import {
  createContext,
  memo,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { mergeProps, useDrag, useDrop, type AriaButtonProps, type DropItem } from 'react-aria';
import { Button as AriaButton } from 'react-aria-components';
import { moveFocus, rowRange, type GridPosition } from './navigation';

export interface CellContext {
  rowId: string;
  rowIndex: number;
  selected: boolean;
  /**
   * False while the grid scrolls: a cell may then draw its controls as look-alikes without their
   * behaviour (React Aria's checkbox and buttons cost more than the rest of a row together, and a
   * fling renders new rows every frame); when the scroll rests, the real controls are back.
   */
  settled: boolean;
  /** Toggles the row's selection (the row's checkbox). */
  toggle: () => void;
}

export interface GridColumn<T> {
  id: string;
  width: number;
  /** The cell is the row's header (its accessible name): the first data column. */
  rowHeader?: boolean;
  className?: string;
  /** Extra attributes of each body cell of this column (data-* for styling and row edit). */
  cellAttrs?: Record<string, string | true | undefined>;
  renderCell: (row: T, ctx: CellContext) => ReactNode;
}

/** What the header renderer spreads on its column header element. */
export interface HeaderCellProps {
  role: 'columnheader';
  tabIndex: number;
  'data-ci': number;
  'aria-colindex': number;
}

export interface GridProps<T> {
  label: string;
  describedBy?: string;
  className?: string;
  columns: readonly GridColumn<T>[];
  rows: readonly T[];
  getRowId: (row: T) => string;
  rowHeight: number;
  headerHeight: number;
  busy?: boolean;
  emptyText: ReactNode;
  renderHeaderCell: (column: GridColumn<T>, index: number, props: HeaderCellProps) => ReactNode;
  /** Enter/Space on a column header (sorting). */
  onHeaderAction?: (columnId: string, additive: boolean) => void;
  /** F2 on a row or cell: edit it. */
  onEditAction?: (rowId: string, columnId: string | undefined) => void;
  /** Enter on a row or cell of a grid without selection: the row's own action (show it). */
  onRowAction?: (rowId: string) => void;
  /** Row selection; without it the grid selects nothing. */
  selectedKeys?: ReadonlySet<string> | 'all';
  onSelectionChange?: (keys: Set<string>) => void;
  /** A row kept rendered wherever the scroll is (the row being edited). */
  keepRowId?: string | null;
  /** Rows changed elsewhere just now (a change event): marked in text and colour for a few seconds. */
  markedRows?: ReadonlySet<string>;
  /**
   * Rows reordered by drag and drop: the dragged row takes the target row's place. The mouse drags
   * the row; the keyboard presses the row's drag button (RowDragButton in a cell), moves to the
   * target row with Tab and drops with Enter (React Aria's keyboard drag and drop).
   */
  onMoveRow?: (dragged: string, target: string) => void;
  /**
   * What the rows are a view of (page, page size, sort): when it changes, the grid scrolls back to
   * the top, as a new page starts there. A refresh of the same view keeps the scroll.
   */
  viewKey?: string;
}

/** The drag type of a grid row: its id. */
export const ROW_DRAG_TYPE = 'application/x-labdesk-row';

/** The props of the drag button of the row it is rendered in (reorderable grids only). */
export const RowDragContext = createContext<AriaButtonProps | null>(null);

// Rows rendered beyond the view on each side: enough for a keyboard step or a wheel notch to find
// its row ready, few enough that a fast fling renders little more than the view.
const ROW_OVERSCAN = 2;

/** Elements inside a cell that handle their own clicks and keys. */
const CONTROL =
  'button, input, select, textarea, a[href], label, [role=button], [role=checkbox], [data-edit-field]';

const intAttr = (el: Element | null, name: string): number | null => {
  const v = el?.getAttribute(name);
  return v === null || v === undefined ? null : Number(v);
};

interface Located {
  pos: GridPosition;
  rowEl: HTMLElement | null;
  cellEl: HTMLElement | null;
}

/** The grid position of a focused or clicked element, from its row's and cell's data attributes. */
const locate = (target: EventTarget | null): Located | null => {
  if (!(target instanceof Element)) return null;
  const cellEl = target.closest<HTMLElement>('[data-ci]');
  const rowEl = target.closest<HTMLElement>('[data-ri]');
  const row = intAttr(rowEl, 'data-ri');
  if (row === null) return null;
  return { pos: { row, col: intAttr(cellEl, 'data-ci') }, rowEl, cellEl };
};

const samePos = (a: GridPosition, b: GridPosition) => a.row === b.row && a.col === b.col;

interface RowProps<T> {
  row: T;
  id: string;
  index: number;
  top: number;
  selected: boolean | undefined;
  columns: readonly GridColumn<T>[];
  /** undefined: not the tab stop; null: the row is; a number: that cell is. */
  tabCol: number | null | undefined;
  /** The row kept rendered for its edit (marked for the eye: data-editing). */
  kept: boolean;
  /** Changed elsewhere just now: 'Updated' before the first cell's content, and a colour. */
  marked: boolean;
  settled: boolean;
  toggle: (id: string, index: number, range: boolean) => void;
}

function RowBody<T>({
  row,
  id,
  index,
  top,
  selected,
  columns,
  tabCol,
  toggle,
  kept,
  marked,
  settled,
  dom,
}: RowProps<T> & { dom?: Record<string, unknown> }) {
  const ctx: CellContext = {
    rowId: id,
    rowIndex: index,
    selected: selected === true,
    settled,
    toggle: () => toggle(id, index, false),
  };
  // The word 'Updated' is drawn in the row header (not in a narrow control cell such as the
  // checkbox's) and said as the row's description, so the row keeps its name while marked.
  const rowHeaderAt = columns.findIndex((c) => c.rowHeader);
  const markAt = rowHeaderAt < 0 ? 0 : rowHeaderAt;
  return (
    <div
      {...dom}
      role="row"
      className="dt-row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-selected={selected || undefined}
      data-ri={index}
      data-row-key={id}
      data-editing={kept || undefined}
      data-updated={marked || undefined}
      aria-description={marked ? 'Updated' : undefined}
      tabIndex={tabCol === null ? 0 : -1}
      style={{ transform: `translateY(${top}px)` }}
    >
      {columns.map((c, ci) => (
        <div
          key={c.id}
          role={c.rowHeader ? 'rowheader' : 'gridcell'}
          className={c.className ? `dt-cell ${c.className}` : 'dt-cell'}
          aria-colindex={ci + 1}
          data-ci={ci}
          data-col={c.id}
          tabIndex={tabCol === ci ? 0 : -1}
          style={{ width: c.width }}
          {...c.cellAttrs}
        >
          {marked && ci === markAt ? (
            <span className="dt-updated" aria-hidden="true">
              Updated
            </span>
          ) : null}
          {c.renderCell(row, ctx)}
        </div>
      ))}
    </div>
  );
}

function GridRowView<T>(props: RowProps<T>) {
  return <RowBody {...props} />;
}

const droppedRow = async (items: readonly DropItem[]): Promise<string | null> => {
  for (const item of items)
    if (item.kind === 'text' && item.types.has(ROW_DRAG_TYPE)) return item.getText(ROW_DRAG_TYPE);
  return null;
};

/** A row that can be dragged onto another, and can take a dragged row (React Aria's useDrag/useDrop). */
function ReorderRowView<T>(props: RowProps<T> & { onMoveRow: (dragged: string, target: string) => void }) {
  const { id, onMoveRow } = props;
  const ref = useRef<HTMLDivElement>(null);
  const { dragProps, dragButtonProps, isDragging } = useDrag({
    hasDragButton: true,
    getItems: () => [{ [ROW_DRAG_TYPE]: id, 'text/plain': id }],
    getAllowedDropOperations: () => ['move'],
  });
  const { dropProps, isDropTarget } = useDrop({
    ref,
    getDropOperation: (types) => (types.has(ROW_DRAG_TYPE) ? 'move' : 'cancel'),
    onDrop: (e) => {
      void droppedRow(e.items).then((dragged) => {
        if (dragged && dragged !== id) onMoveRow(dragged, id);
      });
    },
  });
  return (
    <RowDragContext.Provider value={dragButtonProps}>
      <RowBody
        {...props}
        dom={{
          ...mergeProps(dragProps, dropProps),
          ref,
          'data-drop-target': isDropTarget || undefined,
          'data-dragging': isDragging || undefined,
        }}
      />
    </RowDragContext.Provider>
  );
}

const ReorderRow = memo(ReorderRowView) as typeof ReorderRowView;

/**
 * The header row, re-rendered only when its columns or their renderer change: a scroll re-renders
 * the grid every frame, and the headers (menus, drag and drop) are its most expensive part.
 */
const HeaderRow = memo(function HeaderRow<T>({
  columns,
  renderHeaderCell,
  tabCol,
}: {
  columns: readonly GridColumn<T>[];
  renderHeaderCell: GridProps<T>['renderHeaderCell'];
  tabCol: number;
}) {
  return (
    <div role="rowgroup" className="dt-head">
      <div role="row" className="dt-head-row" aria-rowindex={1} data-ri={-1}>
        {columns.map((c, ci) =>
          renderHeaderCell(c, ci, {
            role: 'columnheader',
            tabIndex: tabCol === ci ? 0 : -1,
            'data-ci': ci,
            'aria-colindex': ci + 1,
          }),
        )}
      </div>
    </div>
  );
}) as <T>(props: {
  columns: readonly GridColumn<T>[];
  renderHeaderCell: GridProps<T>['renderHeaderCell'];
  tabCol: number;
}) => ReactNode;
const GridRow = memo(GridRowView) as typeof GridRowView;

export function Grid<T>(props: GridProps<T>) {
  const {
    label,
    describedBy,
    className,
    columns,
    rows,
    getRowId,
    rowHeight,
    headerHeight,
    busy,
    emptyText,
    renderHeaderCell,
    onHeaderAction,
    onEditAction,
    onRowAction,
    selectedKeys,
    onSelectionChange,
    keepRowId,
    markedRows,
    onMoveRow,
    viewKey,
  } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const selectable = Boolean(onSelectionChange);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: ROW_OVERSCAN,
    // The sticky header sits above the rows inside the scroll area.
    scrollMargin: headerHeight,
    scrollPaddingStart: headerHeight,
    initialRect: { width: 1280, height: 600 },
  });

  // ---- focus: one tab stop, moved by the keys ----------------------------------------------------
  const [tabStop, setTabStop] = useState<GridPosition>({ row: 0, col: null });
  const tabStopRef = useRef(tabStop);
  tabStopRef.current = tabStop;
  /** A position to focus once its row is rendered. */
  const pendingFocus = useRef<GridPosition | null>(null);
  const hasFocus = useRef(false);
  // With no rows the header is the tab stop; a shorter page moves it onto its last row.
  const colCount = columns.length;
  const stop = fitPosition(tabStop, rows.length, colCount);

  const focusPosition = useCallback(
    (pos: GridPosition) => {
      setTabStop(pos);
      pendingFocus.current = pos;
      // The header is sticky, always in view; a row is scrolled to first (and then rendered).
      if (pos.row >= 0) virtualizer.scrollToIndex(pos.row, { align: 'auto' });
    },
    [virtualizer],
  );

  // ---- selection ---------------------------------------------------------------------------------
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const columnsRef = useRef(columns);
  columnsRef.current = columns;
  const selectedRef = useRef(selectedKeys);
  selectedRef.current = selectedKeys;
  const anchor = useRef<number | null>(null);
  const isSelected = (keys: ReadonlySet<string> | 'all' | undefined, id: string) =>
    keys === 'all' || (keys?.has(id) ?? false);
  const toggle = useCallback(
    (id: string, index: number, range: boolean) => {
      if (!onSelectionChange) return;
      const current = selectedRef.current;
      const all = rowsRef.current;
      const next = new Set<string>(current === 'all' ? all.map(getRowId) : (current ?? []));
      if (range && anchor.current !== null && anchor.current < all.length) {
        for (const i of rowRange(anchor.current, index)) next.add(getRowId(all[i]!));
      } else if (next.has(id)) next.delete(id);
      else next.add(id);
      anchor.current = index;
      onSelectionChange(next);
    },
    [onSelectionChange, getRowId],
  );

  // ---- what is rendered: the rows in view, plus the focused and the kept (edited) row ------------
  const items = virtualizer.getVirtualItems();
  // Where the kept row is: looked up once per page and kept row, not in every scroll frame.
  const keepIndex = useMemo(
    () => (keepRowId ? rows.findIndex((r) => getRowId(r) === keepRowId) : -1),
    [keepRowId, rows, getRowId],
  );
  const rendered = useMemo(() => {
    const indexes = items.map((i) => i.index);
    const extra = new Set<number>();
    if (stop.row >= 0 && stop.row < rows.length) extra.add(stop.row);
    if (keepIndex >= 0) extra.add(keepIndex);
    for (const i of indexes) extra.delete(i);
    return [...indexes, ...extra];
  }, [items, stop.row, keepIndex, rows.length]);
  // Row elements are recycled: a row scrolled out hands its element (its React key, a slot) to a
  // row scrolled in, so a scroll changes the text and a few attributes of existing cells instead of
  // removing and creating hundreds of elements per frame. A rendered index keeps its slot, so the
  // focused row keeps its element while it stays rendered (scrolled away, it still is).
  const slots = useRef(new Map<number, number>());
  const slotOf = useMemo(() => {
    const previous = slots.current;
    const next = new Map<number, number>();
    const taken = new Set<number>();
    for (const index of rendered) {
      const slot = previous.get(index);
      if (slot !== undefined) {
        next.set(index, slot);
        taken.add(slot);
      }
    }
    let free = 0;
    for (const index of rendered) {
      if (next.has(index)) continue;
      while (taken.has(free)) free++;
      next.set(index, free);
      taken.add(free);
    }
    slots.current = next;
    return next;
  }, [rendered]);

  // Focus the pending position once its element exists (after the scroll has rendered its row).
  useLayoutEffect(() => {
    const pos = pendingFocus.current;
    const grid = scrollRef.current;
    if (!pos || !grid) return;
    const rowEl = grid.querySelector<HTMLElement>(`[data-ri="${pos.row}"]`);
    const el = pos.col === null ? rowEl : rowEl?.querySelector<HTMLElement>(`[data-ci="${pos.col}"]`);
    if (!el) return;
    pendingFocus.current = null;
    el.focus({ preventScroll: true });
    // Sideways: bring a cell into view (rows are never virtualized by column).
    if (pos.col !== null) {
      const left = el.offsetLeft;
      const right = left + el.offsetWidth;
      if (left < grid.scrollLeft) grid.scrollLeft = left;
      else if (right > grid.scrollLeft + grid.clientWidth) grid.scrollLeft = right - grid.clientWidth;
    } else if (grid.scrollLeft > 0 && pos.row >= 0) grid.scrollLeft = 0;
  });

  // A new page replaced the focused row's element: the focus stays in the grid, on the same index.
  useLayoutEffect(() => {
    if (!hasFocus.current) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    focusPosition(fitPosition(tabStopRef.current, rowsRef.current.length, columnsRef.current.length));
  }, [rows, focusPosition]);

  // A new view of rows starts at its top (and its first row is where the tab stop goes).
  const shownView = useRef(viewKey);
  useLayoutEffect(() => {
    if (shownView.current === viewKey) return;
    shownView.current = viewKey;
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
    // The tab stop too, unless the focus is in the grid (then it stays where the user is).
    if (!hasFocus.current) setTabStop((at) => (at.row > 0 ? { row: 0, col: at.col } : at));
  }, [viewKey]);

  const onFocus = (e: FocusEvent) => {
    hasFocus.current = true;
    const at = locate(e.target);
    if (at && !samePos(at.pos, tabStopRef.current)) setTabStop(at.pos);
  };
  const onBlur = (e: FocusEvent) => {
    const next = e.relatedTarget;
    if (next instanceof Node && scrollRef.current?.contains(next)) return;
    // Focus that went nowhere (its element was removed) is handled by the effect above.
    if (next !== null) hasFocus.current = false;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.defaultPrevented) return;
    const target = e.target as HTMLElement;
    const at = locate(target);
    if (!at) return;
    const { pos, rowEl, cellEl } = at;
    const onControl = target !== rowEl && target !== cellEl;
    // Header: Left/Right step through the header's own controls (its menu button) as well.
    if (pos.row < 0 && cellEl && (e.key === 'ArrowRight' || e.key === 'ArrowLeft')) {
      const controls = [...cellEl.querySelectorAll<HTMLElement>('[data-header-control]')];
      const here = onControl ? controls.findIndex((c) => c === target || c.contains(target)) : -1;
      const to = e.key === 'ArrowRight' ? here + 1 : here - 1;
      if (e.key === 'ArrowRight' ? to < controls.length : here >= 0) {
        e.preventDefault();
        (to >= 0 ? controls[to]! : cellEl).focus();
        return;
      }
    } else if (onControl && target.closest(CONTROL) && target.closest(CONTROL) !== cellEl) {
      // Keys typed into a control inside a cell are the control's, except grid movement keys from
      // a checkbox or button (a text field keeps its arrows).
      const text = target.closest('input:not([type=checkbox]), textarea, select, [data-edit-field]');
      if (text || e.key === 'Enter' || e.key === ' ') return;
    }
    const ctrl = e.ctrlKey || e.metaKey;
    if ((e.key === 'Enter' || e.key === ' ') && !e.altKey && !ctrl) {
      e.preventDefault();
      if (pos.row < 0) {
        if (pos.col !== null && columns[pos.col]) onHeaderAction?.(columns[pos.col]!.id, e.shiftKey);
      } else if (selectable) {
        const row = rows[pos.row];
        if (row) toggle(getRowId(row), pos.row, e.shiftKey);
      } else if (e.key === 'Enter' && onRowAction) {
        const row = rows[pos.row];
        if (row) onRowAction(getRowId(row));
      }
      return;
    }
    if (ctrl && (e.key === 'a' || e.key === 'A') && selectable && !e.shiftKey) {
      e.preventDefault();
      onSelectionChange?.(new Set(rows.map(getRowId)));
      return;
    }
    if (e.key === 'F2' && pos.row >= 0 && onEditAction) {
      const row = rows[pos.row];
      if (!row) return;
      e.preventDefault();
      onEditAction(getRowId(row), pos.col === null ? undefined : columns[pos.col]?.id);
      return;
    }
    const grid = scrollRef.current;
    const pageRows = grid ? Math.max(1, Math.floor((grid.clientHeight - headerHeight) / rowHeight) - 1) : 10;
    const next = moveFocus(pos, e, { rowCount: rows.length, colCount, pageRows });
    if (!next) return;
    e.preventDefault();
    focusPosition(next);
  };

  /** A click on a row (not on a control in it) toggles its selection; Shift extends it. */
  const onClick = (e: MouseEvent) => {
    if (!selectable || e.defaultPrevented) return;
    const target = e.target as Element;
    if (target.closest(CONTROL)) return;
    const at = locate(target);
    if (!at || at.pos.row < 0) return;
    const row = rows[at.pos.row];
    if (row) toggle(getRowId(row), at.pos.row, e.shiftKey);
  };

  const widths = columns.map((c) => `${c.width}px`).join(' ');
  const rowWidth = columns.reduce((sum, c) => sum + c.width, 0);
  const style = {
    '--dt-columns': widths,
    '--dt-row-width': `${rowWidth}px`,
    '--dt-row-height': `${rowHeight}px`,
    '--dt-header-height': `${headerHeight}px`,
  } as CSSProperties;
  const headerTab = stop.row < 0 ? (stop.col ?? 0) : -1;

  return (
    <div
      ref={scrollRef}
      role="grid"
      aria-label={label}
      aria-describedby={describedBy}
      aria-rowcount={rows.length + 1}
      aria-colcount={colCount}
      aria-multiselectable={selectable || undefined}
      aria-busy={busy || undefined}
      className={className ? `dt-grid ${className}` : 'dt-grid'}
      style={style}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onBlur={onBlur}
      onClick={onClick}
    >
      <HeaderRow<T> columns={columns} renderHeaderCell={renderHeaderCell} tabCol={headerTab} />
      <div
        role="rowgroup"
        className="dt-body"
        style={{ height: Math.max(rowHeight, virtualizer.getTotalSize()) }}
      >
        {rows.length === 0 ? (
          <div role="row" className="dt-row dt-empty-row" aria-rowindex={2}>
            <div role="gridcell" className="dt-empty-cell" aria-colspan={Math.max(1, colCount)}>
              {/* Not while the rows are on their way: 'no data' before the first answer is untrue
                  (seen on a slow network); the table says it is busy meanwhile. */}
              <div className="dt-empty">{busy ? null : emptyText}</div>
            </div>
          </div>
        ) : (
          rendered.map((index) => {
            const row = rows[index]!;
            const id = getRowId(row);
            const rowProps: RowProps<T> = {
              row,
              id,
              index,
              top: index * rowHeight,
              selected: selectable ? isSelected(selectedKeys, id) : undefined,
              columns,
              tabCol: stop.row === index ? stop.col : undefined,
              toggle,
              kept: keepRowId === id,
              marked: markedRows?.has(id) ?? false,
              // The focused and the edited row keep their controls.
              settled: !virtualizer.isScrolling || keepRowId === id || stop.row === index,
            };
            return onMoveRow ? (
              <ReorderRow<T> key={slotOf.get(index)} {...rowProps} onMoveRow={onMoveRow} />
            ) : (
              <GridRow<T> key={slotOf.get(index)} {...rowProps} />
            );
          })
        )}
      </div>
    </div>
  );
}

/** The position made to fit the grid: the header when there are no rows, else the last row at most. */
const fitPosition = (pos: GridPosition, rowCount: number, colCount: number): GridPosition => {
  const col = pos.col === null ? null : Math.max(0, Math.min(pos.col, colCount - 1));
  if (rowCount === 0) return { row: -1, col: col ?? 0 };
  if (pos.row >= rowCount) return { row: rowCount - 1, col };
  return col === pos.col ? pos : { row: pos.row, col };
};

/** The drag button of a reorderable row: Enter starts React Aria's keyboard drag of its row. */
export function RowDragButton({ label }: { label: string }) {
  const props = useContext(RowDragContext);
  if (!props) return null;
  return (
    <AriaButton {...props} aria-label={label} excludeFromTabOrder className="dt-row-drag">
      <span aria-hidden="true">⠿</span>
    </AriaButton>
  );
}
