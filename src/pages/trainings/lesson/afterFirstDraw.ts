import { useEffect, useState } from 'react';

/**
 * A module the first screen does not need (the settings column, a block's form): asked for by an effect, i.e.
 * once the page has drawn (and `enabled`, e.g. the item is there), so its code is neither fetched nor evaluated
 * before the blocks paint. Returns what `pick` takes from it, null until it has arrived (and if it fails: the
 * caller shows its placeholder). No React.lazy and no timers: Suspense reveals retried content on a timer, which a
 * page clock paused by a test (or a throttled background tab) would hold back.
 */
export function createDeferredModule<M, T>(load: () => Promise<M>, pick: (module: M) => T) {
  let loaded: T | null = null;
  let pending: Promise<T | null> | null = null;
  const start = () =>
    (pending ??= load().then(
      (module) => (loaded = pick(module)),
      () => {
        pending = null; // a later page may try again
        return null;
      },
    ));
  return function useDeferredModule(enabled = true): T | null {
    const [value, setValue] = useState<T | null>(loaded);
    useEffect(() => {
      if (!enabled || value) return;
      let live = true;
      void start().then((result) => live && result && setValue(() => result));
      return () => {
        live = false;
      };
    }, [enabled, value]);
    return value ?? loaded;
  };
}
