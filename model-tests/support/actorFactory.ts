import { createActor, type AnyActorLogic } from 'xstate';
import { expect, it } from 'vitest';
import { flush } from './harness';

/** An actor logic built from one API call `(arg, signal) => Promise`. */
type MakeLogic<A> = (call: (arg: A, signal: AbortSignal) => Promise<unknown>) => AnyActorLogic;

/**
 * The three promises every actor factory keeps (machines/*.actors.ts): it forwards its argument and the
 * actor's abort signal and answers nothing; a failure of the call fails the actor unchanged; a stopped
 * actor aborts the call and ignores its late failure (settleUnlessAborted).
 */
export function itForwardsOneCall<A>(options: {
  what: string;
  make: MakeLogic<A>;
  input: unknown;
  arg: A;
  failure: unknown;
  lateFailure: unknown;
}) {
  const { make, input, arg, failure, lateFailure } = options;

  it(`forwards ${options.what} and the abort signal, and answers nothing`, async () => {
    const calls: Array<{ arg: A; signal: AbortSignal }> = [];
    const actor = createActor(make(async (received, signal) => (calls.push({ arg: received, signal }), { data: 'ignored' })), { input });
    const output = new Promise((resolve) => actor.subscribe({ complete: () => resolve(actor.getSnapshot().output) }));
    actor.start();
    expect(await output).toBeUndefined();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.arg).toEqual(arg);
    expect(calls[0]!.signal).toBeInstanceOf(AbortSignal);
  });

  it('a failure of the call fails the actor with the same error', async () => {
    const actor = createActor(make(() => Promise.reject(failure)), { input });
    const error = new Promise((resolve) => actor.subscribe({ error: resolve }));
    actor.start();
    expect(await error).toEqual(failure);
  });

  it('a stopped actor aborts the call and ignores its late failure', async () => {
    let received: AbortSignal | undefined;
    let fail: (error: unknown) => void = () => {};
    const errors: unknown[] = [];
    const actor = createActor(
      make((_, signal) => ((received = signal), new Promise((_, reject) => (fail = reject)))),
      { input },
    );
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    actor.stop();
    expect(received?.aborted).toBe(true);
    fail(lateFailure);
    await flush();
    expect(errors).toEqual([]);
  });
}
