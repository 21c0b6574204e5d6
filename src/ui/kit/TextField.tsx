// Label, input, help text and error in one field. The error is React Aria's FieldError, which is
// tied to the input with aria-describedby and only rendered while the field is invalid.
import type { ReactNode, Ref } from 'react';
import {
  FieldError,
  Input,
  Label,
  Text,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'children'> {
  label: ReactNode;
  description?: ReactNode;
  /** Shown (and the field marked invalid) when set. */
  errorMessage?: string | null;
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  inputRef,
  isInvalid,
  ...props
}: TextFieldProps) {
  return (
    <AriaTextField
      // 'aria' keeps the browser's own validation bubbles out of the way: the app shows its messages.
      validationBehavior="aria"
      {...props}
      isInvalid={isInvalid ?? Boolean(errorMessage)}
      className="kit-field"
    >
      <Label className="kit-label">{label}</Label>
      <Input ref={inputRef} className="kit-input" placeholder={placeholder} />
      {description ? (
        <Text slot="description" className="kit-description">
          {description}
        </Text>
      ) : null}
      <FieldError className="kit-field-error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
