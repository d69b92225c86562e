import { useSyncExternalStore } from 'react';

/** Spec section 9: dragging is disabled under 1023 px (touch-size screens); from 1024 px it is on. */
const WIDE = '(min-width: 1024px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** Whether the screen is wide enough to drag (a presentational fact of the window, not a flow). */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(WIDE).matches, () => true);
}
