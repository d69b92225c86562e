import { assign, setup } from 'xstate';
import type { Failure } from '../../shared/failure';
import type { components } from '../../src/api/schema.gen';
import { notProvided, notProvidedPromise } from '../support/notProvided';

export type LearnerQuiz = components['schemas']['LearnerQuiz'];
export type QuizResult = components['schemas']['QuizResult'];
export type QuizAnswer = { question_id: number; choice_ids: number[] };

export interface QuizTakingContext {
  quiz: LearnerQuiz;
  /** The choices picked, by question id. */
  answers: Record<number, number[]>;
  /** The last attempt's result (score, success, corrections when the quiz shows them). */
  result: QuizResult | null;
  /** Attempts left (null: unlimited), from the quiz then from each result. */
  attemptsLeft: number | null;
  /** A submission with an unanswered question (spec 5: at least one answer per question). */
  problem: 'unanswered' | null;
  failure: Failure | null;
}

export type QuizTakingEvent =
  | { type: 'CHOOSE'; questionId: number; choiceId: number }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' };

/** Every question has at least one choice picked. */
export const allAnswered = (context: Pick<QuizTakingContext, 'quiz' | 'answers'>) => context.quiz.questions.every((q) => (context.answers[q.id]?.length ?? 0) > 0);

/** A SINGLE question keeps the last choice; a MULTIPLE one toggles it. */
export function choose(context: Pick<QuizTakingContext, 'quiz' | 'answers'>, questionId: number, choiceId: number): Record<number, number[]> {
  const question = context.quiz.questions.find((q) => q.id === questionId);
  if (!question || !question.choices.some((c) => c.id === choiceId)) return context.answers;
  const current = context.answers[questionId] ?? [];
  const next = question.type === 'SINGLE' ? [choiceId] : current.includes(choiceId) ? current.filter((id) => id !== choiceId) : [...current, choiceId];
  return { ...context.answers, [questionId]: next };
}

/** Some choice is picked (leaving would lose it). */
export const hasAnswers = (answers: Record<number, number[]>) => Object.values(answers).some((ids) => ids.length > 0);

const isNoAttemptsLeft = (error: unknown) => typeof error === 'object' && error !== null && (error as Failure).status === 403;

/**
 * Taking a quiz in the player (the answers are checked by the server, which alone knows them):
 *
 *   answering ──SUBMIT──┬─ a question unanswered ─> answering (problem 'unanswered')
 *     │ CHOOSE          └─> submitting ──done──> result ──RETRY (failed, attempts left)──> answering (answers cleared)
 *     │                        ├─error 403 (no attempts left)──> exhausted
 *     │                        └─error──> answering (failure kept, answers kept)
 *   exhausted: no attempt left (from the start, or once the server says so)
 *
 * While answering with a choice picked, leaving loses the answers: the view warns (spec 8 "quiz leave
 * warning"). `answered` (injected) tells the player a result came (its outline and progress change).
 */
export const quizTakingMachine = setup({
  types: {} as { context: QuizTakingContext; events: QuizTakingEvent; input: { quiz: LearnerQuiz } },
  actors: {
    /** POST …/quiz/answers. */
    submit: notProvidedPromise<QuizResult, { answers: QuizAnswer[] }>('quizTaking', 'submit'),
  },
  actions: {
    answered: notProvided('quizTaking', 'answered'),
    /** Tells the player whether answers are waiting to be sent (it asks before opening another lesson). */
    dirtyChanged: notProvided<{ dirty: boolean }>('quizTaking', 'dirtyChanged'),
  },
  guards: {
    noAttemptsLeft: ({ context }) => context.attemptsLeft === 0,
    allAnswered: ({ context }) => allAnswered(context),
    canRetry: ({ context }) => context.result !== null && !context.result.success && context.attemptsLeft !== 0,
    isNoAttemptsLeft: ({ event }) => isNoAttemptsLeft((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'quizTaking',
  context: ({ input }) => ({ quiz: input.quiz, answers: {}, result: null, attemptsLeft: input.quiz.attempts_left, problem: null, failure: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'noAttemptsLeft', target: 'exhausted' }, { target: 'answering' }],
    },
    answering: {
      on: {
        CHOOSE: {
          actions: [
            assign({ answers: ({ context, event }) => choose(context, event.questionId, event.choiceId), problem: null }),
            { type: 'dirtyChanged', params: ({ context }) => ({ dirty: hasAnswers(context.answers) }) },
          ],
        },
        SUBMIT: [{ guard: 'allAnswered', target: 'submitting' }, { actions: assign({ problem: 'unanswered' }) }],
      },
    },
    submitting: {
      entry: assign({ problem: null, failure: null }),
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ answers: context.quiz.questions.map((q) => ({ question_id: q.id, choice_ids: context.answers[q.id]! })) }),
        onDone: {
          target: 'result',
          actions: [assign({ result: ({ event }) => event.output, attemptsLeft: ({ event }) => event.output.attempts_left }), { type: 'dirtyChanged', params: { dirty: false } }, 'answered'],
        },
        onError: [
          {
            guard: 'isNoAttemptsLeft',
            target: 'exhausted',
            actions: [assign({ attemptsLeft: 0, failure: ({ event }) => event.error as Failure }), { type: 'dirtyChanged', params: { dirty: false } }],
          },
          { target: 'answering', actions: assign({ failure: ({ event }) => event.error as Failure }) },
        ],
      },
    },
    result: {
      on: { RETRY: { guard: 'canRetry', target: 'answering', actions: assign({ answers: {}, result: null }) } },
    },
    exhausted: {},
  },
});
