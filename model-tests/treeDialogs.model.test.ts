/**
 * Model-based tests of machines/treeDialogs (ARCHITECTURE rule 7): xstate/graph paths over every state and
 * transition, for a store whose plan includes SCORM (EXPERT) and one whose plan does not (PRO), each walked
 * against a REAL actor whose `saveEntry` and `duplicate` actors are controllable fakes and whose effect actions
 * are recorded; plus hand-pinned transitions (the modes of the entry dialog, the title rule, no closing while a
 * call runs, a refusal kept in the dialog, the SCORM path and its upgrade offer) and the actor factory.
 */
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import type { Creator } from '../machines/itemCreation/itemTypes';
import { createTreeDialogsActors } from '../machines/treeDialogs/treeDialogs.actors';
import { treeDialogsMachine, type TreeDialogsEvent, type TreeNode } from '../machines/treeDialogs/treeDialogs.machine';
import { selectTreeDialogsView } from '../machines/treeDialogs/treeDialogs.selectors';
import { itForwardsOneCall } from './support/actorFactory';
import {
  allLeafStates,
  describePath,
  dropPrefixPaths,
  flattenEvents,
  generatePaths,
  invokeIds,
  leafStates,
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

type Invoke = 'saveEntry' | 'duplicateHere' | 'duplicateElsewhere';
type TreeModelEvent =
  | TreeDialogsEvent
  | DoneActorEvent<'saveEntry', undefined>
  | ErrorActorEvent<'saveEntry'>
  | DoneActorEvent<'duplicateHere', undefined>
  | ErrorActorEvent<'duplicateHere'>
  | DoneActorEvent<'duplicateElsewhere', undefined>
  | ErrorActorEvent<'duplicateElsewhere'>;
type TreeSnapshot = SnapshotFrom<typeof treeDialogsMachine>;
type TreePath = ModelPath<TreeSnapshot, TreeModelEvent>;
type TreeStep = ModelStep<TreeSnapshot, TreeModelEvent>;
type Leaf = 'idle' | 'entry.editing' | 'entry.saving' | 'duplicatingHere' | 'elsewhere.choosing' | 'elsewhere.duplicating' | 'scorm' | 'scormUpgrade';

// ─── Fixtures ────────────────────────────────────────────────────────────────────────────────────

const node = (id: number, type: TreeNode['type'], name: string): TreeNode =>
  ({ id, type, name, draft: false, parent_id: type === 'SECTION' ? null : 1, position: id, resources_count: 0, assignments_to_validate_count: 0 }) as unknown as TreeNode;
const section = node(1, 'SECTION', 'Chapitre 1');
const lesson = node(2, 'GENERIC', 'Leçon 1');
const other = { uuid: 't-2', name: 'Cuisine du marché' };
const refused: Failure = { status: 422, code: 'VALIDATION_FAILED', message: 'Données invalides', fieldErrors: { name: ['Déjà pris'] } };
const offline: Failure = { status: null, code: null, message: 'Réseau indisponible', fieldErrors: {} };
const EXPERT: Creator = { plan: 'EXPERT', isPlatformAdmin: false };
const PRO: Creator = { plan: 'PRO', isPlatformAdmin: false };

const NEW_SECTION = { type: 'NEW_SECTION' } as const;
const edit = (n: TreeNode) => ({ type: 'EDIT', node: n }) as const;
const duplicate = (n: TreeNode) => ({ type: 'DUPLICATE', node: n }) as const;
const elsewhere = (n: TreeNode) => ({ type: 'DUPLICATE_ELSEWHERE', node: n }) as const;
const addScorm = (s: TreeNode) => ({ type: 'ADD_SCORM', section: s }) as const;
const save = (name: string, draft = true) => ({ type: 'SAVE_ENTRY', values: { name, draft } }) as const;
const confirm = { type: 'CONFIRM_DUPLICATE', target: other } as const;
const scormAdded = { type: 'SCORM_ADDED', name: 'Paquet SCORM' } as const;
const CLOSE = { type: 'CLOSE' } as const;
const done = <I extends Invoke>(id: I) => ({ type: `xstate.done.actor.${id}` as `xstate.done.actor.${I}`, output: undefined }) as const;
const error = <I extends Invoke>(id: I, failure: Failure) => ({ type: `xstate.error.actor.${id}` as `xstate.error.actor.${I}`, error: failure }) as const;

const events = {
  NEW_SECTION: [NEW_SECTION],
  EDIT: [edit(section), edit(lesson)],
  DUPLICATE: [duplicate(lesson)],
  DUPLICATE_ELSEWHERE: [elsewhere(lesson)],
  ADD_SCORM: [addScorm(section)],
  SAVE_ENTRY: [save('Chapitre 2'), save('   ')],
  CONFIRM_DUPLICATE: [confirm],
  SCORM_ADDED: [scormAdded],
  CLOSE: [CLOSE],
  'xstate.done.actor.saveEntry': [done('saveEntry')],
  'xstate.error.actor.saveEntry': [error('saveEntry', refused)],
  'xstate.done.actor.duplicateHere': [done('duplicateHere')],
  'xstate.error.actor.duplicateHere': [error('duplicateHere', offline)],
  'xstate.done.actor.duplicateElsewhere': [done('duplicateElsewhere')],
  'xstate.error.actor.duplicateElsewhere': [error('duplicateElsewhere', refused)],
} satisfies EventVariants<TreeModelEvent>;

// ─── Oracle, from the chart ──────────────────────────────────────────────────────────────────────

type Ctx = TreeSnapshot['context'];
const closed = (creator: Creator): Ctx => ({ creator, entry: null, node: null, target: null, problem: null, failure: null });
const scormPlans = ['EXPERT'];

/** The leaf state and context after a step; the effects (actions) expected on it. */
function expectedAfter(from: TreeSnapshot | undefined, step: TreeStep, creator: Creator): { leaf: Leaf; context: Ctx; effects: string[] } {
  const { event } = step;
  if (event.type === 'xstate.init' || !from) return { leaf: 'idle', context: closed(creator), effects: [] };
  const leaf = leafStates(from.value)[0] as Leaf;
  const ctx = from.context;
  const stay = { leaf, context: ctx, effects: [] as string[] };
  switch (leaf) {
    case 'idle':
      if (event.type === 'NEW_SECTION') return { leaf: 'entry.editing', context: { ...closed(creator), entry: { kind: 'newSection' } }, effects: [] };
      if (event.type === 'EDIT') return { leaf: 'entry.editing', context: { ...closed(creator), entry: event.node.type === 'SECTION' ? { kind: 'editSection', node: event.node } : { kind: 'renameItem', node: event.node } }, effects: [] };
      if (event.type === 'DUPLICATE') return { leaf: 'duplicatingHere', context: { ...closed(creator), node: event.node }, effects: [] };
      if (event.type === 'DUPLICATE_ELSEWHERE') return { leaf: 'elsewhere.choosing', context: { ...closed(creator), node: event.node }, effects: [] };
      if (event.type === 'ADD_SCORM')
        return scormPlans.includes(creator.plan) || creator.isPlatformAdmin ? { leaf: 'scorm', context: { ...closed(creator), node: event.section }, effects: [] } : { leaf: 'scormUpgrade', context: ctx, effects: [] };
      return stay;
    case 'entry.editing':
      if (event.type === 'CLOSE') return { leaf: 'idle', context: closed(creator), effects: [] };
      if (event.type === 'SAVE_ENTRY') return event.values.name.trim() === '' ? { leaf, context: { ...ctx, problem: 'required' }, effects: [] } : { leaf: 'entry.saving', context: { ...ctx, problem: null, failure: null }, effects: [] };
      return stay;
    case 'entry.saving':
      if (event.type === 'xstate.done.actor.saveEntry') return { leaf: 'idle', context: closed(creator), effects: ['entrySaved'] };
      if (event.type === 'xstate.error.actor.saveEntry') return { leaf: 'entry.editing', context: { ...ctx, failure: event.error as Failure }, effects: [] };
      return stay;
    case 'duplicatingHere':
      if (event.type === 'xstate.done.actor.duplicateHere') return { leaf: 'idle', context: closed(creator), effects: [`duplicated:${ctx.node!.name}`] };
      if (event.type === 'xstate.error.actor.duplicateHere') return { leaf: 'idle', context: closed(creator), effects: [`duplicateFailed:${(event.error as Failure).message}`] };
      return stay;
    case 'elsewhere.choosing':
      if (event.type === 'CLOSE') return { leaf: 'idle', context: closed(creator), effects: [] };
      if (event.type === 'CONFIRM_DUPLICATE') return { leaf: 'elsewhere.duplicating', context: { ...ctx, target: event.target, failure: null }, effects: [] };
      return stay;
    case 'elsewhere.duplicating':
      if (event.type === 'xstate.done.actor.duplicateElsewhere') return { leaf: 'idle', context: closed(creator), effects: [`duplicatedElsewhere:${ctx.node!.name}→${ctx.target!.name}`] };
      if (event.type === 'xstate.error.actor.duplicateElsewhere') return { leaf: 'elsewhere.choosing', context: { ...ctx, failure: event.error as Failure }, effects: [] };
      return stay;
    case 'scorm':
      if (event.type === 'CLOSE') return { leaf: 'idle', context: closed(creator), effects: [] };
      if (event.type === 'SCORM_ADDED') return { leaf: 'idle', context: closed(creator), effects: [`scormAdded:${event.name}`] };
      return stay;
    case 'scormUpgrade':
      if (event.type === 'CLOSE') return { leaf: 'idle', context: closed(creator), effects: [] };
      return stay;
  }
}

/** The calls a step must start. */
function expectedCalls(from: TreeSnapshot | undefined, step: TreeStep) {
  const leaf = from && (leafStates(from.value)[0] as Leaf);
  const { event } = step;
  if (leaf === 'entry.editing' && event.type === 'SAVE_ENTRY' && event.values.name.trim() !== '') return [{ id: 'saveEntry', input: { mode: from!.context.entry, values: event.values } }];
  if (leaf === 'idle' && event.type === 'DUPLICATE') return [{ id: 'duplicateHere', input: { node: event.node, target: null } }];
  if (leaf === 'elsewhere.choosing' && event.type === 'CONFIRM_DUPLICATE') return [{ id: 'duplicateElsewhere', input: { node: from!.context.node, target: event.target } }];
  return [];
}

function expectedView(s: TreeSnapshot) {
  const leaf = leafStates(s.value)[0] as Leaf;
  const inEntry = leaf.startsWith('entry.');
  const inElsewhere = leaf.startsWith('elsewhere.');
  return {
    entry: inEntry ? s.context.entry : null,
    duplicateElsewhere: inElsewhere ? s.context.node : null,
    scormSection: leaf === 'scorm' ? s.context.node : null,
    isUpgradeOffered: leaf === 'scormUpgrade',
    isBusy: leaf === 'entry.saving' || leaf === 'elsewhere.duplicating',
    isDuplicatingHere: leaf === 'duplicatingHere',
    problem: inEntry ? s.context.problem : null,
    failure: inEntry || inElsewhere ? s.context.failure : null,
  };
}

// ─── Harness ─────────────────────────────────────────────────────────────────────────────────────

function createTreeHarness(creator: Creator) {
  const effects: string[] = [];
  const h = createActorHarness<typeof treeDialogsMachine, Invoke>(treeDialogsMachine, {
    actors: ['saveEntry', 'duplicate'],
    input: { creator },
    actions: {
      entrySaved: () => void effects.push('entrySaved'),
      duplicated: (_, { node: n }: { node: TreeNode }) => void effects.push(`duplicated:${n.name}`),
      duplicateFailed: (_, { failure }: { failure: Failure }) => void effects.push(`duplicateFailed:${failure.message}`),
      duplicatedElsewhere: (_, { node: n, target }: { node: TreeNode; target: { name: string } }) => void effects.push(`duplicatedElsewhere:${n.name}→${target.name}`),
      scormAdded: (_, { name }: { name: string }) => void effects.push(`scormAdded:${name}`),
    },
  });
  return Object.assign(h, { effects });
}
type TreeHarness = ReturnType<typeof createTreeHarness>;
type Executor = (h: TreeHarness, step: TreeStep) => void | Promise<void>;
const send: Executor = (h, { event }) => h.send(event as TreeDialogsEvent);
const settle =
  (id: Invoke): Executor =>
  (h, { event }) =>
    h.settle(id, event);
const executors = {
  'xstate.init': (h) => h.start(),
  NEW_SECTION: send,
  EDIT: send,
  DUPLICATE: send,
  DUPLICATE_ELSEWHERE: send,
  ADD_SCORM: send,
  SAVE_ENTRY: send,
  CONFIRM_DUPLICATE: send,
  SCORM_ADDED: send,
  CLOSE: send,
  'xstate.done.actor.saveEntry': settle('saveEntry'),
  'xstate.error.actor.saveEntry': settle('saveEntry'),
  'xstate.done.actor.duplicateHere': settle('duplicateHere'),
  'xstate.error.actor.duplicateHere': settle('duplicateHere'),
  'xstate.done.actor.duplicateElsewhere': settle('duplicateElsewhere'),
  'xstate.error.actor.duplicateElsewhere': settle('duplicateElsewhere'),
} satisfies Record<TreeModelEvent['type'] | InitEvent['type'], Executor>;

const variants = [
  { name: 'EXPERT store (SCORM included)', creator: EXPERT },
  { name: 'PRO store (SCORM offers the upgrade)', creator: PRO },
] as const;

const generated = variants.map((variant) => {
  const { shortest, transitions } = generatePaths<typeof treeDialogsMachine, TreeModelEvent>(treeDialogsMachine, { events, input: { creator: variant.creator } });
  return { ...variant, paths: dropPrefixPaths([...shortest, ...transitions] as TreePath[]) };
});

const walk = (path: TreePath, creator: Creator) =>
  walkPath(path, {
    harness: () => createTreeHarness(creator),
    execute: (h, step) => executors[step.event.type](h, step),
    mark: (h) => ({ effectsBefore: h.effects.length, callsBefore: h.invocations.length }),
    check: ({ harness: h, step, from, actual, before: { effectsBefore, callsBefore }, where }) => {
      const expected = expectedAfter(from, step, creator);
      expect({ leaf: leafStates(actual.value)[0], context: actual.context, effects: h.effects.slice(effectsBefore) }, `${where}: the chart`).toEqual(expected);
      expect(h.invocations.slice(callsBefore), `${where}: calls`).toEqual(expectedCalls(from, step));
      expect(selectTreeDialogsView(actual), where).toEqual(expectedView(actual));
    },
  });

describe('content tree dialogs machine: generated paths', () => {
  it('the model lists every event and invoke of the machine', () => {
    expect([...invokeIds(treeDialogsMachine)].sort()).toEqual(['duplicateElsewhere', 'duplicateHere', 'saveEntry']);
    const explored = new Set(flattenEvents<TreeModelEvent>(events).map((e) => e.type));
    for (const t of treeDialogsMachine.events) expect(explored, `event ${t} is not explored`).toContain(t);
  });

  it('paths (both plans together) cover every state and take every event type', () => {
    const all = [...allLeafStates(treeDialogsMachine)].sort();
    expect(all).toEqual(['duplicatingHere', 'elsewhere.choosing', 'elsewhere.duplicating', 'entry.editing', 'entry.saving', 'idle', 'scorm', 'scormUpgrade']);
    const visited = new Set(generated.flatMap(({ paths, creator }) => paths.flatMap((path) => [...visitedStates(treeDialogsMachine, path, { creator })])));
    expect([...visited].sort()).toEqual(all);
    const taken = new Set(generated.flatMap(({ paths }) => paths.flatMap((path) => path.steps.map((s) => s.event.type))));
    for (const t of treeDialogsMachine.events) expect(taken, `no path takes ${t}`).toContain(t);
  });

  for (const { name, creator, paths } of generated) {
    describe(name, () => {
      it.each(paths.map((path, i) => [`#${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
        await walk(path, creator);
      });
    });
  }
});

describe('content tree dialogs machine: pinned transitions', () => {
  function started(creator: Creator = EXPERT) {
    const h = createTreeHarness(creator);
    h.start();
    return h;
  }

  it('EDIT opens the section dialog for a section and the rename dialog for an item', () => {
    const h = started();
    h.send(edit(section));
    expect(selectTreeDialogsView(h.snapshot()).entry).toEqual({ kind: 'editSection', node: section });
    h.send(CLOSE);
    h.send(edit(lesson));
    expect(selectTreeDialogsView(h.snapshot()).entry).toEqual({ kind: 'renameItem', node: lesson });
  });

  it('a blank or too long title is flagged without a call; a good one is sent with the mode', async () => {
    const h = started();
    h.send(NEW_SECTION);
    h.send(save('  '));
    expect(selectTreeDialogsView(h.snapshot()).problem).toBe('required');
    h.send(save('x'.repeat(129)));
    expect(selectTreeDialogsView(h.snapshot()).problem).toBe('tooLong');
    expect(h.invocations).toEqual([]);
    h.send(save('Introduction', false));
    expect(h.inputs('saveEntry')).toEqual([{ mode: { kind: 'newSection' }, values: { name: 'Introduction', draft: false } }]);
    expect(selectTreeDialogsView(h.snapshot())).toMatchObject({ isBusy: true, problem: null });
    await h.settle('saveEntry', done('saveEntry'));
    expect(h.snapshot().value).toBe('idle');
    expect(h.effects).toEqual(['entrySaved']);
  });

  it('while a dialog saves, CLOSE and other actions are ignored; a refusal comes back to the dialog', async () => {
    const h = started();
    h.send(edit(lesson));
    h.send(save('Leçon renommée'));
    for (const event of [CLOSE, NEW_SECTION, duplicate(lesson), save('Autre')]) {
      expect(h.snapshot().can(event)).toBe(false);
      h.send(event);
    }
    await h.settle('saveEntry', error('saveEntry', refused));
    expect(selectTreeDialogsView(h.snapshot())).toMatchObject({ entry: { kind: 'renameItem', node: lesson }, failure: refused, isBusy: false });
    h.send(CLOSE);
    expect(selectTreeDialogsView(h.snapshot())).toMatchObject({ entry: null, failure: null });
  });

  it('duplicating elsewhere: the refusal stays in the dialog; a retry copies into the chosen training and says so', async () => {
    const h = started();
    h.send(elsewhere(lesson));
    h.send(confirm);
    expect(h.snapshot().can(CLOSE)).toBe(false);
    await h.settle('duplicateElsewhere', error('duplicateElsewhere', refused));
    expect(selectTreeDialogsView(h.snapshot())).toMatchObject({ duplicateElsewhere: lesson, failure: refused });
    h.send(confirm);
    await h.settle('duplicateElsewhere', done('duplicateElsewhere'));
    expect(h.inputs('duplicateElsewhere')).toEqual([{ node: lesson, target: other }, { node: lesson, target: other }]);
    expect(h.effects).toEqual([`duplicatedElsewhere:${lesson.name}→${other.name}`]);
  });

  it('the one-click duplicate reports its success or its failure and opens nothing', async () => {
    const h = started();
    h.send(duplicate(lesson));
    expect(selectTreeDialogsView(h.snapshot())).toMatchObject({ isDuplicatingHere: true, entry: null, duplicateElsewhere: null });
    await h.settle('duplicateHere', error('duplicateHere', offline));
    h.send(duplicate(lesson));
    await h.settle('duplicateHere', done('duplicateHere'));
    expect(h.effects).toEqual([`duplicateFailed:${offline.message}`, `duplicated:${lesson.name}`]);
  });

  it('SCORM: EXPERT (or a platform admin) gets the upload dialog, PRO the upgrade offer', () => {
    const expert = started(EXPERT);
    expert.send(addScorm(section));
    expect(selectTreeDialogsView(expert.snapshot())).toMatchObject({ scormSection: section, isUpgradeOffered: false });
    expert.send(scormAdded);
    expect(expert.effects).toEqual(['scormAdded:Paquet SCORM']);
    const admin = started({ plan: 'PRO', isPlatformAdmin: true });
    admin.send(addScorm(section));
    expect(selectTreeDialogsView(admin.snapshot()).scormSection).toEqual(section);
    const pro = started(PRO);
    pro.send(addScorm(section));
    expect(selectTreeDialogsView(pro.snapshot())).toMatchObject({ scormSection: null, isUpgradeOffered: true });
    pro.send(CLOSE);
    expect(pro.snapshot().value).toBe('idle');
  });
});

describe('createTreeDialogsActors', () => {
  describe('saveEntry', () => {
    itForwardsOneCall({
      what: 'the mode and the values',
      make: (call) => createTreeDialogsActors({ saveEntry: call as never, duplicate: () => Promise.resolve() }).saveEntry,
      input: { mode: { kind: 'newSection' }, values: { name: 'A', draft: true } },
      arg: { mode: { kind: 'newSection' }, values: { name: 'A', draft: true } },
      failure: refused,
      lateFailure: offline,
    });
  });
  describe('duplicate', () => {
    itForwardsOneCall({
      what: 'the entry and the target',
      make: (call) => createTreeDialogsActors({ saveEntry: () => Promise.resolve(), duplicate: call as never }).duplicate,
      input: { node: lesson, target: other },
      arg: { node: lesson, target: other },
      failure: refused,
      lateFailure: offline,
    });
  });
});
