/**
 * Answers asked for before the page that needs them has loaded: a route starts its main request while its code is
 * still on the way (src/app/router.tsx), and the page's own first call takes that answer instead of asking again.
 * Each answer is taken once, and only within a few seconds, so a page opened later never reads an old copy.
 */
const FRESH_MS = 5_000;

const pending = new Map<string, { answer: Promise<unknown>; at: number }>();

/** Starts `request` under `key` unless it is already on its way. A failure stays for the page's call to report. */
export function prefetch<T>(key: string, request: () => Promise<T>, now: () => number = Date.now): void {
  const held = pending.get(key);
  if (held && now() - held.at < FRESH_MS) return;
  const answer = request();
  // Nobody may take it: its failure must not become an unhandled rejection.
  answer.catch(() => undefined);
  pending.set(key, { answer, at: now() });
}

/** The answer started under `key` if it is fresh, removed so the next call asks the server; else `request()`. */
export function takePrefetched<T>(key: string, request: () => Promise<T>, now: () => number = Date.now): Promise<T> {
  const held = pending.get(key);
  pending.delete(key);
  return held && now() - held.at < FRESH_MS ? (held.answer as Promise<T>) : request();
}
