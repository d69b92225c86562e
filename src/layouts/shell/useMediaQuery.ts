import { useSyncExternalStore } from 'react';

/** Whether a media query matches now, following changes (presentational: layout only). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export const DESKTOP = '(min-width: 1024px)';
export const PHONE = '(max-width: 767.98px)';
