/**
 * Model-based tests of machines/crmTags (a customer's CRM tags, issue 14): xstate/graph paths over every state and
 * transition, walked against a REAL actor whose `add` and `remove` are controllable fakes, each step checked against
 * an oracle written by hand from the chart; plus pinned transitions and the actor factory.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import { createCrmTagsActors } from '../machines/crmTags/crmTags.actors';
import { crmTagsMachine, type CrmTag, type CrmTagsEvent, type TagInput } from '../machines/crmTags/crmTags.machine';
import { selectCrmTagsView } from '../machines/crmTags/crmTags.selectors';
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
  type ModelPath,
  type ModelStep,
} from './support/graph';
import { createActorHarness } from './support/harness';
import { expectEveryStateCovered, walkPath } from './support/walkPaths';

type ModelEvent = CrmTagsEvent | DoneActorEvent<'add', CrmTag[]> | ErrorActorEvent<'add'> | DoneActorEvent<'remove', CrmTag[]> | ErrorActorEvent<'remove'>;
type Snapshot = SnapshotFrom<typeof crmTagsMachine>;
type Path = ModelPath<Snapshot, ModelEvent>;
type Step = ModelStep<Snapshot, ModelEvent>;

const relance: CrmTag = { id: 1, value: 'Relance' };
const vip: CrmTag = { id: 2, value: 'VIP' };
const serverDown: Failure = { status: 500, code: 'SERVER_ERROR', message: 'Une erreur est survenue', fieldErrors: {} };

const events = {
  // Blank, a duplicate in another case, too long, acceptable with spaces to fold.
  CHANGE: [
    { type: 'CHANGE', value: '  ' },
    { type: 'CHANGE', value: 'relance' },
    { type: 'CHANGE', value: 'x'.repeat(65) },
    { type: 'CHANGE', value: '  VIP ' },
  ],
  ADD: [{ type: 'ADD' }],
  REMOVE: [{ type: 'REMOVE', value: 'Relance' }],
  SYNC: [{ type: 'SYNC', tags: [] }],
  'xstate.done.actor.add': [{ type: 'xstate.done.actor.add', output: [relance, vip] }],
  'xstate.error.actor.add': [{ type: 'xstate.error.actor.add', error: serverDown }],
  'xstate.done.actor.remove': [{ type: 'xstate.done.actor.remove', output: [] }],
  'xstate.error.actor.remove': [{ type: 'xstate.error.actor.remove', error: serverDown }],
} satisfies EventVariants<ModelEvent>;

// ─── Oracle (from the chart in crmTags.machine.ts and the contract: 1 to 64 characters, case-insensitive) ──
const folded = (value: string) => value.trim().replace(/\s+/g, ' ');
function problemOf(draft: string, tags: CrmTag[]) {
  const tag = folded(draft);
  if (tag === '') return 'required';
  if (tag.length > 64) return 'tooLong';
  return tags.some((t) => t.value.toLowerCase() === tag.toLowerCase()) ? 'duplicate' : null;
}

function expectedAfter(from: Snapshot | undefined, { event }: Step) {
  if (event.type === 'xstate.init' || !from) return { value: 'idle', context: { tags: [relance], draft: '', problem: null, pending: null, failure: null } };
  const context = { ...from.context };
  const value = from.value as 'idle' | 'adding' | 'removing';
  if (value === 'idle') {
    if (event.type === 'CHANGE') return { value, context: { ...context, draft: event.value, problem: null } };
    if (event.type === 'SYNC') return { value, context: { ...context, tags: event.tags } };
    if (event.type === 'REMOVE') return { value: 'removing', context: { ...context, pending: event.value, problem: null, failure: null } };
    if (event.type === 'ADD') {
      const problem = problemOf(context.draft, context.tags);
      return problem ? { value, context: { ...context, problem } } : { value: 'adding', context: { ...context, problem: null, failure: null } };
    }
  }
  if (value === 'adding') {
    if (event.type === 'xstate.done.actor.add') return { value: 'idle', context: { ...context, tags: event.output, draft: '' } };
    if (event.type === 'xstate.error.actor.add') return { value: 'idle', context: { ...context, failure: event.error } };
  }
  if (value === 'removing') {
    if (event.type === 'xstate.done.actor.remove') return { value: 'idle', context: { ...context, tags: event.output, pending: null } };
    if (event.type === 'xstate.error.actor.remove') return { value: 'idle', context: { ...context, failure: event.error, pending: null } };
  }
  return { value, context };
}

const expectedCalls = (from: Snapshot | undefined, step: Step, kind: 'add' | 'remove'): TagInput[] => {
  if (!from?.matches('idle')) return [];
  if (kind === 'add' && step.event.type === 'ADD' && problemOf(from.context.draft, from.context.tags) === null) return [{ value: folded(from.context.draft) }];
  if (kind === 'remove' && step.event.type === 'REMOVE') return [{ value: step.event.value }];
  return [];
};

const harnessOf = () => createActorHarness<typeof crmTagsMachine, 'add' | 'remove'>(crmTagsMachine, { actors: ['add', 'remove'], input: { tags: [relance] } });
type Harness = ReturnType<typeof harnessOf>;
const execute = (h: Harness, { event }: Step) => {
  if (event.type === 'xstate.init') return h.start();
  if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) return h.settle(event.type.endsWith('.add') ? 'add' : 'remove', event);
  return h.send(event as CrmTagsEvent);
};

const { shortest, transitions } = generatePaths<typeof crmTagsMachine, ModelEvent>(crmTagsMachine, { events, input: { tags: [relance] } });
const paths = dropPrefixPaths([...shortest, ...transitions] as Path[]);

describe('CRM tags machine: generated paths', () => {
  it('the model lists every event and invoke, and the paths cover every state', () => {
    expect(invokeIds(crmTagsMachine).sort()).toEqual(['add', 'remove']);
    const explored = new Set(flattenEvents(events).map((e) => e.type));
    for (const type of crmTagsMachine.events) expect(explored).toContain(type);
    expect([...allLeafStates(crmTagsMachine)].sort()).toEqual(['adding', 'idle', 'removing']);
    expectEveryStateCovered(crmTagsMachine, [{ input: { tags: [relance] }, paths }], {});
  });

  it('paths show every problem and a failure', () => {
    const steps = paths.flatMap((path) => path.steps);
    expect(new Set(steps.map((s) => selectCrmTagsView(s.state).problem))).toEqual(new Set(['required', 'tooLong', 'duplicate', null]));
    expect(steps.some((s) => selectCrmTagsView(s.state).failure !== null)).toBe(true);
  });

  it.each(paths.map((path, i) => [`#${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
    await walkPath(path, {
      harness: harnessOf,
      execute,
      mark: (h: Harness) => ({ adds: h.inputs('add').length, removes: h.inputs('remove').length }),
      check: ({ harness: h, step, from, actual, before, where }) => {
        expect({ value: actual.value, context: actual.context }, where).toEqual(expectedAfter(from, step));
        expect(selectCrmTagsView(actual).isBusy, where).toBe(!actual.matches('idle'));
        expect(h.inputs('add').slice(before.adds), `${where}: add`).toEqual(expectedCalls(from, step, 'add'));
        expect(h.inputs('remove').slice(before.removes), `${where}: remove`).toEqual(expectedCalls(from, step, 'remove'));
      },
    });
  });
});

describe('CRM tags machine: pinned', () => {
  it('adds the folded tag, then empties the field; a second ADD of it is a duplicate', async () => {
    const h = harnessOf();
    h.start();
    h.send({ type: 'CHANGE', value: '  Très   VIP ' });
    h.send({ type: 'ADD' });
    expect(h.inputs('add')).toEqual([{ value: 'Très VIP' }]);
    expect(h.snapshot().can({ type: 'REMOVE', value: 'Relance' })).toBe(false);
    await h.settle('add', { type: 'xstate.done.actor.add', output: [relance, { id: 3, value: 'Très VIP' }] });
    expect(selectCrmTagsView(h.snapshot())).toMatchObject({ draft: '', isBusy: false, tags: [relance, { id: 3, value: 'Très VIP' }] });
    h.send({ type: 'CHANGE', value: 'très vip' });
    h.send({ type: 'ADD' });
    expect(selectCrmTagsView(h.snapshot()).problem).toBe('duplicate');
  });

  it('the actor factory forwards the value and the abort signal, and answers the server\'s tags', async () => {
    const calls: unknown[][] = [];
    const actors = createCrmTagsActors({
      add: async (value, signal) => (calls.push(['add', value, signal instanceof AbortSignal]), [relance, vip]),
      remove: async (value, signal) => (calls.push(['remove', value, signal instanceof AbortSignal]), []),
    });
    const run = (logic: (typeof actors)['add'], input: TagInput) =>
      new Promise((resolve, reject) => {
        const actor = createActor(logic, { input });
        actor.subscribe({ complete: () => resolve(actor.getSnapshot().output), error: reject });
        actor.start();
      });
    expect(await run(actors.add, { value: 'VIP' })).toEqual([relance, vip]);
    expect(await run(actors.remove, { value: 'VIP' })).toEqual([]);
    expect(calls).toEqual([['add', 'VIP', true], ['remove', 'VIP', true]]);
  });
});
