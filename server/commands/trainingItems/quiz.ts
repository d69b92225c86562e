import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import type { Database } from '../../db/client.js';
import { quizAttemptAnswers, quizChoices, quizQuestions, quizzes, trainingItems, trainings } from '../../db/schema.js';
import { HttpError, invalid, notFound, type FieldErrors } from '../../http/errors.js';
import { inLocale, messages, type Locale } from '../../http/messages.js';
import {
  presentQuiz,
  presentQuizQuestion,
  type QuizBody,
  type QuizChoiceRow,
  type QuizQuestionBody,
  type QuizQuestionRow,
} from '../../presenters/quiz.js';
import type { Services } from '../../services.js';
import { trainingOf } from '../catalogue/scope.js';
import { arrivedUpload } from '../uploads/arrivedUpload.js';
import { itemName } from './create.js';
import { itemOf, MAX_SERIAL, type ItemRow, type Transaction } from './items.js';

export type QuizInput = components['schemas']['QuizInput'];
type QuestionInput = QuizInput['questions'][number];
type ConflictBody = components['schemas']['QuizConflict'];

/** 409 for a quiz save against a stale version: the envelope plus the quiz as it is now (QuizConflict). */
export class QuizVersionConflict extends HttpError {
  constructor(readonly current: QuizBody) {
    super(409, 'VERSION_CONFLICT', messages.versionConflict);
  }

  override toEnvelope(locale: Locale): ConflictBody {
    return { message: inLocale(this.text, locale), code: 'VERSION_CONFLICT', current: this.current };
  }
}

/** The QUIZ item `itemId` of the caller's training, or 404 (another store, another training, another type). */
export async function quizItemOf(services: Services, storeId: string, trainingUuid: string, itemId: number): Promise<ItemRow> {
  const training = await trainingOf(services, storeId, trainingUuid);
  const item = await itemOf(services.db, training.id, itemId);
  if (item.type !== 'QUIZ') throw notFound();
  return item;
}

/** How many attempts answered each question of the item. */
async function answerCounts(db: Database, questionIds: number[]): Promise<Map<number, number>> {
  if (!questionIds.length) return new Map();
  const rows = await db
    .select({ questionId: quizAttemptAnswers.questionId, n: count() })
    .from(quizAttemptAnswers)
    .where(inArray(quizAttemptAnswers.questionId, questionIds))
    .groupBy(quizAttemptAnswers.questionId);
  return new Map(rows.map((row) => [row.questionId, row.n]));
}

/** The questions of a quiz in order (archived ones included), each with its choices in order. */
export async function quizQuestionsOf(db: Database, itemId: number): Promise<{ question: QuizQuestionRow; choices: QuizChoiceRow[] }[]> {
  const questions = await db
    .select()
    .from(quizQuestions)
    .where(eq(quizQuestions.trainingItemId, itemId))
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.id));
  if (!questions.length) return [];
  const choices = await db
    .select()
    .from(quizChoices)
    .where(
      inArray(
        quizChoices.questionId,
        questions.map((q) => q.id),
      ),
    )
    .orderBy(asc(quizChoices.position), asc(quizChoices.id));
  return questions.map((question) => ({ question, choices: choices.filter((choice) => choice.questionId === question.id) }));
}

/** The quiz of a QUIZ item as the editor reads it. */
export async function quizOf(db: Database, item: ItemRow): Promise<QuizBody> {
  const [settings] = await db.select().from(quizzes).where(eq(quizzes.trainingItemId, item.id)).limit(1);
  const questions = await quizQuestionsOf(db, item.id);
  const counts = await answerCounts(
    db,
    questions.map((q) => q.question.id),
  );
  return presentQuiz(
    item,
    settings ?? null,
    questions.map(({ question, choices }) => presentQuizQuestion(question, choices, counts.get(question.id) ?? 0)),
  );
}

/** GET …/training_items/{id}/quiz. */
export async function getQuiz(services: Services, storeId: string, trainingUuid: string, itemId: number): Promise<QuizBody> {
  return quizOf(services.db, await quizItemOf(services, storeId, trainingUuid, itemId));
}

const trimmedOrNull = (value: string | null | undefined) => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** A question as it will be stored (texts trimmed, media checked), with its problems under `questions.N…`. */
interface CleanQuestion {
  input: QuestionInput;
  existing: { question: QuizQuestionRow; choices: QuizChoiceRow[] } | null;
  text: string;
  explanation: string | null;
  media: { url: string; type: string | null } | null;
  labels: string[];
}

/**
 * The rules of a quiz save that the contract cannot say: texts not blank, at least one correct choice (spec 5),
 * exactly one for SINGLE, ids of this quiz (and of that question) once each, a media uploaded for this training.
 */
async function cleanQuestions(
  tx: Transaction,
  services: Services,
  storeId: string,
  item: ItemRow,
  input: QuestionInput[],
  current: { question: QuizQuestionRow; choices: QuizChoiceRow[] }[],
  errors: FieldErrors,
): Promise<CleanQuestion[]> {
  const byId = new Map(current.map((entry) => [entry.question.id, entry]));
  const seenQuestions = new Set<number>();
  const cleaned: CleanQuestion[] = [];
  for (const [n, question] of input.entries()) {
    const at = `questions.${n}`;
    let existing: CleanQuestion['existing'] = null;
    if (question.id !== undefined) {
      existing = byId.get(question.id) ?? null;
      if (!existing) errors[`${at}.id`] = [messages.quizQuestionUnknown];
      else if (seenQuestions.has(question.id)) errors[`${at}.id`] = [messages.listedTwice];
      seenQuestions.add(question.id);
    }
    const text = question.question.trim();
    if (!text) errors[`${at}.question`] = [messages.required];
    const labels = question.choices.map((choice, c) => {
      const label = choice.label.trim();
      if (!label) errors[`${at}.choices.${c}.label`] = [messages.required];
      return label;
    });
    const choiceIds = new Set(existing?.choices.map((choice) => choice.id) ?? []);
    const seenChoices = new Set<number>();
    question.choices.forEach((choice, c) => {
      if (choice.id === undefined) return;
      if (!choiceIds.has(choice.id)) errors[`${at}.choices.${c}.id`] = [messages.quizChoiceUnknown];
      else if (seenChoices.has(choice.id)) errors[`${at}.choices.${c}.id`] = [messages.listedTwice];
      seenChoices.add(choice.id);
    });
    const correct = question.choices.filter((choice) => choice.correct).length;
    if (correct === 0) errors[`${at}.choices`] = [messages.quizNoCorrectChoice];
    else if (question.type === 'SINGLE' && correct > 1) errors[`${at}.choices`] = [messages.quizSingleOneCorrect];

    let media: CleanQuestion['media'] = null;
    const url = question.media_url?.trim();
    if (url) {
      if (existing?.question.mediaUrl === url) media = { url, type: existing.question.mediaType };
      else {
        const upload = await arrivedUpload(services, storeId, item.trainingId, 'QUIZ_MEDIA', url, tx);
        if (upload) media = { url, type: upload.contentType };
        else errors[`${at}.media_url`] = [messages.quizMediaNotUploaded];
      }
    }
    cleaned.push({ input: question, existing, text, explanation: trimmedOrNull(question.explanation), media, labels });
  }
  return cleaned;
}

/** Writes one question's choices: listed ones updated when they changed, new ones added, the others removed. */
async function writeChoices(tx: Transaction, questionId: number, question: CleanQuestion) {
  const existing = new Map((question.existing?.choices ?? []).map((choice) => [choice.id, choice]));
  const kept = new Set(question.input.choices.flatMap((choice) => (choice.id === undefined ? [] : [choice.id])));
  const removed = [...existing.keys()].filter((id) => !kept.has(id));
  if (removed.length) await tx.delete(quizChoices).where(inArray(quizChoices.id, removed));
  const added: (typeof quizChoices.$inferInsert)[] = [];
  for (const [position, choice] of question.input.choices.entries()) {
    const label = question.labels[position]!;
    const before = choice.id === undefined ? undefined : existing.get(choice.id);
    if (!before) added.push({ questionId, label, correct: choice.correct, position });
    else if (before.label !== label || before.correct !== choice.correct || before.position !== position)
      await tx.update(quizChoices).set({ label, correct: choice.correct, position }).where(eq(quizChoices.id, before.id));
  }
  if (added.length) await tx.insert(quizChoices).values(added);
}

/**
 * PUT …/training_items/{id}/quiz: the whole quiz in one transaction, the item's row locked first, so two saves
 * never interleave and a stale `version` is seen before anything is written (409 with the quiz as it is now).
 * Questions left out are archived when a learner answered them (their answers point at them), deleted otherwise.
 */
export async function saveQuiz(services: Services, storeId: string, trainingUuid: string, itemId: number, input: QuizInput): Promise<QuizBody> {
  const item = await quizItemOf(services, storeId, trainingUuid, itemId);
  return services.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(trainingItems).where(eq(trainingItems.id, item.id)).for('update');
    if (!locked) throw notFound();
    if (input.version !== undefined && input.version !== locked.version) throw new QuizVersionConflict(await quizOf(tx, locked));

    const errors: FieldErrors = {};
    let name: string | undefined;
    try {
      if (input.name !== undefined) name = itemName(input.name);
    } catch {
      errors.name = [messages.required];
    }
    const current = await quizQuestionsOf(tx, item.id);
    const questions = await cleanQuestions(tx, services, storeId, locked, input.questions, current, errors);
    if (Object.keys(errors).length) throw invalid(errors);

    const now = services.clock();
    const [updated] = await tx
      .update(trainingItems)
      .set({
        ...(name !== undefined ? { name } : {}),
        ...(input.draft !== undefined ? { draft: input.draft } : {}),
        version: sql`${trainingItems.version} + 1`,
        updatedAt: now,
      })
      .where(eq(trainingItems.id, item.id))
      .returning();

    const settings = {
      ...(input.min_success_rate !== undefined ? { minSuccessRate: input.min_success_rate } : {}),
      ...(input.max_attempts !== undefined ? { maxAttempts: input.max_attempts } : {}),
      ...(input.shuffle_questions !== undefined ? { shuffleQuestions: input.shuffle_questions } : {}),
      ...(input.show_corrections !== undefined ? { showCorrections: input.show_corrections } : {}),
    };
    await tx
      .insert(quizzes)
      .values({ trainingItemId: item.id, ...settings, updatedAt: now })
      .onConflictDoUpdate({ target: quizzes.trainingItemId, set: { ...settings, updatedAt: now } });

    // Left out: archived when answered (placed after the listed ones), deleted otherwise.
    const listed = new Set(questions.flatMap((q) => (q.existing ? [q.existing.question.id] : [])));
    const leftOut = current.filter((entry) => !listed.has(entry.question.id));
    const counts = await answerCounts(
      tx,
      leftOut.map((entry) => entry.question.id),
    );
    const toDelete = leftOut.filter((entry) => !counts.get(entry.question.id)).map((entry) => entry.question.id);
    if (toDelete.length) await tx.delete(quizQuestions).where(inArray(quizQuestions.id, toDelete));
    for (const [k, entry] of leftOut.filter((e) => counts.get(e.question.id)).entries()) {
      await tx
        .update(quizQuestions)
        .set({ archivedAt: entry.question.archivedAt ?? now, position: questions.length + k, updatedAt: now })
        .where(eq(quizQuestions.id, entry.question.id));
    }

    for (const [position, question] of questions.entries()) {
      const values = {
        type: question.input.type,
        question: question.text,
        mediaUrl: question.media?.url ?? null,
        mediaType: question.media?.type ?? null,
        explanation: question.explanation,
        position,
      };
      const before = question.existing?.question;
      let questionId: number;
      if (!before) {
        const [inserted] = await tx
          .insert(quizQuestions)
          .values({ trainingItemId: item.id, ...values, createdAt: now, updatedAt: now })
          .returning({ id: quizQuestions.id });
        questionId = inserted!.id;
      } else {
        questionId = before.id;
        const changed = (Object.keys(values) as (keyof typeof values)[]).some((key) => before[key] !== values[key]);
        if (changed) await tx.update(quizQuestions).set({ ...values, updatedAt: now }).where(eq(quizQuestions.id, before.id));
      }
      await writeChoices(tx, questionId, question);
    }
    return quizOf(tx, updated!);
  });
}

/**
 * PATCH /training-item-quiz-questions/{id}/archive: the question of a QUIZ item of the caller's store (another
 * store's question answers 404). Archiving does not change the item's version: the quiz save never touches the
 * archived flag, so an editor open elsewhere saves over it without a conflict.
 */
export async function archiveQuestion(services: Services, storeId: string, questionId: number, archived: boolean): Promise<QuizQuestionBody> {
  if (!Number.isSafeInteger(questionId) || questionId > MAX_SERIAL) throw notFound();
  const [found] = await services.db
    .select({ question: quizQuestions })
    .from(quizQuestions)
    .innerJoin(trainingItems, eq(trainingItems.id, quizQuestions.trainingItemId))
    .innerJoin(trainings, eq(trainings.id, trainingItems.trainingId))
    .where(and(eq(quizQuestions.id, questionId), eq(trainings.storeId, storeId)))
    .limit(1);
  if (!found) throw notFound();
  const now = services.clock();
  const [row] = await services.db
    .update(quizQuestions)
    .set({ archivedAt: archived ? sql`coalesce(${quizQuestions.archivedAt}, ${now.toISOString()}::timestamptz)` : null, updatedAt: now })
    .where(eq(quizQuestions.id, questionId))
    .returning();
  if (!row) throw notFound();
  const choices = await services.db.select().from(quizChoices).where(eq(quizChoices.questionId, row.id)).orderBy(asc(quizChoices.position), asc(quizChoices.id));
  const counts = await answerCounts(services.db, [row.id]);
  return presentQuizQuestion(row, choices, counts.get(row.id) ?? 0);
}
