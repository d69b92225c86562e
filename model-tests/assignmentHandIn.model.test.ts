/**
 * Model-based tests of machines/assignmentHandIn (ARCHITECTURE rule 7): xstate/graph paths over every state and
 * transition, each walked against a REAL actor whose `upload` and `submit` actors are controllable fakes and
 * whose `submitted` action is recorded; every step checked against an oracle written from issue 12 (text and up
 * to max_files files; nothing empty handed in; waiting for the team once handed in; reworked after a rejection).
 */
import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import { assignmentHandInMachine, type Assignment, type AssignmentHandInContext, type AssignmentHandInEvent, type HandedFile } from '../machines/assignmentHandIn/assignmentHandIn.machine';
import { selectAssignmentHandInView } from '../machines/assignmentHandIn/assignmentHandIn.selectors';
import { createAssignmentHandInActors } from '../machines/assignmentHandIn/assignmentHandIn.actors';
import { allLeafStates, describePath, dropPrefixPaths, flattenEvents, generatePaths, invokeIds, type DoneActorEvent, type ErrorActorEvent, type EventVariants, type InitEvent, type ModelPath, type ModelStep } from './support/graph';
import { createActorHarness } from './support/harness';
import { expectEveryStateCovered, walkPath } from './support/walkPaths';

type Model = AssignmentHandInEvent | DoneActorEvent<'upload', HandedFile> | ErrorActorEvent<'upload'> | DoneActorEvent<'submit', Assignment> | ErrorActorEvent<'submit'>;
type Snapshot = SnapshotFrom<typeof assignmentHandInMachine>;
type Path = ModelPath<Snapshot, Model>;
type Step = ModelStep<Snapshot, Model>;

const base: Assignment = {
  id: 7,
  training_uuid: 'de300000-0000-4000-8000-000000000001',
  training_item_id: 4,
  customer: { uuid: '00000000-0000-4000-8000-000000000001', email: 'lea@example.test', firstname: 'Léa', lastname: null, display_name: 'Léa', picture: null } as Assignment['customer'],
  status: 'PENDING_CUSTOMER',
  decision: null,
  submissions: [],
  history: [],
  comments_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const submission = (correction: string | null, decision: 'REJECTED' | 'ACCEPTED' | null) => ({
  id: 1,
  content: 'Ma photo',
  files: [],
  submitted_at: '2026-01-01T00:00:00.000Z',
  decision,
  correction,
  corrected_by: null,
  corrected_at: null,
});
const rejected: Assignment = { ...base, decision: 'REJECTED', submissions: [submission('Recadrez.', 'REJECTED')] };
const waiting: Assignment = { ...base, status: 'PENDING_TEACHER', submissions: [submission(null, null)] };
const accepted: Assignment = { ...base, status: 'COMPLETED', decision: 'ACCEPTED', submissions: [submission(null, 'ACCEPTED')] };
const photo: HandedFile = { name: 'photo.jpg', url: 'https://files.example.test/photo.jpg', size: 2048 };
const tooLarge: Failure = { status: 422, code: 'VALIDATION_FAILED', message: 'Le fichier est trop volumineux (30 Mo au maximum).', fieldErrors: { size: ['Le fichier est trop volumineux (30 Mo au maximum).'] } };
const conflict: Failure = { status: 409, code: 'CONFLICT', message: 'Ce devoir ne peut pas être rendu maintenant', fieldErrors: {} };
const MAX_FILES = 1;

const events = {
  EDIT: [
    { type: 'EDIT', text: 'Mon texte' },
    { type: 'EDIT', text: '   ' },
  ],
  PICK: [{ type: 'PICK', file: { name: 'photo.jpg', size: 2048, type: 'image/jpeg' } }],
  REMOVE: [{ type: 'REMOVE', url: photo.url }],
  SUBMIT: [{ type: 'SUBMIT' }],
  'xstate.done.actor.upload': [{ type: 'xstate.done.actor.upload', output: photo }],
  'xstate.error.actor.upload': [{ type: 'xstate.error.actor.upload', error: tooLarge }],
  'xstate.done.actor.submit': [{ type: 'xstate.done.actor.submit', output: waiting }],
  'xstate.error.actor.submit': [{ type: 'xstate.error.actor.submit', error: conflict }],
} satisfies EventVariants<Model>;

// ─── Oracle, from the issue ─────────────────────────────────────────────────────────────────────────

type State = 'editing' | 'uploading' | 'submitting' | 'waiting' | 'accepted';
interface Expected {
  value: State;
  context: AssignmentHandInContext;
}
const initialOf = (assignment: Assignment | null): Expected => ({
  value: assignment?.status === 'PENDING_TEACHER' ? 'waiting' : assignment?.status === 'COMPLETED' ? 'accepted' : 'editing',
  context: { assignment, maxFiles: MAX_FILES, text: '', files: [], problem: null, failure: null },
});

function model(start: Assignment | null, previous: Expected | undefined, { event }: Step): Expected {
  if (!previous || event.type === 'xstate.init') return initialOf(start);
  const c = { ...previous.context };
  let value = previous.value;
  if (value === 'editing') {
    if (event.type === 'EDIT') Object.assign(c, { text: event.text, problem: null });
    if (event.type === 'PICK') {
      if (c.files.length < MAX_FILES) {
        Object.assign(c, { problem: null, failure: null });
        value = 'uploading';
      } else c.problem = 'tooManyFiles';
    }
    if (event.type === 'REMOVE') Object.assign(c, { files: c.files.filter((f) => f.url !== event.url), problem: null });
    if (event.type === 'SUBMIT') {
      if (c.text.trim() !== '' || c.files.length > 0) {
        Object.assign(c, { problem: null, failure: null });
        value = 'submitting';
      } else c.problem = 'empty';
    }
  } else if (value === 'uploading') {
    if (event.type === 'xstate.done.actor.upload') c.files = [...c.files, event.output];
    if (event.type === 'xstate.error.actor.upload') c.failure = event.error as Failure;
    if (event.type.startsWith('xstate.') && event.type.endsWith('.upload')) value = 'editing';
  } else if (value === 'submitting') {
    if (event.type === 'xstate.done.actor.submit') {
      Object.assign(c, { assignment: event.output, text: '', files: [] });
      value = 'waiting';
    }
    if (event.type === 'xstate.error.actor.submit') {
      c.failure = event.error as Failure;
      value = 'editing';
    }
  }
  return { value, context: c };
}

// ─── Harness ────────────────────────────────────────────────────────────────────────────────────────

function harness(assignment: Assignment | null) {
  const submitted: number[] = [];
  const h = createActorHarness<typeof assignmentHandInMachine, 'upload' | 'submit'>(assignmentHandInMachine, {
    actors: ['upload', 'submit'],
    actions: { submitted: () => void submitted.push(1) } as never,
    input: { assignment, maxFiles: MAX_FILES },
  });
  return Object.assign(h, { submitted });
}
type Harness = ReturnType<typeof harness>;
type Executor = (h: Harness, step: Step) => void | Promise<void>;
const send: Executor = (h, { event }) => h.send(event as AssignmentHandInEvent);
const executors = {
  'xstate.init': (h) => h.start(),
  EDIT: send,
  PICK: send,
  REMOVE: send,
  SUBMIT: send,
  'xstate.done.actor.upload': (h, { event }) => h.settle('upload', event),
  'xstate.error.actor.upload': (h, { event }) => h.settle('upload', event),
  'xstate.done.actor.submit': (h, { event }) => h.settle('submit', event),
  'xstate.error.actor.submit': (h, { event }) => h.settle('submit', event),
} satisfies Record<Model['type'] | InitEvent['type'], Executor>;

const STARTS = [null, rejected, waiting, accepted] as const;
const pathsOf = (assignment: Assignment | null) => {
  const { shortest, transitions } = generatePaths<typeof assignmentHandInMachine, Model>(assignmentHandInMachine, { events, input: { assignment, maxFiles: MAX_FILES } });
  return dropPrefixPaths([...shortest, ...transitions] as Path[]);
};

type Mark = { upload: number; submit: number; submitted: number };
const walk = (start: Assignment | null, path: Path) =>
  walkPath<Harness, Snapshot, Model, Mark, Expected>(path, {
    harness: () => harness(start),
    execute: (h, step) => executors[step.event.type](h, step),
    mark: (h) => ({ upload: h.inputs('upload').length, submit: h.inputs('submit').length, submitted: h.submitted.length }),
    model: (previous, step) => model(start, previous, step),
    check: ({ harness: h, step, actual, before, expected, previous, where }) => {
      expect({ value: actual.value, context: actual.context }, `${where}: the chart`).toEqual(expected);
      const uploads = previous?.value === 'editing' && expected.value === 'uploading';
      expect(h.inputs('upload').slice(before.upload), `${where}: upload`).toEqual(uploads ? [{ file: (step.event as { file: unknown }).file }] : []);
      const submits = previous?.value === 'editing' && expected.value === 'submitting';
      const body = previous && { ...(previous.context.text.trim() ? { content: previous.context.text.trim() } : {}), ...(previous.context.files.length ? { files: previous.context.files } : {}) };
      expect(h.inputs('submit').slice(before.submit), `${where}: submit`).toEqual(submits ? [body] : []);
      expect(h.submitted.length - before.submitted, `${where}: submitted`).toBe(step.event.type === 'xstate.done.actor.submit' ? 1 : 0);
      const view = selectAssignmentHandInView(actual);
      const status = expected.context.assignment?.status;
      expect(view.status, where).toBe(status === 'PENDING_TEACHER' ? 'waiting' : status === 'COMPLETED' ? 'accepted' : expected.context.assignment?.decision === 'REJECTED' ? 'toRework' : 'toHandIn');
      expect(view.canAddFile, where).toBe(expected.value === 'editing' && expected.context.files.length < MAX_FILES);
    },
  });

describe('assignment hand-in machine: generated paths', () => {
  it('the model lists every event and invoke of the machine', () => {
    expect(invokeIds(assignmentHandInMachine).sort()).toEqual(['submit', 'upload']);
    const explored = new Set(flattenEvents(events).map((e) => e.type));
    for (const type of assignmentHandInMachine.events) expect(explored, `event ${type} is not explored`).toContain(type);
  });

  it('paths from every starting status cover every state, both problems and both failures', () => {
    expect([...allLeafStates(assignmentHandInMachine)].sort()).toEqual(['accepted', 'editing', 'starting', 'submitting', 'uploading', 'waiting']);
    expectEveryStateCovered(
      assignmentHandInMachine,
      STARTS.map((assignment) => ({ paths: pathsOf(assignment), input: { assignment, maxFiles: MAX_FILES } })),
      { transient: ['starting'] },
    );
    const views = STARTS.flatMap((a) => pathsOf(a)).flatMap((p) => p.steps.map((s) => selectAssignmentHandInView(s.state)));
    expect(new Set(views.map((v) => v.problem))).toEqual(new Set([null, 'empty', 'tooManyFiles']));
    expect(views.some((v) => v.failure?.status === 422)).toBe(true);
    expect(views.some((v) => v.failure?.status === 409)).toBe(true);
  });

  for (const start of STARTS) {
    const label = start === null ? 'never opened' : start.status === 'PENDING_CUSTOMER' ? 'rejected' : start.status;
    it.each(pathsOf(start).map((path, i) => [`${label} #${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
      await walk(start, path);
    });
  }
});

describe('assignment hand-in machine: pinned transitions', () => {
  it('after a rejection shows "to rework" with the correction, and hands in again', async () => {
    const h = harness(rejected);
    h.start();
    const view = selectAssignmentHandInView(h.snapshot());
    expect(view).toMatchObject({ status: 'toRework', canEdit: true, corrections: [{ id: 1, text: 'Recadrez.', decision: 'REJECTED' }] });
    h.send({ type: 'EDIT', text: 'Recadrée' });
    h.send({ type: 'SUBMIT' });
    await h.settle('submit', { type: 'xstate.done.actor.submit', output: waiting });
    expect(selectAssignmentHandInView(h.snapshot())).toMatchObject({ status: 'waiting', canEdit: false });
  });

  it('the real actors forward the calls and their abort signal', async () => {
    const calls: string[] = [];
    const actors = createAssignmentHandInActors({
      upload: async (file) => (calls.push(`upload ${file.name}`), photo),
      submit: async (body) => (calls.push(`submit ${body.content}`), waiting),
    });
    expect(Object.keys(actors).sort()).toEqual(['submit', 'upload']);
    const machine = assignmentHandInMachine.provide({ actors, actions: { submitted: () => undefined } });
    const actor = createActor(machine, { input: { assignment: null, maxFiles: 1 } }).start();
    actor.send({ type: 'PICK', file: { name: 'a.jpg', size: 1, type: 'image/jpeg' } });
    await new Promise<void>((resolve) => actor.subscribe((s) => s.matches('editing') && resolve()));
    actor.send({ type: 'EDIT', text: 'Texte' });
    actor.send({ type: 'SUBMIT' });
    await new Promise<void>((resolve) => actor.subscribe((s) => s.matches('waiting') && resolve()));
    expect(calls).toEqual(['upload a.jpg', 'submit Texte']);
  });
});
