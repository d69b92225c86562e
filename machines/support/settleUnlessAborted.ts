/**
 * Wraps a call made for an actor: once the actor's `signal` is aborted (the actor was stopped), the
 * call never settles. Without it, React StrictMode's stop-and-rehydrate of a root actor lets the
 * aborted first call's rejection reach the restarted promise actor, which then fails for nothing.
 */
export function settleUnlessAborted<T>(signal: AbortSignal, call: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    call.then(
      (value) => {
        if (!signal.aborted) resolve(value);
      },
      (error: unknown) => {
        if (!signal.aborted) reject(error);
      },
    );
  });
}
