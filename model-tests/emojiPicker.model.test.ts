/**
 * Model-based tests of machines/emojiPicker (ARCHITECTURE rule 7): xstate/graph paths over every state and
 * transition, walked against a REAL actor whose `loadEmojis` actor is a controllable fake and whose
 * `insertEmoji` action is recorded, checked against an oracle from the spec (the dropdown opens, closes, and
 * inserts the picked emoji on pick; the data loads once, when it first opens); plus pinned transitions.
 */
import { createActor, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createEmojiPickerActors } from '../machines/emojiPicker/emojiPicker.actors';
import { emojiPickerMachine, type EmojiGroup, type EmojiPickerContext, type EmojiPickerEvent } from '../machines/emojiPicker/emojiPicker.machine';
import { filterEmojiGroups, selectEmojiPickerView } from '../machines/emojiPicker/emojiPicker.selectors';
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

type EmojiModelEvent = EmojiPickerEvent | DoneActorEvent<'loadEmojis', readonly EmojiGroup[]> | ErrorActorEvent<'loadEmojis'>;
type EmojiSnapshot = SnapshotFrom<typeof emojiPickerMachine>;
type EmojiPath = ModelPath<EmojiSnapshot, EmojiModelEvent>;
type EmojiStep = ModelStep<EmojiSnapshot, EmojiModelEvent>;
type EmojiState = 'closed' | 'loading' | 'open' | 'failed';

const groups: readonly EmojiGroup[] = [
  { key: 'faces', emojis: [{ emoji: '😀', label: 'visage rieur', tags: ['sourire'] }] },
  { key: 'objects', emojis: [{ emoji: '💡', label: 'ampoule', tags: ['idée', 'électricité'] }] },
];
const offline = new Error('chunk failed');
const loaded = { type: 'xstate.done.actor.loadEmojis', output: groups } as const;
const loadFailed = { type: 'xstate.error.actor.loadEmojis', error: offline } as const;

const events = {
  OPEN: [{ type: 'OPEN' }],
  CLOSE: [{ type: 'CLOSE' }],
  PICK: [{ type: 'PICK', emoji: '💡' }],
  SEARCH: [{ type: 'SEARCH', query: 'idee' }],
  RETRY: [{ type: 'RETRY' }],
  'xstate.done.actor.loadEmojis': [loaded],
  'xstate.error.actor.loadEmojis': [loadFailed],
} satisfies EventVariants<EmojiModelEvent>;

// ─── Oracle, from the spec ───────────────────────────────────────────────────────────────────────

interface Expected {
  value: EmojiState;
  context: EmojiPickerContext;
  inserted: string[];
  loads: number;
}

function model(previous: Expected | undefined, { event }: EmojiStep): Expected {
  if (event.type === 'xstate.init' || !previous) return { value: 'closed', context: { groups: null, failure: null, query: '' }, inserted: [], loads: 0 };
  const next: Expected = { ...previous, context: { ...previous.context }, inserted: [...previous.inserted] };
  const load = (): Expected => ({ ...next, value: 'loading', loads: next.loads + 1, context: { ...next.context, failure: null } });
  switch (previous.value) {
    case 'closed':
      if (event.type === 'OPEN') {
        next.context.query = '';
        // Loaded once: the next openings show what is kept.
        return previous.context.groups === null ? load() : { ...next, value: 'open' };
      }
      break;
    case 'loading':
      if (event.type === 'xstate.done.actor.loadEmojis') return { ...next, value: 'open', context: { ...next.context, groups: event.output } };
      if (event.type === 'xstate.error.actor.loadEmojis') return { ...next, value: 'failed', context: { ...next.context, failure: event.error } };
      if (event.type === 'CLOSE') return { ...next, value: 'closed' };
      break;
    case 'open':
      if (event.type === 'PICK') return { ...next, value: 'closed', inserted: [...next.inserted, event.emoji] };
      if (event.type === 'SEARCH') return { ...next, context: { ...next.context, query: event.query } };
      if (event.type === 'CLOSE') return { ...next, value: 'closed' };
      break;
    case 'failed':
      if (event.type === 'RETRY') return load();
      if (event.type === 'CLOSE') return { ...next, value: 'closed' };
      break;
  }
  return next;
}

function createEmojiHarness() {
  const inserted: string[] = [];
  const h = createActorHarness<typeof emojiPickerMachine, 'loadEmojis'>(emojiPickerMachine, {
    actors: ['loadEmojis'],
    actions: { insertEmoji: (_, params: { emoji: string }) => void inserted.push(params.emoji) },
  });
  return Object.assign(h, { inserted });
}
type EmojiHarness = ReturnType<typeof createEmojiHarness>;
type Executor = (h: EmojiHarness, step: EmojiStep) => void | Promise<void>;
const send: Executor = (h, { event }) => h.send(event as EmojiPickerEvent);
const executors = {
  'xstate.init': (h) => h.start(),
  OPEN: send,
  CLOSE: send,
  PICK: send,
  SEARCH: send,
  RETRY: send,
  'xstate.done.actor.loadEmojis': (h, { event }) => h.settle('loadEmojis', event),
  'xstate.error.actor.loadEmojis': (h, { event }) => h.settle('loadEmojis', event),
} satisfies Record<EmojiModelEvent['type'] | InitEvent['type'], Executor>;

const { shortest, transitions } = generatePaths<typeof emojiPickerMachine, EmojiModelEvent>(emojiPickerMachine, { events });
const paths = dropPrefixPaths([...shortest, ...transitions] as EmojiPath[]);

const walk = (path: EmojiPath) =>
  walkPath(path, {
    harness: createEmojiHarness,
    execute: (h, step) => executors[step.event.type](h, step),
    model,
    check: ({ harness: h, actual, expected, where }) => {
      expect({ value: actual.value, context: actual.context }, `${where}: the chart`).toEqual({ value: expected.value, context: expected.context });
      expect({ inserted: h.inserted, loads: h.inputs('loadEmojis').length }, `${where}: effects`).toEqual({ inserted: expected.inserted, loads: expected.loads });
      const view = selectEmojiPickerView(actual);
      expect({ isOpen: view.isOpen, isLoading: view.isLoading, hasFailed: view.hasFailed, shown: view.groups.map((group) => group.key) }, where).toEqual({
        isOpen: expected.value !== 'closed',
        isLoading: expected.value === 'loading',
        hasFailed: expected.value === 'failed',
        // 'idee' finds the light bulb by its tag "idée" (accents ignored).
        shown: expected.value === 'open' ? (expected.context.query === '' ? ['faces', 'objects'] : ['objects']) : [],
      });
    },
  });

describe('emoji picker machine: generated paths', () => {
  it('the model lists every event and invoke of the machine, and the paths reach and rest in every state', () => {
    expect(invokeIds(emojiPickerMachine)).toEqual(['loadEmojis']);
    const explored = new Set(flattenEvents<EmojiModelEvent>(events).map((e) => e.type));
    for (const t of emojiPickerMachine.events) expect(explored, `event ${t} is not explored`).toContain(t);
    expect([...allLeafStates(emojiPickerMachine)].sort()).toEqual(['closed', 'failed', 'loading', 'open']);
    expectEveryStateCovered(emojiPickerMachine, [{ paths }]);
  });

  it.each(paths.map((path, i) => [`#${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
    await walk(path);
  });
});

describe('emoji picker machine: pinned transitions', () => {
  it('closing while the data loads cancels the load; the next opening loads again', async () => {
    const h = createEmojiHarness();
    h.start();
    h.send({ type: 'OPEN' });
    h.send({ type: 'CLOSE' });
    expect(h.aborted).toEqual(['loadEmojis']);
    h.send({ type: 'OPEN' });
    await h.settle('loadEmojis', loaded);
    h.send({ type: 'PICK', emoji: '😀' });
    h.send({ type: 'OPEN' });
    expect(h.snapshot().value).toBe('open');
    expect(h.inputs('loadEmojis')).toHaveLength(2);
    expect(h.inserted).toEqual(['😀']);
  });

  it('the search is cleared on each opening and PICK is ignored unless the emoji are shown', async () => {
    const h = createEmojiHarness();
    h.start();
    h.send({ type: 'OPEN' });
    expect(h.snapshot().can({ type: 'PICK', emoji: '😀' })).toBe(false);
    await h.settle('loadEmojis', loaded);
    h.send({ type: 'SEARCH', query: 'ampoule' });
    h.send({ type: 'CLOSE' });
    h.send({ type: 'OPEN' });
    expect(selectEmojiPickerView(h.snapshot()).query).toBe('');
  });

  it('filters by words of the name or tags, accents and case ignored', () => {
    expect(filterEmojiGroups(groups, 'RIEUR').map((group) => group.key)).toEqual(['faces']);
    expect(filterEmojiGroups(groups, 'electri')).toEqual([{ key: 'objects', emojis: [groups[1]!.emojis[0]] }]);
    expect(filterEmojiGroups(groups, 'zèbre')).toEqual([]);
    expect(filterEmojiGroups(groups, '  ')).toEqual(groups);
  });

  it('without provide(), loadEmojis and insertEmoji are not silent no-ops', async () => {
    const actor = createActor(emojiPickerMachine);
    actor.start();
    actor.send({ type: 'OPEN' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(actor.getSnapshot().value).toBe('failed');
    expect(String(actor.getSnapshot().context.failure)).toMatch(/loadEmojis not provided/);
    const errors: unknown[] = [];
    const withLoad = createActor(emojiPickerMachine.provide({ actors: createEmojiPickerActors({ load: async () => groups }) }));
    withLoad.subscribe({ error: (error) => errors.push(error) });
    withLoad.start();
    withLoad.send({ type: 'OPEN' });
    await new Promise((resolve) => setImmediate(resolve));
    withLoad.send({ type: 'PICK', emoji: '😀' });
    expect(String(errors[0])).toMatch(/insertEmoji not provided/);
  });
});

describe('createEmojiPickerActors', () => {
  it('forwards the abort signal and answers the groups', async () => {
    const signals: AbortSignal[] = [];
    const actor = createActor(createEmojiPickerActors({ load: async (signal) => (signals.push(signal), groups) }).loadEmojis);
    const output = new Promise((resolve) => actor.subscribe({ complete: () => resolve(actor.getSnapshot().output) }));
    actor.start();
    expect(await output).toBe(groups);
    expect(signals[0]).toBeInstanceOf(AbortSignal);
  });
});
