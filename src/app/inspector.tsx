/**
 * The one way the app runs a machine. Every actor it starts (hooks, app-wide actor contexts and the
 * actors created outside React) goes through these helpers, which
 * - pass the Stately inspector when `?inspect` connected it (development only, see main.tsx), so the
 *   visualiser shows every live machine, not only auth;
 * - refuse a machine whose composition root left a side effect to its throwing default
 *   (machines/support/notProvided): the app fails when the machine starts, not when the effect runs.
 * ESLint keeps `useMachine`, `useActorRef`, `createActorContext` (@xstate/react) and `createActor`
 * (xstate) out of src/ everywhere else.
 */
import { createElement, type ComponentProps } from 'react';
import { createActorContext, useActorRef, useMachine } from '@xstate/react';
import { createActor, type ActorOptions, type AnyStateMachine, type InspectionEvent } from 'xstate';
import { assertProvided } from '../../machines/support/notProvided';

export type Inspect = (event: InspectionEvent) => void;

let inspector: Inspect | undefined;

/** Connects (or, with undefined, disconnects) the inspector every machine started from now on reports to. */
export function connectInspector(inspect: Inspect | undefined): void {
  inspector = inspect;
}

/** The options, with the connected inspector when there is one. */
function inspected<TOptions extends { inspect?: unknown } | undefined>(options: TOptions): TOptions {
  return inspector ? ({ ...options, inspect: inspector } as TOptions) : options;
}

/** The arguments after the machine of a hook or function, so required `input` stays required. */
type OptionsOf<TFunction> = TFunction extends (machine: never, ...rest: infer TRest) => unknown ? TRest : never;

/** `useMachine`, inspected and checked. */
export function useInspectedMachine<TMachine extends AnyStateMachine>(machine: TMachine, ...[options]: OptionsOf<typeof useMachine<TMachine>>) {
  return useMachine(assertProvided(machine), ...([inspected(options)] as OptionsOf<typeof useMachine<TMachine>>));
}

/** `useActorRef`, inspected and checked. */
export function useInspectedActorRef<TMachine extends AnyStateMachine>(machine: TMachine, ...[options]: OptionsOf<typeof useActorRef<TMachine>>) {
  return useActorRef(assertProvided(machine), ...([inspected(options)] as OptionsOf<typeof useActorRef<TMachine>>));
}

/** `createActor` (an actor started outside React), inspected and checked. */
export function createInspectedActor<TMachine extends AnyStateMachine>(machine: TMachine, options?: ActorOptions<TMachine>) {
  return createActor(assertProvided(machine), inspected(options) as never);
}

/**
 * `createActorContext` for an app-wide machine; its Provider passes the inspector and checks the
 * `logic` it is given (the machine with its real side effects, supplied at the composition root).
 */
export function createInspectedActorContext<TMachine extends AnyStateMachine>(machine: TMachine) {
  const context = createActorContext(machine);
  function Provider(props: ComponentProps<typeof context.Provider>) {
    assertProvided(props.logic ?? machine);
    return createElement(context.Provider, { ...props, options: inspected(props.options) });
  }
  return { ...context, Provider };
}
