// A text field inside a table cell (row edit): no visible label (the column header is its name, as
// aria-label), compact, the error tied to the input for screen readers while the table shows the
// messages next to it.
import type { Ref } from 'react';
import { FieldError, Input, TextField as AriaTextField, type TextFieldProps } from 'react-aria-components';
import './fields.css';

export interface CellFieldProps extends Omit<TextFieldProps, 'children' | 'aria-label'> {
  'aria-label': string;
  errorMessage?: string;
  /** Right-aligned like the numbers of its column. */
  numeric?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

export function CellField({ errorMessage, numeric, inputRef, isInvalid, ...props }: CellFieldProps) {
  return (
    <AriaTextField
      validationBehavior="aria"
      {...props}
      isInvalid={isInvalid ?? Boolean(errorMessage)}
      className="kit-cell-field"
    >
      <Input ref={inputRef} className="kit-cell-input" data-numeric={numeric || undefined} />
      <FieldError className="sr-only">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
