import { flushSync } from 'react-dom';
import { UNSTABLE_ToastQueue as RACToastQueue } from 'react-aria-components';

/*
 * The toast queue, apart from the region that shows it (Toast.tsx): anything may queue a toast
 * (machines' injected actions too), while the region's code loads only with the first toast.
 */

export type ToastVariant = 'info' | 'success' | 'error';

export interface ToastContent {
  title: string;
  description?: string;
  variant: ToastVariant;
}

export interface ShowToastOptions {
  /** Milliseconds before auto-dismiss. 0 keeps the toast until closed. */
  timeout?: number;
  onClose?: () => void;
}

/** Spec'd toast duration. */
export const TOAST_TIMEOUT = 4000;
/** Longer duration for "snackbar"-style messages the user may want to act on. */
export const SNACKBAR_TIMEOUT = 7500;

/**
 * Wraps queue updates in a view transition where supported, which is how RAC
 * toasts animate in and out (they unmount immediately, so there is no
 * data-exiting phase to hook CSS onto). flushSync makes React commit inside
 * the transition callback so the browser snapshots the new DOM.
 */
function wrapUpdate(fn: () => void) {
  if (typeof document !== 'undefined' && 'startViewTransition' in document) {
    document.startViewTransition(() => {
      flushSync(fn);
    });
  } else {
    fn();
  }
}

/** App-wide queue: showToast can be called from machines/actions outside React. */
export const toastQueue = new RACToastQueue<ToastContent>({ maxVisibleToasts: 5, wrapUpdate });

/** Queues a toast and returns its key (usable with closeToast). */
export function showToast(content: ToastContent, options: ShowToastOptions = {}): string {
  const { timeout = TOAST_TIMEOUT, onClose } = options;
  return toastQueue.add(content, {
    // RAC treats a missing/0 timeout as "stay until closed".
    timeout: timeout > 0 ? timeout : undefined,
    onClose,
  });
}

export function closeToast(key: string): void {
  toastQueue.close(key);
}

/**
 * One report per failure: an error toast with the same title already on screen is not stacked again (a page load
 * whose reads all fail with a 5xx shows one "Une erreur est survenue", not one per read).
 */
export function showCatalogueToast(title: string, timeout: number) {
  if (toastQueue.visibleToasts.some((toast) => toast.content.variant === 'error' && toast.content.title === title)) return;
  showToast({ title, variant: 'error' }, { timeout });
}
