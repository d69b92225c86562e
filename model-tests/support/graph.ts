/**
 * Path generation shared by the model tests (vitest) and the browser model tests (Playwright).
 *
 * Why not `createTestModel`: in xstate 5.33 it validates the machine and throws "Invocations on
 * test machines are not supported" for any machine with an `invoke`, which is every machine of ours
 * that talks to the API. The path generators themselves (`getShortestPaths`, `getAdjacencyMap`)
 * have no such restriction, so we use them directly and walk the paths ourselves.
 *
 * Things the xstate/graph API does that these helpers account for:
 * - Passing `events` REPLACES the default per-state event list (the machine's own event descriptors),
 *   it does not merge with it: every event to explore must be listed, including the synthetic
 *   `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events (with `output` / `error`).
 * - Actor events are sent to every state unless filtered; `onlyRunningActors` keeps an actor's
 *   done/error event for the states where that actor is actually invoked.
 * - Paths start with a synthetic `{ type: 'xstate.init' }` step whose state is the initial snapshot;
 *   every other step is `{ event, state after the event }`.
 * - States are keyed by value + context (`serializeSnapshot`), so one state value may be reached by
 *   several paths with different contexts.
 * - The standalone generators do not deduplicate; `TestModel.getPaths` does (without
 *   `allowDuplicatePaths: true`). `dropPrefixPaths` is that deduplication.
 * - Delayed transitions (`after`) are events too: `xstate.after.<delay>.<state id>`. They are in
 *   `machine.events` and must be listed like any other; `onlyPendingDelays` keeps each one for the
 *   states whose timer it is. Walking a path, such a step advances the actor's `SimulatedClock`
 *   by the delay (the graph itself has no clock).
 */
import { getInitialMicrosteps, getMicrosteps, transition, type AnyStateMachine, type EventObject, type SnapshotFrom, type StateValue } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes, serializeSnapshot } from 'xstate/graph';

export type InitEvent = { type: 'xstate.init' };

export interface ModelStep<TSnapshot, TEvent extends EventObject> {
  /** The event taken (`xstate.init` for the first step). */
  event: TEvent | InitEvent;
  /** The snapshot after the event. */
  state: TSnapshot;
}

export interface ModelPath<TSnapshot, TEvent extends EventObject> {
  state: TSnapshot;
  steps: Array<ModelStep<TSnapshot, TEvent>>;
  weight: number;
}

/** The synthetic events of invoked promise actors, named after the invoke `id`. */
export type DoneActorEvent<TId extends string, TOutput> = { type: `xstate.done.actor.${TId}`; output: TOutput };
export type ErrorActorEvent<TId extends string> = { type: `xstate.error.actor.${TId}`; error: unknown };

/** The event of a delayed transition: `after: { <TDelay>: … }` in the state `#<TStateId>`. */
export type DelayedEvent<TDelay extends string, TStateId extends string> = { type: `xstate.after.${TDelay}.${TStateId}` };

/**
 * Every concrete event to explore, grouped by type. Typing a table `satisfies EventVariants<E>`
 * makes a new event type without variants a compile error.
 */
export type EventVariants<TEvent extends EventObject> = { [K in TEvent['type']]: ReadonlyArray<Extract<TEvent, { type: K }>> };

const ACTOR_EVENT = /^xstate\.(?:done|error)\.actor\.(.+)$/;

/** Keeps `xstate.done|error.actor.<id>` only where the actor `<id>` is running in the snapshot. */
export function onlyRunningActors(snapshot: { children: Record<string, unknown> }, event: EventObject): boolean {
  const match = ACTOR_EVENT.exec(event.type);
  return !match || match[1]! in snapshot.children;
}

const AFTER_EVENT = /^xstate\.after\.([^.]+)\.(.+)$/;

/** The delay name and state id of an `xstate.after.<delay>.<state id>` event, or null for any other event. */
export function parseDelayedEvent(type: string): { delay: string; stateId: string } | null {
  const match = AFTER_EVENT.exec(type);
  return match ? { delay: match[1]!, stateId: match[2]! } : null;
}

/**
 * Keeps `xstate.after.<delay>.<state id>` only where the state `<state id>` is active in the snapshot
 * (where its timer is actually pending); every other event passes.
 */
export function onlyPendingDelays(snapshot: { value: StateValue; machine?: AnyStateMachine }, event: EventObject): boolean {
  const delayed = parseDelayedEvent(event.type);
  if (!delayed) return true;
  if (!snapshot.machine) throw new Error(`${event.type}: the snapshot has no machine to resolve the state id against`);
  const path = snapshot.machine.getStateNodeById(delayed.stateId).path.join('.');
  return leafStates(snapshot.value).some((leaf) => leaf === path || leaf.startsWith(`${path}.`));
}

/** A machine that reached a top-level final state (`status: 'done'`) takes no more events: none are explored from it. */
export function onlyWhileActive(snapshot: { status?: string }): boolean {
  return snapshot.status !== 'done';
}

export interface GenerateOptions<TSnapshot, TEvent extends EventObject> {
  events: EventVariants<TEvent> | readonly TEvent[];
  input?: unknown;
  /** How two snapshots count as the same state (default: value + context). */
  serializeState?: (snapshot: TSnapshot) => string;
  /** Extra filter on top of `onlyWhileActive`, `onlyRunningActors` and `onlyPendingDelays`. */
  filterEvents?: (snapshot: TSnapshot, event: TEvent) => boolean;
}

export interface GeneratedPaths<TSnapshot, TEvent extends EventObject> {
  /** One shortest path to every distinct state (xstate/graph `getShortestPaths`, not deduplicated). */
  shortest: Array<ModelPath<TSnapshot, TEvent>>;
  /** For every edge of the adjacency map: the shortest path to its source, plus the edge. */
  transitions: Array<ModelPath<TSnapshot, TEvent>>;
}

export function flattenEvents<TEvent extends EventObject>(events: EventVariants<TEvent> | readonly TEvent[]): TEvent[] {
  return Array.isArray(events) ? [...(events as readonly TEvent[])] : (Object.values(events) as TEvent[][]).flat();
}

export function generatePaths<TMachine extends AnyStateMachine, TEvent extends EventObject>(
  machine: TMachine,
  options: GenerateOptions<SnapshotFrom<TMachine>, TEvent>,
): GeneratedPaths<SnapshotFrom<TMachine>, TEvent> {
  type S = SnapshotFrom<TMachine>;
  const serialize = options.serializeState ?? ((s: S) => serializeSnapshot(s));
  const traversal = {
    input: options.input,
    events: flattenEvents(options.events),
    serializeState: (s: S) => serialize(s),
    filterEvents: (s: S, e: TEvent) =>
      onlyWhileActive(s) && onlyRunningActors(s, e) && onlyPendingDelays(s, e) && (options.filterEvents?.(s, e) ?? true),
  };
  // The options are typed with the machine's own events; the synthetic actor events are not in that union.
  const shortest = getShortestPaths(machine, traversal as never) as unknown as Array<ModelPath<S, TEvent>>;
  const adjacency = getAdjacencyMap(machine, traversal as never) as unknown as Record<
    string,
    { state: S; transitions: Record<string, { event: TEvent; state: S }> }
  >;
  const headByState = new Map(shortest.map((path) => [serialize(path.state), path]));
  const transitions: Array<ModelPath<S, TEvent>> = [];
  for (const [key, { transitions: edges }] of Object.entries(adjacency)) {
    const head = headByState.get(key);
    if (!head) throw new Error(`no shortest path to ${key}`);
    for (const { event, state } of Object.values(edges)) {
      transitions.push({ state, steps: [...head.steps, { event, state }], weight: head.weight + 1 });
    }
  }
  return { shortest, transitions };
}

/** The path, one event further (the next state computed by the machine, actions not executed). */
export function extendPath<TSnapshot, TEvent extends EventObject>(
  machine: AnyStateMachine,
  path: ModelPath<TSnapshot, TEvent>,
  event: TEvent,
): ModelPath<TSnapshot, TEvent> {
  const [state] = transition(machine, path.state as never, event as never) as unknown as [TSnapshot];
  return { state, steps: [...path.steps, { event, state }], weight: path.weight + 1 };
}

const eventKey = (event: EventObject) => JSON.stringify(event);

/** Drops every path whose event sequence is a prefix of another path's (what `allowDuplicatePaths: false` does). */
export function dropPrefixPaths<T extends { steps: Array<{ event: EventObject }> }>(paths: T[]): T[] {
  const sorted = [...paths].sort((a, b) => b.steps.length - a.steps.length);
  const kept: Array<{ path: T; keys: string[] }> = [];
  for (const path of sorted) {
    const keys = path.steps.map((s) => eventKey(s.event));
    const covered = kept.some((k) => keys.every((key, i) => k.keys[i] === key));
    if (!covered) kept.push({ path, keys });
  }
  return kept.map((k) => k.path);
}

/** Leaf state ids ("guest.idle") of a state value. */
export function leafStates(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix + value];
  return Object.entries(value).flatMap(([key, child]) => (child === undefined ? [prefix + key] : leafStates(child, `${prefix}${key}.`)));
}

/** Every atomic / final state of the machine definition. */
export function allLeafStates(machine: AnyStateMachine): string[] {
  return getStateNodes(machine)
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .map((node) => node.path.join('.'));
}

/** Every invoke id of the machine definition. */
export function invokeIds(machine: AnyStateMachine): string[] {
  return getStateNodes(machine).flatMap((node) => node.invoke.map((invoke) => invoke.id));
}

/**
 * The leaf states a path goes through, microstep by microstep, so transient states (eventless
 * `always` steps such as auth's `loggedOut` or request's `starting`) count as visited.
 */
export function visitedStates(machine: AnyStateMachine, path: ModelPath<unknown, EventObject>, input?: unknown): Set<string> {
  const seen = new Set<string>();
  const add = (snapshot: { value: StateValue }) => leafStates(snapshot.value).forEach((s) => seen.add(s));
  for (const [snapshot] of getInitialMicrosteps(machine, input as never)) add(snapshot);
  path.steps.forEach((step, i) => {
    add(step.state as { value: StateValue });
    const previous = path.steps[i - 1];
    if (!previous) return;
    for (const [snapshot] of getMicrosteps(machine, previous.state as never, step.event as never)) add(snapshot);
  });
  return seen;
}

/** "xstate.init → LOGIN → xstate.done.actor.login ⇒ authenticated" */
export function describePath(path: ModelPath<{ value: StateValue }, EventObject>): string {
  const events = path.steps.map(({ event }) => {
    const { type, ...payload } = event as EventObject & Record<string, unknown>;
    const short = type.replace(/^xstate\.(done|error)\.actor\./, '$1:').replace(AFTER_EVENT, 'after:$1');
    if ('output' in payload) return `${short}(${payload.output === null ? 'null' : payload.output === undefined ? '' : 'value'})`;
    // Primitive payloads tell variants apart in test names: TOKEN_CHANGED(present=false).
    const flags = Object.entries(payload).filter(([, value]) => ['boolean', 'number'].includes(typeof value) || value === null);
    return flags.length ? `${short}(${flags.map(([key, value]) => `${key}=${String(value)}`).join(',')})` : short;
  });
  return `${events.join(' → ')} ⇒ ${leafStates(path.state.value).join(',')}`;
}
