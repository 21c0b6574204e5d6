// A text field with a list of suggestions (role combobox): typing stays free, the list offers the
// known values (e.g. a sample's timestamps). Label, error and popover as the other kit fields.
import { useMemo } from 'react';
import {
  Button as AriaButton,
  ComboBox as AriaComboBox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  type ComboBoxProps as AriaComboBoxProps,
} from 'react-aria-components';
import './fields.css';

export interface ComboBoxProps extends Omit<
  AriaComboBoxProps<{ id: string }>,
  'children' | 'items' | 'onInputChange' | 'inputValue' | 'onChange' | 'value' | 'defaultValue'
> {
  label: string;
  /** The suggestions. */
  options: readonly string[];
  value: string;
  onChange: (text: string) => void;
  errorMessage?: string | null;
  placeholder?: string;
}

export function ComboBox({
  label,
  options,
  value,
  onChange,
  errorMessage,
  placeholder,
  isInvalid,
  ...props
}: ComboBoxProps) {
  // Stable items: a new collection on every render would make React Aria re-sync the input.
  const items = useMemo(() => options.map((o) => ({ id: o })), [options]);
  return (
    <AriaComboBox
      validationBehavior="aria"
      allowsCustomValue
      menuTrigger="focus"
      {...props}
      items={items}
      inputValue={value}
      onInputChange={onChange}
      selectedKey={options.includes(value) ? value : null}
      onSelectionChange={(key) => {
        if (key !== null) onChange(String(key));
      }}
      isInvalid={isInvalid ?? Boolean(errorMessage)}
      className="kit-field kit-combobox"
    >
      <Label className="kit-label">{label}</Label>
      <div className="kit-combobox-control">
        <Input className="kit-input" placeholder={placeholder} />
        <AriaButton className="kit-combobox-button" aria-label={`Show ${label} choices`}>
          <span aria-hidden="true">▾</span>
        </AriaButton>
      </div>
      <FieldError className="kit-field-error">{errorMessage}</FieldError>
      <Popover className="kit-popover" placement="bottom start">
        <ListBox className="kit-menu kit-combobox-list">
          {(item: { id: string }) => (
            <ListBoxItem id={item.id} className="kit-menu-item" textValue={item.id}>
              {item.id}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaComboBox>
  );
}
