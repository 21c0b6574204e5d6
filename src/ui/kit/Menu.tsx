// Drop-down menus (row actions, overflow menus). React Aria gives arrow-key navigation, typeahead
// and the menu/menuitem roles; the popover is positioned and dismissed by React Aria too.
import type { ReactNode } from 'react';
import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  MenuTrigger,
  Popover,
  Separator,
  type MenuItemProps as AriaMenuItemProps,
  type MenuProps as AriaMenuProps,
} from 'react-aria-components';

export interface MenuButtonProps<T extends object> extends AriaMenuProps<T> {
  /** The trigger, usually a kit Button. */
  trigger: ReactNode;
}

export function MenuButton<T extends object>({ trigger, ...props }: MenuButtonProps<T>) {
  return (
    <MenuTrigger>
      {trigger}
      <Popover className="kit-popover" placement="bottom end">
        <AriaMenu {...props} className="kit-menu" />
      </Popover>
    </MenuTrigger>
  );
}

export function MenuItem(props: AriaMenuItemProps) {
  return <AriaMenuItem {...props} className="kit-menu-item" />;
}

export function MenuSeparator() {
  return <Separator className="kit-separator" />;
}
