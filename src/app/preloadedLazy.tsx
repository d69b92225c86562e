import { lazy, useState, type ComponentType } from 'react';
import { withChunkTimeout } from './chunkLoad';

/** A lazily loaded component that can be asked for ahead of its first render. */
export type PreloadedLazy<P extends object> = ComponentType<P> & { preload: () => Promise<ComponentType<P>> };

/**
 * `React.lazy` that does not suspend once its code has arrived (issue 12's player bar). A `lazy` component always
 * suspends on its first render, even when its chunk was fetched ahead (src/pages/school/schoolEarly.ts), and React
 * holds back a boundary's content for up to 300 ms after a fallback was shown (its "fallback throttle"): each
 * lazy boundary on the way to the player (the learner's session, the page) cost a fallback and a held-back reveal,
 * ~0.4 s of a warm open in a trace. Here the component renders directly when `preload()` (or an earlier render)
 * already brought it; otherwise it is the same `lazy` as before, with the chunk time-out (spec 9), in the caller's
 * Suspense boundary.
 */
export function preloadedLazy<P extends object>(load: () => Promise<ComponentType<P>>): PreloadedLazy<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed early fetch is asked for again by the next render (with its time-out).
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => withChunkTimeout(preload).then((component) => ({ default: component })));
  function Preloaded(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the component itself would remount the page.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return <Component {...props} />;
  }
  return Object.assign(Preloaded, { preload });
}
