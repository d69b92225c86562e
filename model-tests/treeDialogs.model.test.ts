/**
 * Model-based tests of machines/treeDialogs (ARCHITECTURE rule 7): xstate/graph paths over every state and
 * transition, for a store whose plan includes SCORM (EXPERT) in a browser that has confirmed no publish yet
 * (paths count up to the "Ne plus me demander" offer and tick it) and one whose plan does not (PRO) in a browser
 * whose hide-confirm flag is set, each walked against a REAL actor whose `saveEntry`, `duplicate` and `setDraft`
 * actors are controllable fakes and whose effect actions are recorded; plus hand-pinned transitions (the modes of
 * the entry dialog, the title rule, no closing while a call runs, a refusal kept in the dialog, the SCORM path and
 * its upgrade offer, the publish confirmation with its count and hide flag) and the actor factory.
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

type Invoke = 'saveEntry' | 'duplicateHere' | 'duplicateElsewhere' | 'setDraft';
type TreeModelEvent =
  | TreeDialogsEvent
  | DoneActorEvent<'saveEntry', undefined>
  | ErrorActorEvent<'saveEntry'>
  | DoneActorEvent<'duplicateHere', undefined>
  | ErrorActorEvent<'duplicateHere'>
  | DoneActorEvent<'duplicateElsewhere', undefined>
  | ErrorActorEvent<'duplicateElsewhere'>
  | DoneActorEvent<'setDraft', undefined>
  | ErrorActorEvent<'setDraft'>;
type TreeSnapshot = SnapshotFrom<typeof treeDialogsMachine>;
type TreePath = ModelPath<TreeSnapshot, TreeModelEvent>;
type TreeStep = ModelStep<TreeSnapshot, TreeModelEvent>;
type Leaf =
  | 'idle'
  | 'entry.editing'
  | 'entry.saving'
  | 'duplicatingHere'
  | 'elsewhere.choosing'
  | 'elsewhere.duplicating'
  | 'scorm'
  | 'scormUpgrade'
  | 'publication.confirming'
  | 'publication.saving';

// ─── Fixtures ────────────────────────────────────────────────────────────────────────────────────

const node = (id: number, type: TreeNode['type'], name: string): TreeNode =>
  ({ id, type, name, draft: false, parent_id: type === 'SECTION' ? null : 1, position: id, resources_count: 0, assignments_to_validate_count: 0 }) as unknown as TreeNode;
const section = node(1, 'SECTION', 'Chapitre 1');
const lesson = node(2, 'GENERIC', 'Leçon 1');
const draftVideo = { ...node(3, 'VIDEO', 'Vidéo 1'), draft: true } as TreeNode;
const other = { uuid: 't-2', name: 'Cuisine du marché' };
const refused: Failure = { status: 422, code: 'VALIDATION_FAILED', message: 'Données invalides', fieldErrors: { name: ['Déjà pris'] } };
const offline: Failure = { status: null, code: null, message: 'Réseau indisponible', fieldErrors: {} };
const EXPERT: Creator = { plan: 'EXPERT', isPlatformAdmin: false };
const PRO: Creator = { plan: 'PRO', isPlatformAdmin: false };
/** What the browser holds: the confirmed publishes and the hide-confirm flag. */
const FRESH = { confirmCount: 0, hideConfirm: false };

const NEW_SECTION = { type: 'NEW_SECTION' } as const;
const edit = (n: TreeNode) => ({ type: 'EDIT', node: n }) as const;
const duplicate = (n: TreeNode) => ({ type: 'DUPLICATE', node: n }) as const;
const elsewhere = (n: TreeNode) => ({ type: 'DUPLICATE_ELSEWHERE', node: n }) as const;
const addScorm = (s: TreeNode) => ({ type: 'ADD_SCORM', section: s }) as const;
const save = (name: string, draft = true) => ({ type: 'SAVE_ENTRY', values: { name, draft } }) as const;
const confirm = { type: 'CONFIRM_DUPLICATE', target: other } as const;
const scormAdded = { type: 'SCORM_ADDED', name: 'Paquet SCORM' } as const;
const CLOSE = { type: 'CLOSE' } as const;
const publish = (n: TreeNode) => ({ type: 'PUBLISH', node: n }) as const;
const unpublish = (n: TreeNode) => ({ type: 'UNPUBLISH', node: n }) as const;
const confirmPublish = (hideConfirm = false) => ({ type: 'CONFIRM_PUBLISH', hideConfirm }) as const;
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
  PUBLISH: [publish(draftVideo)],
  UNPUBLISH: [unpublish(lesson)],
  CONFIRM_PUBLISH: [confirmPublish(false), confirmPublish(true)],
  'xstate.done.actor.saveEntry': [done('saveEntry')],
  'xstate.error.actor.saveEntry': [error('saveEntry', refused)],
  'xstate.done.actor.duplicateHere': [done('duplicateHere')],
  'xstate.error.actor.duplicateHere': [error('duplicateHere', offline)],
  'xstate.done.actor.duplicateElsewhere': [done('duplicateElsewhere')],
  'xstate.error.actor.duplicateElsewhere': [error('duplicateElsewhere', refused)],
  'xstate.done.actor.setDraft': [done('setDraft')],
  'xstate.error.actor.setDraft': [error('setDraft', refused)],
} satisfies EventVariants<TreeModelEvent>;

// ─── Oracle, from the chart ──────────────────────────────────────────────────────────────────────

type Ctx = TreeSnapshot['context'];
type Stored = { confirmCount: number; hideConfirm: boolean };
const closed = (creator: Creator, { confirmCount, hideConfirm }: Stored): Ctx => ({
  creator,
  entry: null,
  node: null,
  target: null,
  problem: null,
  failure: null,
  confirmCount,
  hideConfirm,
  draft: null,
  confirmed: null,
});
const scormPlans = ['EXPERT'];
/** "Ne plus me demander" shows from the third showing of the publish confirmation. */
const offered = (c: Ctx) => c.confirmCount >= 2;

/** The leaf state and context after a step; the effects (actions) expected on it. */
function expectedAfter(from: TreeSnapshot | undefined, step: TreeStep, creator: Creator, stored: Stored): { leaf: Leaf; context: Ctx; effects: string[] } {
  const { event } = step;
  if (event.type === 'xstate.init' || !from) return { leaf: 'idle', context: closed(creator, stored), effects: [] };
  const leaf = leafStates(from.value)[0] as Leaf;
  const ctx = from.context;
  // The browser's count and flag live on through every dialog.
  const idle = closed(creator, ctx);
  const stay = { leaf, context: ctx, effects: [] as string[] };
  switch (leaf) {
    case 'idle':
      if (event.type === 'NEW_SECTION') return { leaf: 'entry.editing', context: { ...idle, entry: { kind: 'newSection' } }, effects: [] };
      if (event.type === 'EDIT') return { leaf: 'entry.editing', context: { ...idle, entry: event.node.type === 'SECTION' ? { kind: 'editSection', node: event.node } : { kind: 'renameItem', node: event.node } }, effects: [] };
      if (event.type === 'DUPLICATE') return { leaf: 'duplicatingHere', context: { ...idle, node: event.node }, effects: [] };
      if (event.type === 'DUPLICATE_ELSEWHERE') return { leaf: 'elsewhere.choosing', context: { ...idle, node: event.node }, effects: [] };
      if (event.type === 'ADD_SCORM')
        return scormPlans.includes(creator.plan) || creator.isPlatformAdmin ? { leaf: 'scorm', context: { ...idle, node: event.section }, effects: [] } : { leaf: 'scormUpgrade', context: ctx, effects: [] };
      if (event.type === 'PUBLISH') return { leaf: ctx.hideConfirm ? 'publication.saving' : 'publication.confirming', context: { ...idle, node: event.node, draft: false }, effects: [] };
      if (event.type === 'UNPUBLISH') return { leaf: 'publication.saving', context: { ...idle, node: event.node, draft: true }, effects: [] };
      return stay;
    case 'entry.editing':
      if (event.type === 'CLOSE') return { leaf: 'idle', context: idle, effects: [] };
      if (event.type === 'SAVE_ENTRY') return event.values.name.trim() === '' ? { leaf, context: { ...ctx, problem: 'required' }, effects: [] } : { leaf: 'entry.saving', context: { ...ctx, problem: null, failure: null }, effects: [] };
      return stay;
    case 'entry.saving':
      if (event.type === 'xstate.done.actor.saveEntry') return { leaf: 'idle', context: idle, effects: ['entrySaved'] };
      if (event.type === 'xstate.error.actor.saveEntry') return { leaf: 'entry.editing', context: { ...ctx, failure: event.error as Failure }, effects: [] };
      return stay;
    case 'duplicatingHere':
      if (event.type === 'xstate.done.actor.duplicateHere') return { leaf: 'idle', context: idle, effects: [`duplicated:${ctx.node!.name}`] };
      if (event.type === 'xstate.error.actor.duplicateHere') return { leaf: 'idle', context: idle, effects: [`duplicateFailed:${(event.error as Failure).message}`] };
      return stay;
    case 'elsewhere.choosing':
      if (event.type === 'CLOSE') return { leaf: 'idle', context: idle, effects: [] };
      if (event.type === 'CONFIRM_DUPLICATE') return { leaf: 'elsewhere.duplicating', context: { ...ctx, target: event.target, failure: null }, effects: [] };
      return stay;
    case 'elsewhere.duplicating':
      if (event.type === 'xstate.done.actor.duplicateElsewhere') return { leaf: 'idle', context: idle, effects: [`duplicatedElsewhere:${ctx.node!.name}→${ctx.target!.name}`] };
      if (event.type === 'xstate.error.actor.duplicateElsewhere') return { leaf: 'elsewhere.choosing', context: { ...ctx, failure: event.error as Failure }, effects: [] };
      return stay;
    case 'scorm':
      if (event.type === 'CLOSE') return { leaf: 'idle', context: idle, effects: [] };
      if (event.type === 'SCORM_ADDED') return { leaf: 'idle', context: idle, effects: [`scormAdded:${event.name}`] };
      return stay;
    case 'scormUpgrade':
      if (event.type === 'CLOSE') return { leaf: 'idle', context: idle, effects: [] };
      return stay;
    case 'publication.confirming':
      if (event.type === 'CLOSE') return { leaf: 'idle', context: idle, effects: [] };
      if (event.type === 'CONFIRM_PUBLISH') return { leaf: 'publication.saving', context: { ...ctx, confirmed: { hideNext: event.hideConfirm && offered(ctx) } }, effects: [] };
      return stay;
    case 'publication.saving': {
      if (event.type === 'xstate.error.actor.setDraft') return { leaf: 'idle', context: idle, effects: [`draftFailed:${(event.error as Failure).message}`] };
      if (event.type !== 'xstate.done.actor.setDraft') return stay;
      const changed = `draftChanged:${ctx.node!.name}:${ctx.draft}`;
      if (!ctx.confirmed) return { leaf: 'idle', context: idle, effects: [changed] };
      const count = ctx.confirmCount + 1;
      const hide = ctx.hideConfirm || ctx.confirmed.hideNext;
      return {
        leaf: 'idle',
        context: closed(creator, { confirmCount: count, hideConfirm: hide }),
        effects: [`storeConfirmCount:${count}`, ...(ctx.confirmed.hideNext ? ['storeHideConfirm'] : []), changed],
      };
    }
  }
}

/** The calls a step must start. */
function expectedCalls(from: TreeSnapshot | undefined, step: TreeStep) {
  const leaf = from && (leafStates(from.value)[0] as Leaf);
  const { event } = step;
  if (leaf === 'entry.editing' && event.type === 'SAVE_ENTRY' && event.values.name.trim() !== '') return [{ id: 'saveEntry', input: { mode: from!.context.entry, values: event.values } }];
  if (leaf === 'idle' && event.type === 'DUPLICATE') return [{ id: 'duplicateHere', input: { node: event.node, target: null } }];
  if (leaf === 'elsewhere.choosing' && event.type === 'CONFIRM_DUPLICATE') return [{ id: 'duplicateElsewhere', input: { node: from!.context.node, target: event.target } }];
  if (leaf === 'idle' && event.type === 'PUBLISH' && from!.context.hideConfirm) return [{ id: 'setDraft', input: { node: event.node, draft: false } }];
  if (leaf === 'idle' && event.type === 'UNPUBLISH') return [{ id: 'setDraft', input: { node: event.node, draft: true } }];
  if (leaf === 'publication.confirming' && event.type === 'CONFIRM_PUBLISH') return [{ id: 'setDraft', input: { node: from!.context.node, draft: false } }];
  return [];
}

function expectedView(s: TreeSnapshot) {
  const leaf = leafStates(s.value)[0] as Leaf;
  const inEntry = leaf.startsWith('entry.');
  const inElsewhere = leaf.startsWith('elsewhere.');
  const confirmOpen = leaf === 'publication.confirming' || (leaf === 'publication.saving' && s.context.confirmed !== null);
  return {
    entry: inEntry ? s.context.entry : null,
    duplicateElsewhere: inElsewhere ? s.context.node : null,
    scormSection: leaf === 'scorm' ? s.context.node : null,
    isUpgradeOffered: leaf === 'scormUpgrade',
    publishConfirm: confirmOpen ? s.context.node : null,
    isHideConfirmOffered: confirmOpen && offered(s.context),
    settingDraftOf: leaf === 'publication.saving' ? s.context.node : null,
    isBusy: leaf === 'entry.saving' || leaf === 'elsewhere.duplicating' || (leaf === 'publication.saving' && confirmOpen),
    isDuplicatingHere: leaf === 'duplicatingHere',
    problem: inEntry ? s.context.problem : null,
    failure: inEntry || inElsewhere ? s.context.failure : null,
  };
}

// ─── Harness ─────────────────────────────────────────────────────────────────────────────────────

function createTreeHarness(creator: Creator, stored: Stored = FRESH) {
  const effects: string[] = [];
  const h = createActorHarness<typeof treeDialogsMachine, Invoke>(treeDialogsMachine, {
    actors: ['saveEntry', 'duplicate', 'setDraft'],
    input: { creator, ...stored },
    actions: {
      entrySaved: () => void effects.push('entrySaved'),
      duplicated: (_, { node: n }: { node: TreeNode }) => void effects.push(`duplicated:${n.name}`),
      duplicateFailed: (_, { failure }: { failure: Failure }) => void effects.push(`duplicateFailed:${failure.message}`),
      duplicatedElsewhere: (_, { node: n, target }: { node: TreeNode; target: { name: string } }) => void effects.push(`duplicatedElsewhere:${n.name}→${target.name}`),
      scormAdded: (_, { name }: { name: string }) => void effects.push(`scormAdded:${name}`),
      draftChanged: (_, { node: n, draft }: { node: TreeNode; draft: boolean }) => void effects.push(`draftChanged:${n.name}:${draft}`),
      draftFailed: (_, { failure }: { failure: Failure }) => void effects.push(`draftFailed:${failure.message}`),
      storeConfirmCount: (_, { count }: { count: number }) => void effects.push(`storeConfirmCount:${count}`),
      storeHideConfirm: () => void effects.push('storeHideConfirm'),
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
  PUBLISH: send,
  UNPUBLISH: send,
  CONFIRM_PUBLISH: send,
  'xstate.done.actor.saveEntry': settle('saveEntry'),
  'xstate.error.actor.saveEntry': settle('saveEntry'),
  'xstate.done.actor.duplicateHere': settle('duplicateHere'),
  'xstate.error.actor.duplicateHere': settle('duplicateHere'),
  'xstate.done.actor.duplicateElsewhere': settle('duplicateElsewhere'),
  'xstate.error.actor.duplicateElsewhere': settle('duplicateElsewhere'),
  'xstate.done.actor.setDraft': settle('setDraft'),
  'xstate.error.actor.setDraft': settle('setDraft'),
} satisfies Record<TreeModelEvent['type'] | InitEvent['type'], Executor>;

const variants = [
  // From no publish confirmed, paths count up to the offer and set the flag themselves.
  { name: 'EXPERT store (SCORM included), no publish confirmed yet', creator: EXPERT, stored: FRESH },
  { name: 'PRO store (SCORM offers the upgrade), the hide-confirm flag already set', creator: PRO, stored: { confirmCount: 5, hideConfirm: true } },
] as const;

/** The count matters only up to the offer: past it, states differ by nothing the chart reads (a finite graph). */
const abstract = (s: TreeSnapshot) => JSON.stringify([s.value, { ...s.context, confirmCount: Math.min(s.context.confirmCount, 2) }]);

const generated = variants.map((variant) => {
  const { shortest, transitions } = generatePaths<typeof treeDialogsMachine, TreeModelEvent>(treeDialogsMachine, {
    events,
    input: { creator: variant.creator, ...variant.stored },
    serializeState: abstract,
  });
  return { ...variant, paths: dropPrefixPaths([...shortest, ...transitions] as TreePath[]) };
});

const walk = (path: TreePath, creator: Creator, stored: Stored) =>
  walkPath(path, {
    harness: () => createTreeHarness(creator, stored),
    execute: (h, step) => executors[step.event.type](h, step),
    mark: (h) => ({ effectsBefore: h.effects.length, callsBefore: h.invocations.length }),
    check: ({ harness: h, step, from, actual, before: { effectsBefore, callsBefore }, where }) => {
      const expected = expectedAfter(from, step, creator, stored);
      expect({ leaf: leafStates(actual.value)[0], context: actual.context, effects: h.effects.slice(effectsBefore) }, `${where}: the chart`).toEqual(expected);
      expect(h.invocations.slice(callsBefore), `${where}: calls`).toEqual(expectedCalls(from, step));
      expect(selectTreeDialogsView(actual), where).toEqual(expectedView(actual));
    },
  });

describe('content tree dialogs machine: generated paths', () => {
  it('the model lists every event and invoke of the machine', () => {
    expect([...invokeIds(treeDialogsMachine)].sort()).toEqual(['duplicateElsewhere', 'duplicateHere', 'saveEntry', 'setDraft']);
    const explored = new Set(flattenEvents<TreeModelEvent>(events).map((e) => e.type));
    for (const t of treeDialogsMachine.events) expect(explored, `event ${t} is not explored`).toContain(t);
  });

  it('paths (every variant together) cover every state and take every event type', () => {
    const all = [...allLeafStates(treeDialogsMachine)].sort();
    expect(all).toEqual(['duplicatingHere', 'elsewhere.choosing', 'elsewhere.duplicating', 'entry.editing', 'entry.saving', 'idle', 'publication.confirming', 'publication.saving', 'scorm', 'scormUpgrade']);
    const visited = new Set(generated.flatMap(({ paths, creator, stored }) => paths.flatMap((path) => [...visitedStates(treeDialogsMachine, path, { creator, ...stored })])));
    expect([...visited].sort()).toEqual(all);
    const taken = new Set(generated.flatMap(({ paths }) => paths.flatMap((path) => path.steps.map((s) => s.event.type))));
    for (const t of treeDialogsMachine.events) expect(taken, `no path takes ${t}`).toContain(t);
  });

  for (const { name, creator, stored, paths } of generated) {
    describe(name, () => {
      it.each(paths.map((path, i) => [`#${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
        await walk(path, creator, stored);
      });
    });
  }
});

describe('content tree dialogs machine: pinned transitions', () => {
  function started(creator: Creator = EXPERT, stored: Stored = FRESH) {
    const h = createTreeHarness(creator, stored);
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

describe('content tree dialogs machine: publishing from the tree', () => {
  async function publishConfirmed(h: TreeHarness, hideConfirm = false) {
    h.send(publish(draftVideo));
    const offer = selectTreeDialogsView(h.snapshot()).isHideConfirmOffered;
    h.send(confirmPublish(hideConfirm));
    await h.settle('setDraft', done('setDraft'));
    return offer;
  }

  it('asks first; every confirmed publish is counted; the third showing offers "Ne plus me demander", which then hides the dialog', async () => {
    const h = createTreeHarness(EXPERT, FRESH);
    h.start();
    h.send(publish(draftVideo));
    expect(selectTreeDialogsView(h.snapshot())).toMatchObject({ publishConfirm: draftVideo, isHideConfirmOffered: false, isBusy: false });
    expect(h.invocations).toEqual([]);
    h.send(confirmPublish(true)); // not offered yet: the tick is not heeded
    expect(selectTreeDialogsView(h.snapshot())).toMatchObject({ publishConfirm: draftVideo, isBusy: true, settingDraftOf: draftVideo });
    expect(h.snapshot().can(CLOSE)).toBe(false);
    await h.settle('setDraft', done('setDraft'));
    expect(await publishConfirmed(h)).toBe(false);
    expect(await publishConfirmed(h, true)).toBe(true);
    expect(h.inputs('setDraft')).toEqual(Array(3).fill({ node: draftVideo, draft: false }));
    expect(h.effects).toEqual([
      'storeConfirmCount:1',
      'draftChanged:Vidéo 1:false',
      'storeConfirmCount:2',
      'draftChanged:Vidéo 1:false',
      'storeConfirmCount:3',
      'storeHideConfirm',
      'draftChanged:Vidéo 1:false',
    ]);
    h.send(publish(draftVideo));
    expect(selectTreeDialogsView(h.snapshot())).toMatchObject({ publishConfirm: null, settingDraftOf: draftVideo, isBusy: false });
    await h.settle('setDraft', done('setDraft'));
    expect(h.effects.slice(7)).toEqual(['draftChanged:Vidéo 1:false']);
  });

  it('the flag read from the browser publishes at once; putting back to draft never asks', async () => {
    const h = createTreeHarness(PRO, { confirmCount: 7, hideConfirm: true });
    h.start();
    h.send(publish(draftVideo));
    expect(h.inputs('setDraft')).toEqual([{ node: draftVideo, draft: false }]);
    await h.settle('setDraft', done('setDraft'));
    const fresh = createTreeHarness(EXPERT, FRESH);
    fresh.start();
    fresh.send(unpublish(lesson));
    expect(selectTreeDialogsView(fresh.snapshot())).toMatchObject({ publishConfirm: null, settingDraftOf: lesson });
    await fresh.settle('setDraft', done('setDraft'));
    expect([...h.effects, ...fresh.effects]).toEqual(['draftChanged:Vidéo 1:false', 'draftChanged:Leçon 1:true']);
  });

  it('a refusal is a notice and changes nothing: not counted, no flag, the dialog closed; cancelling calls nothing', async () => {
    const h = createTreeHarness(EXPERT, { confirmCount: 2, hideConfirm: false });
    h.start();
    h.send(publish(draftVideo));
    h.send(CLOSE);
    expect(h.invocations).toEqual([]);
    h.send(publish(draftVideo));
    h.send(confirmPublish(true));
    await h.settle('setDraft', error('setDraft', refused));
    expect(h.effects).toEqual([`draftFailed:${refused.message}`]);
    expect(selectTreeDialogsView(h.snapshot())).toMatchObject({ publishConfirm: null, settingDraftOf: null });
    expect(h.snapshot().context).toMatchObject({ confirmCount: 2, hideConfirm: false });
    h.send(publish(draftVideo));
    expect(selectTreeDialogsView(h.snapshot())).toMatchObject({ publishConfirm: draftVideo, isHideConfirmOffered: true });
  });
});

describe('createTreeDialogsActors', () => {
  describe('saveEntry', () => {
    itForwardsOneCall({
      what: 'the mode and the values',
      make: (call) => createTreeDialogsActors({ saveEntry: call as never, duplicate: () => Promise.resolve(), setDraft: () => Promise.resolve() }).saveEntry,
      input: { mode: { kind: 'newSection' }, values: { name: 'A', draft: true } },
      arg: { mode: { kind: 'newSection' }, values: { name: 'A', draft: true } },
      failure: refused,
      lateFailure: offline,
    });
  });
  describe('duplicate', () => {
    itForwardsOneCall({
      what: 'the entry and the target',
      make: (call) => createTreeDialogsActors({ saveEntry: () => Promise.resolve(), duplicate: call as never, setDraft: () => Promise.resolve() }).duplicate,
      input: { node: lesson, target: other },
      arg: { node: lesson, target: other },
      failure: refused,
      lateFailure: offline,
    });
  });
  describe('setDraft', () => {
    itForwardsOneCall({
      what: 'the item and its draft value',
      make: (call) => createTreeDialogsActors({ saveEntry: () => Promise.resolve(), duplicate: () => Promise.resolve(), setDraft: call as never }).setDraft,
      input: { node: draftVideo, draft: false },
      arg: { node: draftVideo, draft: false },
      failure: refused,
      lateFailure: offline,
    });
  });
});
