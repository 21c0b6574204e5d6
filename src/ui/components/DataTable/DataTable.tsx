// The reusable table of every list screen, put together from its parts:
//  - grid/Grid.tsx: the accessible, virtualized grid (rows in view only, roving focus, selection);
//  - header.tsx: sort (click; Shift+click adds a secondary sort), the column menu and drag and drop
//    of columns (React Aria);
//  - edit.tsx: row edit (docs/dev/product-rules.md#behaviour Row edit): a pencil and a double-click on an editable cell;
//  - toolbar.tsx: 'Select Columns' and the selection checkboxes;
//  - footer.tsx: page size, page slider, paginator, and the page's buttons (PDF, Create).
// Options: `selection` (a checkbox column, row selection), `paging` (the footer's paging controls),
// `onSortingChange` (sortable headers), `prefs` (column order and visibility chosen by the user),
// row edit (`onEditRow`, `onDeleteRow`, `editing`). Everything is props-driven: the page owns the
// data, the query and the preferences.
import {
  memo,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import type { Selection } from 'react-aria-components';
// React Aria's one live announcer (the same its collections speak through); not in its public index.
import { announce } from 'react-aria/private/live-announcer/LiveAnnouncer';
import { tableSelectionAnnouncement } from '../../../domain/messages';
import { Button } from '../../kit';
import { moveTo, moveVisible } from './columns';
import {
  BatchContext,
  CellContent,
  ChangedMark,
  EDIT_ACTION_ATTR,
  EDIT_FIELD_ATTR,
  EditingContext,
  EditingRowContext,
  RowActionsCell,
  RowActionsContext,
  isEditable,
  type EditingState,
  type RowActions,
} from './edit';
import { TableFooter, type PagingProps } from './footer';
import { Grid, RowDragButton, type CellContext, type GridColumn, type HeaderCellProps } from './grid/Grid';
import { DataHeaderCell, PlainHeaderCell } from './header';
import { useStableCallbacks } from './stableProps';
import { PassiveCheckbox, SelectColumns, TableCheckbox } from './toolbar';
import type { BatchEditing, ColumnPrefs, DataColumn, RowEditing, SortTerm } from './types';
import './DataTable.css';

export type { PagingProps } from './footer';

export interface TableSelection {
  selectedKeys: Selection;
  /** The checked rows of the page (keys of other pages may be in it or not: only the page counts). */
  onSelectionChange: (keys: Set<string>) => void;
}

export interface DataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  getRowId: (row: T) => string;
  sorting?: readonly SortTerm[];
  /** Sortable headers; without it the rows keep the order they come in. */
  onSortingChange?: (sorting: SortTerm[]) => void;
  /** Column order and hidden columns (the page persists them); without it all columns, in order. */
  prefs?: ColumnPrefs;
  onPrefsChange?: (prefs: ColumnPrefs) => void;
  /** Row selection (a checkbox per row and 'Select all'). */
  selection?: TableSelection;
  /** Server paging: rows per page, page slider and paginator under the table. */
  paging?: PagingProps;
  /** Shown when `rows` is empty (docs/dev/product-rules.md#messages default; a list screen adds what it hides). */
  emptyText: ReactNode;
  /** True while a page is being fetched (aria-busy). */
  loading?: boolean;
  /** Rendered left of 'Select Columns' above the table. */
  toolbar?: ReactNode;
  /** Admin slots of the bottom bar: a button is rendered only when its handler is given. */
  onPdf?: () => void;
  onCreate?: () => void;
  createLabel?: string;
  /** Height of a row in px (default 34): fixed, so the virtualizer never measures a row. */
  rowHeight?: number;
  /** Row edit (admins): the pencil of a row, or a double-click on an editable cell (with its column). */
  onEditRow?: (id: string, column?: string) => void;
  /** The delete icon of a row (the caller confirms first). */
  onDeleteRow?: (id: string) => void;
  /** A row action before edit and delete that shows the row's details (Boxes: its positions); Enter on the row runs it too. */
  onShowRow?: (id: string) => void;
  /** 'Show history' of a row: opens the record's audit trail (admins). */
  onHistoryRow?: (id: string) => void;
  /** The show action's name, before the row id ('Show positions of'). */
  showRowLabel?: string;
  /** The row in edit mode, if any. */
  editing?: RowEditing | null;
  /**
   * The row in edit was deleted elsewhere and its edit ended (a new object each time): the focus
   * goes to the header of the column the edit was in, not to the row, which is gone or going.
   */
  editGone?: { rowId: string } | null;
  /**
   * Rows reordered by the user (box positions): a drag button per row; the dragged row takes the
   * target row's place. Mouse: drag the row. Keyboard: the row's drag button, Tab to the target, Enter.
   */
  onReorderRows?: (dragged: string, target: string) => void;
  /**
   * Batch edit: every editable cell is a field, changed rows are marked (a 'Changed' column); the
   * page keeps the values and sends the changed rows in one batch.
   */
  batch?: BatchEditing;
  /** Rows changed elsewhere just now (change events): marked for a few seconds. */
  markedRows?: ReadonlySet<string>;
}

const SELECT_COLUMN = '__select';
const CHANGED_COLUMN = '__changed';
const CHANGED_WIDTH = 36;
const MOVE_COLUMN = '__move';
const MOVE_WIDTH = 40;
const ACTIONS_COLUMN = '__actions';
const DEFAULT_WIDTH = 110;
const SELECT_WIDTH = 44;
const ACTIONS_WIDTH = 76;
const SHOW_WIDTH = 52;
const HEADER_HEIGHT = 40;
const NO_SORTING: readonly SortTerm[] = [];

const closestAttr = (target: EventTarget | null, attr: string): Element | null =>
  target instanceof Element ? target.closest(`[${attr}]`) : null;

const describeSort = (sorting: readonly SortTerm[], headerOf: (id: string) => string): string =>
  sorting.length === 0
    ? 'Default order'
    : `Sorted by ${sorting.map((s) => `${headerOf(s.id)} ${s.desc ? 'descending' : 'ascending'}`).join(', then ')}`;

/** Click: sort by this column only (toggling its direction). Shift: add it, or toggle it in place. */
export const nextSorting = (sorting: readonly SortTerm[], id: string, additive: boolean): SortTerm[] => {
  const at = sorting.findIndex((s) => s.id === id);
  if (additive) {
    if (at < 0) return [...sorting, { id, desc: false }];
    return sorting.map((s, i) => (i === at ? { id, desc: !s.desc } : s));
  }
  return [{ id, desc: at >= 0 ? !sorting[at]!.desc : false }];
};

/**
 * The table as pages use it: re-rendered when what it shows changes, not when a parent re-renders
 * with new callback identities (useStableCallbacks, also inside the `selection` and `paging` options).
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const stable = useStableCallbacks(props);
  return <MemoTable {...(stable as DataTableProps<unknown>)} />;
}

const MemoTable = memo(function TableView<T>(props: DataTableProps<T>) {
  const {
    label,
    columns,
    rows,
    getRowId,
    sorting = NO_SORTING,
    onSortingChange,
    prefs,
    onPrefsChange,
    selection,
    paging,
    emptyText,
    loading = false,
    toolbar,
    onPdf,
    onCreate,
    createLabel = 'Create',
    rowHeight = 34,
    onEditRow,
    onDeleteRow,
    onShowRow,
    onHistoryRow,
    showRowLabel = 'Show',
    editing = null,
    editGone = null,
    onReorderRows,
    batch = null,
  } = props;
  const hasActions = Boolean(onEditRow || onDeleteRow || onShowRow || onHistoryRow);
  // `selection` is an object; only whether there is one changes the columns.
  const selectable = Boolean(selection);
  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  const order = prefs?.order;
  const hiddenIds = prefs?.hidden;
  const visible = useMemo(() => {
    if (!order) return columns;
    const hidden = new Set(hiddenIds);
    return order.flatMap((id) => (!hidden.has(id) && byId.has(id) ? [byId.get(id)!] : []));
  }, [columns, byId, order, hiddenIds]);

  // ---- selection --------------------------------------------------------------------------------
  const selectedKeys = selection?.selectedKeys;
  const pageSelection = useMemo(() => {
    if (!selectedKeys) return { all: false, some: false };
    if (selectedKeys === 'all') return { all: rows.length > 0, some: false };
    // Nothing checked (the usual case): no walk over a 15,000-row page.
    if (selectedKeys.size === 0) return { all: false, some: false };
    let n = 0;
    for (const row of rows) if (selectedKeys.has(getRowId(row))) n++;
    return { all: rows.length > 0 && n === rows.length, some: n > 0 && n < rows.length };
  }, [selectedKeys, rows, getRowId]);
  /** A change of the checked rows, announced as React Aria's collections announce it. */
  const latest = useRef({ selection, selectedKeys, rows, getRowId });
  useEffect(() => {
    latest.current = { selection, selectedKeys, rows, getRowId };
  });
  const changeSelection = useCallback((keys: Set<string>) => {
    const { selection: options, selectedKeys: before, rows: pageRows, getRowId: idOf } = latest.current;
    if (!options) return;
    const was = (id: string) => before === 'all' || (before?.has(id) ?? false);
    const ids = pageRows.map(idOf);
    const added = ids.filter((id) => keys.has(id) && !was(id));
    const onPage = ids.filter((id) => keys.has(id)).length;
    announce(tableSelectionAnnouncement(added, onPage));
    options.onSelectionChange(keys);
  }, []);
  // React Aria's Selection is a Set of keys or 'all'; the grid reads it as such.
  const gridSelected = selectedKeys as ReadonlySet<string> | 'all' | undefined;

  // ---- row edit -------------------------------------------------------------------------------
  const rowActions = useMemo<RowActions>(
    () => ({ onEditRow, onDeleteRow, onShowRow, onHistoryRow, showRowLabel }),
    [onEditRow, onDeleteRow, onShowRow, onHistoryRow, showRowLabel],
  );
  const editingState = useMemo<EditingState | null>(() => {
    if (!editing) return null;
    const editable = visible.filter((c) => isEditable(c, editing));
    const target = editable.find((c) => c.id === editing.focusColumn) ?? editable[0] ?? null;
    return { editing, focusTarget: target?.id ?? null };
  }, [editing, visible]);
  const editingRef = useRef(editing);
  useEffect(() => {
    editingRef.current = editing;
  });
  const frameRef = useRef<HTMLDivElement>(null);
  // Saved or cancelled from a field: the field is gone, so the focus goes back to its row rather
  // than to the top of the document (a blur elsewhere keeps the focus where it went).
  const editingRowId = editing?.rowId ?? null;
  useEffect(() => {
    if (editingRowId === null) return;
    // The frame is the table's own element: the same node for the table's life.
    const frame = frameRef.current;
    return () => {
      requestAnimationFrame(() => {
        const active = document.activeElement;
        if (active && active !== document.body) return;
        const row = frame?.querySelector<HTMLElement>(
          `[data-row-key="${CSS.escape(editingRowId)}"]`,
        );
        row?.focus();
      });
    };
  }, [editingRowId]);

  /** Enter saves, Esc cancels; every other key is the field's own (not the grid's navigation). */
  const onFrameKeyDown = (e: KeyboardEvent) => {
    const current = editingRef.current;
    if (!current) return;
    const inField = closestAttr(e.target, EDIT_FIELD_ATTR) !== null;
    const onAction = closestAttr(e.target, EDIT_ACTION_ATTR) !== null;
    if (!inField && !onAction) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      current.onCancel();
    } else if (inField) {
      if (e.key === 'Enter') {
        e.preventDefault();
        current.onSave();
      }
      e.stopPropagation();
    }
  };
  /** A press into a field is the field's: it must not toggle the row's selection. */
  const onFramePointer = (e: SyntheticEvent) => {
    if (closestAttr(e.target, EDIT_FIELD_ATTR)) e.stopPropagation();
  };
  const onFrameDoubleClick = (e: MouseEvent) => {
    if (!onEditRow || closestAttr(e.target, EDIT_FIELD_ATTR)) return;
    const cell = closestAttr(e.target, 'data-col');
    const row = closestAttr(e.target, 'data-row-key');
    const column = cell ? byId.get(cell.getAttribute('data-col') ?? '') : undefined;
    const rowKey = row?.getAttribute('data-row-key');
    if (!column?.editable || !rowKey) return;
    e.preventDefault();
    onEditRow(rowKey, column.id);
  };
  /** Focus leaving the edited row (not the window) cancels the edit (docs/dev/product-rules.md#behaviour Row edit). */
  const onFrameBlur = (e: FocusEvent) => {
    const current = editingRef.current;
    if (!current) return;
    const rowKey = current.rowId;
    const left = closestAttr(e.target, 'data-row-key');
    if (left?.getAttribute('data-row-key') !== rowKey) return;
    // After the focus has landed: a click on nothing focusable leaves it on <body>.
    setTimeout(() => {
      const now = editingRef.current;
      if (!now || now.rowId !== rowKey || !document.hasFocus()) return;
      const active = document.activeElement;
      const row = active?.closest('[data-row-key]');
      if (row?.getAttribute('data-row-key') === rowKey) return;
      now.onCancel();
    }, 0);
  };

  // ---- columns of the grid ----------------------------------------------------------------------
  const reorderable = Boolean(onReorderRows);
  const batched = batch !== null;
  const gridColumns = useMemo<GridColumn<T>[]>(
    () => [
      ...(batched
        ? [
            {
              id: CHANGED_COLUMN,
              width: CHANGED_WIDTH,
              className: 'dt-changed-cell',
              renderCell: (_row: T, ctx: CellContext) => <ChangedMark rowId={ctx.rowId} />,
            },
          ]
        : []),
      ...(reorderable
        ? [
            {
              id: MOVE_COLUMN,
              width: MOVE_WIDTH,
              className: 'dt-move-cell',
              renderCell: (_row: T, ctx: { rowId: string }) => (
                <RowDragButton label={`Move row ${ctx.rowId}`} />
              ),
            },
          ]
        : []),
      ...(selectable
        ? [
            {
              id: SELECT_COLUMN,
              width: SELECT_WIDTH,
              className: 'dt-select-cell',
              renderCell: (_row: T, ctx: CellContext) =>
                ctx.settled ? (
                  <TableCheckbox
                    aria-label="Select"
                    isSelected={ctx.selected}
                    onChange={ctx.toggle}
                    excludeFromTabOrder
                  />
                ) : (
                  <PassiveCheckbox label="Select" isSelected={ctx.selected} />
                ),
            },
          ]
        : []),
      ...(hasActions
        ? [
            {
              id: ACTIONS_COLUMN,
              width: ACTIONS_WIDTH + (onShowRow ? SHOW_WIDTH : 0) + (onHistoryRow ? SHOW_WIDTH : 0),
              className: 'dt-actions-cell',
              renderCell: (_row: T, ctx: CellContext) => (
                <RowActionsCell rowId={ctx.rowId} passive={!ctx.settled} />
              ),
            },
          ]
        : []),
      ...visible.map((c, i): GridColumn<T> => ({
        id: c.id,
        width: c.width ?? DEFAULT_WIDTH,
        rowHeader: i === 0,
        cellAttrs: {
          'data-numeric': c.numeric ? '' : undefined,
          'data-editable': onEditRow && c.editable ? '' : undefined,
          // Batch edit: the cell holds a field.
          'data-field': batched && c.editable ? '' : undefined,
          // Plain text: opens to its full length while focused (DataTable.css).
          'data-text': batched && c.editable ? undefined : '',
        },
        renderCell: (row, ctx) => <CellContent rowId={ctx.rowId} row={row} column={c} />,
      })),
    ],
    [batched, reorderable, selectable, hasActions, visible, onEditRow, onShowRow, onHistoryRow],
  );

  // The column the edit was in (kept after it ends): where the focus goes when its row was deleted
  // elsewhere. Its header stays through the refetch that drops the row; the grid's first header
  // holds it when that column is hidden now.
  const editColumn = useRef<string | null>(null);
  useEffect(() => {
    if (editingState?.focusTarget) editColumn.current = editingState.focusTarget;
  }, [editingState]);
  const gridColumnsRef = useRef(gridColumns);
  useEffect(() => {
    gridColumnsRef.current = gridColumns;
  });
  // Only a delete told while the table is there: one told before it mounted is not this table's.
  const goneSeen = useRef(editGone);
  useEffect(() => {
    if (!editGone || editGone === goneSeen.current) return;
    goneSeen.current = editGone;
    const at = gridColumnsRef.current.findIndex((c) => c.id === editColumn.current);
    frameRef.current
      ?.querySelector<HTMLElement>(`[role="columnheader"][data-ci="${Math.max(at, 0)}"]`)
      ?.focus({ preventScroll: true });
  }, [editGone]);

  const captionId = `${useId()}-sort`;
  const headerOf = (id: string) => byId.get(id)?.header ?? id;
  const setOrder = (next: string[]) => onPrefsChange?.({ order: next, hidden: prefs?.hidden ?? [] });
  const hiddenSet = useMemo(() => new Set(hiddenIds), [hiddenIds]);
  const sortableId = (id: string) => Boolean(onSortingChange) && byId.get(id)?.sortable !== false;
  // The headers' handlers keep their identity across renders (a new page of rows re-renders the
  // table; the memoized headers, with their menus and drag and drop, do not).
  const header = useStableCallbacks({
    onSort: (id: string, additive: boolean) => {
      if (sortableId(id)) onSortingChange?.(nextSorting(sorting, id, additive));
    },
    onMove: (id: string, by: -1 | 1) => {
      if (order) setOrder(moveVisible(order, hiddenSet, id, by));
    },
    onMoveTo: (dragged: string, target: string) => {
      if (order) setOrder(moveTo(order, dragged, target));
    },
    onHide: (id: string) => {
      if (prefs) onPrefsChange?.({ order: prefs.order, hidden: [...prefs.hidden, id] });
    },
  });
  const onSort = header.onSort;

  const renderHeaderCell = (column: GridColumn<T>, _index: number, cellProps: HeaderCellProps) => {
    if (column.id === CHANGED_COLUMN)
      return (
        <PlainHeaderCell key={column.id} cellProps={cellProps} className="dt-changed-column">
          <span className="sr-only">Changed</span>
        </PlainHeaderCell>
      );
    if (column.id === MOVE_COLUMN)
      return (
        <PlainHeaderCell key={column.id} cellProps={cellProps} className="dt-move-column">
          <span className="sr-only">Move</span>
        </PlainHeaderCell>
      );
    if (column.id === SELECT_COLUMN)
      return (
        <PlainHeaderCell key={column.id} cellProps={cellProps} className="dt-select-column">
          <TableCheckbox
            aria-label="Select all"
            isSelected={pageSelection.all}
            isIndeterminate={pageSelection.some}
            isDisabled={rows.length === 0}
            excludeFromTabOrder
            onChange={(on) => changeSelection(on ? new Set(rows.map(getRowId)) : new Set())}
          />
        </PlainHeaderCell>
      );
    if (column.id === ACTIONS_COLUMN)
      return (
        <PlainHeaderCell key={column.id} cellProps={cellProps} className="dt-actions-column">
          Actions
        </PlainHeaderCell>
      );
    const c = byId.get(column.id)!;
    const index = visible.indexOf(c);
    return (
      <DataHeaderCell
        key={c.id}
        cellProps={cellProps}
        id={c.id}
        header={c.header}
        numeric={c.numeric}
        sortable={sortableId(c.id)}
        sorting={sorting}
        index={index}
        visibleCount={visible.length}
        reorderable={Boolean(prefs && onPrefsChange)}
        onSort={header.onSort}
        onMove={header.onMove}
        onMoveTo={header.onMoveTo}
        onHide={header.onHide}
      />
    );
  };

  return (
    <div className="dt" data-loading={loading || undefined}>
      <div className="dt-toolbar">
        {toolbar}
        {onSortingChange ? (
          <span id={captionId} className="dt-sort-caption">
            {describeSort(sorting, headerOf)}
          </span>
        ) : null}
        {prefs && onPrefsChange ? (
          <SelectColumns
            tableLabel={label}
            columns={prefs.order.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []))}
            visible={new Set(visible.map((c) => c.id))}
            onChange={(keep) =>
              onPrefsChange({ order: prefs.order, hidden: prefs.order.filter((id) => !keep.has(id)) })
            }
          />
        ) : null}
      </div>
      {editing?.notice ? (
        <p className="dt-edit-notice" role="alert">
          {editing.notice}
        </p>
      ) : null}
      {editing && editing.errors.length > 0 ? (
        <ul className="dt-edit-errors" aria-label={`Errors in row ${editing.rowId}`}>
          {editing.errors.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}
      <div
        ref={frameRef}
        className="dt-scroll-frame"
        onPointerDownCapture={onFramePointer}
        onMouseDownCapture={onFramePointer}
        onClickCapture={onFramePointer}
        onKeyDownCapture={onFrameKeyDown}
        onDoubleClick={onFrameDoubleClick}
        onBlur={onFrameBlur}
      >
        <RowActionsContext.Provider value={rowActions}>
          <EditingRowContext.Provider value={editingRowId}>
            <EditingContext.Provider value={editingState}>
              <BatchContext.Provider value={batch}>
                <Grid<T>
                  label={label}
                  describedBy={onSortingChange ? captionId : undefined}
                  className="dt-table"
                  columns={gridColumns}
                  rows={rows}
                  getRowId={getRowId}
                  rowHeight={rowHeight}
                  headerHeight={HEADER_HEIGHT}
                  busy={loading}
                  emptyText={emptyText}
                  renderHeaderCell={renderHeaderCell}
                  onHeaderAction={onSort}
                  onEditAction={
                    onEditRow
                      ? (id, col) => onEditRow(id, col && byId.get(col)?.editable ? col : undefined)
                      : undefined
                  }
                  onRowAction={onShowRow}
                  selectedKeys={gridSelected}
                  onSelectionChange={selection ? changeSelection : undefined}
                  keepRowId={editingRowId}
                  markedRows={props.markedRows}
                  onMoveRow={onReorderRows}
                  viewKey={`${paging?.page ?? 0}/${paging?.pageSize ?? 0}/${sorting.map((t) => `${t.id}${t.desc ? '-' : '+'}`).join(',')}`}
                />
              </BatchContext.Provider>
            </EditingContext.Provider>
          </EditingRowContext.Provider>
        </RowActionsContext.Provider>
      </div>
      <TableFooter paging={paging}>
        {onPdf || onCreate ? (
          <>
            {onPdf ? <Button onPress={onPdf}>PDF</Button> : null}
            {onCreate ? (
              <Button variant="primary" onPress={onCreate}>
                {createLabel}
              </Button>
            ) : null}
          </>
        ) : null}
      </TableFooter>
    </div>
  );
}) as <T>(props: DataTableProps<T>) => ReactNode;
