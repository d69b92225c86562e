/**
 * Model-based tests of machines/itemCreation (ARCHITECTURE rule 7): xstate/graph paths over every state and
 * transition (its events, the `create` answers and the `redirect` timer), for three creators (a PRO store, a
 * Découverte store, a platform admin on a Découverte store), each walked against a REAL actor whose `create`
 * actor is a controllable fake, whose `itemCreated` / `navigateToEditor` actions are recorded and whose timer
 * runs on xstate's SimulatedClock (the redirect step checks that nothing happens one millisecond before 800 ms).
 * Plus hand-pinned transitions and the actor factory.
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import { createItemCreationActors } from '../machines/itemCreation/itemCreation.actors';
import {
  itemCreationMachine,
  type CreatedItem,
  type CreateItemInput,
  type ItemCreationEvent,
  type ItemCreationInput,
} from '../machines/itemCreation/itemCreation.machine';
import { selectItemCreationView } from '../machines/itemCreation/itemCreation.selectors';
import type { PromptedItemType } from '../machines/itemCreation/itemTypes';
import { itForwardsOneCall } from './support/actorFactory';
import {
  allLeafStates,
  describePath,
  dropPrefixPaths,
  flattenEvents,
  generatePaths,
  invokeIds,
  leafStates,
  type DelayedEvent,
  type DoneActorEvent,
  type ErrorActorEvent,
  type EventVariants,
  type InitEvent,
  type ModelPath,
  type ModelStep,
} from './support/graph';
import { createActorHarness } from './support/harness';
import { expectEveryStateCovered, walkPath } from './support/walkPaths';

type ItemCreationModelEvent =
  | ItemCreationEvent
  | DoneActorEvent<'create', CreatedItem>
  | ErrorActorEvent<'create'>
  | DelayedEvent<'redirect', 'itemCreation.created'>;
type ItemCreationSnapshot = SnapshotFrom<typeof itemCreationMachine>;
type ItemCreationPath = ModelPath<ItemCreationSnapshot, ItemCreationModelEvent>;
type ItemCreationStep = ModelStep<ItemCreationSnapshot, ItemCreationModelEvent>;
type RestingState = 'idle' | 'upgradeOffered' | 'prompting' | 'creating' | 'created';

// Written from spec section 9 (post-creation redirect) and section 6 (plan gating), not imported from the machine.
const REDIRECT_MS = 800;
const PLANS_OF: Partial<Record<PromptedItemType, string[]>> = { TASKS: ['PERK', 'PRO', 'EXPERT'], ASSIGNMENT: ['PRO', 'EXPERT'] };
const allowed = (type: PromptedItemType, input: ItemCreationInput) => input.isPlatformAdmin || !PLANS_OF[type] || PLANS_OF[type]!.includes(input.plan);
const problemOf = (title: string) => (title.trim() === '' ? 'required' : title.trim().length > 128 ? 'tooLong' : null);

const serverDown: Failure = { status: 500, code: 'SERVER_ERROR', message: 'Une erreur est survenue', fieldErrors: {} };
const planRequired: Failure = { status: 403, code: 'PLAN_REQUIRED', message: 'Offre insuffisante', fieldErrors: {} };

const open = (itemType: PromptedItemType, parentId: number | null) => ({ type: 'OPEN', itemType, parentId }) as const;
const change = (title: string) => ({ type: 'CHANGE', title }) as const;
const SUBMIT = { type: 'SUBMIT' } as const;
const CANCEL = { type: 'CANCEL' } as const;
const created = (item: CreatedItem) => ({ type: 'xstate.done.actor.create', output: item }) as const;
const failed = (error: Failure) => ({ type: 'xstate.error.actor.create', error }) as const;
const REDIRECT = { type: 'xstate.after.redirect.itemCreation.created' } as const;

const LONG = 'x'.repeat(129);
const itemEvents = {
  // A lesson in section 7, an assignment in section 7 (PRO or EXPERT), a task list at the top (not on PERCENT).
  OPEN: [open('GENERIC', 7), open('ASSIGNMENT', 7), open('TASKS', null)],
  // Blank, too long, fine with padding to trim.
  CHANGE: [change('   '), change(LONG), change('  Introduction  ')],
  SUBMIT: [SUBMIT],
  CANCEL: [CANCEL],
  'xstate.done.actor.create': [created({ id: 41, type: 'GENERIC', parentId: 7 }), created({ id: 42, type: 'ASSIGNMENT', parentId: 7 }), created({ id: 43, type: 'TASKS', parentId: null })],
  'xstate.error.actor.create': [failed(serverDown)],
  'xstate.after.redirect.itemCreation.created': [REDIRECT],
} satisfies EventVariants<ItemCreationModelEvent>;

// ─── Oracles (hand-written from the chart) ───────────────────────────────────────────────────────

const empty = { itemType: null, parentId: null, title: '', problem: null, failure: null, created: null };

function expectedAfter(from: ItemCreationSnapshot | undefined, step: ItemCreationStep, input: ItemCreationInput) {
  const { event } = step;
  if (event.type === 'xstate.init' || !from) return { value: 'idle', context: { ...input, ...empty } };
  const value = from.value as RestingState;
  const context = { ...from.context };
  switch (value) {
    case 'idle':
      if (event.type === 'OPEN') {
        const opened = { ...context, ...empty, itemType: event.itemType, parentId: event.parentId };
        return { value: allowed(event.itemType, input) ? 'prompting' : 'upgradeOffered', context: opened };
      }
      break;
    case 'upgradeOffered':
      if (event.type === 'CANCEL') return { value: 'idle', context: { ...context, ...empty } };
      break;
    case 'prompting':
      if (event.type === 'CHANGE') return { value, context: { ...context, title: event.title, problem: null } };
      if (event.type === 'CANCEL') return { value: 'idle', context: { ...context, ...empty } };
      if (event.type === 'SUBMIT') {
        const problem = problemOf(context.title);
        return problem ? { value, context: { ...context, problem } } : { value: 'creating', context: { ...context, problem: null, failure: null } };
      }
      break;
    case 'creating':
      if (event.type === 'xstate.done.actor.create') return { value: 'created', context: { ...context, created: event.output } };
      if (event.type === 'xstate.error.actor.create') return { value: 'prompting', context: { ...context, failure: event.error as Failure } };
      break;
    case 'created':
      if (event.type === REDIRECT.type) return { value: 'idle', context: { ...context, ...empty } };
      break;
  }
  return { value, context };
}

function expectedCreateCalls(from: ItemCreationSnapshot | undefined, step: ItemCreationStep): CreateItemInput[] {
  if (step.event.type !== 'SUBMIT' || !from?.matches('prompting') || problemOf(from.context.title) !== null) return [];
  return [{ type: from.context.itemType!, name: from.context.title.trim(), parentId: from.context.parentId }];
}

const expectedNotices = (step: ItemCreationStep) => (step.event.type === 'xstate.done.actor.create' ? [step.event.output] : []);
const expectedRedirects = (from: ItemCreationSnapshot | undefined, step: ItemCreationStep) =>
  step.event.type === REDIRECT.type && from?.context.created ? [from.context.created] : [];

const viewFlags = {
  idle: { isPromptOpen: false, isUpgradeOffered: false, isCreating: false, isCreated: false },
  upgradeOffered: { isPromptOpen: false, isUpgradeOffered: true, isCreating: false, isCreated: false },
  prompting: { isPromptOpen: true, isUpgradeOffered: false, isCreating: false, isCreated: false },
  creating: { isPromptOpen: true, isUpgradeOffered: false, isCreating: true, isCreated: false },
  created: { isPromptOpen: true, isUpgradeOffered: false, isCreating: false, isCreated: true },
} satisfies Record<RestingState, Record<string, boolean>>;

function expectedView(snapshot: ItemCreationSnapshot) {
  const state = snapshot.value as RestingState;
  const prompting = state === 'prompting';
  return {
    ...viewFlags[state],
    itemType: snapshot.context.itemType,
    title: snapshot.context.title,
    problem: prompting ? snapshot.context.problem : null,
    failure: prompting ? snapshot.context.failure : null,
  };
}

// ─── Harness: a real actor on a simulated clock, the fake `create` settled by the test ───────────

function createItemCreationHarness(input: ItemCreationInput) {
  const notices: CreatedItem[] = [];
  const redirects: CreatedItem[] = [];
  const harness = createActorHarness<typeof itemCreationMachine, 'create'>(itemCreationMachine, {
    actors: ['create'],
    actions: {
      itemCreated: (_, params) => void notices.push(params.item),
      navigateToEditor: (_, params) => void redirects.push(params.item),
    },
    clock: new SimulatedClock(),
    input,
  });
  return Object.assign(harness, { notices, redirects });
}
type ItemCreationHarness = ReturnType<typeof createItemCreationHarness>;

type Executor = (harness: ItemCreationHarness, step: ItemCreationStep) => void | Promise<void>;
const send: Executor = (h, { event }) => h.send(event as ItemCreationEvent);
const executors = {
  'xstate.init': (h) => h.start(),
  OPEN: send,
  CHANGE: send,
  SUBMIT: send,
  CANCEL: send,
  'xstate.done.actor.create': (h, { event }) => h.settle('create', event),
  'xstate.error.actor.create': (h, { event }) => h.settle('create', event),
  'xstate.after.redirect.itemCreation.created': (h) => h.wait(REDIRECT_MS),
} satisfies Record<ItemCreationModelEvent['type'] | InitEvent['type'], Executor>;

// ─── Generated paths ─────────────────────────────────────────────────────────────────────────────

const variants = [
  { name: 'PRO store', input: { plan: 'PRO', isPlatformAdmin: false } },
  { name: 'Découverte store (tasks and assignments locked)', input: { plan: 'PERCENT', isPlatformAdmin: false } },
  { name: 'platform admin on a Découverte store', input: { plan: 'PERCENT', isPlatformAdmin: true } },
] as const satisfies ReadonlyArray<{ name: string; input: ItemCreationInput }>;

const generated = variants.map((variant) => {
  const { shortest, transitions } = generatePaths<typeof itemCreationMachine, ItemCreationModelEvent>(itemCreationMachine, {
    events: itemEvents,
    input: variant.input,
    filterEvents: (snapshot, event) => {
      // The server answers the item it was asked to create.
      if (event.type === 'xstate.done.actor.create') return event.output.type === snapshot.context.itemType && event.output.parentId === snapshot.context.parentId;
      return true;
    },
  });
  return { ...variant, paths: dropPrefixPaths([...shortest, ...transitions] as ItemCreationPath[]) };
});

const walk = (path: ItemCreationPath, input: ItemCreationInput) =>
  walkPath(path, {
    harness: () => createItemCreationHarness(input),
    execute: (h, step) => executors[step.event.type](h, step),
    mark: (h) => ({ callsBefore: h.inputs('create').length, noticesBefore: h.notices.length, redirectsBefore: h.redirects.length }),
    check: ({ harness: h, step, from, actual, before: { callsBefore, noticesBefore, redirectsBefore }, where }) => {
      expect(actual.status, where).toBe('active');
      expect({ value: actual.value, context: actual.context }, `${where}: the chart`).toEqual(expectedAfter(from, step, input));
      expect(selectItemCreationView(actual), where).toEqual(expectedView(actual));
      expect(h.inputs('create').slice(callsBefore), `${where}: create input`).toEqual(expectedCreateCalls(from, step));
      expect(h.notices.slice(noticesBefore), `${where}: itemCreated`).toEqual(expectedNotices(step));
      expect(h.redirects.slice(redirectsBefore), `${where}: navigateToEditor`).toEqual(expectedRedirects(from, step));
    },
  });

describe('item creation machine: generated paths', () => {
  it('the model lists every event, invoke and timer of the machine', () => {
    expect(invokeIds(itemCreationMachine)).toEqual(['create']);
    const explored = new Set(flattenEvents(itemEvents).map((e) => e.type));
    for (const type of itemCreationMachine.events) expect(explored, `event ${type} is not explored`).toContain(type);
  });

  it('paths (all creators together) cover every state of the machine definition', () => {
    const all = [...allLeafStates(itemCreationMachine)].sort();
    expect(all).toEqual(['created', 'creating', 'idle', 'prompting', 'upgradeOffered']);
    expectEveryStateCovered(itemCreationMachine, generated);
  });

  it('each creator reaches what its plan allows: the upgrade offer on Découverte only, creation everywhere', () => {
    const reached = generated.map(({ paths }) => new Set(paths.flatMap((path) => path.steps.flatMap((s) => leafStates(s.state.value)))));
    expect([...reached[0]!].sort()).toEqual(['created', 'creating', 'idle', 'prompting']);
    expect([...reached[1]!].sort()).toEqual(['created', 'creating', 'idle', 'prompting', 'upgradeOffered']);
    expect(reached[2]).not.toContain('upgradeOffered');
    const problems = new Set(generated[0]!.paths.flatMap((path) => path.steps.map((s) => selectItemCreationView(s.state).problem)));
    expect([...problems].sort()).toEqual(['required', 'tooLong', null].sort());
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

function started(input: ItemCreationInput = { plan: 'PRO', isPlatformAdmin: false }) {
  const h = createItemCreationHarness(input);
  h.start();
  return h;
}

describe('item creation machine: pinned transitions', () => {
  it('plan gating mirrors the server: tasks not on Découverte, assignments on PRO and EXPERT only', () => {
    const cases: Array<[ItemCreationInput['plan'], PromptedItemType, string]> = [
      ['PERCENT', 'GENERIC', 'prompting'],
      ['PERCENT', 'VIDEO', 'prompting'],
      ['PERCENT', 'QUIZ', 'prompting'],
      ['PERCENT', 'TASKS', 'upgradeOffered'],
      ['PERCENT', 'ASSIGNMENT', 'upgradeOffered'],
      ['PERK', 'TASKS', 'prompting'],
      ['PERK', 'ASSIGNMENT', 'upgradeOffered'],
      ['PRO', 'ASSIGNMENT', 'prompting'],
      ['EXPERT', 'ASSIGNMENT', 'prompting'],
      ['EXPERT', 'TASKS', 'prompting'],
    ];
    for (const [plan, type, state] of cases) {
      const h = started({ plan, isPlatformAdmin: false });
      h.send(open(type, 3));
      expect(h.snapshot().value, `${type} on ${plan}`).toBe(state);
      expect(h.invocations).toEqual([]);
    }
  });

  it('a locked type offers the upgrade; CANCEL closes it; nothing is created', () => {
    const h = started({ plan: 'PERCENT', isPlatformAdmin: false });
    h.send(open('ASSIGNMENT', 3));
    expect(selectItemCreationView(h.snapshot())).toMatchObject({ isUpgradeOffered: true, isPromptOpen: false, itemType: 'ASSIGNMENT' });
    for (const event of [change('x'), SUBMIT, open('GENERIC', 3)]) expect(h.snapshot().can(event)).toBe(false);
    h.send(CANCEL);
    expect(h.snapshot().value).toBe('idle');
    expect(h.snapshot().context).toMatchObject(empty);
  });

  it('creates the trimmed title as a draft in its section, then opens the editor exactly 800 ms later', async () => {
    const h = started();
    h.send(open('QUIZ', 12));
    h.send(change('  Évaluation finale '));
    h.send(SUBMIT);
    expect(h.inputs('create')).toEqual([{ type: 'QUIZ', name: 'Évaluation finale', parentId: 12 }]);
    expect(selectItemCreationView(h.snapshot())).toMatchObject({ isCreating: true, isPromptOpen: true });
    await h.settle('create', created({ id: 99, type: 'QUIZ', parentId: 12 }));
    expect(h.snapshot().value).toBe('created');
    expect(h.notices).toEqual([{ id: 99, type: 'QUIZ', parentId: 12 }]);
    expect(h.redirects).toEqual([]);
    h.send(CANCEL);
    expect(h.snapshot().value).toBe('created');
    h.wait(REDIRECT_MS);
    expect(h.redirects).toEqual([{ id: 99, type: 'QUIZ', parentId: 12 }]);
    expect(h.snapshot().value).toBe('idle');
    expect(h.snapshot().context).toMatchObject(empty);
  });

  it('a failure keeps the title and shows the error; SUBMIT retries with the same title', async () => {
    const h = started();
    h.send(open('GENERIC', 5));
    h.send(change('Leçon 1'));
    h.send(SUBMIT);
    await h.settle('create', failed(planRequired));
    expect(selectItemCreationView(h.snapshot())).toMatchObject({ isPromptOpen: true, title: 'Leçon 1', failure: planRequired });
    h.send(SUBMIT);
    expect(h.snapshot().context.failure).toBeNull();
    expect(h.inputs('create')).toEqual([
      { type: 'GENERIC', name: 'Leçon 1', parentId: 5 },
      { type: 'GENERIC', name: 'Leçon 1', parentId: 5 },
    ]);
  });

  it('blank → required, 129 characters → tooLong, 128 → accepted; typing clears the problem', () => {
    const h = started();
    h.send(open('VIDEO', 1));
    h.send(SUBMIT);
    expect(selectItemCreationView(h.snapshot()).problem).toBe('required');
    h.send(change(LONG));
    expect(selectItemCreationView(h.snapshot()).problem).toBeNull();
    h.send(SUBMIT);
    expect(selectItemCreationView(h.snapshot()).problem).toBe('tooLong');
    h.send(change(' ' + 'y'.repeat(128) + ' '));
    h.send(SUBMIT);
    expect(h.snapshot().value).toBe('creating');
    expect(h.inputs('create')).toEqual([{ type: 'VIDEO', name: 'y'.repeat(128), parentId: 1 }]);
  });

  it('CANCEL, CHANGE and SUBMIT are ignored while creating (the call is not aborted)', () => {
    const h = started();
    h.send(open('GENERIC', null));
    h.send(change('A'));
    h.send(SUBMIT);
    for (const event of [CANCEL, change('B'), SUBMIT]) h.send(event);
    expect(h.snapshot().value).toBe('creating');
    expect(h.snapshot().context.title).toBe('A');
    expect(h.aborted).toEqual([]);
    expect(h.inputs('create')).toHaveLength(1);
  });

  it('CANCEL from the prompt forgets the title: reopening starts blank', () => {
    const h = started();
    h.send(open('GENERIC', 2));
    h.send(change('Brouillon'));
    h.send(CANCEL);
    h.send(open('QUIZ', 4));
    expect(h.snapshot().context).toMatchObject({ itemType: 'QUIZ', parentId: 4, title: '', problem: null, failure: null });
  });

  it('the events are OPEN, CHANGE, SUBMIT, CANCEL, the create answers and the redirect timer', () => {
    expect([...itemCreationMachine.events].sort()).toEqual(
      ['CANCEL', 'CHANGE', 'OPEN', 'SUBMIT', 'xstate.after.redirect.itemCreation.created', 'xstate.done.actor.create', 'xstate.error.actor.create'].sort(),
    );
  });
});

// ─── The actor factory ──────────────────────────────────────────────────────────────────────────

describe('createItemCreationActors', () => {
  const input: CreateItemInput = { type: 'GENERIC', name: 'Leçon', parentId: 3 };
  it('answers the created item as the API gives it', async () => {
    const actor = createActor(createItemCreationActors({ createItem: async () => ({ id: 5, type: 'GENERIC', parentId: 3 }) }).create, { input });
    const output = new Promise((resolve) => actor.subscribe({ complete: () => resolve(actor.getSnapshot().output) }));
    actor.start();
    expect(await output).toEqual({ id: 5, type: 'GENERIC', parentId: 3 });
  });
  describe('the shared promises', () => {
    itForwardsOneCall({
      what: 'the item to create',
      // The factory answers the item; `itForwardsOneCall` checks the "answers nothing" shape, so the call answers undefined.
      make: (call) => createItemCreationActors({ createItem: (arg, signal) => call(arg, signal).then(() => undefined as unknown as CreatedItem) }).create,
      input,
      arg: input,
      failure: serverDown,
      lateFailure: planRequired,
    });
  });
});
