/**
 * Model-based tests of machines/deleteConfirm (ARCHITECTURE rule 7): xstate/graph paths over every state and
 * transition, walked against a REAL actor whose `remove` actor is a controllable fake and whose `deleted` action
 * is recorded; plus hand-pinned transitions (no cancel while deleting, a refusal then a retry, the next deletion
 * after one, the target kept once closed) and the actor factory.
 */
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import { createDeleteConfirmActors } from '../machines/deleteConfirm/deleteConfirm.actors';
import { deleteConfirmMachine, type DeleteConfirmEvent } from '../machines/deleteConfirm/deleteConfirm.machine';
import { selectDeleteConfirmView } from '../machines/deleteConfirm/deleteConfirm.selectors';
import { itForwardsOneCall } from './support/actorFactory';
import {
  allLeafStates,
  describePath,
  dropPrefixPaths,
  flattenEvents,
  generatePaths,
  invokeIds,
  visitedStates,
  type DoneActorEvent,
  type ErrorActorEvent,
  type EventVariants,
  type InitEvent,
  type ModelPath,
  type ModelStep,
} from './support/graph';
import { walkPath } from './support/walkPaths';
import { createActorHarness } from './support/harness';

type DeleteModelEvent = DeleteConfirmEvent | DoneActorEvent<'remove', undefined> | ErrorActorEvent<'remove'>;
type DeleteSnapshot = SnapshotFrom<typeof deleteConfirmMachine>;
type DeletePath = ModelPath<DeleteSnapshot, DeleteModelEvent>;
type DeleteStep = ModelStep<DeleteSnapshot, DeleteModelEvent>;
type DeleteState = 'idle' | 'confirming' | 'deleting' | 'failed' | 'done';

const refused: Failure = { status: 422, code: 'TRAINING_HAS_CUSTOMERS', message: 'Cette formation a des apprenants payants.', fieldErrors: {} };
const offline: Failure = { status: null, code: null, message: 'Réseau indisponible', fieldErrors: {} };

const training = { uuid: 't-1', name: 'Excel avancé' };
const comment = { id: 42 };
const ask = (target: unknown) => ({ type: 'ASK', target }) as const;
const CONFIRM = { type: 'CONFIRM' } as const;
const CANCEL = { type: 'CANCEL' } as const;
const removed = { type: 'xstate.done.actor.remove', output: undefined } as const;
const failed = (error: Failure) => ({ type: 'xstate.error.actor.remove', error }) as const;

const events = {
  ASK: [ask(training), ask(comment)],
  CONFIRM: [CONFIRM],
  CANCEL: [CANCEL],
  'xstate.done.actor.remove': [removed],
  'xstate.error.actor.remove': [failed(refused)],
} satisfies EventVariants<DeleteModelEvent>;

// ─── Oracles, from the chart ─────────────────────────────────────────────────────────────────────

function expectedAfter(from: DeleteSnapshot | undefined, step: DeleteStep): { value: DeleteState; context: { target: unknown; failure: Failure | null } } {
  const { event } = step;
  if (event.type === 'xstate.init' || !from) return { value: 'idle', context: { target: null, failure: null } };
  const value = from.value as DeleteState;
  const context = { ...from.context };
  switch (value) {
    case 'idle':
    case 'done':
      if (event.type === 'ASK') return { value: 'confirming', context: { target: event.target, failure: null } };
      break;
    case 'confirming':
    case 'failed':
      if (event.type === 'CONFIRM') return { value: 'deleting', context: { ...context, failure: null } };
      if (event.type === 'CANCEL') return { value: 'idle', context: { ...context, failure: null } };
      break;
    case 'deleting':
      if (event.type === 'xstate.done.actor.remove') return { value: 'done', context };
      if (event.type === 'xstate.error.actor.remove') return { value: 'failed', context: { ...context, failure: event.error as Failure } };
      break;
  }
  return { value, context };
}

/** The targets `remove` must be called with, and `deleted` run with, on a step. */
function expectedCalls(from: DeleteSnapshot | undefined, step: DeleteStep) {
  const state = from?.value as DeleteState | undefined;
  const removes = step.event.type === 'CONFIRM' && (state === 'confirming' || state === 'failed') ? [{ target: from!.context.target }] : [];
  const deleted = step.event.type === 'xstate.done.actor.remove' && state === 'deleting' ? [from!.context.target] : [];
  return { removes, deleted };
}

const viewOf = {
  idle: { isOpen: false, isDeleting: false },
  confirming: { isOpen: true, isDeleting: false },
  deleting: { isOpen: true, isDeleting: true },
  failed: { isOpen: true, isDeleting: false },
  done: { isOpen: false, isDeleting: false },
} satisfies Record<DeleteState, { isOpen: boolean; isDeleting: boolean }>;

const expectedView = (s: DeleteSnapshot) => ({
  ...viewOf[s.value as DeleteState],
  target: s.context.target,
  failure: s.value === 'failed' ? s.context.failure : null,
});

// ─── Harness: a real actor, the fake `remove` settled by the test, `deleted` recorded ───────────

function createDeleteHarness() {
  const deleted: unknown[] = [];
  const h = createActorHarness<typeof deleteConfirmMachine, 'remove'>(deleteConfirmMachine, {
    actors: ['remove'],
    actions: { deleted: (_, params: { target: unknown }) => void deleted.push(params.target) },
  });
  return Object.assign(h, { deleted });
}
type DeleteHarness = ReturnType<typeof createDeleteHarness>;
type Executor = (h: DeleteHarness, step: DeleteStep) => void | Promise<void>;
const send: Executor = (h, { event }) => h.send(event as DeleteConfirmEvent);
const executors = {
  'xstate.init': (h) => h.start(),
  ASK: send,
  CONFIRM: send,
  CANCEL: send,
  'xstate.done.actor.remove': (h, { event }) => h.settle('remove', event),
  'xstate.error.actor.remove': (h, { event }) => h.settle('remove', event),
} satisfies Record<DeleteModelEvent['type'] | InitEvent['type'], Executor>;

const { shortest, transitions } = generatePaths<typeof deleteConfirmMachine, DeleteModelEvent>(deleteConfirmMachine, { events });
const paths = dropPrefixPaths([...shortest, ...transitions] as DeletePath[]);

const walk = (path: DeletePath) =>
  walkPath(path, {
    harness: () => createDeleteHarness(),
    execute: (h, step) => executors[step.event.type](h, step),
    mark: (h) => ({ removesBefore: h.inputs('remove').length, deletedBefore: h.deleted.length }),
    check: ({ harness: h, step, from, actual, before: { removesBefore, deletedBefore }, where }) => {
      expect({ value: actual.value, context: actual.context }, `${where}: the chart`).toEqual(expectedAfter(from, step));
      expect(selectDeleteConfirmView(actual), where).toEqual(expectedView(actual));
      expect({ removes: h.inputs('remove').slice(removesBefore), deleted: h.deleted.slice(deletedBefore) }, `${where}: calls`).toEqual(expectedCalls(from, step));
    },
  });

describe('delete confirmation machine: generated paths', () => {
  it('the model lists every event and invoke of the machine', () => {
    expect(invokeIds(deleteConfirmMachine)).toEqual(['remove']);
    const explored = new Set(flattenEvents<DeleteModelEvent>(events).map((e) => e.type));
    for (const t of deleteConfirmMachine.events) expect(explored, `event ${t} is not explored`).toContain(t);
  });

  it('paths cover every state and take every event type', () => {
    const all = [...allLeafStates(deleteConfirmMachine)].sort();
    expect(all).toEqual(['confirming', 'deleting', 'done', 'failed', 'idle']);
    const visited = new Set(paths.flatMap((path) => [...visitedStates(deleteConfirmMachine, path)]));
    expect([...visited].sort()).toEqual(all);
    const taken = new Set(paths.flatMap((path) => path.steps.map((s) => s.event.type)));
    for (const t of deleteConfirmMachine.events) expect(taken, `no path takes ${t}`).toContain(t);
  });

  it.each(paths.map((path, i) => [`#${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
    await walk(path);
  });
});

describe('delete confirmation machine: pinned transitions', () => {
  function started() {
    const h = createDeleteHarness();
    h.start();
    return h;
  }

  it('ASK opens the dialog for the target; CONFIRM deletes it; done closes it and runs `deleted` once', async () => {
    const h = started();
    expect(selectDeleteConfirmView(h.snapshot())).toEqual({ isOpen: false, isDeleting: false, target: null, failure: null });
    h.send(ask(training));
    expect(selectDeleteConfirmView(h.snapshot())).toEqual({ isOpen: true, isDeleting: false, target: training, failure: null });
    h.send(CONFIRM);
    expect(h.inputs('remove')).toEqual([{ target: training }]);
    expect(selectDeleteConfirmView(h.snapshot()).isDeleting).toBe(true);
    await h.settle('remove', removed);
    expect(h.snapshot().value).toBe('done');
    expect(selectDeleteConfirmView(h.snapshot())).toEqual({ isOpen: false, isDeleting: false, target: training, failure: null });
    expect(h.deleted).toEqual([training]);
  });

  it('while deleting, CANCEL, CONFIRM and ASK are ignored (no second call, the call not aborted)', async () => {
    const h = started();
    h.send(ask(training));
    h.send(CONFIRM);
    for (const event of [CANCEL, CONFIRM, ask(comment)]) {
      expect(h.snapshot().can(event)).toBe(false);
      h.send(event);
    }
    expect(h.snapshot().value).toBe('deleting');
    expect(h.inputs('remove')).toHaveLength(1);
    expect(h.aborted).toEqual([]);
    await h.settle('remove', removed);
    expect(h.deleted).toEqual([training]);
  });

  it('a refusal keeps the dialog open with the failure; CONFIRM retries (failure cleared) and succeeds', async () => {
    const h = started();
    h.send(ask(training));
    h.send(CONFIRM);
    await h.settle('remove', failed(refused));
    expect(selectDeleteConfirmView(h.snapshot())).toEqual({ isOpen: true, isDeleting: false, target: training, failure: refused });
    expect(h.deleted).toEqual([]);
    h.send(CONFIRM);
    expect(selectDeleteConfirmView(h.snapshot())).toMatchObject({ isDeleting: true, failure: null });
    await h.settle('remove', failed(offline));
    expect(selectDeleteConfirmView(h.snapshot()).failure).toEqual(offline);
    h.send(CONFIRM);
    await h.settle('remove', removed);
    expect(h.inputs('remove')).toEqual([{ target: training }, { target: training }, { target: training }]);
    expect(h.deleted).toEqual([training]);
  });

  it('CANCEL after a failure closes the dialog and forgets the failure; the next ASK starts clean', async () => {
    const h = started();
    h.send(ask(training));
    h.send(CONFIRM);
    await h.settle('remove', failed(refused));
    h.send(CANCEL);
    expect(selectDeleteConfirmView(h.snapshot())).toEqual({ isOpen: false, isDeleting: false, target: training, failure: null });
    h.send(ask(comment));
    expect(selectDeleteConfirmView(h.snapshot())).toEqual({ isOpen: true, isDeleting: false, target: comment, failure: null });
    expect(h.inputs('remove')).toHaveLength(1);
  });

  it('after a deletion, the next one asks again: a new target, a new call', async () => {
    const h = started();
    h.send(ask(training));
    h.send(CONFIRM);
    await h.settle('remove', removed);
    h.send(ask(comment));
    h.send(CONFIRM);
    await h.settle('remove', removed);
    expect(h.inputs('remove')).toEqual([{ target: training }, { target: comment }]);
    expect(h.deleted).toEqual([training, comment]);
  });

  it('without provide(), remove and deleted are not silent no-ops', async () => {
    const { createActor } = await import('xstate');
    const errors: unknown[] = [];
    const actor = createActor(deleteConfirmMachine);
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    actor.send(ask(training));
    actor.send(CONFIRM);
    await new Promise((resolve) => setImmediate(resolve));
    expect(actor.getSnapshot().value).toBe('failed');
    expect(String((actor.getSnapshot().context.failure as unknown as Error).message)).toMatch(/remove not provided/);
    const withRemove = createActor(deleteConfirmMachine.provide({ actors: createDeleteConfirmActors({ remove: async () => undefined }) }));
    withRemove.subscribe({ error: (error) => errors.push(error) });
    withRemove.start();
    withRemove.send(ask(training));
    withRemove.send(CONFIRM);
    await new Promise((resolve) => setImmediate(resolve));
    expect(String(errors[0])).toMatch(/deleted not provided/);
  });
});

describe('createDeleteConfirmActors', () => {
  itForwardsOneCall({
    what: 'the target',
    make: (call) => createDeleteConfirmActors({ remove: call }).remove,
    input: { target: training },
    arg: training,
    failure: refused,
    lateFailure: offline,
  });
});
