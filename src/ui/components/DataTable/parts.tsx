// The smaller pieces of DataTable: the column menus and the bottom bar. The controls themselves
// (checkbox, select, slider, button) are the kit's.
import { useEffect, useRef, useState } from 'react';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { Button, Checkbox, CheckboxBox, Select, Slider, type CheckboxProps } from '../../kit';
import { formatCount } from './format';

/** The row and header selection checkbox (no visible label; aria-label names it). */
export function TableCheckbox(props: Omit<CheckboxProps, 'children'>) {
  return <Checkbox {...props} />;
}

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
      <AriaButton className="dt-col-menu" aria-label={`${header} column options`}>
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

export interface SelectColumnsProps {
  columns: readonly { id: string; header: string }[];
  visible: ReadonlySet<string>;
  onChange: (visible: Set<string>) => void;
}

/** 'Select Columns': a menu of checkbox items, one per column; at least one stays visible. */
export function SelectColumns({ columns, visible, onChange }: SelectColumnsProps) {
  return (
    <MenuTrigger>
      <Button>Select Columns</Button>
      <Popover className="kit-popover dt-columns-popover" placement="bottom end">
        <Menu
          className="kit-menu"
          aria-label="Visible columns"
          selectionMode="multiple"
          selectedKeys={visible}
          onSelectionChange={(keys) => {
            const next = new Set(keys === 'all' ? columns.map((c) => c.id) : [...keys].map(String));
            if (next.size > 0) onChange(next);
          }}
          items={columns}
        >
          {(c) => (
            <MenuItem id={c.id} className="kit-menu-item dt-check-item" textValue={c.header}>
              {({ isSelected }) => (
                <>
                  <CheckboxBox isSelected={isSelected} />
                  {c.header}
                </>
              )}
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

export interface PagingProps {
  /** 0-based page. */
  page: number;
  pageCount: number;
  totalItems: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}

export function PageSizeSelect({
  pageSize,
  pageSizes,
  onPageSizeChange,
}: Pick<PagingProps, 'pageSize' | 'pageSizes' | 'onPageSizeChange'>) {
  return (
    <Select
      label="Rows per page"
      placement="top"
      value={pageSize}
      options={pageSizes.map((n) => ({ id: n, label: String(n) }))}
      onChange={(key) => onPageSizeChange(Number(key))}
    />
  );
}

export function PageSlider({
  page,
  pageCount,
  onPageChange,
}: Pick<PagingProps, 'page' | 'pageCount' | 'onPageChange'>) {
  const last = Math.max(1, pageCount);
  // The thumb moves with the keys at once and follows the paginator; never remounted, so the
  // focus stays on it while pages load (arrow key by arrow key).
  const [value, setValue] = useState(page + 1);
  useEffect(() => setValue(page + 1), [page]);
  return (
    <Slider
      label="Page"
      minValue={1}
      maxValue={last}
      value={Math.min(value, last)}
      onChange={setValue}
      isDisabled={last <= 1}
      onChangeEnd={(n) => {
        if (n - 1 !== page) onPageChange(n - 1);
      }}
    />
  );
}

type PagerButton = 'first' | 'previous' | 'next' | 'last';

export function Paginator({ page, pageCount, totalItems, pageSize, onPageChange }: PagingProps) {
  const last = Math.max(0, pageCount - 1);
  const from = totalItems === 0 ? 0 : page * pageSize + 1;
  const to = Math.min(totalItems, (page + 1) * pageSize);
  const buttons = {
    first: useRef<HTMLButtonElement>(null),
    previous: useRef<HTMLButtonElement>(null),
    next: useRef<HTMLButtonElement>(null),
    last: useRef<HTMLButtonElement>(null),
  };
  const status = useRef<HTMLSpanElement>(null);
  const pressed = useRef<PagerButton | null>(null);
  const go = (button: PagerButton, target: number) => {
    pressed.current = button;
    onPageChange(target);
  };
  // A pressed button that is disabled on the new page (First on page 1, Last on the last) would
  // drop focus to the page: it moves to the way back instead, or to the announced page number.
  useEffect(() => {
    const button = pressed.current;
    pressed.current = null;
    if (!button || !buttons[button].current?.disabled) return;
    const back = button === 'first' || button === 'previous' ? buttons.next : buttons.previous;
    (back.current && !back.current.disabled ? back.current : status.current)?.focus();
    // buttons holds refs (stable); only a new page or page count can disable the pressed button.
  }, [page, pageCount]);
  return (
    <nav className="dt-paginator" aria-label="Pagination">
      <span className="dt-range">
        {formatCount(from)}–{formatCount(to)} of {formatCount(totalItems)}
      </span>
      <Button
        variant="quiet"
        iconOnly
        aria-label="First page"
        ref={buttons.first}
        isDisabled={page <= 0}
        onPress={() => go('first', 0)}
      >
        <span aria-hidden="true">«</span>
      </Button>
      <Button
        variant="quiet"
        iconOnly
        aria-label="Previous page"
        ref={buttons.previous}
        isDisabled={page <= 0}
        onPress={() => go('previous', page - 1)}
      >
        <span aria-hidden="true">‹</span>
      </Button>
      <span className="dt-page-of" aria-live="polite" ref={status} tabIndex={-1}>
        Page {page + 1} of {Math.max(1, pageCount)}
      </span>
      <Button
        variant="quiet"
        iconOnly
        aria-label="Next page"
        ref={buttons.next}
        isDisabled={page >= last}
        onPress={() => go('next', page + 1)}
      >
        <span aria-hidden="true">›</span>
      </Button>
      <Button
        variant="quiet"
        iconOnly
        aria-label="Last page"
        ref={buttons.last}
        isDisabled={page >= last}
        onPress={() => go('last', last)}
      >
        <span aria-hidden="true">»</span>
      </Button>
    </nav>
  );
}
