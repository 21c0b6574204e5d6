// A checkbox with a drawn box (✓, – when indeterminate) and an optional label; the table's row and
// header selection uses it without a label (aria-label names it).
import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import './controls.css';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'children'> {
  children?: ReactNode;
}

/** The drawn box alone, also for checkbox menu items (Select Columns). */
export function CheckboxBox({
  isSelected,
  isIndeterminate,
}: {
  isSelected: boolean;
  isIndeterminate?: boolean;
}) {
  return (
    <span
      className="kit-checkbox-box"
      data-selected={isSelected || isIndeterminate || undefined}
      aria-hidden="true"
    >
      {isIndeterminate ? '–' : isSelected ? '✓' : ''}
    </span>
  );
}

export function Checkbox({ children, className, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox {...props} className={className ?? 'kit-checkbox'}>
      {({ isSelected, isIndeterminate }) => (
        <>
          <CheckboxBox isSelected={isSelected} isIndeterminate={isIndeterminate} />
          {children}
        </>
      )}
    </AriaCheckbox>
  );
}
