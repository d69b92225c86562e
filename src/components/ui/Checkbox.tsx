import type { ReactNode } from 'react';
import { Checkbox as RACCheckbox, type CheckboxProps as RACCheckboxProps } from 'react-aria-components';
import './ui.css';

export interface CheckboxProps extends Omit<RACCheckboxProps, 'className' | 'children' | 'style'> {
  /** Visible label. Omit only with aria-label/aria-labelledby (e.g. row selection in a table). */
  children?: ReactNode;
  description?: ReactNode;
  className?: string;
}

export function Checkbox({ children, description, className, ...rest }: CheckboxProps) {
  return (
    <RACCheckbox {...rest} className={['ui-checkbox', className].filter(Boolean).join(' ')}>
      {({ isIndeterminate }) => (
        <>
          <span className="ui-checkbox__box" aria-hidden="true">
            {/* The check path stays mounted while unchecked so CSS can animate its stroke in on [data-selected]. */}
            <svg className="ui-checkbox__mark" viewBox="0 0 16 16" focusable="false">
              {isIndeterminate ? (
                <path d="M4 8h8" />
              ) : (
                <path className="ui-checkbox__check" d="M3.5 8.5l3 3 6-7" />
              )}
            </svg>
          </span>
          {children || description ? (
            <span className="ui-checkbox__text">
              {children ? <span className="ui-checkbox__label">{children}</span> : null}
              {description ? <span className="ui-checkbox__description">{description}</span> : null}
            </span>
          ) : null}
        </>
      )}
    </RACCheckbox>
  );
}
