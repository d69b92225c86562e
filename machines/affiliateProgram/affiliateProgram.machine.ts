import { assign, setup } from 'xstate';
import type { Failure } from '../../shared/failure';
import type { components } from '../../src/api/schema.gen';
import { notProvidedPromise } from '../support/notProvided';

export type ProgramStatus = components['schemas']['AffiliateProgramStatus'];
export type ProgramTerms = components['schemas']['AffiliateProgramTerms'];

export type AffiliateProgramEvent =
  | { type: 'SET_STATUS'; status: ProgramStatus }
  | { type: 'SET_TERM'; field: Exclude<keyof ProgramTerms, 'status'>; value: ProgramTerms[Exclude<keyof ProgramTerms, 'status'>] }
  | { type: 'SAVE' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

export interface AffiliateProgramContext {
  /** The terms as saved on the server. */
  saved: ProgramTerms;
  /** The terms as edited. */
  draft: ProgramTerms;
  failure: Failure | null;
  /** The last save went through (the page says so until the next change). */
  justSaved: boolean;
}

/** Whether saving `draft` closes a program that is open now (the team confirms: no new commissions from then on). */
export const closesProgram = (saved: ProgramTerms, draft: ProgramTerms) => saved.status !== 'CLOSED' && draft.status === 'CLOSED';

/**
 * The affiliates settings page (/affilies/parametres): the program's status CLOSED / PRIVATE / PUBLIC and its terms.
 *
 *   editing ─SET_STATUS / SET_TERM─> editing (draft changed, justSaved cleared)
 *      └─SAVE─┬─ closing an open program ─> confirmingClose ─CONFIRM─> saving
 *             │                                   └─CANCEL─> editing
 *             └─ otherwise ─> saving ──done──> editing (saved = answer, justSaved)
 *                                └──error──> editing (failure kept, draft kept)
 *
 * `save` is injected (PUT /stores/{uuid} with affiliation_options) and answers the terms as stored.
 */
export const affiliateProgramMachine = setup({
  types: {} as { context: AffiliateProgramContext; events: AffiliateProgramEvent; input: { terms: ProgramTerms } },
  actors: {
    save: notProvidedPromise<ProgramTerms, ProgramTerms>('affiliateProgram', 'save'),
  },
  guards: {
    closesProgram: ({ context }) => closesProgram(context.saved, context.draft),
  },
}).createMachine({
  id: 'affiliateProgram',
  context: ({ input }) => ({ saved: input.terms, draft: input.terms, failure: null, justSaved: false }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        SET_STATUS: { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, status: event.status }), justSaved: false }) },
        SET_TERM: { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }), justSaved: false }) },
        SAVE: [{ guard: 'closesProgram', target: 'confirmingClose' }, { target: 'saving' }],
      },
    },
    confirmingClose: {
      on: { CONFIRM: { target: 'saving' }, CANCEL: { target: 'editing' } },
    },
    saving: {
      entry: assign({ failure: null, justSaved: false }),
      invoke: {
        src: 'save',
        id: 'save',
        input: ({ context }) => context.draft,
        onDone: { target: 'editing', actions: assign({ saved: ({ event }) => event.output, draft: ({ event }) => event.output, justSaved: true }) },
        onError: { target: 'editing', actions: assign({ failure: ({ event }) => event.error as Failure }) },
      },
    },
  },
});
