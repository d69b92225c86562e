import type { ReactNode } from 'react';
import { StatusIcon } from './StatusIcon';
import './ui.css';

export type BannerVariant = 'info' | 'success' | 'warning' | 'danger';

export interface BannerProps {
  variant?: BannerVariant;
  title?: ReactNode;
  children?: ReactNode;
  /** Slot for a button or link (e.g. "Renvoyer l'e-mail"). */
  action?: ReactNode;
  /**
   * Override the live-region role. Defaults: danger → "alert" (interrupts),
   * success → "status" (polite), info/warning → none (static page content
   * shouldn't be re-announced on every render).
   */
  role?: 'alert' | 'status' | 'none';
  className?: string;
  id?: string;
  'data-testid'?: string;
}

const DEFAULT_ROLE: Record<BannerVariant, 'alert' | 'status' | 'none'> = {
  info: 'none',
  success: 'status',
  warning: 'none',
  danger: 'alert',
};

export function Banner({ variant = 'info', title, children, action, role, className, id, 'data-testid': testId }: BannerProps) {
  const resolvedRole = role ?? DEFAULT_ROLE[variant];
  return (
    <div
      id={id}
      data-testid={testId}
      role={resolvedRole === 'none' ? undefined : resolvedRole}
      className={['ui-banner', `ui-banner--${variant}`, className].filter(Boolean).join(' ')}
    >
      <StatusIcon variant={variant} className="ui-banner__icon" />
      <div className="ui-banner__body">
        {title ? <p className="ui-banner__title">{title}</p> : null}
        {children ? <div className="ui-banner__message">{children}</div> : null}
      </div>
      {action ? <div className="ui-banner__action">{action}</div> : null}
    </div>
  );
}
