// On/off switch (role switch) with a visible track; the label is part of the click target.
import type { ReactNode } from 'react';
import { Switch as AriaSwitch, type SwitchProps as AriaSwitchProps } from 'react-aria-components';

export interface SwitchProps extends Omit<AriaSwitchProps, 'children'> {
  children: ReactNode;
}

export function Switch({ children, ...props }: SwitchProps) {
  return (
    <AriaSwitch {...props} className="kit-switch">
      <span className="kit-switch-track" aria-hidden="true">
        <span className="kit-switch-thumb" />
      </span>
      <span className="kit-switch-label">{children}</span>
    </AriaSwitch>
  );
}
