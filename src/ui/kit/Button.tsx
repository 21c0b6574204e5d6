// The one button of the app. Variants and sizes are data attributes so that styles.css keys every
// state off React Aria's own attributes ([data-hovered], [data-pressed], [data-focus-visible]).
import type { Ref } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';

export type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'danger';

export interface ButtonProps extends AriaButtonProps {
  variant?: ButtonVariant;
  /** An icon-only button; it still needs an aria-label. */
  iconOnly?: boolean;
  /** React 19 passes refs as props: for moving focus to the button. */
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant = 'secondary', iconOnly = false, className, ...props }: ButtonProps) {
  return (
    <AriaButton
      {...props}
      className={className ?? 'kit-button'}
      data-variant={variant}
      data-icon-only={iconOnly || undefined}
    />
  );
}
