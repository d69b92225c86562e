import {
  Button as RACButton,
  Text,
  UNSTABLE_Toast as RACToast,
  UNSTABLE_ToastContent as RACToastContent,
  UNSTABLE_ToastRegion as RACToastRegion,
} from 'react-aria-components';
import { toastQueue } from './toastQueue';
import type { CSSProperties } from 'react';
import { StatusIcon } from './StatusIcon';
import './ui.css';

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
          <StatusIcon variant={toast.content.variant === 'error' ? 'danger' : toast.content.variant} className="ui-toast__icon" />
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
