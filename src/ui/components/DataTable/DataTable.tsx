// The reusable server-paged table (issue 4): React Aria's Table inside a Virtualizer with a
// TableLayout (only the visible rows are in the DOM, so a 15,000-row page stays light), TanStack
// Table for the column model (order, visibility, sorting state), multi-sort (click sorts, shift+click
// adds a secondary sort), 'Select Columns', reordering by drag or from each column's menu, row
// selection and the bottom bar (page size, page slider, paginator, PDF and Create slots).
// Everything is props-driven: the page owns the data, the query and the preferences.
// Column widths come from DataColumn.width (layout.ts); wider than the screen, the table scrolls
// sideways. Row edit (edit.tsx): with onEditRow the rows get a pencil and a double-click on an
// editable cell edits it; `editing` turns one row into fields (spec §4 Row edit).
import {
  memo,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import {
  Cell,
  Collection,
  Column,
  Row,
  Table,
  TableBody,
  TableHeader,
  Virtualizer,
  type Key,
  type Selection,
  type SortDescriptor,
} from 'react-aria-components';
import {
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
  type VisibilityState,
} from '@tanstack/react-table';
import { Button } from '../../kit';
import { moveTo, moveVisible } from './columns';
import {
  CellContent,
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
import { WidthTableLayout } from './layout';
import { useStableCallbacks } from './stableProps';
import {
  ColumnMenu,
  PageSizeSelect,
  PageSlider,
  Paginator,
  SelectColumns,
  TableCheckbox,
  type PagingProps,
} from './parts';
import type { ColumnPrefs, DataColumn, RowEditing, SortTerm } from './types';
import './DataTable.css';

export interface DataTableProps<T> extends PagingProps {
  /** The table's accessible name. */
  label: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  getRowId: (row: T) => string;
  sorting: readonly SortTerm[];
  onSortingChange: (sorting: SortTerm[]) => void;
  /** Column order and hidden columns (the page persists them). */
  prefs: ColumnPrefs;
  onPrefsChange: (prefs: ColumnPrefs) => void;
  selectedKeys?: Selection;
  onSelectionChange?: (keys: Selection) => void;
  /** Shown when `rows` is empty (spec §8 default). */
  emptyText: string;
  /** True while a page is being fetched (aria-busy). */
  loading?: boolean;
  /** Rendered left of 'Select Columns' above the table. */
  toolbar?: ReactNode;
  /** Admin slots of the bottom bar: a button is rendered only when its handler is given. */
  onPdf?: () => void;
  onCreate?: () => void;
  createLabel?: string;
  /** Height of a row in px (default 34). */
  rowHeight?: number;
  /** Row edit (admins): the pencil of a row, or a double-click on an editable cell (with its column). */
  onEditRow?: (id: string, column?: string) => void;
  /** The delete icon of a row (the caller confirms first). */
  onDeleteRow?: (id: string) => void;
  /** The row in edit mode, if any. */
  editing?: RowEditing | null;
}

const SELECT_COLUMN = '__select';
const ACTIONS_COLUMN = '__actions';
const DEFAULT_WIDTH = 110;
const SELECT_WIDTH = 44;
const ACTIONS_WIDTH = 76;

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

// A new page of rows gets a new TableBody. Reconciled into the old body, every added row is a
// separate insertion into React Aria's collection, and React looks for each one's next sibling
// among all the rows inserted after it: quadratic, ~0.7 s of building a 15,000-row page. A new
// body is built whole instead. Keyed by the rows array, so re-renders with the same rows keep it.
const bodyKeys = new WeakMap<object, number>();
let lastBodyKey = 0;
const bodyKeyOf = (rows: readonly unknown[]): number => {
  let key = bodyKeys.get(rows);
  if (key === undefined) {
    key = ++lastBodyKey;
    bodyKeys.set(rows, key);
  }
  return key;
};

/**
 * The table as pages use it: re-rendered when what it shows changes, not when a parent re-renders
 * with new callback identities (useStableCallbacks).
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
    sorting,
    onSortingChange,
    prefs,
    onPrefsChange,
    selectedKeys,
    onSelectionChange,
    emptyText,
    loading = false,
    toolbar,
    onPdf,
    onCreate,
    createLabel = 'Create',
    rowHeight = 34,
    onEditRow,
    onDeleteRow,
    editing = null,
  } = props;
  const hasActions = Boolean(onEditRow || onDeleteRow);

  // TanStack holds the column model; the rows stay outside it (they are paged by the server).
  const columnDefs = useMemo<ColumnDef<T>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        header: c.header,
        accessorFn: c.accessor,
        enableSorting: c.sortable !== false,
      })),
    [columns],
  );
  const columnVisibility = useMemo<VisibilityState>(
    () => Object.fromEntries(prefs.hidden.map((id) => [id, false])),
    [prefs.hidden],
  );
  const table = useReactTable<T>({
    data: [],
    columns: columnDefs,
    state: { columnOrder: prefs.order, columnVisibility, sorting: sorting as SortingState },
    manualSorting: true,
    enableMultiSort: true,
    getCoreRowModel: getCoreRowModel(),
    onSortingChange: () => {},
  });
  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  const visibleIds = table
    .getVisibleLeafColumns()
    .map((c) => c.id)
    .join('\u0000');
  const visible = useMemo(
    () => visibleIds.split('\u0000').flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
    [visibleIds, byId],
  );
  const hidden = useMemo(() => new Set(prefs.hidden), [prefs.hidden]);

  const layoutOptions = useMemo(
    () => ({
      rowHeight,
      headingHeight: 40,
      // TableLayout spreads the width evenly unless given widths (a ResizableTableContainer would
      // honour Column widths, but it stops Enter/Space from opening the header menus).
      columnWidths: new Map<Key, number>([
        [SELECT_COLUMN, SELECT_WIDTH],
        ...(hasActions ? [[ACTIONS_COLUMN, ACTIONS_WIDTH] as [Key, number]] : []),
        ...visible.map((c) => [c.id, c.width ?? DEFAULT_WIDTH] as [Key, number]),
      ]),
    }),
    [rowHeight, visible, hasActions],
  );

  // ---- row edit -------------------------------------------------------------------------------
  const rowActions = useMemo<RowActions>(() => ({ onEditRow, onDeleteRow }), [onEditRow, onDeleteRow]);
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
    return () => {
      requestAnimationFrame(() => {
        const active = document.activeElement;
        if (active && active !== document.body) return;
        const row = frameRef.current?.querySelector<HTMLElement>(
          `[data-row-key="${CSS.escape(editingRowId)}"]`,
        );
        row?.focus();
      });
    };
  }, [editingRowId]);

  /** Enter saves, Esc cancels; every other key is the field's own (not the grid's navigation). */
  const onFrameKeyDown = (e: KeyboardEvent) => {
    noteShift(e);
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
    if ('shiftKey' in e) noteShift(e as unknown as { shiftKey: boolean });
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
  /** Focus leaving the edited row (not the window) cancels the edit (spec §4 Row edit). */
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

  // Shift at the moment of the press decides between a new sort and an added one.
  const shift = useRef(false);
  const noteShift = (e: { shiftKey: boolean }) => {
    shift.current = e.shiftKey;
  };
  const sortDescriptor: SortDescriptor | undefined = sorting[0]
    ? { column: sorting[0].id, direction: sorting[0].desc ? 'descending' : 'ascending' }
    : undefined;

  const [dragging, setDragging] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const captionId = `${useId()}-sort`;

  const setOrder = (order: string[]) => onPrefsChange({ order, hidden: prefs.hidden });
  const headerOf = (id: string) => byId.get(id)?.header ?? id;

  return (
    <div className="dt" data-loading={loading || undefined}>
      <div className="dt-toolbar">
        {toolbar}
        <span id={captionId} className="dt-sort-caption">
          {describeSort(sorting, headerOf)}
        </span>
        <SelectColumns
          columns={prefs.order.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []))}
          visible={new Set(visible.map((c) => c.id))}
          onChange={(keep) =>
            onPrefsChange({ order: prefs.order, hidden: prefs.order.filter((id) => !keep.has(id)) })
          }
        />
      </div>
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
                <Virtualizer layout={WidthTableLayout} layoutOptions={layoutOptions}>
                  <Table
                    aria-label={label}
                    aria-describedby={captionId}
                    aria-busy={loading || undefined}
                    className="dt-table"
                    selectionMode="multiple"
                    selectionBehavior="toggle"
                    selectedKeys={selectedKeys}
                    onSelectionChange={onSelectionChange}
                    sortDescriptor={sortDescriptor}
                    onSortChange={(d) =>
                      onSortingChange(nextSorting(sorting, String(d.column), shift.current))
                    }
                  >
                    <TableHeader className="dt-header">
                      <Column id={SELECT_COLUMN} className="dt-column dt-select-column">
                        <TableCheckbox slot="selection" aria-label="Select all" />
                      </Column>
                      {hasActions ? (
                        <Column id={ACTIONS_COLUMN} className="dt-column dt-actions-column">
                          Actions
                        </Column>
                      ) : null}
                      <Collection items={visible} dependencies={[sorting, dropTarget, prefs]}>
                        {(c) => {
                          const at = sorting.findIndex((s) => s.id === c.id);
                          const term = sorting[at];
                          const index = visible.indexOf(c);
                          return (
                            <Column
                              id={c.id}
                              className="dt-column"
                              allowsSorting={c.sortable !== false}
                              isRowHeader={index === 0}
                              focusMode="cell"
                              textValue={c.header}
                              data-numeric={c.numeric || undefined}
                              data-drop-target={dropTarget === c.id || undefined}
                            >
                              <div
                                className="dt-col"
                                onDragOver={(e) => {
                                  if (!dragging || dragging === c.id) return;
                                  e.preventDefault();
                                  setDropTarget(c.id);
                                }}
                                onDragLeave={() => setDropTarget((t) => (t === c.id ? null : t))}
                                onDrop={(e) => {
                                  e.preventDefault();
                                  if (dragging) setOrder(moveTo(prefs.order, dragging, c.id));
                                  setDragging(null);
                                  setDropTarget(null);
                                }}
                              >
                                <span
                                  className="dt-col-label"
                                  // A narrow column cuts the label ('Weigh…'): the full name on hover
                                  // (assistive technology reads the whole text anyway).
                                  title={c.header}
                                  draggable
                                  onDragStart={(e) => {
                                    e.dataTransfer.effectAllowed = 'move';
                                    e.dataTransfer.setData('text/plain', c.id);
                                    setDragging(c.id);
                                  }}
                                  onDragEnd={() => {
                                    setDragging(null);
                                    setDropTarget(null);
                                  }}
                                >
                                  {c.header}
                                </span>
                                {term ? (
                                  <span
                                    className="dt-sort"
                                    data-direction={term.desc ? 'desc' : 'asc'}
                                    aria-hidden="true"
                                  >
                                    {term.desc ? '▼' : '▲'}
                                    {sorting.length > 1 ? (
                                      <span className="dt-sort-rank">{at + 1}</span>
                                    ) : null}
                                  </span>
                                ) : null}
                                <ColumnMenu
                                  header={c.header}
                                  canMoveLeft={index > 0}
                                  canMoveRight={index < visible.length - 1}
                                  canHide={visible.length > 1}
                                  onMove={(by) => setOrder(moveVisible(prefs.order, hidden, c.id, by))}
                                  onHide={() =>
                                    onPrefsChange({ order: prefs.order, hidden: [...prefs.hidden, c.id] })
                                  }
                                />
                              </div>
                            </Column>
                          );
                        }}
                      </Collection>
                    </TableHeader>
                    <TableBody
                      key={bodyKeyOf(rows)}
                      className="dt-body"
                      items={rows}
                      dependencies={[visible, hasActions]}
                      renderEmptyState={() => <div className="dt-empty">{emptyText}</div>}
                    >
                      {(row) => {
                        const id = getRowId(row);
                        return (
                          <Row id={id} className="dt-row" data-row-key={id}>
                            <Cell className="dt-cell dt-select-cell">
                              <TableCheckbox slot="selection" aria-label="Select" />
                            </Cell>
                            {hasActions ? (
                              <Cell className="dt-cell dt-actions-cell">
                                <RowActionsCell rowId={id} />
                              </Cell>
                            ) : null}
                            {/* A plain list, not a Collection: no per-row item cache to build
                                for each of up to 15,000 rows (the row itself is cached). */}
                            {visible.map((c) => (
                              <Cell
                                key={c.id}
                                className="dt-cell"
                                data-numeric={c.numeric || undefined}
                                data-col={c.id}
                                data-editable={(onEditRow && c.editable) || undefined}
                              >
                                <CellContent rowId={id} row={row} column={c} />
                              </Cell>
                            ))}
                          </Row>
                        );
                      }}
                    </TableBody>
                  </Table>
                </Virtualizer>
            </EditingContext.Provider>
          </EditingRowContext.Provider>
        </RowActionsContext.Provider>
      </div>
      <div className="dt-bar" role="group" aria-label="Table pages">
        <PageSizeSelect {...props} />
        <PageSlider {...props} />
        <Paginator {...props} />
        <div className="dt-bar-actions">
          {onPdf ? <Button onPress={onPdf}>PDF</Button> : null}
          {onCreate ? (
            <Button variant="primary" onPress={onCreate}>
              {createLabel}
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}) as <T>(props: DataTableProps<T>) => ReactNode;
