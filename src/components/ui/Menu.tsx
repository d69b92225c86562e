import type { ReactNode } from 'react';
import {
  Menu as RACMenu,
  MenuItem as RACMenuItem,
  MenuTrigger,
  Popover,
  Separator,
  type MenuItemProps as RACMenuItemProps,
} from 'react-aria-components';
import './ui.css';

export interface MenuProps {
  /** The button that opens the menu (a kit Button or RAC Button). */
  trigger: ReactNode;
  /** Accessible name of the menu list. */
  'aria-label': string;
  children: ReactNode;
  placement?: 'bottom end' | 'bottom start';
}

/** A dropdown menu: keyboard navigable, closes on selection and on Escape (react-aria). */
export function Menu({ trigger, children, placement = 'bottom end', 'aria-label': ariaLabel }: MenuProps) {
  return (
    <MenuTrigger>
      {trigger}
      <Popover placement={placement} className="ui-menu__popover" offset={6}>
        <RACMenu aria-label={ariaLabel} className="ui-menu">
          {children}
        </RACMenu>
      </Popover>
    </MenuTrigger>
  );
}

export interface MenuItemProps extends Omit<RACMenuItemProps, 'className' | 'style' | 'children'> {
  children: ReactNode;
  icon?: ReactNode;
}

/** An item: `href` navigates (in-app through the router, `target="_blank"` for outside links), `onAction` acts. */
export function MenuItem({ children, icon, ...rest }: MenuItemProps) {
  return (
    <RACMenuItem {...rest} className="ui-menu__item">
      {icon && (
        <span className="ui-menu__icon" aria-hidden="true">
          {icon}
        </span>
      )}
      <span className="ui-menu__label">{children}</span>
    </RACMenuItem>
  );
}

export function MenuSeparator() {
  return <Separator className="ui-menu__separator" />;
}
