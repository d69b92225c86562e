import { useEffect, useState } from 'react';

/**
 * Runs `work` once the browser has nothing else to do (requestIdleCallback, at most `timeoutMs` later), or on the
 * next task where idle callbacks do not exist (Safari, jsdom). Returns a cancel function.
 */
export function whenIdle(work: () => void, timeoutMs = 1000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 0);
  return () => window.clearTimeout(handle);
}

/**
 * False in the first renders (and while `enabled` is false), true once the page has been painted and the browser is idle: what the first screen
 * does not need (the editor's settings column, a block's form) is asked for then, so its code is neither fetched
 * nor evaluated while the blocks draw.
 */
export function useIdle(enabled = true): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => (enabled && !idle ? whenIdle(() => setIdle(true)) : undefined), [enabled, idle]);
  return idle;
}
