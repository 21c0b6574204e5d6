// A labelled checkbox of the filter panel (the exclusions, inside a CheckboxGroup): React Aria's
// Checkbox with a drawn box.
import type { ReactNode } from 'react';
import { Checkbox } from 'react-aria-components';

export function FilterCheckbox({ value, children }: { value: string; children: ReactNode }) {
  return (
    <Checkbox value={value} className="lf-checkbox">
      <span className="lf-checkbox-box" aria-hidden="true">
        <svg viewBox="0 0 18 18" width="14" height="14">
          <polyline points="3.5 9.5 7.5 13 14.5 5" fill="none" stroke="currentColor" strokeWidth="2.5" />
        </svg>
      </span>
      {children}
    </Checkbox>
  );
}
