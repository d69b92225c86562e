/**
 * The path walk every model test shares: a fresh harness per path, each step executed on the real
 * actor, then checked
 * - against the generated path (value and context the graph computed: the actor behaves like the
 *   machine definition it was built from),
 * - against the file's oracle (`check`): what the step must do, written by hand from the chart and
 *   the spec, never read from the machine. With a `model` (a reference model: an expected state of
 *   the file's own making, advanced step by step from the previous expected state, never from a
 *   snapshot), `check` compares the actor with it;
 * - and no actor error.
 * `expectEveryStateCovered` is the coverage check: a state no generated path reaches fails it.
 * Not for the Playwright specs (it imports vitest's `expect`).
 */
import { expect } from 'vitest';
import { getInitialMicrosteps, getMicrosteps, type AnyStateMachine, type EventObject, type StateValue } from 'xstate';
import { allLeafStates, leafStates, type ModelPath, type ModelStep } from './graph';

export interface WalkHarness<TSnapshot> {
  snapshot(): TSnapshot;
  errors: unknown[];
}

type Snapshot = { value: StateValue; context: unknown };

export interface StepCheck<THarness, TSnapshot, TEvent extends EventObject, TMark, TExpected> {
  harness: THarness;
  step: ModelStep<TSnapshot, TEvent>;
  index: number;
  /** The actor's snapshot before the step (undefined on `xstate.init`). */
  from: TSnapshot | undefined;
  /** The actor's snapshot after the step. */
  actual: TSnapshot;
  /** What `mark` answered before the step (the lengths of the harness's records, …). */
  before: TMark;
  /** What the reference model expects after the step (undefined without a `model`). */
  expected: TExpected;
  /** What the reference model expected before the step. */
  previous: TExpected | undefined;
  /** The step, as failures name it. */
  where: string;
}

export interface WalkOptions<THarness, TSnapshot, TEvent extends EventObject, TMark, TExpected> {
  /** A fresh harness for the path. */
  harness: () => THarness;
  /** Takes the step: the executor of its event type. */
  execute: (harness: THarness, step: ModelStep<TSnapshot, TEvent>, from: TSnapshot | undefined) => unknown;
  /** What to remember before each step, e.g. how many calls the harness has recorded. */
  mark?: (harness: THarness) => TMark;
  /** The reference model: the expected state after the step, from the expected state before it. */
  model?: (previous: TExpected | undefined, step: ModelStep<TSnapshot, TEvent>, harness: THarness) => TExpected;
  /** The oracle's assertions for one step. */
  check: (step: StepCheck<THarness, TSnapshot, TEvent, TMark, TExpected>) => void;
  /** The context as compared with the graph's (default: as it is; e.g. without its functions). */
  comparable?: (context: unknown) => unknown;
  /** How a step is named in failures (default "step 3 (LOGIN)"), read before the step runs. */
  describeStep?: (index: number, step: ModelStep<TSnapshot, TEvent>, harness: THarness) => string;
}

const same = (context: unknown) => context;

/** Walks one generated path against a fresh harness (see the module comment). */
export async function walkPath<THarness extends WalkHarness<TSnapshot>, TSnapshot extends Snapshot, TEvent extends EventObject, TMark = undefined, TExpected = undefined>(
  path: ModelPath<TSnapshot, TEvent>,
  options: WalkOptions<THarness, TSnapshot, TEvent, TMark, TExpected>,
): Promise<void> {
  const harness = options.harness();
  const comparable = options.comparable ?? same;
  let from: TSnapshot | undefined;
  let previous: TExpected | undefined;
  for (const [index, step] of path.steps.entries()) {
    const where = options.describeStep?.(index, step, harness) ?? `step ${index} (${step.event.type})`;
    const before = options.mark?.(harness) as TMark;
    await options.execute(harness, step, from);
    const actual = harness.snapshot();
    const expected = options.model?.(previous, step, harness) as TExpected;
    expect(actual.value, `${where}: the generated path`).toEqual(step.state.value);
    expect(comparable(actual.context), `${where}: the generated path`).toEqual(comparable(step.state.context));
    options.check({ harness, step, index, from, actual, before, expected, previous, where });
    expect(harness.errors, `${where}: actor errors`).toEqual([]);
    from = actual;
    previous = expected;
  }
}

/**
 * The leaf states the paths go through, microstep by microstep (so transient states count), like
 * graph.ts's `visitedStates`; a step several paths share (same state, same event) is followed once.
 */
function reachedStates(machine: AnyStateMachine, paths: ReadonlyArray<ModelPath<{ value: StateValue }, EventObject>>, input: unknown): Set<string> {
  const reached = new Set<string>();
  const add = (snapshot: { value: StateValue }) => leafStates(snapshot.value).forEach((state) => reached.add(state));
  for (const [snapshot] of getInitialMicrosteps(machine, input as never)) add(snapshot);
  const followed = new Set<string>();
  for (const path of paths) {
    path.steps.forEach((step, i) => {
      add(step.state);
      const previous = path.steps[i - 1];
      if (!previous) return;
      const key = JSON.stringify([previous.state.value, (previous.state as { context?: unknown }).context, step.event]);
      if (followed.has(key)) return;
      followed.add(key);
      for (const [snapshot] of getMicrosteps(machine, previous.state as never, step.event as never)) add(snapshot);
    });
  }
  return reached;
}

/** The leaf states the generated paths rest in (after each step). */
export function restingStates(paths: ReadonlyArray<ModelPath<{ value: StateValue }, EventObject>>): Set<string> {
  return new Set(paths.flatMap((path) => path.steps.flatMap((step) => leafStates(step.state.value))));
}

/**
 * Fails when a state of the machine definition is reached by no generated path (microsteps
 * included, so transient states count), or when a state that is not declared transient is never
 * rested in. `runs`: the paths of each input variant, with that input.
 */
export function expectEveryStateCovered(
  machine: AnyStateMachine,
  runs: ReadonlyArray<{ paths: ReadonlyArray<ModelPath<{ value: StateValue }, EventObject>>; input?: unknown }>,
  options: { transient?: readonly string[] } = {},
): void {
  const all = allLeafStates(machine);
  const visited = new Set(runs.flatMap(({ paths, input }) => [...reachedStates(machine, paths, input)]));
  expect(all.filter((state) => !visited.has(state)), `${machine.id}: states no generated path reaches`).toEqual([]);
  const resting = new Set(runs.flatMap(({ paths }) => [...restingStates(paths)]));
  const transient = new Set(options.transient ?? []);
  expect(all.filter((state) => !resting.has(state) && !transient.has(state)), `${machine.id}: states no path rests in`).toEqual([]);
  expect([...transient].filter((state) => !all.includes(state)), `${machine.id}: transient states the machine does not have`).toEqual([]);
}
