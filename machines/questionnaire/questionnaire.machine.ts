import { assign, not, setup } from 'xstate';
import { notProvidedPromise } from '../support/notProvided';
import type { Failure } from '../../shared/failure';
import { answerProblem, needsDetail, normaliseAnswer, questions, type Answer, type Question, type QuestionName } from '../../shared/questionnaire.rules';

/** What the user has entered for one question so far: the choice(s) as given and the free detail as typed. */
export interface Draft {
  /** The option picked (radio, select; '' when none) or the options ticked (checkbox; [] when none). */
  value: string | string[];
  /** The free-text detail as typed ('' when none); kept while the user changes the choice. */
  other: string;
}

export type Drafts = Record<QuestionName, Draft>;

export interface QuestionnaireContext {
  /** From the input: the store already has answers. Read once, by `starting`. */
  answered: boolean;
  /** One draft per question, keyed by question name. */
  drafts: Drafts;
  /** The question shown (0-based, in the rules' order). */
  index: number;
  /**
   * The question the user tried to leave with an unacceptable answer (NEXT or SEND refused); null
   * once they move. The view shows MISSING while this question is shown AND its answer still has
   * a problem (derived in the selectors, not stored).
   */
  errorOn: QuestionName | null;
  /** Why the last SEND failed (network or server error); null once a new SEND starts. */
  failure: Failure | null;
}

/**
 * ANSWER picks the option of a radio or select question; TOGGLE ticks or unticks one option of a
 * checkbox question; DETAIL sets the free-text detail. All three apply to the question shown only
 * (`name` must be the current question's, and ANSWER / TOGGLE its kind); anything else is ignored.
 */
export type QuestionnaireEvent =
  | { type: 'ANSWER'; name: QuestionName; value: string }
  | { type: 'TOGGLE'; name: QuestionName; option: string }
  | { type: 'DETAIL'; name: QuestionName; text: string }
  | { type: 'NEXT' }
  | { type: 'PREVIOUS' }
  | { type: 'SEND' };

export interface QuestionnaireInput {
  /** The store's onboarding_questions is already set: the machine only says so. */
  answered: boolean;
}

/** The body the `save` actor stores as the store's onboarding_questions: JSON text of Answer[]. */
export interface SaveAnswersInput {
  onboardingQuestions: string;
}

export const QUESTION_COUNT = questions.length;
const LAST_INDEX = QUESTION_COUNT - 1;

/** The question at `index` in the rules' order. */
export function questionAt(index: number): Question {
  const question = questions[index];
  if (!question) throw new Error(`questionnaire: no question at index ${index}`);
  return question;
}

export const emptyDrafts = (): Drafts =>
  Object.fromEntries(questions.map((q) => [q.name, { value: q.type === 'checkbox' ? [] : '', other: '' }])) as unknown as Drafts;

/**
 * The answer a draft stands for: values and detail trimmed (normaliseAnswer); the detail is kept
 * only when the choice needs it (a detail typed for OTHER, then OTHER unpicked, is not sent).
 */
export function draftAnswer(question: Question, draft: Draft): Answer {
  const answer = normaliseAnswer({ name: question.name, type: question.type, value: draft.value, other: draft.other });
  return { ...answer, other: needsDetail(question.name, answer.value) ? answer.other : null };
}

/** Every answer, in the rules' order. */
export const draftAnswers = (drafts: Drafts): Answer[] => questions.map((q) => draftAnswer(q, drafts[q.name]));

/** What `save` is given: JSON text of Answer[], as onboarding_questions stores it. */
export const questionnaireJson = (drafts: Drafts): string => JSON.stringify(draftAnswers(drafts));

/** Why the current question's answer is not acceptable yet (answerProblem of the rules), or null. */
export function currentProblem(context: Pick<QuestionnaireContext, 'drafts' | 'index'>) {
  const question = questionAt(context.index);
  return answerProblem(draftAnswer(question, context.drafts[question.name]));
}

/**
 * The onboarding questionnaire (spec sections 3, 4, 5): six questions, one at a time, in a
 * non-cancelable modal (no CLOSE event).
 *
 *   starting ──(input.answered)──> alreadyAnswered            (final: "you already answered", link home)
 *      └──> answering (index 0 … 5, one question shown)
 *             ├─ANSWER / TOGGLE / DETAIL (current question only)─> answering   (draft updated)
 *             ├─NEXT (not on the last) ─┬─ answer acceptable ─> index + 1
 *             │                         └─ otherwise: stay, errorOn = this question (view shows MISSING)
 *             ├─PREVIOUS (not on the first, no validation) ─> index − 1
 *             └─SEND (on the last) ─┬─ answer acceptable ─> sending ──done──> sent   (final)
 *                                   └─ otherwise: stay, flagged      └──error──> answering (failure kept;
 *                                                                                  SEND allowed again)
 *
 * A question can only be left forwards through NEXT's check and the drafts only change for the
 * question shown, so SEND checks the last question only. `save` is injected and receives the JSON
 * text of the six answers built with normaliseAnswer (values and detail trimmed).
 */
export const questionnaireMachine = setup({
  types: {} as { context: QuestionnaireContext; events: QuestionnaireEvent; input: QuestionnaireInput | undefined },
  actors: {
    /** Stores the answers as the store's onboarding_questions (PUT on the store). */
    save: notProvidedPromise<void, SaveAnswersInput>('questionnaire', 'save'),
  },
  guards: {
    wasAnswered: ({ context }) => context.answered,
    isFirst: ({ context }) => context.index === 0,
    isLast: ({ context }) => context.index === LAST_INDEX,
    isCurrentAcceptable: ({ context }) => currentProblem(context) === null,
    /** The event names the question shown (any kind: every question has a detail field). */
    isCurrent: ({ context }, params: { name: QuestionName }) => questionAt(context.index).name === params.name,
    /** ANSWER: the question shown, a one-choice question (radio or select). */
    isCurrentChoice: ({ context }, params: { name: QuestionName }) => {
      const question = questionAt(context.index);
      return question.name === params.name && question.type !== 'checkbox';
    },
    /** TOGGLE: the question shown, a several-choices question (checkbox). */
    isCurrentCheckbox: ({ context }, params: { name: QuestionName }) => {
      const question = questionAt(context.index);
      return question.name === params.name && question.type === 'checkbox';
    },
  },
  actions: {
    setValue: assign(({ context }, params: { name: QuestionName; value: string }) => ({
      drafts: { ...context.drafts, [params.name]: { ...context.drafts[params.name], value: params.value } },
    })),
    toggleOption: assign(({ context }, params: { name: QuestionName; option: string }) => {
      const draft = context.drafts[params.name];
      const ticked = Array.isArray(draft.value) ? draft.value : [];
      const value = ticked.includes(params.option) ? ticked.filter((v) => v !== params.option) : [...ticked, params.option];
      return { drafts: { ...context.drafts, [params.name]: { ...draft, value } } };
    }),
    setDetail: assign(({ context }, params: { name: QuestionName; text: string }) => ({
      drafts: { ...context.drafts, [params.name]: { ...context.drafts[params.name], other: params.text } },
    })),
    flagCurrent: assign(({ context }) => ({ errorOn: questionAt(context.index).name })),
    goNext: assign(({ context }) => ({ index: context.index + 1, errorOn: null })),
    goPrevious: assign(({ context }) => ({ index: context.index - 1, errorOn: null })),
  },
}).createMachine({
  id: 'questionnaire',
  context: ({ input }) => ({ answered: input?.answered ?? false, drafts: emptyDrafts(), index: 0, errorOn: null, failure: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'wasAnswered', target: 'alreadyAnswered' }, { target: 'answering' }],
    },
    answering: {
      on: {
        ANSWER: {
          guard: { type: 'isCurrentChoice', params: ({ event }) => ({ name: event.name }) },
          actions: { type: 'setValue', params: ({ event }) => ({ name: event.name, value: event.value }) },
        },
        TOGGLE: {
          guard: { type: 'isCurrentCheckbox', params: ({ event }) => ({ name: event.name }) },
          actions: { type: 'toggleOption', params: ({ event }) => ({ name: event.name, option: event.option }) },
        },
        DETAIL: {
          guard: { type: 'isCurrent', params: ({ event }) => ({ name: event.name }) },
          actions: { type: 'setDetail', params: ({ event }) => ({ name: event.name, text: event.text }) },
        },
        NEXT: [
          // The last question is left with SEND, not NEXT.
          { guard: 'isLast' },
          { guard: not('isCurrentAcceptable'), actions: 'flagCurrent' },
          { actions: 'goNext' },
        ],
        PREVIOUS: { guard: not('isFirst'), actions: 'goPrevious' },
        SEND: [{ guard: not('isLast') }, { guard: not('isCurrentAcceptable'), actions: 'flagCurrent' }, { target: 'sending' }],
      },
    },
    sending: {
      // A new attempt forgets the previous failure.
      entry: assign({ failure: null, errorOn: null }),
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ onboardingQuestions: questionnaireJson(context.drafts) }),
        onDone: { target: 'sent' },
        onError: { target: 'answering', actions: assign({ failure: ({ event }) => event.error as Failure }) },
      },
    },
    /** Saved: the view thanks the user and closes the modal. Takes no more events. */
    sent: { type: 'final' },
    /** The store had answers already: the view says so, with a link home. Takes no events. */
    alreadyAnswered: { type: 'final' },
  },
});
