/**
 * The harness the model tests (vitest) walk their paths against: a REAL actor of the machine under
 * test, whose promise actors are controllable fakes and whose errors are collected.
 *
 * - Each fake named in `actors` records its call (`invocations`, keyed by the invoke id the machine
 *   gave it, i.e. the `<id>` of `xstate.done|error.actor.<id>`), keeps its abort signal (`signals`)
 *   and stays pending until the test answers it with `settle(id, doneOrErrorEvent)`.
 * - A call the machine cancels (it left the invoking state before the answer) is recorded in
 *   `aborted` and is no longer pending.
 * - With a `clock` (xstate's SimulatedClock) the actor's timers run on it: `elapse(ms)` moves it on,
 *   `wait(ms)` too, checking that nothing happens one millisecond before.
 *
 * What a file records besides (its side-effect actions) it passes as `actions` and keeps itself;
 * the oracles, fixtures and executor tables stay in each test file. Not for the Playwright specs
 * (it imports vitest's `expect`).
 */
import { expect } from 'vitest';
import { createActor, fromPromise, type Actor, type AnyStateMachine, type EventFromLogic, type EventObject, type InputFrom, type SimulatedClock, type SnapshotFrom } from 'xstate';

type Implementations<TMachine extends AnyStateMachine> = NonNullable<Parameters<TMachine['provide']>[0]>;

/** The `src` names of the machine's actors (what `machine.provide({ actors })` accepts). */
export type ActorSrc<TMachine extends AnyStateMachine> = keyof NonNullable<Implementations<TMachine>['actors']> & string;

/** One call of a fake actor: the invoke id it ran under and its input. */
export interface Invocation<TId extends string = string> {
  id: TId;
  input: unknown;
}

/** The `xstate.done.actor.<id>` (with `output`) or `xstate.error.actor.<id>` (with `error`) a call answers with. */
export type SettleEvent = EventObject & { output?: unknown; error?: unknown };

export interface ActorHarnessOptions<TMachine extends AnyStateMachine> {
  /** The actors (by `src`) replaced by controllable fakes. */
  actors?: ReadonlyArray<ActorSrc<TMachine>>;
  /** Action implementations provided to the machine (typically recorders). */
  actions?: Implementations<TMachine>['actions'];
  /** The actor's clock; without one the actor runs on real timers. */
  clock?: SimulatedClock;
  /** The actor's input. */
  input?: InputFrom<TMachine>;
}

/** Lets the settled promises of the fakes (and what the actor does with their answers) run. */
export const flush = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));

interface PendingCall {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export function createActorHarness<TMachine extends AnyStateMachine, TId extends string = string>(machine: TMachine, options: ActorHarnessOptions<TMachine> = {}) {
  const invocations: Array<Invocation<TId>> = [];
  /** The calls the machine cancelled (left the invoking state before they answered). */
  const aborted: TId[] = [];
  /** The abort signal of the last call under each invoke id. */
  const signals = new Map<TId, AbortSignal>();
  const errors: unknown[] = [];
  /** The pending call of each running fake actor, by invoke id. */
  const pending = new Map<TId, PendingCall>();

  const controllable = () =>
    fromPromise<unknown, unknown>(
      ({ input, self, signal }) =>
        new Promise<unknown>((resolve, reject) => {
          const id = self.id as TId;
          invocations.push({ id, input });
          signals.set(id, signal);
          const call: PendingCall = { resolve, reject };
          pending.set(id, call);
          signal.addEventListener('abort', () => {
            aborted.push(id);
            if (pending.get(id) === call) pending.delete(id);
          });
        }),
    );

  const provided = machine.provide({
    actors: Object.fromEntries((options.actors ?? []).map((src) => [src, controllable()])),
    actions: options.actions,
  } as never) as TMachine;
  const { clock, input } = options;

  let actor: Actor<TMachine> | undefined;
  const harness = {
    invocations,
    aborted,
    signals,
    errors,
    get clock(): SimulatedClock {
      if (!clock) throw new Error('the harness was created without a clock');
      return clock;
    },
    start(): void {
      // Only the options given: `{ clock: undefined }` would replace the actor's default clock.
      actor = createActor(provided, { ...(clock && { clock }), ...(input !== undefined && { input }) });
      actor.subscribe({ error: (error) => errors.push(error) });
      actor.start();
    },
    get actor(): Actor<TMachine> {
      if (!actor) throw new Error('the path did not start the actor');
      return actor;
    },
    snapshot: (): SnapshotFrom<TMachine> => harness.actor.getSnapshot(),
    send(event: EventFromLogic<TMachine>): void {
      harness.actor.send(event);
    },
    /** The inputs the fake actor `id` was called with, in order. */
    inputs: (id: TId): unknown[] => invocations.filter((call) => call.id === id).map((call) => call.input),
    /** Whether the fake actor `id` has a call waiting for its answer. */
    isPending: (id: TId): boolean => pending.has(id),
    /** Answers the running fake actor `id` as the done/error event says. */
    async settle(id: TId, event: SettleEvent): Promise<void> {
      const call = pending.get(id);
      if (!call) throw new Error(`${event.type}: no "${id}" call is pending`);
      pending.delete(id);
      if (event.type.startsWith('xstate.error.')) call.reject(event.error);
      else call.resolve(event.output);
      await flush();
    },
    /** Lets `ms` pass on the actor's clock (the timers of `after` fire synchronously). */
    async elapse(ms: number): Promise<void> {
      harness.clock.increment(ms);
      await flush();
    },
    /** Lets `ms` pass on the actor's clock, checking that nothing happens (no transition, no call) one millisecond before. */
    wait(ms: number): void {
      const before = harness.snapshot();
      const callsBefore = invocations.length;
      harness.clock.increment(ms - 1);
      expect(harness.snapshot(), `nothing happens after ${ms - 1} ms`).toBe(before);
      expect(invocations.length, `no call after ${ms - 1} ms`).toBe(callsBefore);
      harness.clock.increment(1);
    },
  };
  return harness;
}

export type ActorHarness<TMachine extends AnyStateMachine, TId extends string = string> = ReturnType<typeof createActorHarness<TMachine, TId>>;
