/**
 * Model-based tests of machines/crmNotes (a customer's CRM notes, issue 14): xstate/graph paths over every state and
 * transition, walked against a REAL actor whose `save` and `remove` are controllable fakes, each step checked against
 * an oracle written by hand from the chart (HISTORY notes are never edited nor deleted); plus pinned transitions and
 * the actor factory.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import { createCrmNotesActors } from '../machines/crmNotes/crmNotes.actors';
import { crmNotesMachine, type CrmNote, type CrmNotesEvent, type SaveNoteInput } from '../machines/crmNotes/crmNotes.machine';
import { selectCrmNotesView } from '../machines/crmNotes/crmNotes.selectors';
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

type ModelEvent = CrmNotesEvent | DoneActorEvent<'save', CrmNote> | ErrorActorEvent<'save'> | DoneActorEvent<'remove', undefined> | ErrorActorEvent<'remove'>;
type Snapshot = SnapshotFrom<typeof crmNotesMachine>;
type Path = ModelPath<Snapshot, ModelEvent>;
type Step = ModelStep<Snapshot, ModelEvent>;

const at = '2026-11-26T10:00:00.000Z';
const history: CrmNote = { id: 1, type: 'HISTORY', content: 'Apprenant créé par l’équipe.', author: null, created_at: at, updated_at: at };
const general: CrmNote = { id: 2, type: 'GENERAL', content: 'A appelé.', author: { uuid: '6f1c1a52-52a4-4b8f-a2b7-5a4f0a000001', display_name: 'Olivia', picture: null }, created_at: at, updated_at: at };
const fresh: CrmNote = { ...general, id: 3, content: 'Relancer lundi' };
const edited: CrmNote = { ...general, content: 'Relancer lundi' };
const initial = [general, history];
const serverDown: Failure = { status: 500, code: 'SERVER_ERROR', message: 'Une erreur est survenue', fieldErrors: {} };

const events = {
  CHANGE: [
    { type: 'CHANGE', value: '   ' },
    { type: 'CHANGE', value: 'x'.repeat(5001) },
    { type: 'CHANGE', value: ' Relancer lundi ' },
  ],
  EDIT: [
    { type: 'EDIT', id: 2 },
    { type: 'EDIT', id: 1 },
  ],
  CANCEL: [{ type: 'CANCEL' }],
  SAVE: [{ type: 'SAVE' }],
  DELETE: [
    { type: 'DELETE', id: 2 },
    { type: 'DELETE', id: 1 },
  ],
  SYNC: [{ type: 'SYNC', notes: [history] }],
  'xstate.done.actor.save': [
    { type: 'xstate.done.actor.save', output: fresh },
    { type: 'xstate.done.actor.save', output: edited },
  ],
  'xstate.error.actor.save': [{ type: 'xstate.error.actor.save', error: serverDown }],
  'xstate.done.actor.remove': [{ type: 'xstate.done.actor.remove', output: undefined }],
  'xstate.error.actor.remove': [{ type: 'xstate.error.actor.remove', error: serverDown }],
} satisfies EventVariants<ModelEvent>;

// The server answers the note that was saved: a new id for a new note, the same id for an edit.
const consistent = (s: Snapshot, e: ModelEvent) =>
  e.type !== 'xstate.done.actor.save' || (s.context.editing === null ? e.output.id === fresh.id : e.output.id === s.context.editing);

// ─── Oracle ──
const problemOf = (draft: string) => (draft.trim() === '' ? 'required' : draft.trim().length > 5000 ? 'tooLong' : null);
const isGeneral = (notes: CrmNote[], id: number) => notes.some((n) => n.id === id && n.type === 'GENERAL');

function expectedAfter(from: Snapshot | undefined, { event }: Step) {
  if (event.type === 'xstate.init' || !from) return { value: 'idle', context: { notes: initial, draft: '', editing: null, pending: null, problem: null, failure: null } };
  const c = { ...from.context };
  const value = from.value as 'idle' | 'saving' | 'deleting';
  if (value === 'idle') {
    switch (event.type) {
      case 'CHANGE':
        return { value, context: { ...c, draft: event.value, problem: null } };
      case 'EDIT':
        return isGeneral(c.notes, event.id) ? { value, context: { ...c, editing: event.id, draft: c.notes.find((n) => n.id === event.id)!.content, problem: null } } : { value, context: c };
      case 'CANCEL':
        return { value, context: { ...c, editing: null, draft: '', problem: null } };
      case 'SAVE': {
        const problem = problemOf(c.draft);
        return problem ? { value, context: { ...c, problem } } : { value: 'saving', context: { ...c, problem: null, failure: null } };
      }
      case 'DELETE':
        return isGeneral(c.notes, event.id) ? { value: 'deleting', context: { ...c, pending: event.id, problem: null, failure: null } } : { value, context: c };
      case 'SYNC':
        return { value, context: { ...c, notes: event.notes } };
    }
  }
  if (value === 'saving' && event.type === 'xstate.done.actor.save') {
    const notes = c.notes.some((n) => n.id === event.output.id) ? c.notes.map((n) => (n.id === event.output.id ? event.output : n)) : [event.output, ...c.notes];
    return { value: 'idle', context: { ...c, notes, draft: '', editing: null } };
  }
  if (value === 'saving' && event.type === 'xstate.error.actor.save') return { value: 'idle', context: { ...c, failure: event.error } };
  if (value === 'deleting' && event.type === 'xstate.done.actor.remove') {
    const dropEdit = c.editing === c.pending ? { editing: null, draft: '' } : {};
    return { value: 'idle', context: { ...c, notes: c.notes.filter((n) => n.id !== c.pending), ...dropEdit, pending: null } };
  }
  if (value === 'deleting' && event.type === 'xstate.error.actor.remove') return { value: 'idle', context: { ...c, failure: event.error, pending: null } };
  return { value, context: c };
}

function expectedSaves(from: Snapshot | undefined, step: Step): SaveNoteInput[] {
  if (!from?.matches('idle') || step.event.type !== 'SAVE' || problemOf(from.context.draft)) return [];
  return [{ ...(from.context.editing !== null ? { id: from.context.editing } : {}), content: from.context.draft.trim() }];
}
function expectedRemoves(from: Snapshot | undefined, step: Step) {
  if (!from?.matches('idle') || step.event.type !== 'DELETE' || !isGeneral(from.context.notes, step.event.id)) return [];
  return [{ id: step.event.id }];
}

const harnessOf = () => createActorHarness<typeof crmNotesMachine, 'save' | 'remove'>(crmNotesMachine, { actors: ['save', 'remove'], input: { notes: initial } });
type Harness = ReturnType<typeof harnessOf>;
const execute = (h: Harness, { event }: Step) => {
  if (event.type === 'xstate.init') return h.start();
  if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) return h.settle(event.type.endsWith('.save') ? 'save' : 'remove', event);
  return h.send(event as CrmNotesEvent);
};

const { shortest, transitions } = generatePaths<typeof crmNotesMachine, ModelEvent>(crmNotesMachine, { events, input: { notes: initial }, filterEvents: consistent });
const paths = dropPrefixPaths([...shortest, ...transitions] as Path[]);

describe('CRM notes machine: generated paths', () => {
  it('the model lists every event and invoke, and the paths cover every state', () => {
    expect(invokeIds(crmNotesMachine).sort()).toEqual(['remove', 'save']);
    const explored = new Set(flattenEvents(events).map((e) => e.type));
    for (const type of crmNotesMachine.events) expect(explored).toContain(type);
    expect([...allLeafStates(crmNotesMachine)].sort()).toEqual(['deleting', 'idle', 'saving']);
    expectEveryStateCovered(crmNotesMachine, [{ input: { notes: initial }, paths }], {});
  });

  it('paths edit a GENERAL note, show both problems and a failure, and never edit or delete a HISTORY note', () => {
    const steps = paths.flatMap((path) => path.steps);
    expect(new Set(steps.map((s) => selectCrmNotesView(s.state).problem))).toEqual(new Set(['required', 'tooLong', null]));
    expect(steps.some((s) => selectCrmNotesView(s.state).failure !== null)).toBe(true);
    expect(steps.some((s) => selectCrmNotesView(s.state).editing === 2)).toBe(true);
    expect(steps.some((s) => selectCrmNotesView(s.state).editing === 1 || s.state.context.pending === 1)).toBe(false);
  });

  it.each(paths.map((path, i) => [`#${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
    await walkPath(path, {
      harness: harnessOf,
      execute,
      mark: (h: Harness) => ({ saves: h.inputs('save').length, removes: h.inputs('remove').length }),
      check: ({ harness: h, step, from, actual, before, where }) => {
        expect({ value: actual.value, context: actual.context }, where).toEqual(expectedAfter(from, step));
        expect(selectCrmNotesView(actual).isBusy, where).toBe(!actual.matches('idle'));
        expect(h.inputs('save').slice(before.saves), `${where}: save`).toEqual(expectedSaves(from, step));
        expect(h.inputs('remove').slice(before.removes), `${where}: remove`).toEqual(expectedRemoves(from, step));
      },
    });
  });
});

describe('CRM notes machine: pinned', () => {
  it('edits a GENERAL note in place, then writes a new one first', async () => {
    const h = harnessOf();
    h.start();
    h.send({ type: 'EDIT', id: 2 });
    expect(selectCrmNotesView(h.snapshot())).toMatchObject({ editing: 2, draft: 'A appelé.' });
    h.send({ type: 'CHANGE', value: 'Relancer lundi' });
    h.send({ type: 'SAVE' });
    expect(h.inputs('save')).toEqual([{ id: 2, content: 'Relancer lundi' }]);
    await h.settle('save', { type: 'xstate.done.actor.save', output: edited });
    expect(selectCrmNotesView(h.snapshot()).notes).toEqual([edited, history]);
    h.send({ type: 'CHANGE', value: 'Relancer lundi' });
    h.send({ type: 'SAVE' });
    await h.settle('save', { type: 'xstate.done.actor.save', output: fresh });
    expect(selectCrmNotesView(h.snapshot()).notes.map((n) => n.id)).toEqual([3, 2, 1]);
  });

  it('the actor factory forwards the note and the abort signal', async () => {
    const calls: unknown[][] = [];
    const actors = createCrmNotesActors({
      save: async (input, signal) => (calls.push(['save', input, signal instanceof AbortSignal]), fresh),
      remove: async (id, signal) => (calls.push(['remove', id, signal instanceof AbortSignal]), { ok: true }),
    });
    const run = <T,>(logic: Parameters<typeof createActor>[0], input: T) =>
      new Promise((resolve, reject) => {
        const actor = createActor(logic, { input } as never);
        actor.subscribe({ complete: () => resolve(actor.getSnapshot().output), error: reject });
        actor.start();
      });
    expect(await run(actors.save, { content: 'Relancer lundi' })).toEqual(fresh);
    expect(await run(actors.remove, { id: 2 })).toBeUndefined();
    expect(calls).toEqual([['save', { content: 'Relancer lundi' }, true], ['remove', 2, true]]);
  });
});
