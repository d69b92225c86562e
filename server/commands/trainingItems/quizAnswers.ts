import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { customers, quizAttemptAnswers, quizAttempts, quizQuestions } from '../../db/schema.js';
import { csvDocument } from '../../http/csv.js';
import { inLocale, messages, type Locale } from '../../http/messages.js';
import { customerDisplayName } from '../../presenters/customer.js';
import { presentQuizAnswer, type QuizAnswerBody } from '../../presenters/quiz.js';
import type { Services } from '../../services.js';
import { offsetOf, pageEnvelope, type PageRequest } from '../trainingLearners/paging.js';
import { quizItemOf } from './quiz.js';

/** The attempts of a quiz, newest first; one learner's with `customerUuid`; a page of them with `page`. */
async function attemptsOf(db: Database, itemId: number, customerUuid: string | undefined, page?: PageRequest) {
  const where = and(eq(quizAttempts.trainingItemId, itemId), customerUuid ? eq(quizAttempts.customerId, customerUuid.toLowerCase()) : undefined);
  const query = db
    .select({ attempt: quizAttempts, customer: customers })
    .from(quizAttempts)
    .innerJoin(customers, eq(customers.id, quizAttempts.customerId))
    .where(where)
    .orderBy(desc(quizAttempts.answeredAt), desc(quizAttempts.id));
  const rows = page ? await query.limit(page.perPage).offset(offsetOf(page)) : await query;
  const answers = rows.length
    ? await db
        .select({ answer: quizAttemptAnswers, position: quizQuestions.position })
        .from(quizAttemptAnswers)
        .innerJoin(quizQuestions, eq(quizQuestions.id, quizAttemptAnswers.questionId))
        .where(
          inArray(
            quizAttemptAnswers.attemptId,
            rows.map((row) => row.attempt.id),
          ),
        )
        .orderBy(asc(quizQuestions.position), asc(quizQuestions.id))
    : [];
  return rows.map((row) => ({ ...row, answers: answers.filter((a) => a.answer.attemptId === row.attempt.id).map((a) => a.answer) }));
}

/** GET …/training_items/{id}/quiz/answers: a page of attempts with their learner, score and result. */
export async function listQuizAnswers(services: Services, storeId: string, trainingUuid: string, itemId: number, customerUuid: string | undefined, page: PageRequest) {
  const item = await quizItemOf(services, storeId, trainingUuid, itemId);
  const [total] = await services.db
    .select({ n: count() })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.trainingItemId, item.id), customerUuid ? eq(quizAttempts.customerId, customerUuid.toLowerCase()) : undefined));
  const rows = await attemptsOf(services.db, item.id, customerUuid, page);
  const data: QuizAnswerBody[] = rows.map((row) => presentQuizAnswer(row.attempt, row.customer, row.answers));
  return pageEnvelope(page, total?.n ?? 0, data);
}

const percent = (value: number, locale: Locale) => value.toLocaleString(locale === 'fr' ? 'fr-FR' : 'en-GB', { maximumFractionDigits: 2 });

/**
 * GET …/training_items/{id}/quiz/answers/export: every attempt (or one learner's) as a CSV file that Excel in
 * French opens as it is: UTF-8 with a BOM, `;`, CRLF. One column per question any attempt answered, in the
 * quiz's order, holding the choices picked (their labels at the time).
 */
export async function exportQuizAnswers(services: Services, storeId: string, trainingUuid: string, itemId: number, customerUuid: string | undefined, locale: Locale) {
  const item = await quizItemOf(services, storeId, trainingUuid, itemId);
  const rows = await attemptsOf(services.db, item.id, customerUuid);
  const answered = new Set(rows.flatMap((row) => row.answers.map((answer) => answer.questionId)));
  const questions = answered.size
    ? await services.db
        .select({ id: quizQuestions.id, question: quizQuestions.question })
        .from(quizQuestions)
        .where(inArray(quizQuestions.id, [...answered]))
        .orderBy(asc(quizQuestions.position), asc(quizQuestions.id))
    : [];
  const h = messages.quizCsv;
  const header = [h.learner, h.email, h.attempt, h.date, h.score, h.result, h.correctAnswers].map((text) => inLocale(text, locale));
  const lines = rows.map(({ attempt, customer, answers }) => {
    const byQuestion = new Map(answers.map((answer) => [answer.questionId, answer]));
    return [
      customerDisplayName(customer),
      customer.email,
      String(attempt.attempt),
      attempt.answeredAt.toISOString(),
      percent(attempt.score, locale),
      inLocale(attempt.success ? h.passed : h.failed, locale),
      `${answers.filter((answer) => answer.correct).length}/${answers.length}`,
      ...questions.map((question) => byQuestion.get(question.id)?.choiceLabels.join(' | ') ?? ''),
    ];
  });
  return { csv: csvDocument([[...header, ...questions.map((question) => question.question)], ...lines]), filename: `quiz-${item.id}-reponses.csv` };
}
