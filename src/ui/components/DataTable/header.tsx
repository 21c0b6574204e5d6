// The column headers of DataTable: sort on press (Shift adds a secondary sort), the column menu
// (move left/right, hide: the menu way to reorder), and React Aria's drag and drop to reorder the
// columns: drag a header with the mouse onto another, or press its drag button (Enter) and choose
// the drop target with Tab and Enter, as React Aria's keyboard drag and drop does everywhere.
import { memo, useRef, type MouseEvent, type ReactNode } from 'react';
import { mergeProps, useDrag, useDrop, type DropItem } from 'react-aria';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import type { HeaderCellProps } from './grid/Grid';
import type { SortTerm } from './types';

/** The drag type of a column header: its column id. */
export const COLUMN_DRAG_TYPE = 'application/x-labdesk-column';

export interface ColumnMenuProps {
  header: string;
  canMoveLeft: boolean;
  canMoveRight: boolean;
  canHide: boolean;
  onMove: (by: -1 | 1) => void;
  onHide: () => void;
}

/** The menu in every column header: the keyboard way to reorder (and hide) columns. */
export function ColumnMenu({ header, canMoveLeft, canMoveRight, canHide, onMove, onHide }: ColumnMenuProps) {
  const disabled = [
    ...(canMoveLeft ? [] : ['left']),
    ...(canMoveRight ? [] : ['right']),
    ...(canHide ? [] : ['hide']),
  ];
  return (
    <MenuTrigger>
      <AriaButton
        className="dt-col-menu"
        aria-label={`${header} column options`}
        excludeFromTabOrder
        data-header-control=""
      >
        <span aria-hidden="true">⋮</span>
      </AriaButton>
      <Popover className="kit-popover" placement="bottom end">
        <Menu
          className="kit-menu"
          aria-label={`${header} column`}
          disabledKeys={disabled}
          onAction={(key) => {
            if (key === 'left') onMove(-1);
            else if (key === 'right') onMove(1);
            else if (key === 'hide') onHide();
          }}
        >
          <MenuItem id="left" className="kit-menu-item">
            Move left
          </MenuItem>
          <MenuItem id="right" className="kit-menu-item">
            Move right
          </MenuItem>
          <MenuItem id="hide" className="kit-menu-item">
            Hide column
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/** The column id a drop carries, if it is a column header's. */
const droppedColumn = async (items: readonly DropItem[]): Promise<string | null> => {
  for (const item of items) {
    if (item.kind === 'text' && item.types.has(COLUMN_DRAG_TYPE)) return item.getText(COLUMN_DRAG_TYPE);
  }
  return null;
};

export interface DataHeaderCellProps {
  cellProps: HeaderCellProps;
  id: string;
  header: string;
  numeric?: boolean;
  sortable: boolean;
  sorting: readonly SortTerm[];
  /** Column order: its place among the visible columns. */
  index: number;
  visibleCount: number;
  /** The user may move and hide columns (menu and drag). */
  reorderable: boolean;
  onSort: (id: string, additive: boolean) => void;
  onMove: (id: string, by: -1 | 1) => void;
  /** Drop of column `dragged` onto this one: it takes this one's place. */
  onMoveTo: (dragged: string, target: string) => void;
  onHide: (id: string) => void;
}

/** A data column's header: label, sort state, menu and drag button; a drop target for columns. */
function DataHeaderCellView(props: DataHeaderCellProps) {
  const { cellProps, id, header, numeric, sortable, sorting, index, visibleCount, reorderable } = props;
  const ref = useRef<HTMLDivElement>(null);
  const at = sorting.findIndex((s) => s.id === id);
  const term = sorting[at];
  const { dragProps, dragButtonProps, isDragging } = useDrag({
    hasDragButton: true,
    getItems: () => [{ [COLUMN_DRAG_TYPE]: id, 'text/plain': header }],
    getAllowedDropOperations: () => ['move'],
    isDisabled: !reorderable,
  });
  const { dropProps, isDropTarget } = useDrop({
    ref,
    isDisabled: !reorderable,
    getDropOperation: (types) => (types.has(COLUMN_DRAG_TYPE) ? 'move' : 'cancel'),
    onDrop: (e) => {
      void droppedColumn(e.items).then((dragged) => {
        if (dragged && dragged !== id) props.onMoveTo(dragged, id);
      });
    },
  });
  const onClick = (e: MouseEvent) => {
    if (!sortable || (e.target as Element).closest('[data-header-control]')) return;
    props.onSort(id, e.shiftKey);
  };
  return (
    <div
      ref={ref}
      {...mergeProps(cellProps, dragProps, dropProps)}
      aria-label={header}
      className="dt-column"
      aria-sort={at === 0 && term ? (term.desc ? 'descending' : 'ascending') : sortable ? 'none' : undefined}
      data-sortable={sortable || undefined}
      data-numeric={numeric || undefined}
      data-drop-target={isDropTarget || undefined}
      data-dragging={isDragging || undefined}
      onClick={onClick}
    >
      <div className="dt-col">
        {/* A narrow column cuts the label ('Weigh…'): the full name on hover. */}
        <span className="dt-col-label" title={header}>
          {header}
        </span>
        {term ? (
          <span className="dt-sort" data-direction={term.desc ? 'desc' : 'asc'} aria-hidden="true">
            {term.desc ? '▼' : '▲'}
            {sorting.length > 1 ? <span className="dt-sort-rank">{at + 1}</span> : null}
          </span>
        ) : null}
        {reorderable ? (
          <>
            <ColumnMenu
              header={header}
              canMoveLeft={index > 0}
              canMoveRight={index < visibleCount - 1}
              canHide={visibleCount > 1}
              onMove={(by) => props.onMove(id, by)}
              onHide={() => props.onHide(id)}
            />
            <AriaButton
              {...dragButtonProps}
              className="dt-col-drag"
              aria-label={`Drag ${header} column`}
              excludeFromTabOrder
              data-header-control=""
            >
              <span aria-hidden="true">⠿</span>
            </AriaButton>
          </>
        ) : null}
      </div>
    </div>
  );
}

/** A header cell without sort or drag (the selection and row actions columns). */
export function PlainHeaderCell({
  cellProps,
  className,
  children,
}: {
  cellProps: HeaderCellProps;
  className: string;
  children: ReactNode;
}) {
  return (
    <div {...cellProps} className={`dt-column ${className}`}>
      {children}
    </div>
  );
}

const sameCellProps = (a: HeaderCellProps, b: HeaderCellProps): boolean =>
  a.tabIndex === b.tabIndex && a['data-ci'] === b['data-ci'] && a['aria-colindex'] === b['aria-colindex'];

/** Re-rendered only when what it shows changes (its cell props are made anew by every header render). */
export const DataHeaderCell = memo(DataHeaderCellView, (a, b) => {
  for (const key of Object.keys(a) as (keyof DataHeaderCellProps)[]) {
    if (key === 'cellProps' ? !sameCellProps(a.cellProps, b.cellProps) : a[key] !== b[key]) return false;
  }
  return Object.keys(a).length === Object.keys(b).length;
});
