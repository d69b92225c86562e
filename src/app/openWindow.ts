/**
 * Opens a page in a new tab; when the browser blocks it (window.open answers null), calls
 * `onBlocked` so the pop-up-blocked dialog asks the user to allow pop-ups (spec section 2).
 * Not `noopener` in the features: with it browsers answer null even on success, hiding a block;
 * the opener is cut by hand instead.
 */
export function openWindow(url: string, onBlocked: () => void, open: typeof window.open = window.open.bind(window)): Window | null {
  const opened = open(url, '_blank');
  if (!opened) {
    onBlocked();
    return null;
  }
  opened.opener = null;
  return opened;
}
