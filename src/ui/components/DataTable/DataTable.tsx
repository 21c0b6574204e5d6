// The reusable server-paged table (issue 4): React Aria's Table inside a Virtualizer with a
// TableLayout (only the visible rows are in the DOM, so a 15,000-row page stays light), TanStack
// Table for the column model (order, visibility, sorting state), multi-sort (click sorts, shift+click
// adds a secondary sort), 'Select Columns', reordering by drag or from each column's menu, row
// selection and the bottom bar (page size, page slider, paginator, PDF and Create slots).
// Everything is props-driven: the page owns the data, the query and the preferences.
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Cell,
  Collection,
  Column,
  I18nProvider,
  Row,
  Table,
  TableBody,
  TableHeader,
  TableLayout,
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
import { Button, LAB_LOCALE } from '../../kit';
import { moveTo, moveVisible } from './columns';
import { formatCell } from './format';
import {
  ColumnMenu,
  PageSizeSelect,
  PageSlider,
  Paginator,
  SelectColumns,
  TableCheckbox,
  type PagingProps,
} from './parts';
import type { ColumnPrefs, DataColumn, SortTerm } from './types';
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
}

const SELECT_COLUMN = '__select';
const DEFAULT_WIDTH = 110;
const SELECT_WIDTH = 44;

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

export function DataTable<T>(props: DataTableProps<T>) {
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
  } = props;

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
        ...visible.map((c) => [c.id, c.width ?? DEFAULT_WIDTH] as [Key, number]),
      ]),
    }),
    [rowHeight, visible],
  );

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
      <div className="dt-scroll-frame" onPointerDownCapture={noteShift} onKeyDownCapture={noteShift}>
        <I18nProvider locale={LAB_LOCALE}>
          <Virtualizer layout={TableLayout} layoutOptions={layoutOptions}>
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
              onSortChange={(d) => onSortingChange(nextSorting(sorting, String(d.column), shift.current))}
            >
              <TableHeader className="dt-header">
                <Column id={SELECT_COLUMN} className="dt-column dt-select-column">
                  <TableCheckbox slot="selection" aria-label="Select all" />
                </Column>
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
                              {sorting.length > 1 ? <span className="dt-sort-rank">{at + 1}</span> : null}
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
                className="dt-body"
                items={rows}
                dependencies={[visible]}
                renderEmptyState={() => <div className="dt-empty">{emptyText}</div>}
              >
                {(row) => (
                  <Row id={getRowId(row)} className="dt-row" columns={visible}>
                    <Cell className="dt-cell dt-select-cell">
                      <TableCheckbox slot="selection" aria-label="Select" />
                    </Cell>
                    <Collection items={visible}>
                      {(c) => (
                        <Cell className="dt-cell" data-numeric={c.numeric || undefined}>
                          {formatCell(c.accessor(row), c.numeric, c.decimals ?? 0, c.grouping ?? true)}
                        </Cell>
                      )}
                    </Collection>
                  </Row>
                )}
              </TableBody>
            </Table>
          </Virtualizer>
        </I18nProvider>
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
}
