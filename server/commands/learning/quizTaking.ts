import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { components, operations } from '../../../src/api/schema.gen.js';
import type { LearnerAuth } from '../../auth/learnerSession.js';
import { itemProgress, quizAttemptAnswers, quizAttempts, quizChoices, quizQuestions, quizzes } from '../../db/schema.js';
import { forbidden, invalid, type FieldErrors } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { QUIZ_DEFAULTS } from '../../presenters/quiz.js';
import type { Services } from '../../services.js';
import { openItem, recomputeProgress } from './lesson.js';
import { currentProgress } from './progress.js';

type QuizAnswersInput = operations['submitQuizAnswers']['requestBody']['content']['application/json'];
type QuizResultBody = components['schemas']['QuizResult'];

/**
 * POST me/trainings/{slug}/items/{itemId}/quiz/answers: one attempt, scored here (the browser never had the
 * answers). Every question asked (archived ones are not) needs at least one choice of its own, one only for
 * SINGLE (422). A question is right when exactly its correct choices are picked; the score is the percent of
 * questions right. With the attempts used up: 403. A success (the minimum reached, or no minimum) completes the
 * item once. Corrections come back only when the quiz shows them, and only here, after the attempt.
 * The learner's progress row is locked for the attempt, so two submissions at once are numbered one after the
 * other and the limit holds.
 */
export async function submitQuizAnswers(services: Services, learner: LearnerAuth, ref: string, itemId: number, input: QuizAnswersInput): Promise<QuizResultBody> {
  const { enrolment, view, item, now } = await openItem(services, learner, ref, itemId);
  if (item.type !== 'QUIZ') throw invalid({ answers: [messages.notAQuiz] });
  const db = services.db;
  const [[settingsRow], questions] = await Promise.all([
    db.select().from(quizzes).where(eq(quizzes.trainingItemId, itemId)).limit(1),
    db
      .select()
      .from(quizQuestions)
      .where(and(eq(quizQuestions.trainingItemId, itemId), isNull(quizQuestions.archivedAt)))
      .orderBy(asc(quizQuestions.position), asc(quizQuestions.id)),
  ]);
  const settings = settingsRow ?? QUIZ_DEFAULTS;
  const choices = questions.length
    ? await db
        .select()
        .from(quizChoices)
        .where(
          inArray(
            quizChoices.questionId,
            questions.map((q) => q.id),
          ),
        )
    : [];

  const errors: FieldErrors = {};
  const given = new Map(input.answers.map((answer) => [answer.question_id, answer.choice_ids]));
  input.answers.forEach((answer, i) => {
    const question = questions.find((q) => q.id === answer.question_id);
    if (!question) {
      errors[`answers.${i}.question_id`] = [messages.quizUnknownQuestion];
      return;
    }
    if (answer.choice_ids.some((id) => !choices.some((c) => c.id === id && c.questionId === question.id))) errors[`answers.${i}.choice_ids`] = [messages.quizUnknownChoice];
    else if (question.type === 'SINGLE' && answer.choice_ids.length > 1) errors[`answers.${i}.choice_ids`] = [messages.quizSingleChoice];
  });
  if (input.answers.length !== given.size || questions.some((q) => !given.get(q.id)?.length)) errors.answers = [messages.quizAnswerEveryQuestion];
  if (Object.keys(errors).length) throw invalid(errors);

  const marked = questions.map((question) => {
    const own = choices.filter((c) => c.questionId === question.id);
    const right = own.filter((c) => c.correct).map((c) => c.id);
    const picked = given.get(question.id)!;
    const correct = picked.length === right.length && picked.every((id) => right.includes(id));
    return { question, right, picked, labels: own.filter((c) => picked.includes(c.id)).map((c) => c.label), correct };
  });
  const score = questions.length ? Math.round((marked.filter((m) => m.correct).length / questions.length) * 10_000) / 100 : 100;
  const success = settings.minSuccessRate === null || score >= settings.minSuccessRate;

  return db.transaction(async (tx) => {
    const key = and(eq(itemProgress.customerTrainingId, enrolment.id), eq(itemProgress.trainingItemId, itemId));
    await tx.insert(itemProgress).values({ customerTrainingId: enrolment.id, trainingItemId: itemId, updatedAt: now }).onConflictDoNothing();
    const [current] = await tx.select().from(itemProgress).where(key).for('update');
    const [taken] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.trainingItemId, itemId), eq(quizAttempts.customerId, learner.customer.id)));
    const used = taken?.n ?? 0;
    if (settings.maxAttempts !== null && used >= settings.maxAttempts) throw forbidden(messages.noAttemptsLeft, 'NO_ATTEMPTS_LEFT');
    const [attempt] = await tx
      .insert(quizAttempts)
      .values({ trainingItemId: itemId, customerId: learner.customer.id, attempt: used + 1, score, success, answeredAt: now })
      .returning({ id: quizAttempts.id });
    if (marked.length) {
      await tx
        .insert(quizAttemptAnswers)
        .values(marked.map((m) => ({ attemptId: attempt!.id, questionId: m.question.id, choiceIds: m.picked, choiceLabels: m.labels, correct: m.correct })));
    }
    const completes = success && !current?.completedAt;
    await tx
      .update(itemProgress)
      .set({ score: Math.max(current?.score ?? 0, score), completedAt: completes ? now : (current?.completedAt ?? null), updatedAt: now })
      .where(key);
    const trainingProgress = completes ? await recomputeProgress(tx, services.jobs, view, enrolment, now) : await currentProgress(tx, enrolment.id);
    return {
      score,
      success,
      min_success_rate: settings.minSuccessRate,
      attempts_left: settings.maxAttempts === null ? null : Math.max(0, settings.maxAttempts - used - 1),
      corrections: settings.showCorrections
        ? marked.map((m) => ({ question_id: m.question.id, correct: m.correct, correct_choice_ids: m.right, explanation: m.question.explanation }))
        : [],
      training_progress: trainingProgress,
    };
  });
}
