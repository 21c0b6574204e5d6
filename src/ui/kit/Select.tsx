// A select (button + listbox popover) with a visible label, for short fixed lists (page sizes).
import type { Key } from 'react-aria-components';
import {
  Button as AriaButton,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
} from 'react-aria-components';
import './controls.css';

export interface SelectOption {
  id: Key;
  label: string;
}

export interface SelectProps {
  label: string;
  options: readonly SelectOption[];
  value: Key | null;
  onChange: (key: Key) => void;
  placement?: 'top' | 'bottom';
  isDisabled?: boolean;
}

export function Select({ label, options, value, onChange, placement = 'bottom', isDisabled }: SelectProps) {
  return (
    <AriaSelect
      className="kit-select"
      value={value}
      isDisabled={isDisabled}
      onChange={(key: Key | null) => {
        if (key !== null) onChange(key);
      }}
    >
      <Label className="kit-select-label">{label}</Label>
      <AriaButton className="kit-button kit-select-button" data-variant="secondary">
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </AriaButton>
      <Popover className="kit-popover" placement={placement}>
        <ListBox className="kit-menu" items={options}>
          {(o) => (
            <ListBoxItem id={o.id} className="kit-menu-item" textValue={o.label}>
              {o.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
