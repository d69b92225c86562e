import type { ReactNode } from 'react';
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
}

const DEFAULT_ROLE: Record<BannerVariant, 'alert' | 'status' | 'none'> = {
  info: 'none',
  success: 'status',
  warning: 'none',
  danger: 'alert',
};

export function BannerIcon({ variant }: { variant: BannerVariant }) {
  const common = {
    className: 'ui-banner__icon',
    viewBox: '0 0 20 20',
    'aria-hidden': true,
    focusable: false,
  } as const;
  switch (variant) {
    case 'success':
      return (
        <svg {...common}>
          <path
            fill="currentColor"
            fillRule="evenodd"
            d="M10 1.5a8.5 8.5 0 1 1 0 17 8.5 8.5 0 0 1 0-17Zm3.78 5.72a.75.75 0 0 0-1.06 0L8.75 11.19 7.28 9.72a.75.75 0 1 0-1.06 1.06l2 2a.75.75 0 0 0 1.06 0l4.5-4.5a.75.75 0 0 0 0-1.06Z"
          />
        </svg>
      );
    case 'warning':
      return (
        <svg {...common}>
          <path
            fill="currentColor"
            fillRule="evenodd"
            d="M8.26 2.6a2 2 0 0 1 3.48 0l6.5 11.4A2 2 0 0 1 16.5 17h-13a2 2 0 0 1-1.74-3L8.26 2.6ZM9.1 6.5h1.8v5H9.1v-5Zm.9 6.75a1.1 1.1 0 1 1 0 2.2 1.1 1.1 0 0 1 0-2.2Z"
          />
        </svg>
      );
    case 'danger':
      return (
        <svg {...common}>
          <path
            fill="currentColor"
            fillRule="evenodd"
            d="M10 1.5a8.5 8.5 0 1 1 0 17 8.5 8.5 0 0 1 0-17ZM9 5.5h2v6H9v-6Zm1 8a1.15 1.15 0 1 1 0 2.3 1.15 1.15 0 0 1 0-2.3Z"
          />
        </svg>
      );
    case 'info':
      return (
        <svg {...common}>
          <path
            fill="currentColor"
            fillRule="evenodd"
            d="M10 1.5a8.5 8.5 0 1 1 0 17 8.5 8.5 0 0 1 0-17Zm-1 7.5h2v6H9V9Zm1-4a1.15 1.15 0 1 1 0 2.3A1.15 1.15 0 0 1 10 5Z"
          />
        </svg>
      );
  }
}

export function Banner({ variant = 'info', title, children, action, role, className, id }: BannerProps) {
  const resolvedRole = role ?? DEFAULT_ROLE[variant];
  return (
    <div
      id={id}
      role={resolvedRole === 'none' ? undefined : resolvedRole}
      className={['ui-banner', `ui-banner--${variant}`, className].filter(Boolean).join(' ')}
    >
      <BannerIcon variant={variant} />
      <div className="ui-banner__body">
        {title ? <p className="ui-banner__title">{title}</p> : null}
        {children ? <div className="ui-banner__message">{children}</div> : null}
      </div>
      {action ? <div className="ui-banner__action">{action}</div> : null}
    </div>
  );
}
