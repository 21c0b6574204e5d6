// Links go through React Aria so that its RouterProvider (set up in App.tsx) turns them into
// client-side navigations while they stay real <a href> for the browser and assistive technology.
import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';

export type LinkVariant = 'inline' | 'nav' | 'button';

export interface LinkProps extends AriaLinkProps {
  variant?: LinkVariant;
  iconOnly?: boolean;
}

export function Link({ variant = 'inline', iconOnly = false, className, ...props }: LinkProps) {
  return (
    <AriaLink
      {...props}
      className={className ?? 'kit-link'}
      data-variant={variant}
      data-icon-only={iconOnly || undefined}
    />
  );
}
