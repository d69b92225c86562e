/**
 * Model-based tests of machines/spaceForm (ARCHITECTURE rule 7): xstate/graph paths over every state and
 * transition, creating a space (on PRO) and editing one, walked against a REAL actor whose `save` is a
 * controllable fake and whose `saved` action is recorded. The oracle checks the auto-add modes' mapping to
 * `global` + `trainings` on every save, the validation, the display mode fixed on edit; plus hand-pinned
 * transitions, the pure value helpers (defaults, mode of an existing space) and the actor factory.
 *
 * States are compared on what the rules read (the value, the name's emptiness, the auto-add mode, the
 * chosen trainings, whether errors show, a failure), so the graph stays small while every event is taken.
 */
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import type { components } from '../src/api/schema.gen';
import { createSpaceFormActors } from '../machines/spaceForm/spaceForm.actors';
import { spaceFormMachine, type SaveSpaceInput, type SpaceFormEvent, type SpaceFormInput } from '../machines/spaceForm/spaceForm.machine';
import { selectSpaceFormView } from '../machines/spaceForm/spaceForm.selectors';
import { autoAddFields, autoAddOf, createDefaults, validate, valuesOf, type CreateSpaceBody, type SpaceFormValues } from '../machines/spaceForm/spaceForm.values';
import { itForwardsOneCall } from './support/actorFactory';
import {
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

type Space = components['schemas']['Space'];
type SpaceModelEvent = SpaceFormEvent | DoneActorEvent<'save', Space> | ErrorActorEvent<'save'>;
type SpaceSnapshot = SnapshotFrom<typeof spaceFormMachine>;
type SpacePath = ModelPath<SpaceSnapshot, SpaceModelEvent>;
type SpaceStep = ModelStep<SpaceSnapshot, SpaceModelEvent>;

const T1 = '11111111-1111-4111-8111-111111111111';
const refused: Failure = { status: 403, code: 'PLAN_REQUIRED', message: 'Cette fonctionnalité nécessite une offre supérieure.', fieldErrors: {} };

const existing: Space = {
  uuid: '22222222-2222-4222-8222-222222222222',
  name: 'Annonces',
  description: '<p>Les nouvelles</p>',
  collection: null,
  position: 0,
  type: 'LIST',
  state: 'VISIBLE',
  global: false,
  trainings: [T1],
  settings: { readonly: true, show_members: false, default_post_sort: 'LAST_COMMENTED' },
  is_accessible: true,
  pinned: false,
  posts_count: 0,
  members_count: 1,
  member: null,
  owner: null,
  created_at: '2026-11-01T10:00:00.000Z',
};

const savedEvent = { type: 'xstate.done.actor.save', output: existing } as const;
const failedEvent = { type: 'xstate.error.actor.save', error: refused } as const;

const events = {
  SET_NAME: [
    { type: 'SET_NAME', value: '' },
    { type: 'SET_NAME', value: '  Entraide  ' },
  ],
  SET_DESCRIPTION: [{ type: 'SET_DESCRIPTION', value: '<p>Bienvenue</p>' }],
  SET_TYPE: [{ type: 'SET_TYPE', value: 'LIST' }],
  SET_STATE: [{ type: 'SET_STATE', value: 'PRIVATE' }],
  SET_AUTO_ADD: [
    { type: 'SET_AUTO_ADD', mode: 'ALL' },
    { type: 'SET_AUTO_ADD', mode: 'TRAININGS' },
    { type: 'SET_AUTO_ADD', mode: 'MANUAL' },
  ],
  TOGGLE_TRAINING: [{ type: 'TOGGLE_TRAINING', uuid: T1 }],
  SET_READONLY: [{ type: 'SET_READONLY', value: true }],
  SET_SHOW_MEMBERS: [{ type: 'SET_SHOW_MEMBERS', value: false }],
  SET_SORT: [{ type: 'SET_SORT', value: 'LAST_COMMENTED' }],
  SUBMIT: [{ type: 'SUBMIT' }],
  'xstate.done.actor.save': [savedEvent],
  'xstate.error.actor.save': [failedEvent],
} satisfies EventVariants<SpaceModelEvent>;

const variants = [
  { name: 'creating a space on PRO', input: { values: createDefaults('PRO'), spaceUuid: null } },
  { name: 'editing a space', input: { values: valuesOf(existing), spaceUuid: existing.uuid } },
] as const satisfies ReadonlyArray<{ name: string; input: SpaceFormInput }>;

/** What the rules read of the context (the rest is carried along and checked by the oracle's body). */
const relevant = ({ values, showErrors, failure }: SpaceSnapshot['context']) => [values.name.trim() === '', values.autoAdd, values.trainings, showErrors, failure !== null];
const serializeState = (s: SpaceSnapshot) => JSON.stringify([s.value, relevant(s.context)]);

// ─── Oracles, from the chart and the mapping ───────────────────────────────────────────

const expectedBody = (values: SpaceFormValues, create: boolean) => {
  const global = values.autoAdd === 'ALL';
  const trainings = values.autoAdd === 'TRAININGS' ? [...values.trainings] : [];
  const body = {
    name: values.name.trim(),
    description: values.description,
    state: values.state,
    global,
    trainings,
    settings: { readonly: values.readonly, show_members: values.showMembers, default_post_sort: values.sort },
  };
  return create ? { spaceUuid: null, body: { ...body, type: values.type, collection: values.collection } } : { spaceUuid: existing.uuid, body };
};

function expectedValue(from: SpaceSnapshot | undefined, step: SpaceStep): string {
  const { event } = step;
  if (event.type === 'xstate.init' || !from) return 'editing';
  if (from.value === 'editing' && event.type === 'SUBMIT') {
    const v = from.context.values;
    const ok = v.name.trim() !== '' && !(v.autoAdd === 'TRAININGS' && v.trainings.length === 0);
    return ok ? 'saving' : 'editing';
  }
  if (from.value === 'saving' && event.type === 'xstate.done.actor.save') return 'saved';
  if (from.value === 'saving' && event.type === 'xstate.error.actor.save') return 'editing';
  return from.value as string;
}

function createHarness(input: SpaceFormInput) {
  const saved: Array<{ space: Space; created: boolean }> = [];
  const h = createActorHarness<typeof spaceFormMachine, 'save'>(spaceFormMachine, {
    actors: ['save'],
    actions: { saved: (_, params: { space: Space; created: boolean }) => void saved.push(params) },
    input,
  });
  return Object.assign(h, { saved });
}
type Harness = ReturnType<typeof createHarness>;
type Executor = (h: Harness, step: SpaceStep) => void | Promise<void>;
const send: Executor = (h, { event }) => h.send(event as SpaceFormEvent);
const executors = {
  'xstate.init': (h) => h.start(),
  SET_NAME: send,
  SET_DESCRIPTION: send,
  SET_TYPE: send,
  SET_STATE: send,
  SET_AUTO_ADD: send,
  TOGGLE_TRAINING: send,
  SET_READONLY: send,
  SET_SHOW_MEMBERS: send,
  SET_SORT: send,
  SUBMIT: send,
  'xstate.done.actor.save': (h, { event }) => h.settle('save', event),
  'xstate.error.actor.save': (h, { event }) => h.settle('save', event),
} satisfies Record<SpaceModelEvent['type'] | InitEvent['type'], Executor>;

const runs = variants.map(({ name, input }) => {
  const { shortest, transitions } = generatePaths<typeof spaceFormMachine, SpaceModelEvent>(spaceFormMachine, { events, input, serializeState });
  return { name, input, paths: dropPrefixPaths([...shortest, ...transitions] as SpacePath[]) };
});

describe('space form machine: generated paths', () => {
  it('the model lists every event and invoke of the machine', () => {
    expect(invokeIds(spaceFormMachine)).toEqual(['save']);
    const explored = new Set(flattenEvents<SpaceModelEvent>(events).map((e) => e.type));
    for (const t of spaceFormMachine.events) expect(explored, `event ${t} is not explored`).toContain(t);
  });

  it('the paths reach and rest in every state', () => {
    expectEveryStateCovered(spaceFormMachine, runs);
  });

  describe.each(runs)('$name', ({ input, paths }) => {
    const create = input.spaceUuid === null;
    it.each(paths.map((path, i) => [`#${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
      await walkPath(path, {
        harness: () => createHarness(input),
        execute: (h, step) => executors[step.event.type](h, step),
        comparable: (context) => relevant(context as SpaceSnapshot['context']),
        mark: (h) => ({ saves: h.inputs('save').length, saved: h.saved.length }),
        check: ({ harness: h, step, from, actual, before, where }) => {
          expect(actual.value, `${where}: the chart`).toEqual(expectedValue(from, step));
          const values = actual.context.values;
          // The display mode is fixed once created.
          if (!create) expect(values.type, where).toBe('LIST');
          const saves = h.inputs('save').slice(before.saves) as SaveSpaceInput[];
          if (actual.value === 'saving' && from?.value === 'editing') expect(saves, `${where}: the body`).toEqual([expectedBody(from.context.values, create)]);
          else expect(saves, `${where}: no call`).toEqual([]);
          expect(h.saved.slice(before.saved), `${where}: saved`).toEqual(actual.value === 'saved' && from?.value === 'saving' ? [{ space: existing, created: create }] : []);
          const view = selectSpaceFormView(actual);
          expect(view.showsTrainings, where).toBe(values.autoAdd === 'TRAININGS');
          expect(view.errors, where).toEqual(actual.context.showErrors ? validate(values) : {});
          expect(view.isCreate, where).toBe(create);
        },
      });
    });
  });
});

describe('space form machine: pinned transitions', () => {
  it('creating on PRO: CARD, DRAFT, ALL; a name then SUBMIT sends global true and no trainings', async () => {
    const h = createHarness(variants[0].input);
    h.start();
    h.send({ type: 'SET_NAME', value: 'Entraide' });
    h.send({ type: 'SUBMIT' });
    expect(h.inputs('save')).toEqual([
      {
        spaceUuid: null,
        body: {
          name: 'Entraide',
          description: null,
          type: 'CARD',
          state: 'DRAFT',
          collection: null,
          global: true,
          trainings: [],
          settings: { readonly: false, show_members: true, default_post_sort: 'PUBLISHED_DESC' },
        },
      },
    ]);
    await h.settle('save', savedEvent);
    expect(h.saved).toEqual([{ space: existing, created: true }]);
  });

  it('TRAININGS needs a training; the trainings chosen survive a switch to MANUAL but are not sent', () => {
    const h = createHarness(variants[0].input);
    h.start();
    h.send({ type: 'SET_NAME', value: 'Entraide' });
    h.send({ type: 'SET_AUTO_ADD', mode: 'TRAININGS' });
    h.send({ type: 'SUBMIT' });
    expect(selectSpaceFormView(h.snapshot()).errors).toEqual({ trainings: 'required' });
    h.send({ type: 'TOGGLE_TRAINING', uuid: T1 });
    h.send({ type: 'SET_AUTO_ADD', mode: 'MANUAL' });
    expect(h.snapshot().context.values.trainings).toEqual([T1]);
    h.send({ type: 'SUBMIT' });
    expect((h.inputs('save')[0] as SaveSpaceInput).body).toMatchObject({ global: false, trainings: [] });
  });

  it('a refusal keeps the values and shows the reason; the next change clears it', async () => {
    const h = createHarness(variants[1].input);
    h.start();
    h.send({ type: 'SUBMIT' });
    await h.settle('save', failedEvent);
    expect(selectSpaceFormView(h.snapshot())).toMatchObject({ failure: refused, isSaving: false });
    expect(h.snapshot().context.values).toEqual(valuesOf(existing));
    h.send({ type: 'SET_NAME', value: 'Autre' });
    expect(selectSpaceFormView(h.snapshot()).failure).toBeNull();
  });

  it('a name over 128 characters is refused before any call', () => {
    const h = createHarness(variants[0].input);
    h.start();
    h.send({ type: 'SET_NAME', value: 'x'.repeat(129) });
    h.send({ type: 'SUBMIT' });
    expect(selectSpaceFormView(h.snapshot()).errors).toEqual({ name: 'tooLong' });
    expect(h.inputs('save')).toEqual([]);
  });
});

describe('space form values', () => {
  it('defaults: ALL on PRO, MANUAL otherwise', () => {
    expect(createDefaults('PRO').autoAdd).toBe('ALL');
    expect(createDefaults('EXPERT').autoAdd).toBe('MANUAL');
    expect(createDefaults('PRO', 'c-1').collection).toBe('c-1');
  });
  it('the mode of an existing space: global → ALL, else trainings → TRAININGS, else MANUAL', () => {
    expect(autoAddOf({ global: true, trainings: [T1] })).toBe('ALL');
    expect(autoAddOf({ global: false, trainings: [T1] })).toBe('TRAININGS');
    expect(autoAddOf({ global: false, trainings: [] })).toBe('MANUAL');
  });
  it('each mode maps to global + trainings', () => {
    expect(autoAddFields({ autoAdd: 'ALL', trainings: [T1] })).toEqual({ global: true, trainings: [] });
    expect(autoAddFields({ autoAdd: 'TRAININGS', trainings: [T1] })).toEqual({ global: false, trainings: [T1] });
    expect(autoAddFields({ autoAdd: 'MANUAL', trainings: [T1] })).toEqual({ global: false, trainings: [] });
  });
  it('a description over 5000 characters is refused', () => {
    expect(validate({ ...createDefaults('PRO'), name: 'a', description: 'x'.repeat(5001) })).toEqual({ description: 'tooLong' });
  });
});

describe('createSpaceFormActors', () => {
  const body: CreateSpaceBody = { name: 'a', type: 'CARD', state: 'DRAFT' };
  itForwardsOneCall({
    what: 'the creation body',
    make: (call) => createSpaceFormActors({ create: (b, signal) => call(b, signal).then(() => undefined as unknown as Space), update: () => Promise.reject(new Error('not this one')) }).save,
    input: { spaceUuid: null, body },
    arg: body,
    failure: refused,
    lateFailure: refused,
  });
});
