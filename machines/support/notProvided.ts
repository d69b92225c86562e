import { fromCallback, fromPromise, type AnyStateMachine, type EventObject, type NonReducibleUnknown } from 'xstate';

/**
 * Defaults for the side effects a machine names in `setup()` (ARCHITECTURE rule 2): each throws
 * "<name> not provided" when run, so a composition root that forgets one fails at once instead of
 * silently doing nothing. Every default carries a marker, so `missingImplementations` (checked when
 * the app starts a machine, and by the composition-root tests) lists what `provide()` left out.
 */
const NOT_PROVIDED = Symbol.for('machines.notProvided');

type Marked = { [NOT_PROVIDED]?: string };

function mark<T extends object>(implementation: T, name: string): T {
  Object.defineProperty(implementation, NOT_PROVIDED, { value: name });
  return implementation;
}

function thrower(machine: string, name: string) {
  return (): never => {
    throw new Error(`${machine} machine: ${name} not provided (supply it with machine.provide())`);
  };
}

/** An action (or guard) standing in for a side effect: `storeToken: notProvided<{ token: string }>('auth', 'storeToken')`. */
export function notProvided<TParams = undefined>(machine: string, name: string): (args: unknown, params: TParams) => never {
  return mark(thrower(machine, name), name);
}

/** A promise actor standing in for an API call or another asynchronous effect. */
export function notProvidedPromise<TOutput, TInput = NonReducibleUnknown>(machine: string, name: string) {
  return mark(fromPromise<TOutput, TInput>(thrower(machine, name)), name);
}

/** A callback actor standing in for a long-running effect (an upload's transfer). */
export function notProvidedCallback<TEvent extends EventObject, TInput = NonReducibleUnknown>(machine: string, name: string) {
  return mark(fromCallback<TEvent, TInput>(thrower(machine, name)), name);
}

/** Whether this implementation is still a default made by this module. */
export function isNotProvided(implementation: unknown): boolean {
  return (typeof implementation === 'function' || (typeof implementation === 'object' && implementation !== null)) && NOT_PROVIDED in (implementation as Marked);
}

const KINDS = ['actions', 'actors', 'guards', 'delays'] as const;

/** The side effects of a (provided) machine that are still throwing defaults, as "actions.storeToken". */
export function missingImplementations(machine: AnyStateMachine): string[] {
  const implementations = machine.implementations as Partial<Record<(typeof KINDS)[number], Record<string, unknown>>>;
  return KINDS.flatMap((kind) =>
    Object.entries(implementations[kind] ?? {})
      .filter(([, implementation]) => isNotProvided(implementation))
      .map(([name]) => `${kind}.${name}`),
  );
}

/** Throws, naming every side effect `provide()` left out; answers the machine unchanged otherwise. */
export function assertProvided<TMachine extends AnyStateMachine>(machine: TMachine): TMachine {
  const missing = missingImplementations(machine);
  if (missing.length > 0) throw new Error(`${machine.id} machine: ${missing.join(', ')} not provided (supply them with machine.provide())`);
  return machine;
}
