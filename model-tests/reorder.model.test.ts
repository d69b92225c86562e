/**
 * Model-based tests of machines/reorder (ARCHITECTURE rule 7): xstate/graph paths over every state and
 * transition, for a flat list and for a tree (moves across sections), each walked against a REAL actor
 * whose `save` actor is a controllable fake; plus hand-pinned transitions (the optimistic order, the
 * queue where the latest move wins, rollback to the last confirmed order, SYNC ignored while saving,
 * moves that are not rearrangements) and the actor factory; and the pure order helpers.
 *
 * Orders come from a handful of variants, so paths are generated over the full snapshot (value +
 * context): every generated step is the real one.
 */
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import { createReorderActors } from '../machines/reorder/reorder.actors';
import { reorderMachine, type ReorderEvent, type ReorderInput, type SaveOrderInput } from '../machines/reorder/reorder.machine';
import { flatIds, flatOrder, isRearrangement, moveInOrder, sameOrder, type ReorderOrder } from '../machines/reorder/reorder.order';
import { selectReorderView } from '../machines/reorder/reorder.selectors';
import { itForwardsOneCall } from './support/actorFactory';
import {
  allLeafStates,
  describePath,
  dropPrefixPaths,
  flattenEvents,
  generatePaths,
  invokeIds,
  type DoneActorEvent,
  type ErrorActorEvent,
  type EventVariants,
  type InitEvent,
  type ModelPath,
  type ModelStep,
} from './support/graph';
import { createActorHarness } from './support/harness';
import { expectEveryStateCovered, walkPath } from './support/walkPaths';

type ReorderModelEvent = ReorderEvent | DoneActorEvent<'save', undefined> | ErrorActorEvent<'save'>;
type ReorderSnapshot = SnapshotFrom<typeof reorderMachine>;
type ReorderPath = ModelPath<ReorderSnapshot, ReorderModelEvent>;
type ReorderStep = ModelStep<ReorderSnapshot, ReorderModelEvent>;
type RestingState = 'idle' | 'saving';
const TRANSIENT_STATES = ['rollingBack'] as const;

const serverDown: Failure = { status: 500, code: 'SERVER_ERROR', message: 'Une erreur est survenue', fieldErrors: {} };
const offline: Failure = { status: null, code: null, message: 'Réseau indisponible', fieldErrors: {} };

const sync = (order: ReorderOrder) => ({ type: 'SYNC', order }) as const;
const move = (order: ReorderOrder) => ({ type: 'MOVE', order }) as const;
const saved = { type: 'xstate.done.actor.save', output: undefined } as const;
const failed = (error: Failure) => ({ type: 'xstate.error.actor.save', error }) as const;

// ─── Fixtures: a flat list and a tree (top level + two sections) ─────────────────────────────────

const ABC = flatOrder(['a', 'b', 'c']);
const BAC = flatOrder(['b', 'a', 'c']);
const CBA = flatOrder(['c', 'b', 'a']);
/** Not a rearrangement of ABC: an id is missing (built on other data). */
const AB = flatOrder(['a', 'b']);

const tree = (top: string[], s1: string[], s2: string[]): ReorderOrder => [
  { key: null, ids: top },
  { key: 's1', ids: s1 },
  { key: 's2', ids: s2 },
];
const T0 = tree(['s1', 's2'], ['x', 'y'], ['z']);
/** Sections swapped. */
const T1 = tree(['s2', 's1'], ['x', 'y'], ['z']);
/** y moved into s2, before z. */
const T2 = tree(['s1', 's2'], ['x'], ['y', 'z']);
/** Not a rearrangement: a section key differs. */
const TX: ReorderOrder = [{ key: null, ids: ['s1', 's2'] }, { key: 's1', ids: ['x', 'y'] }, { key: 's3', ids: ['z'] }];

const variants = [
  {
    name: 'flat list',
    input: { order: ABC },
    events: {
      SYNC: [sync(ABC), sync(BAC)],
      MOVE: [move(ABC), move(BAC), move(CBA), move(AB)],
      'xstate.done.actor.save': [saved],
      'xstate.error.actor.save': [failed(serverDown)],
    },
  },
  {
    name: 'tree (sections and moves across them)',
    input: { order: T0 },
    events: {
      SYNC: [sync(T1)],
      MOVE: [move(T0), move(T1), move(T2), move(TX)],
      'xstate.done.actor.save': [saved],
      'xstate.error.actor.save': [failed(offline)],
    },
  },
] as const satisfies ReadonlyArray<{ name: string; input: ReorderInput; events: EventVariants<ReorderModelEvent> }>;

// ─── Oracles (hand-written from the chart in the brief) ──────────────────────────────────────────

interface Ctx {
  confirmed: ReorderOrder;
  inFlight: ReorderOrder | null;
  queued: ReorderOrder | null;
  failure: Failure | null;
}

const same = (a: ReorderOrder, b: ReorderOrder) => JSON.stringify(a) === JSON.stringify(b);
const idsOf = (o: ReorderOrder) => JSON.stringify(o.flatMap((g) => g.ids).sort()) + JSON.stringify(o.map((g) => String(g.key)).sort());
const rearranges = (from: ReorderOrder, to: ReorderOrder) => idsOf(from) === idsOf(to);

/** The state value and context after a step. */
function expectedAfter(from: ReorderSnapshot | undefined, step: ReorderStep, input: ReorderInput): { value: string; context: Ctx } {
  const { event } = step;
  if (event.type === 'xstate.init' || !from) return { value: 'idle', context: { confirmed: input.order ?? [], inFlight: null, queued: null, failure: null } };
  const value = from.value as RestingState;
  const c: Ctx = { ...from.context };
  if (value === 'idle') {
    if (event.type === 'SYNC') return { value, context: { ...c, confirmed: event.order } };
    if (event.type === 'MOVE' && !same(event.order, c.confirmed) && rearranges(c.confirmed, event.order))
      return { value: 'saving', context: { ...c, inFlight: event.order, failure: null } };
    return { value, context: c };
  }
  // saving
  if (event.type === 'MOVE' && rearranges(c.confirmed, event.order))
    return { value, context: { ...c, queued: same(event.order, c.inFlight!) ? null : event.order } };
  if (event.type === 'xstate.done.actor.save')
    return c.queued
      ? { value: 'saving', context: { ...c, confirmed: c.inFlight!, inFlight: c.queued, queued: null } }
      : { value: 'idle', context: { ...c, confirmed: c.inFlight!, inFlight: null } };
  if (event.type === 'xstate.error.actor.save') return { value: 'idle', context: { ...c, inFlight: null, queued: null, failure: event.error as Failure } };
  return { value, context: c };
}

/** The save calls a step must start. */
function expectedSaves(from: ReorderSnapshot | undefined, step: ReorderStep, after: ReorderSnapshot): SaveOrderInput[] {
  if (!from) return [];
  const startedFromIdle = from.matches('idle') && after.matches('saving');
  const chained = step.event.type === 'xstate.done.actor.save' && after.matches('saving');
  return startedFromIdle || chained ? [{ order: after.context.inFlight!, previous: after.context.confirmed }] : [];
}

/** The failures `reportFailure` must report on a step. */
const expectedReports = (step: ReorderStep): Failure[] => (step.event.type === 'xstate.error.actor.save' ? [step.event.error as Failure] : []);

function expectedView(snapshot: ReorderSnapshot) {
  const { confirmed, inFlight, queued, failure } = snapshot.context;
  const idle = snapshot.value === 'idle';
  return { order: queued ?? inFlight ?? confirmed, isSaving: !idle, failure: idle ? failure : null };
}

// ─── Harness: a real actor, the fake `save` settled by the test, reportFailure recorded ──────────

function createReorderHarness(input?: ReorderInput) {
  const reports: Failure[] = [];
  const h = createActorHarness<typeof reorderMachine, 'save'>(reorderMachine, {
    actors: ['save'],
    input,
    actions: { reportFailure: (_: unknown, params: { failure: Failure }) => void reports.push(params.failure) },
  });
  return Object.assign(h, { reports });
}
type ReorderHarness = ReturnType<typeof createReorderHarness>;

type Executor = (harness: ReorderHarness, step: ReorderStep) => void | Promise<void>;
const send: Executor = (h, { event }) => h.send(event as ReorderEvent);
const executors = {
  'xstate.init': (h) => h.start(),
  SYNC: send,
  MOVE: send,
  'xstate.done.actor.save': (h, { event }) => h.settle('save', event),
  'xstate.error.actor.save': (h, { event }) => h.settle('save', event),
} satisfies Record<ReorderModelEvent['type'] | InitEvent['type'], Executor>;

// ─── Generated paths ─────────────────────────────────────────────────────────────────────────────

const generated = variants.map((variant) => {
  const { shortest, transitions } = generatePaths<typeof reorderMachine, ReorderModelEvent>(reorderMachine, {
    events: variant.events,
    input: variant.input,
  });
  return { ...variant, paths: dropPrefixPaths([...shortest, ...transitions] as ReorderPath[]) };
});

const walk = (path: ReorderPath, input: ReorderInput) =>
  walkPath(path, {
    harness: () => createReorderHarness(input),
    execute: (h, step) => executors[step.event.type](h, step),
    mark: (h) => ({ savesBefore: h.inputs('save').length, reportsBefore: h.reports.length }),
    check: ({ harness: h, step, from, actual, before: { savesBefore, reportsBefore }, where }) => {
      expect(actual.status, where).toBe('active');
      expect({ value: actual.value, context: actual.context }, `${where}: the chart`).toEqual(expectedAfter(from, step, input));
      expect(selectReorderView(actual), where).toEqual(expectedView(actual));
      expect(h.inputs('save').slice(savesBefore), `${where}: save input`).toEqual(expectedSaves(from, step, actual));
      expect(h.reports.slice(reportsBefore), `${where}: reported failures`).toEqual(expectedReports(step));
      expect(h.isPending('save'), `${where}: a save runs exactly while saving`).toBe(actual.matches('saving'));
    },
  });

describe('reorder machine: generated paths', () => {
  it('the model lists every event and invoke of the machine', () => {
    expect(invokeIds(reorderMachine)).toEqual(['save']);
    for (const { events } of variants) {
      const explored = new Set(flattenEvents<ReorderModelEvent>(events).map((e) => e.type));
      for (const type of reorderMachine.events) expect(explored, `event ${type} is not explored`).toContain(type);
    }
  });

  it('paths of each variant cover every state of the machine definition and take every event type', () => {
    const all = [...allLeafStates(reorderMachine)].sort();
    expect(all).toEqual(['idle', 'rollingBack', 'saving']);
    for (const { paths, input, name } of generated) {
      expectEveryStateCovered(reorderMachine, [{ paths, input }], { transient: TRANSIENT_STATES });
      const taken = new Set(paths.flatMap((path) => path.steps.map((s) => s.event.type)));
      for (const type of reorderMachine.events) expect(taken, `${name}: no path takes ${type}`).toContain(type);
    }
  });

  it('paths queue a move, chain its save, and roll back with a move queued', () => {
    for (const { paths, name } of generated) {
      const steps = paths.flatMap((path) => path.steps);
      expect(steps.some((s) => s.state.context.queued !== null), `${name}: a queued move`).toBe(true);
      const chained = paths.some((path) => path.steps.some((s, i) => s.event.type === 'xstate.done.actor.save' && s.state.matches('saving') && i > 0));
      expect(chained, `${name}: a chained save`).toBe(true);
      const rolledBackQueue = paths.some((path) =>
        path.steps.some((s, i) => s.event.type === 'xstate.error.actor.save' && path.steps[i - 1]!.state.context.queued !== null),
      );
      expect(rolledBackQueue, `${name}: a rollback that drops a queued move`).toBe(true);
    }
  });

  for (const { name, input, paths } of generated) {
    describe(name, () => {
      it.each(paths.map((path, i) => [`#${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
        await walk(path, input);
      });
    });
  }
});

// ─── Hand-pinned transitions ─────────────────────────────────────────────────────────────────────

function started(input: ReorderInput = { order: ABC }) {
  const h = createReorderHarness(input);
  h.start();
  return h;
}
const shown = (h: ReorderHarness) => selectReorderView(h.snapshot()).order;

describe('reorder machine: pinned transitions', () => {
  it('starts idle with no order when given none; SYNC brings the server order', () => {
    const h = started({});
    expect(h.snapshot().value).toBe('idle');
    expect(shown(h)).toEqual([]);
    h.send(sync(ABC));
    expect(shown(h)).toEqual(ABC);
    expect(h.invocations).toEqual([]);
  });

  it('MOVE shows the new order at once and saves it with the previous one → done → idle, confirmed', async () => {
    const h = started();
    h.send(move(BAC));
    expect(h.snapshot().value).toBe('saving');
    expect(selectReorderView(h.snapshot())).toEqual({ order: BAC, isSaving: true, failure: null });
    expect(h.inputs('save')).toEqual([{ order: BAC, previous: ABC }]);
    await h.settle('save', saved);
    expect(h.snapshot().value).toBe('idle');
    expect(h.snapshot().context).toEqual({ confirmed: BAC, inFlight: null, queued: null, failure: null });
    expect(h.reports).toEqual([]);
  });

  it('a MOVE to the order already shown, or one that loses an id, saves nothing', () => {
    const h = started();
    h.send(move(flatOrder(['a', 'b', 'c'])));
    h.send(move(AB));
    h.send(move(flatOrder(['a', 'b', 'c', 'd'])));
    h.send(move([{ key: 'other', ids: ['a', 'b', 'c'] }]));
    expect(h.snapshot().value).toBe('idle');
    expect(h.invocations).toEqual([]);
  });

  it('failure: rolls back to the last confirmed order, reports the failure once, exposes it until the next move', async () => {
    const h = started();
    h.send(move(BAC));
    await h.settle('save', failed(serverDown));
    expect(h.snapshot().value).toBe('idle');
    expect(selectReorderView(h.snapshot())).toEqual({ order: ABC, isSaving: false, failure: serverDown });
    expect(h.reports).toEqual([serverDown]);
    h.send(move(CBA));
    expect(selectReorderView(h.snapshot())).toEqual({ order: CBA, isSaving: true, failure: null });
    expect(h.inputs('save')).toEqual([{ order: BAC, previous: ABC }, { order: CBA, previous: ABC }]);
    await h.settle('save', saved);
    expect(shown(h)).toEqual(CBA);
  });

  it('moves while saving are queued, the latest wins, and are saved after the current save (previous = its order)', async () => {
    const h = started();
    h.send(move(BAC));
    h.send(move(CBA));
    h.send(move(flatOrder(['a', 'c', 'b'])));
    expect(shown(h)).toEqual(flatOrder(['a', 'c', 'b']));
    expect(h.inputs('save')).toHaveLength(1);
    expect(h.aborted).toEqual([]);
    await h.settle('save', saved);
    expect(h.snapshot().value).toBe('saving');
    expect(h.snapshot().context.confirmed).toEqual(BAC);
    expect(h.inputs('save')).toEqual([{ order: BAC, previous: ABC }, { order: flatOrder(['a', 'c', 'b']), previous: BAC }]);
    await h.settle('save', saved);
    expect(h.snapshot().context).toEqual({ confirmed: flatOrder(['a', 'c', 'b']), inFlight: null, queued: null, failure: null });
  });

  it('moving back to the order being saved clears the queue (no second save)', async () => {
    const h = started();
    h.send(move(BAC));
    h.send(move(CBA));
    h.send(move(BAC));
    expect(h.snapshot().context.queued).toBeNull();
    await h.settle('save', saved);
    expect(h.snapshot().value).toBe('idle');
    expect(h.inputs('save')).toHaveLength(1);
  });

  it('a failure with a move queued drops the queue and restores the confirmed order', async () => {
    const h = started();
    h.send(move(BAC));
    h.send(move(CBA));
    await h.settle('save', failed(offline));
    expect(h.snapshot().value).toBe('idle');
    expect(selectReorderView(h.snapshot())).toEqual({ order: ABC, isSaving: false, failure: offline });
    expect(h.inputs('save')).toHaveLength(1);
    expect(h.reports).toEqual([offline]);
  });

  it('a failure of the chained save restores the order the first save confirmed', async () => {
    const h = started();
    h.send(move(BAC));
    h.send(move(CBA));
    await h.settle('save', saved);
    await h.settle('save', failed(serverDown));
    expect(shown(h)).toEqual(BAC);
  });

  it('SYNC is ignored while saving (the data may predate the save) and applied once idle', async () => {
    const h = started();
    h.send(move(BAC));
    expect(h.snapshot().can(sync(CBA))).toBe(false);
    h.send(sync(ABC));
    expect(shown(h)).toEqual(BAC);
    await h.settle('save', saved);
    expect(shown(h)).toEqual(BAC);
    h.send(sync(CBA));
    expect(shown(h)).toEqual(CBA);
  });

  it('a tree: moving an item across sections saves the whole tree', async () => {
    const h = started({ order: T0 });
    h.send(move(T2));
    expect(h.inputs('save')).toEqual([{ order: T2, previous: T0 }]);
    await h.settle('save', failed(serverDown));
    expect(shown(h)).toEqual(T0);
  });

  it('the events are SYNC, MOVE and the save answers', () => {
    expect([...reorderMachine.events].sort()).toEqual(['MOVE', 'SYNC', 'xstate.done.actor.save', 'xstate.error.actor.save'].sort());
  });
});

// ─── Pure order helpers ──────────────────────────────────────────────────────────────────────────

describe('reorder order helpers', () => {
  it('flatOrder / flatIds', () => {
    expect(flatOrder(['a'])).toEqual([{ key: null, ids: ['a'] }]);
    expect(flatIds(T0)).toEqual(['s1', 's2']);
    expect(flatIds([])).toEqual([]);
  });

  it('sameOrder compares keys, ids and their order', () => {
    expect(sameOrder(ABC, flatOrder(['a', 'b', 'c']))).toBe(true);
    expect(sameOrder(ABC, BAC)).toBe(false);
    expect(sameOrder(ABC, AB)).toBe(false);
    expect(sameOrder(T0, T1)).toBe(false);
    expect(sameOrder(T0, tree(['s1', 's2'], ['x', 'y'], ['z']))).toBe(true);
    expect(sameOrder([{ key: 'k', ids: [] }], [{ key: null, ids: [] }])).toBe(false);
  });

  it('isRearrangement: same keys and same ids, wherever they sit', () => {
    expect(isRearrangement(ABC, CBA)).toBe(true);
    expect(isRearrangement(T0, T2)).toBe(true);
    expect(isRearrangement(ABC, AB)).toBe(false);
    expect(isRearrangement(T0, TX)).toBe(false);
    expect(isRearrangement(ABC, flatOrder(['a', 'b', 'b']))).toBe(false);
  });

  it('moveInOrder moves within a group and across groups (index counted after removal)', () => {
    expect(moveInOrder(ABC, { key: null, index: 0 }, { key: null, index: 2 })).toEqual(flatOrder(['b', 'c', 'a']));
    expect(moveInOrder(ABC, { key: null, index: 2 }, { key: null, index: 0 })).toEqual(CBA.map((g) => ({ ...g, ids: ['c', 'a', 'b'] })));
    expect(moveInOrder(T0, { key: 's1', index: 1 }, { key: 's2', index: 0 })).toEqual(T2);
    expect(moveInOrder(T0, { key: 's1', index: 1 }, { key: 's2', index: 9 })).toEqual(tree(['s1', 's2'], ['x'], ['z', 'y']));
    expect(moveInOrder(T0, { key: 's1', index: 5 }, { key: 's2', index: 0 })).toBe(T0);
    expect(moveInOrder(T0, { key: 's1', index: 0 }, { key: 'nope', index: 0 })).toBe(T0);
  });
});

// ─── The actor factory ──────────────────────────────────────────────────────────────────────────

describe('createReorderActors', () => {
  itForwardsOneCall({
    what: 'the order and the previous one',
    make: (call) => createReorderActors(call).save,
    input: { order: BAC, previous: ABC },
    arg: { order: BAC, previous: ABC },
    failure: serverDown,
    lateFailure: offline,
  });
});
