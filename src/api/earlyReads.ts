/**
 * Reads the learner area starts as its entry runs, before the chunks that make them (the learner's session, the
 * player) have arrived: the page's first call of each takes the answer already on its way instead of asking
 * again (issue 12: a lesson opened in the player used to wait for three chunks one after the other before its
 * outline was even asked for, then for the outline before its lesson).
 *
 * An early read is taken once, by the call it stands for: only when it was made with the learner token the call
 * would send, not long ago, and it succeeded. Otherwise (another token since, an old answer, a failure) the call
 * is made as usual, so what the page shows and how a failure reaches it do not change.
 */
const FRESH_MS = 15_000;

interface EarlyRead {
  token: string | null;
  startedAt: number;
  answer: Promise<unknown>;
}

const started = new Map<string, EarlyRead>();

/** Starts `read` now under `key` (a later `earlyOr` with the same key and token takes its answer). */
export function startEarly(key: string, token: string | null, read: () => Promise<unknown>): void {
  const answer = read();
  // Unclaimed, a failure is nobody's: the call it stood for makes the read again and reports its own failure.
  answer.catch(() => undefined);
  started.set(key, { token, startedAt: Date.now(), answer });
}

/** The answer of the read started early under `key` with `token` (taken once), or `read()` when there is none to take. */
export function earlyOr<T>(key: string, token: string | null, read: () => Promise<T>): Promise<T> {
  const early = started.get(key);
  started.delete(key);
  if (!early || early.token !== token || Date.now() - early.startedAt > FRESH_MS) return read();
  return (early.answer as Promise<T>).catch(() => read());
}
