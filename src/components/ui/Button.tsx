import { useEffect, useId, type ReactNode } from 'react';
import { Button as RACButton, type ButtonProps as RACButtonProps } from 'react-aria-components';
import { Spinner } from './Spinner';
import './ui.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'md' | 'sm';

export interface ButtonProps extends Omit<RACButtonProps, 'className' | 'children' | 'style'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Accessible name of the spinner shown while isPending (e.g. "Enregistrement…"). */
  pendingLabel?: string;
  /** Optional leading icon; should be aria-hidden by the caller. */
  icon?: ReactNode;
  className?: string;
  children?: ReactNode;
}

export function Button({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  pendingLabel,
  icon,
  className,
  children,
  isPending,
  ...rest
}: ButtonProps) {
  const ownId = useId();
  const id = rest.id ?? ownId;
  // React Aria announces the end of a pending state with a live-region node labelled by the button. A button that
  // leaves the page right after (a dialog closed by its save, the login form after sign-in) would leave that node
  // labelled by nothing until the announcer's clean-up (axe: role-img-alt); it can no longer be read, so it goes too.
  useEffect(
    () => () => {
      for (const node of document.querySelectorAll('[role="img"][aria-labelledby]')) {
        if (node.getAttribute('aria-labelledby')?.split(' ').includes(id)) node.remove();
      }
    },
    [id],
  );
  const classes = [
    'ui-button',
    `ui-button--${variant}`,
    `ui-button--${size}`,
    fullWidth && 'ui-button--full',
    className,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <RACButton {...rest} id={id} isPending={isPending} className={classes}>
      {/* The label stays in the layout (hidden via CSS) while pending so the
          button keeps its width and the row doesn't jump. */}
      <span className="ui-button__label">
        {icon ? <span className="ui-button__icon">{icon}</span> : null}
        {children}
      </span>
      {isPending ? (
        <span className="ui-button__spinner">
          <Spinner size="sm" aria-label={pendingLabel} />
        </span>
      ) : null}
    </RACButton>
  );
}
