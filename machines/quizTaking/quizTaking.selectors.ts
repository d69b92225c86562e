import type { SnapshotFrom } from 'xstate';
import { hasAnswers, type quizTakingMachine } from './quizTaking.machine';

type QuizTakingSnapshot = SnapshotFrom<typeof quizTakingMachine>;

/** The view-model of a quiz being taken. */
export const selectQuizTakingView = (snapshot: QuizTakingSnapshot) => {
  const { context } = snapshot;
  const answering = snapshot.matches('answering');
  const result = snapshot.matches('result') ? context.result : null;
  return {
    questions: context.quiz.questions,
    answers: context.answers,
    minSuccessRate: context.quiz.min_success_rate,
    attemptsLeft: context.attemptsLeft,
    canAnswer: answering,
    isSubmitting: snapshot.matches('submitting'),
    result,
    /** Corrections by question id, once a result shows them. */
    corrections: new Map((result?.corrections ?? []).map((c) => [c.question_id, c])),
    canRetry: snapshot.can({ type: 'RETRY' }),
    isExhausted: snapshot.matches('exhausted'),
    problem: answering ? context.problem : null,
    failure: answering || snapshot.matches('exhausted') ? context.failure : null,
    /** Leaving now loses the answers picked (spec 8 "quiz leave warning"). */
    hasUnsavedAnswers: (answering || snapshot.matches('submitting')) && hasAnswers(context.answers),
  };
};
