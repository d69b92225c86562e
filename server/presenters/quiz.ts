import type { components } from '../../src/api/schema.gen.js';
import type { customers, quizAttemptAnswers, quizAttempts, quizChoices, quizQuestions, quizzes, trainingItems } from '../db/schema.js';
import { presentCustomerRef } from './customer.js';

export type QuizBody = components['schemas']['Quiz'];
export type QuizQuestionBody = components['schemas']['QuizQuestion'];
export type QuizAnswerBody = components['schemas']['QuizAnswer'];
export type QuizQuestionRow = typeof quizQuestions.$inferSelect;
export type QuizChoiceRow = typeof quizChoices.$inferSelect;
type QuizRow = typeof quizzes.$inferSelect;
type ItemRow = typeof trainingItems.$inferSelect;
type AttemptRow = typeof quizAttempts.$inferSelect;
type AttemptAnswerRow = typeof quizAttemptAnswers.$inferSelect;
type CustomerRow = typeof customers.$inferSelect;

/** A quiz never saved reads as these settings. */
export const QUIZ_DEFAULTS = { minSuccessRate: null, maxAttempts: null, shuffleQuestions: false, showCorrections: true } as const;

export function presentQuizQuestion(row: QuizQuestionRow, choices: QuizChoiceRow[], answersCount: number): QuizQuestionBody {
  return {
    id: row.id,
    type: row.type,
    question: row.question,
    media_url: row.mediaUrl,
    media_type: row.mediaType,
    explanation: row.explanation,
    position: row.position,
    archived: row.archivedAt !== null,
    answers_count: answersCount,
    choices: choices.map((choice) => ({ id: choice.id, label: choice.label, correct: choice.correct })),
  };
}

/** The quiz editor's view: the item's name, draft flag and version, the settings, the questions in order. */
export function presentQuiz(item: ItemRow, settings: Pick<QuizRow, keyof typeof QUIZ_DEFAULTS> | null, questions: QuizQuestionBody[]): QuizBody {
  const s = settings ?? QUIZ_DEFAULTS;
  return {
    item_id: item.id,
    name: item.name,
    draft: item.draft,
    version: item.version,
    min_success_rate: s.minSuccessRate,
    max_attempts: s.maxAttempts,
    shuffle_questions: s.shuffleQuestions,
    show_corrections: s.showCorrections,
    questions,
  };
}

export function presentQuizAnswer(attempt: AttemptRow, customer: CustomerRow, answers: AttemptAnswerRow[]): QuizAnswerBody {
  return {
    id: attempt.id,
    customer: presentCustomerRef(customer),
    attempt: attempt.attempt,
    score: attempt.score,
    success: attempt.success,
    answers: answers.map((answer) => ({ question_id: answer.questionId, choice_ids: answer.choiceIds, correct: answer.correct })),
    answered_at: attempt.answeredAt.toISOString(),
  };
}
