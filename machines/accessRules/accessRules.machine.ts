import { assign, setup } from 'xstate';
import { notProvidedPromise } from '../support/notProvided';
import type { Failure } from '../../shared/failure';
import { accessRulesText, parseAccessRules, type AccessProblem, type AccessRules, type AccessRulesText } from '../../shared/accessRules';

export type AccessProblems = Partial<Record<keyof AccessRules, AccessProblem>>;

export interface AccessRulesInput {
  /** The training's rules as stored. */
  rules: AccessRules;
  /** The certificate switch, when this form edits it too (a training's settings tab); absent in the store-wide table. */
  certificate?: boolean;
}

export interface AccessRulesContext {
  /** The rules as stored (from the input, then from each save's answer): what "changed" compares with. */
  stored: AccessRulesText;
  /** The rules as typed. */
  text: AccessRulesText;
  /** The certificate switch, or null when the form does not hold it. */
  certificate: boolean | null;
  /** The certificate as stored (null when the form does not hold it). */
  storedCertificate: boolean | null;
  /** Why each wrong field was refused at the last SUBMIT (cleared field by field as the user types). */
  problems: AccessProblems;
  /** Why the last save failed (the server's per-field errors or no answer); null once a new save starts. */
  failure: Failure | null;
}

export type AccessRulesEvent =
  | { type: 'CHANGE'; field: keyof AccessRulesText; value: string }
  | { type: 'SET_CERTIFICATE'; value: boolean }
  | { type: 'SUBMIT' };

/** What the `save` actor sends (PUT /trainings/{uuid}): the parsed rules, and the certificate when the form holds it. */
export type SaveAccessRulesInput = AccessRules & { certificate_enabled?: boolean };

/** What a save answers: the rules (and the certificate) as now stored. */
export type SavedAccessRules = AccessRules & { certificate_enabled?: boolean };

/**
 * The access-rules form of a training (places, access duration, end of enrolment, drip release; the certificate
 * on the training's own settings tab): the same form in a training's Paramètres and in each row of
 * /formations/parametres.
 *
 *   editing ──SUBMIT──┬─ a field is wrong (parseAccessRules) ─> editing, problems set (no call)
 *      ↑              └─ otherwise ─> saving ──done──> saved   (stored = fields = the answer)
 *      │                                └──error──> editing  (failure kept: the server's field errors)
 *      └──CHANGE | SET_CERTIFICATE── saved                (a new change hides "Enregistré")
 *   editing | saved ──CHANGE { field, value }──> editing (the field's problem cleared)
 *   saved ──SUBMIT──> saving (saving again)
 *
 * `saving` takes no event (the fields and the button are disabled). `save` is injected; it receives the parsed
 * rules and answers the stored ones.
 */
export const accessRulesMachine = setup({
  types: {} as { context: AccessRulesContext; events: AccessRulesEvent; input: AccessRulesInput },
  actors: {
    /** Saves the rules (PUT /trainings/{uuid}); answers them as stored. */
    save: notProvidedPromise<SavedAccessRules, SaveAccessRulesInput>('accessRules', 'save'),
  },
  guards: {
    isAcceptable: ({ context }) => parseAccessRules(context.text).problems === null,
  },
  actions: {
    setField: assign(({ context }, params: { field: keyof AccessRulesText; value: string }) => ({
      text: { ...context.text, [params.field]: params.value },
      problems: { ...context.problems, [params.field]: undefined },
    })),
    setCertificate: assign(({ context }, params: { value: boolean }) => ({ certificate: context.certificate === null ? null : params.value })),
    flagProblems: assign(({ context }) => ({ problems: parseAccessRules(context.text).problems ?? {} })),
    keepStored: assign(({ context }, params: { saved: SavedAccessRules }) => ({
      // The fields show what is now stored (" 12 " typed reads "12"), so nothing differs after a save.
      stored: accessRulesText(params.saved),
      text: accessRulesText(params.saved),
      storedCertificate: context.certificate === null ? null : (params.saved.certificate_enabled ?? context.certificate),
    })),
  },
}).createMachine({
  id: 'accessRules',
  context: ({ input }) => {
    const text = accessRulesText(input.rules);
    const certificate = input.certificate ?? null;
    return { stored: text, text, certificate, storedCertificate: certificate, problems: {}, failure: null };
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHANGE: { actions: { type: 'setField', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        SET_CERTIFICATE: { actions: { type: 'setCertificate', params: ({ event }) => ({ value: event.value }) } },
        SUBMIT: [{ guard: 'isAcceptable', target: 'saving' }, { actions: 'flagProblems' }],
      },
    },
    saving: {
      // A new attempt forgets the previous problems and failure; the fields wait for the answer.
      entry: assign({ problems: {}, failure: null }),
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => {
          const parsed = parseAccessRules(context.text);
          // The guard let only acceptable rules in.
          const rules = parsed.rules!;
          return context.certificate === null ? rules : { ...rules, certificate_enabled: context.certificate };
        },
        onDone: { target: 'saved', actions: { type: 'keepStored', params: ({ event }) => ({ saved: event.output }) } },
        onError: { target: 'editing', actions: assign({ failure: ({ event }) => event.error as Failure }) },
      },
    },
    /** Saved: "Enregistré" shows until the next change. */
    saved: {
      on: {
        CHANGE: { target: 'editing', actions: { type: 'setField', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        SET_CERTIFICATE: { target: 'editing', actions: { type: 'setCertificate', params: ({ event }) => ({ value: event.value }) } },
        SUBMIT: 'saving',
      },
    },
  },
});
