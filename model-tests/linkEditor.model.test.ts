/**
 * Model-based tests of machines/linkEditor (ARCHITECTURE rule 7): xstate/graph paths over every state and
 * transition, walked against a REAL actor whose `applyLink` and `removeLink` actions are recorded, checked
 * against an oracle written from the spec (link flow, link address rule); plus pinned transitions.
 */
import { createActor, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { linkEditorMachine, type LinkEditorContext, type LinkEditorEvent } from '../machines/linkEditor/linkEditor.machine';
import { selectLinkEditorView } from '../machines/linkEditor/linkEditor.selectors';
import { allLeafStates, describePath, dropPrefixPaths, flattenEvents, generatePaths, type EventVariants, type InitEvent, type ModelPath, type ModelStep } from './support/graph';
import { createActorHarness } from './support/harness';
import { expectEveryStateCovered, walkPath } from './support/walkPaths';

type LinkSnapshot = SnapshotFrom<typeof linkEditorMachine>;
type LinkPath = ModelPath<LinkSnapshot, LinkEditorEvent>;
type LinkStep = ModelStep<LinkSnapshot, LinkEditorEvent>;
type LinkState = 'closed' | 'alerting' | 'editing';

const existing = 'https://exemple.fr/ancien';
const events = {
  OPEN: [
    { type: 'OPEN', hasSelection: true, currentHref: '' },
    { type: 'OPEN', hasSelection: false, currentHref: existing },
    { type: 'OPEN', hasSelection: false, currentHref: '' },
  ],
  INPUT: [
    { type: 'INPUT', value: 'exemple.fr/page' },
    { type: 'INPUT', value: 'javascript:alert(1)' },
  ],
  SAVE: [{ type: 'SAVE' }],
  REMOVE: [{ type: 'REMOVE' }],
  CANCEL: [{ type: 'CANCEL' }],
} satisfies EventVariants<LinkEditorEvent>;

/** What the spec's address rule saves for what was typed (written out, not computed by the app's parser). */
const SAVED: Record<string, string | null> = {
  '': null,
  'exemple.fr/page': 'https://exemple.fr/page',
  'javascript:alert(1)': null,
  [existing]: existing,
};

// ─── Oracle, from the spec ───────────────────────────────────────────────────────────────────────

interface Expected {
  value: LinkState;
  context: LinkEditorContext;
  applied: string[];
  removed: number;
}

function model(previous: Expected | undefined, { event }: LinkStep): Expected {
  if (event.type === 'xstate.init' || !previous) return { value: 'closed', context: { input: '', currentHref: '', showError: false }, applied: [], removed: 0 };
  const next: Expected = { ...previous, context: { ...previous.context }, applied: [...previous.applied] };
  const e = event as LinkEditorEvent;
  switch (previous.value) {
    case 'closed':
      if (e.type === 'OPEN') {
        // With no selected text and no link under the cursor, an alert asks to select text first.
        if (e.hasSelection || e.currentHref !== '') return { ...next, value: 'editing', context: { input: e.currentHref, currentHref: e.currentHref, showError: false } };
        return { ...next, value: 'alerting', context: { input: '', currentHref: '', showError: false } };
      }
      break;
    case 'alerting':
      if (e.type === 'CANCEL') return { ...next, value: 'closed' };
      break;
    case 'editing':
      if (e.type === 'INPUT') return { ...next, context: { ...next.context, input: e.value, showError: false } };
      if (e.type === 'SAVE') {
        const href = SAVED[previous.context.input];
        if (href === undefined) throw new Error(`no oracle for ${previous.context.input}`);
        // The form does nothing unless the address is valid (it says why).
        if (href === null) return { ...next, context: { ...next.context, showError: true } };
        return { ...next, value: 'closed', applied: [...next.applied, href] };
      }
      // Delete shows (and acts) only when an address exists.
      if (e.type === 'REMOVE' && previous.context.currentHref !== '') return { ...next, value: 'closed', removed: next.removed + 1 };
      if (e.type === 'CANCEL') return { ...next, value: 'closed' };
      break;
  }
  return next;
}

function createLinkHarness() {
  const applied: string[] = [];
  let removed = 0;
  const h = createActorHarness(linkEditorMachine, {
    actions: {
      applyLink: (_, params: { href: string }) => void applied.push(params.href),
      removeLink: () => void (removed += 1),
    },
  });
  return Object.assign(h, { applied, removed: () => removed });
}
type LinkHarness = ReturnType<typeof createLinkHarness>;
type Executor = (h: LinkHarness, step: LinkStep) => void;
const send: Executor = (h, { event }) => h.send(event as LinkEditorEvent);
const executors = {
  'xstate.init': (h) => h.start(),
  OPEN: send,
  INPUT: send,
  SAVE: send,
  REMOVE: send,
  CANCEL: send,
} satisfies Record<LinkEditorEvent['type'] | InitEvent['type'], Executor>;

const { shortest, transitions } = generatePaths<typeof linkEditorMachine, LinkEditorEvent>(linkEditorMachine, { events });
const paths = dropPrefixPaths([...shortest, ...transitions] as LinkPath[]);

const walk = (path: LinkPath) =>
  walkPath(path, {
    harness: createLinkHarness,
    execute: (h, step) => executors[step.event.type](h, step),
    model,
    check: ({ harness: h, actual, expected, where }) => {
      expect({ value: actual.value, context: actual.context }, `${where}: the chart`).toEqual({ value: expected.value, context: expected.context });
      expect({ applied: h.applied, removed: h.removed() }, `${where}: effects`).toEqual({ applied: expected.applied, removed: expected.removed });
      const view = selectLinkEditorView(actual);
      expect(view, where).toEqual({
        isEditing: expected.value === 'editing',
        isAlerting: expected.value === 'alerting',
        input: expected.context.input,
        isValid: (SAVED[expected.context.input] ?? null) !== null,
        canRemove: expected.value === 'editing' && expected.context.currentHref !== '',
        showError: expected.value === 'editing' && expected.context.showError,
      });
    },
  });

describe('link editor machine: generated paths', () => {
  it('the model lists every event of the machine, and the paths reach and rest in every state', () => {
    const explored = new Set(flattenEvents<LinkEditorEvent>(events).map((e) => e.type));
    for (const t of linkEditorMachine.events) expect(explored, `event ${t} is not explored`).toContain(t);
    expect([...allLeafStates(linkEditorMachine)].sort()).toEqual(['alerting', 'closed', 'editing']);
    expectEveryStateCovered(linkEditorMachine, [{ paths }]);
  });

  it.each(paths.map((path, i) => [`#${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
    await walk(path);
  });
});

describe('link editor machine: pinned transitions', () => {
  function started() {
    const h = createLinkHarness();
    h.start();
    return h;
  }

  it('a bare cursor outside any link: the alert, then nothing is linked', () => {
    const h = started();
    h.send({ type: 'OPEN', hasSelection: false, currentHref: '' });
    expect(selectLinkEditorView(h.snapshot())).toMatchObject({ isAlerting: true, isEditing: false });
    h.send({ type: 'SAVE' });
    h.send({ type: 'CANCEL' });
    expect(h.snapshot().value).toBe('closed');
    expect(h.applied).toEqual([]);
  });

  it('an invalid address: SAVE does nothing but say why; typing clears the error; a valid one is saved', () => {
    const h = started();
    h.send({ type: 'OPEN', hasSelection: true, currentHref: '' });
    expect(selectLinkEditorView(h.snapshot()).canRemove).toBe(false);
    h.send({ type: 'SAVE' });
    expect(selectLinkEditorView(h.snapshot())).toMatchObject({ isEditing: true, showError: true, isValid: false });
    h.send({ type: 'INPUT', value: 'ftp://exemple.fr' });
    expect(selectLinkEditorView(h.snapshot()).showError).toBe(false);
    h.send({ type: 'SAVE' });
    expect(h.applied).toEqual([]);
    h.send({ type: 'INPUT', value: 'http://exemple.fr' });
    h.send({ type: 'SAVE' });
    expect(h.applied).toEqual(['http://exemple.fr']);
    expect(h.snapshot().value).toBe('closed');
  });

  it('an existing link opens with its address; delete removes it; REMOVE on a new link is ignored', () => {
    const h = started();
    h.send({ type: 'OPEN', hasSelection: false, currentHref: existing });
    expect(selectLinkEditorView(h.snapshot())).toMatchObject({ input: existing, canRemove: true });
    h.send({ type: 'REMOVE' });
    expect(h.removed()).toBe(1);
    h.send({ type: 'OPEN', hasSelection: true, currentHref: '' });
    expect(h.snapshot().can({ type: 'REMOVE' })).toBe(false);
  });

  it('without provide(), applyLink and removeLink are not silent no-ops', () => {
    const errors: unknown[] = [];
    const actor = createActor(linkEditorMachine);
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    actor.send({ type: 'OPEN', hasSelection: true, currentHref: '' });
    actor.send({ type: 'INPUT', value: 'https://exemple.fr' });
    actor.send({ type: 'SAVE' });
    expect(String(errors[0])).toMatch(/applyLink not provided/);
  });
});
