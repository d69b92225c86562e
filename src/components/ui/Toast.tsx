import {
  Button as RACButton,
  Text,
  UNSTABLE_Toast as RACToast,
  UNSTABLE_ToastContent as RACToastContent,
  UNSTABLE_ToastRegion as RACToastRegion,
} from 'react-aria-components';
import { toastQueue, type ToastVariant } from './toastQueue';
import type { CSSProperties } from 'react';
import './ui.css';

function ToastIcon({ variant }: { variant: ToastVariant }) {
  const common = { className: 'ui-toast__icon', viewBox: '0 0 20 20', 'aria-hidden': true, focusable: false } as const;
  if (variant === 'success') {
    return (
      <svg {...common}>
        <path
          fill="currentColor"
          fillRule="evenodd"
          d="M10 1.5a8.5 8.5 0 1 1 0 17 8.5 8.5 0 0 1 0-17Zm3.78 5.72a.75.75 0 0 0-1.06 0L8.75 11.19 7.28 9.72a.75.75 0 1 0-1.06 1.06l2 2a.75.75 0 0 0 1.06 0l4.5-4.5a.75.75 0 0 0 0-1.06Z"
        />
      </svg>
    );
  }
  if (variant === 'error') {
    return (
      <svg {...common}>
        <path
          fill="currentColor"
          fillRule="evenodd"
          d="M10 1.5a8.5 8.5 0 1 1 0 17 8.5 8.5 0 0 1 0-17ZM9 5.5h2v6H9v-6Zm1 8a1.15 1.15 0 1 1 0 2.3 1.15 1.15 0 0 1 0-2.3Z"
        />
      </svg>
    );
  }
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

export interface ToastRegionProps {
  /** aria-label of each toast's close button, e.g. "Fermer". */
  closeLabel: string;
  /** Landmark name of the region; RAC falls back to its own localized "Notifications". */
  'aria-label'?: string;
  className?: string;
}

/** Mount once near the app root; it portals into document.body when toasts exist. */
export function ToastRegion({ closeLabel, 'aria-label': ariaLabel, className }: ToastRegionProps) {
  return (
    <RACToastRegion
      queue={toastQueue}
      aria-label={ariaLabel}
      className={['ui-toast-region', className].filter(Boolean).join(' ')}
    >
      {({ toast }) => (
        <RACToast
          toast={toast}
          className={`ui-toast ui-toast--${toast.content.variant}`}
          // A unique view-transition-name per toast lets each one animate independently.
          style={{ viewTransitionName: `toast${toast.key}` } as CSSProperties}
        >
          <ToastIcon variant={toast.content.variant} />
          <RACToastContent className="ui-toast__content">
            <Text slot="title" className="ui-toast__title">
              {toast.content.title}
            </Text>
            {toast.content.description ? (
              <Text slot="description" className="ui-toast__description">
                {toast.content.description}
              </Text>
            ) : null}
          </RACToastContent>
          <RACButton slot="close" aria-label={closeLabel} className="ui-icon-button ui-toast__close">
            <svg viewBox="0 0 20 20" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" aria-hidden="true" focusable="false">
              <path d="M5 5l10 10M15 5L5 15" />
            </svg>
          </RACButton>
        </RACToast>
      )}
    </RACToastRegion>
  );
}
