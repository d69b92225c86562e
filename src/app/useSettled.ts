import { useEffect, useState } from 'react';

const settled = new WeakSet<Promise<unknown>>();

/**
 * Whether `promise` has settled (resolved or rejected), as component state: the render that follows is an ordinary
 * update, not a Suspense retry, so React 19 does not throttle it (see src/pages/school/schoolEarly.ts).
 */
export function useSettled(promise: Promise<unknown>): boolean {
  const [done, setDone] = useState(() => settled.has(promise));
  useEffect(() => {
    if (done) return;
    let live = true;
    const mark = () => {
      settled.add(promise);
      if (live) setDone(true);
    };
    promise.then(mark, mark);
    return () => {
      live = false;
    };
  }, [promise, done]);
  return done;
}
