// Above the table: 'Select Columns' (a menu of checkbox items, one per column), and the selection
// checkbox of the header and the rows (the kit's checkbox without a visible label).
import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useEffect, useRef, useState } from 'react';
import { Button, Checkbox, CheckboxBox, type CheckboxProps } from '../../kit';
import { usePalette } from '../../palette/PaletteProvider';
import { usePaletteActions } from '../../palette/registry';
import { PAGE_SHORTCUTS, pageKey } from '../../shortcuts/list';

/** The row and header selection checkbox (no visible label; aria-label names it). */
export function TableCheckbox(props: Omit<CheckboxProps, 'children'>) {
  return <Checkbox {...props} />;
}

/**
 * The row checkbox's look-alike while the grid scrolls (CellContext.settled): the same drawing and
 * state for eyes and screen readers, no behaviour of its own; a click on it is a click on the row,
 * which toggles the row as the checkbox would.
 */
export function PassiveCheckbox({ label, isSelected }: { label: string; isSelected: boolean }) {
  return (
    <span
      className="kit-checkbox"
      role="checkbox"
      aria-checked={isSelected}
      aria-label={label}
      data-passive=""
    >
      <CheckboxBox isSelected={isSelected} />
    </span>
  );
}

export interface SelectColumnsProps {
  /** The table's name: the palette command reads 'Select Columns of {tableLabel}'. */
  tableLabel: string;
  columns: readonly { id: string; header: string }[];
  visible: ReadonlySet<string>;
  onChange: (visible: Set<string>) => void;
}

/** 'Select Columns': a menu of checkbox items, one per column; at least one stays visible. */
export function SelectColumns({ tableLabel, columns, visible, onChange }: SelectColumnsProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useState(false);
  // The palette closes the menu as it opens. A menu that has the focus closes on its own as the
  // palette takes it; one opened by Alt+Shift+K a moment before Ctrl+K has not taken it yet, so it
  // stayed open behind the palette, and after Escape the focus was on neither (<body>).
  const palette = usePalette();
  useEffect(() => {
    if (palette.isOpen) setOpen(false);
  }, [palette.isOpen]);
  usePaletteActions([
    {
      id: 'select-columns',
      label: `Select Columns of ${tableLabel}`,
      group: tableLabel,
      keywords: ['columns', 'spalten', 'hide', 'show'],
      description: 'opens the column menu',
      ...pageKey(PAGE_SHORTCUTS.columns),
      // A click with no pointer: React Aria opens the menu as for Enter.
      perform: () => trigger.current?.click(),
    },
  ]);
  return (
    <MenuTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <Button ref={trigger} aria-keyshortcuts={PAGE_SHORTCUTS.columns.ariaKeyShortcuts}>
        Select Columns
      </Button>
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
