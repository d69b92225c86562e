import { assign, setup } from 'xstate';
import type { Failure } from '../../shared/failure';
import type { components } from '../../src/api/schema.gen';
import { notProvided, notProvidedPromise } from '../support/notProvided';
import {
  createBody,
  updateBody,
  validate,
  type AutoAddMode,
  type CreateSpaceBody,
  type PostSort,
  type SpaceFormValues,
  type SpaceState,
  type SpaceType,
  type UpdateSpaceBody,
} from './spaceForm.values';

type Space = components['schemas']['Space'];

export interface SpaceFormInput {
  /** The values shown first: `createDefaults(plan)` for a new space, `valuesOf(space)` for an existing one. */
  values: SpaceFormValues;
  /** The space edited; null to create one. */
  spaceUuid: string | null;
}

export interface SpaceFormContext {
  values: SpaceFormValues;
  spaceUuid: string | null;
  /** Field errors show once a save was asked (not while the user types the first time). */
  showErrors: boolean;
  /** Why the last save failed; null once the user changes something or saves again. */
  failure: Failure | null;
}

export type SpaceFormEvent =
  | { type: 'SET_NAME'; value: string }
  | { type: 'SET_DESCRIPTION'; value: string | null }
  /** The display mode: on create only (fixed afterwards). */
  | { type: 'SET_TYPE'; value: SpaceType }
  | { type: 'SET_STATE'; value: SpaceState }
  | { type: 'SET_AUTO_ADD'; mode: AutoAddMode }
  | { type: 'TOGGLE_TRAINING'; uuid: string }
  | { type: 'SET_READONLY'; value: boolean }
  | { type: 'SET_SHOW_MEMBERS'; value: boolean }
  | { type: 'SET_SORT'; value: PostSort }
  | { type: 'SUBMIT' };

/** What the `save` actor receives: createSpace (uuid null) or updateSpace. */
export type SaveSpaceInput = { spaceUuid: null; body: CreateSpaceBody } | { spaceUuid: string; body: UpdateSpaceBody };

/**
 * The space form (create and edit): sections About, Space access, Advanced settings.
 *
 *   editing ─SET_*─> editing (values changed, failure cleared; SET_TYPE only while creating)
 *      └─SUBMIT─┬─ invalid (name required ≤ 128, description ≤ 5000, a training for TRAININGS) ─> editing (showErrors)
 *               └─ valid ─> saving ──done──> saved (`saved` runs: a notice; on create, go to the new space)
 *                              └──error──> editing (failure kept, values kept)
 *
 * The auto-add mode is the interface's only (spaceForm.values.ts maps it to `global` + `trainings`);
 * switching modes keeps the chosen trainings, sent only in TRAININGS. `saving` takes no event.
 */
export const spaceFormMachine = setup({
  types: {} as { context: SpaceFormContext; events: SpaceFormEvent; input: SpaceFormInput },
  actors: {
    /** createSpace or updateSpace; answers the space as stored. */
    save: notProvidedPromise<Space, SaveSpaceInput>('spaceForm', 'save'),
  },
  actions: {
    /** After a save: the success notice; on create, navigation to the new space. */
    saved: notProvided<{ space: Space; created: boolean }>('spaceForm', 'saved'),
    change: assign(({ context }, patch: Partial<SpaceFormValues>) => ({ values: { ...context.values, ...patch }, failure: null })),
  },
  guards: {
    creating: ({ context }) => context.spaceUuid === null,
    valid: ({ context }) => Object.keys(validate(context.values)).length === 0,
  },
}).createMachine({
  id: 'spaceForm',
  context: ({ input }) => ({ values: input.values, spaceUuid: input.spaceUuid, showErrors: false, failure: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        SET_NAME: { actions: { type: 'change', params: ({ event }) => ({ name: event.value }) } },
        SET_DESCRIPTION: { actions: { type: 'change', params: ({ event }) => ({ description: event.value }) } },
        SET_TYPE: { guard: 'creating', actions: { type: 'change', params: ({ event }) => ({ type: event.value }) } },
        SET_STATE: { actions: { type: 'change', params: ({ event }) => ({ state: event.value }) } },
        SET_AUTO_ADD: { actions: { type: 'change', params: ({ event }) => ({ autoAdd: event.mode }) } },
        TOGGLE_TRAINING: {
          actions: {
            type: 'change',
            params: ({ context, event }) => ({
              trainings: context.values.trainings.includes(event.uuid) ? context.values.trainings.filter((id) => id !== event.uuid) : [...context.values.trainings, event.uuid],
            }),
          },
        },
        SET_READONLY: { actions: { type: 'change', params: ({ event }) => ({ readonly: event.value }) } },
        SET_SHOW_MEMBERS: { actions: { type: 'change', params: ({ event }) => ({ showMembers: event.value }) } },
        SET_SORT: { actions: { type: 'change', params: ({ event }) => ({ sort: event.value }) } },
        SUBMIT: [{ guard: 'valid', target: 'saving' }, { actions: assign({ showErrors: true }) }],
      },
    },
    /** The call runs: the form is read-only and the save button busy. */
    saving: {
      entry: assign({ showErrors: true, failure: null }),
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }): SaveSpaceInput =>
          context.spaceUuid === null ? { spaceUuid: null, body: createBody(context.values) } : { spaceUuid: context.spaceUuid, body: updateBody(context.values) },
        onDone: { target: 'saved', actions: { type: 'saved', params: ({ context, event }) => ({ space: event.output, created: context.spaceUuid === null }) } },
        onError: { target: 'editing', actions: assign({ failure: ({ event }) => event.error as Failure }) },
      },
    },
    /** Stored: the dialog closes (or the page moves on). */
    saved: { type: 'final' },
  },
});
