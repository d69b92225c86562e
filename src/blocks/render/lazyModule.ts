import { useEffect, useState } from 'react';

/**
 * A library a block view loads with the first block that needs it (markdown-it, highlight.js): imported once,
 * built once, and handed synchronously to every later render. Before, each block imported and built its own on
 * mount and rendered twice (plain text, then the result): 25 Markdown blocks built markdown-it 25 times.
 */
export type LazyModule<T> = { readonly current: () => T | null; readonly load: () => Promise<T> };

export function lazyModule<T>(load: () => Promise<T>): LazyModule<T> {
  let value: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    current: () => value,
    load: () =>
      (loading ??= load().then(
        (loaded) => (value = loaded),
        (error: unknown) => {
          // A failed chunk may be asked again by the next block (the plain text stays meanwhile).
          loading = null;
          throw error;
        },
      )),
  };
}

/** The module once loaded; null until then, while the load that the first caller started runs. */
export function useLazyModule<T>(module: LazyModule<T>): T | null {
  const [loaded, setLoaded] = useState(module.current);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    module.load().then(
      (value) => live && setLoaded(() => value),
      // The block keeps its plain text; the chunk loader reports lost chunks app-wide.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [module, loaded]);
  return loaded;
}
