/**
 * The request a route started with its navigation (AppRoute.prefetch), kept here from the moment the navigation
 * starts (synchronously, so a page never mounts before it is known) until the page takes it up: once, and only
 * if it is the page's own and recent. One slot: each navigation to such a route replaces it.
 */
const FRESH_MS = 10_000;

let waiting: { key: string; at: number; value: Promise<unknown> } | null = null;

export function keepPrefetched(key: string, value: Promise<unknown>) {
  // Its failure is the page's to show when it takes it up; one nobody takes up is no one's error.
  value.catch(() => undefined);
  waiting = { key, at: performance.now(), value };
}

export function takePrefetched<T>(key: string): Promise<T> | null {
  const found = waiting;
  waiting = null;
  return found && found.key === key && performance.now() - found.at < FRESH_MS ? (found.value as Promise<T>) : null;
}

/** The key of the lesson editor's item (routes.ts keeps it, the editor's lessonPrefetch.ts takes it). */
export const lessonPrefetchKey = (trainingUuid: string | undefined, id: string | number | undefined) => `lesson:${trainingUuid}/${id}`;
