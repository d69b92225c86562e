import type { ReactNode } from 'react';
import {
  Button as RACButton,
  Dialog as RACDialog,
  Heading,
  Modal as RACModal,
  ModalOverlay,
} from 'react-aria-components';
import { Button } from './Button';
import './ui.css';

export type ModalSize = 'sm' | 'md' | 'lg';

export interface ModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: ReactNode;
  /** Close on outside click. Escape always closes unless isKeyboardDismissDisabled. */
  isDismissable?: boolean;
  isKeyboardDismissDisabled?: boolean;
  /** aria-label for the "×" button in the header; the button is shown only when provided. */
  closeLabel?: string;
  size?: ModalSize;
  /** Buttons row under the body, right-aligned. */
  footer?: ReactNode | ((close: () => void) => ReactNode);
  className?: string;
  children?: ReactNode | ((close: () => void) => ReactNode);
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" aria-hidden="true" focusable="false">
      <path d="M5 5l10 10M15 5L5 15" />
    </svg>
  );
}

/** Controlled modal dialog: overlay + focus trap + title wired to aria-labelledby. */
export function Modal({
  isOpen,
  onOpenChange,
  title,
  isDismissable = true,
  isKeyboardDismissDisabled,
  closeLabel,
  size = 'md',
  footer,
  className,
  children,
}: ModalProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={isKeyboardDismissDisabled}
      className="ui-modal-overlay"
    >
      <RACModal className={['ui-modal', `ui-modal--${size}`, className].filter(Boolean).join(' ')}>
        <RACDialog className="ui-dialog">
          {({ close }) => (
            <>
              <header className="ui-dialog__header">
                <Heading slot="title" className="ui-dialog__title">
                  {title}
                </Heading>
                {closeLabel ? (
                  <RACButton className="ui-icon-button ui-dialog__close" aria-label={closeLabel} onPress={close}>
                    <CloseIcon />
                  </RACButton>
                ) : null}
              </header>
              <div className="ui-dialog__body">{typeof children === 'function' ? children(close) : children}</div>
              {footer ? (
                <footer className="ui-dialog__footer">{typeof footer === 'function' ? footer(close) : footer}</footer>
              ) : null}
            </>
          )}
        </RACDialog>
      </RACModal>
    </ModalOverlay>
  );
}

export interface ConfirmDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel?: () => void;
  /** 'danger' for destructive actions (delete, revoke). */
  variant?: 'primary' | 'danger';
  /** Keeps the dialog open with a busy confirm button while the caller's request runs. */
  isPending?: boolean;
  pendingLabel?: string;
  /**
   * Close as soon as the user confirms. Set to false when the caller wants to
   * keep the dialog open until its request succeeds (then close via isOpen).
   */
  closeOnConfirm?: boolean;
}

/**
 * Confirmation modal with role="alertdialog". Not dismissable by outside click,
 * so a stray click can't be mistaken for an answer; Escape still cancels.
 */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  variant = 'primary',
  isPending = false,
  pendingLabel,
  closeOnConfirm = true,
}: ConfirmDialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open && isPending) return;
        if (!open) onCancel?.();
        onOpenChange(open);
      }}
      isDismissable={false}
      className="ui-modal-overlay"
    >
      <RACModal className="ui-modal ui-modal--sm">
        <RACDialog role="alertdialog" className="ui-dialog ui-dialog--confirm">
          {({ close }) => (
            <>
              <header className="ui-dialog__header">
                <Heading slot="title" className="ui-dialog__title">
                  {title}
                </Heading>
              </header>
              {children ? <div className="ui-dialog__body">{children}</div> : null}
              <footer className="ui-dialog__footer">
                <Button variant="secondary" onPress={close} isDisabled={isPending}>
                  {cancelLabel}
                </Button>
                <Button
                  variant={variant}
                  isPending={isPending}
                  pendingLabel={pendingLabel}
                  // Destructive confirmations shouldn't be a single Enter away; for the others autofocus speeds things up.
                  autoFocus={variant !== 'danger'}
                  onPress={() => {
                    onConfirm();
                    if (closeOnConfirm) onOpenChange(false);
                  }}
                >
                  {confirmLabel}
                </Button>
              </footer>
            </>
          )}
        </RACDialog>
      </RACModal>
    </ModalOverlay>
  );
}
