import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import type { LearnerAuth } from '../../auth/learnerSession.js';
import type { Database } from '../../db/client.js';
import { customerTrainings, itemFeedbacks, itemProgress, quizAttempts, quizChoices, quizQuestions, quizzes, trainingItemResources, trainingItems } from '../../db/schema.js';
import type { FeedbackOptionsData } from '../../db/schema.js';
import { forbidden, notFound } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { openTraining } from '../../policies/schoolScope.js';
import { presentResource } from '../../presenters/trainingItem.js';
import { QUIZ_DEFAULTS } from '../../presenters/quiz.js';
import type { Services } from '../../services.js';
import type { JobQueue } from '../../jobs/queue.js';
import { emitTrainingCompleted } from '../webhooks/webhooks.js';
import { runtimeUrl } from './scorm.js';
import { presentOne } from '../assignments/assignments.js';
import { startAssignment } from '../assignments/submit.js';
import { storedBlocks } from '../trainingItems/blocks.js';
import { MAX_SERIAL } from '../trainingItems/items.js';
import { learnerView, progressPercent, type LearnerView } from './learnerOutline.js';

type LearnerItemBody = components['schemas']['LearnerItem'];
type LearnerQuizBody = components['schemas']['LearnerQuiz'];
type EnrolmentRow = typeof customerTrainings.$inferSelect;

/** The date of a DATE lock, as the learner reads it (their language, the store's zone). */
const openingDate = (iso: string, locale: 'fr' | 'en') =>
  new Date(iso).toLocaleString(locale === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' });

/**
 * An item of a training the learner may open now: the training followed and not blocked (403), the item
 * published in it (404 otherwise: a draft, another training's or another school's item do not exist here),
 * and open by the unlock rules (403 ITEM_LOCKED with the spec 8 message; its content is never read).
 */
export async function openItem(services: Services, learner: LearnerAuth, ref: string, itemId: number) {
  const followed = await openTraining(services, learner, ref);
  if (!Number.isSafeInteger(itemId) || itemId > MAX_SERIAL) throw notFound();
  const now = services.clock();
  const view = await learnerView(services.db, followed.training, followed.enrolment, now);
  const index = view.order.findIndex((entry) => entry.id === itemId);
  const item = view.order[index];
  if (!item) throw notFound();
  const state = view.states.get(item.id);
  if (state?.state === 'locked') {
    const text = state.reason === 'DATE' && state.opens_at ? { fr: openingDate(state.opens_at, 'fr'), en: openingDate(state.opens_at, 'en') } : null;
    throw forbidden(text ? { fr: messages.lessonOpensOn(text.fr).fr, en: messages.lessonOpensOn(text.en).en } : messages.lessonLocked[state.reason], 'ITEM_LOCKED');
  }
  return { ...followed, view, item, index, now };
}

/** The neighbour in the learner's order (the player's previous / next), or null. */
const neighbour = (view: LearnerView, index: number, step: -1 | 1) => view.order[index + step]?.id ?? null;

/** The quiz as the learner takes it: questions not archived (shuffled when asked), choices without their answers. */
async function learnerQuiz(db: Database, itemId: number, customerId: string | null, bestScore: number | null): Promise<LearnerQuizBody> {
  const [settings] = await db.select().from(quizzes).where(eq(quizzes.trainingItemId, itemId)).limit(1);
  const s = settings ?? QUIZ_DEFAULTS;
  const [questions, [taken] = [{ n: 0 }]] = await Promise.all([
    db
      .select()
      .from(quizQuestions)
      .where(and(eq(quizQuestions.trainingItemId, itemId), isNull(quizQuestions.archivedAt)))
      .orderBy(asc(quizQuestions.position), asc(quizQuestions.id)),
    customerId
      ? db
          .select({ n: sql<number>`count(*)::int` })
          .from(quizAttempts)
          .where(and(eq(quizAttempts.trainingItemId, itemId), eq(quizAttempts.customerId, customerId)))
      : Promise.resolve([{ n: 0 }]),
  ]);
  const choices = questions.length
    ? await db
        .select({ id: quizChoices.id, questionId: quizChoices.questionId, label: quizChoices.label })
        .from(quizChoices)
        .where(
          inArray(
            quizChoices.questionId,
            questions.map((q) => q.id),
          ),
        )
        .orderBy(asc(quizChoices.position), asc(quizChoices.id))
    : [];
  const asked = s.shuffleQuestions ? shuffled(questions) : questions;
  return {
    min_success_rate: s.minSuccessRate,
    max_attempts: s.maxAttempts,
    attempts_left: s.maxAttempts === null ? null : Math.max(0, s.maxAttempts - (taken?.n ?? 0)),
    best_score: bestScore,
    questions: asked.map((q) => ({
      id: q.id,
      type: q.type,
      question: q.question,
      media_url: q.mediaUrl,
      choices: choices.filter((c) => c.questionId === q.id).map((c) => ({ id: c.id, label: c.label })),
    })),
  };
}

function shuffled<T>(list: readonly T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** Opening a lesson marks where the learner is (resume): its progress row exists and is the latest touched. */
async function touch(db: Database, enrolment: EnrolmentRow, itemId: number, now: Date) {
  await db
    .insert(itemProgress)
    .values({ customerTrainingId: enrolment.id, trainingItemId: itemId, updatedAt: now })
    .onConflictDoUpdate({ target: [itemProgress.customerTrainingId, itemProgress.trainingItemId], set: { updatedAt: now } });
}

/** Whether the learner already gave their feedback on the item (the player's `feedback_given`). */
export async function feedbackGiven(db: Database, itemId: number, customerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: itemFeedbacks.id })
    .from(itemFeedbacks)
    .where(and(eq(itemFeedbacks.trainingItemId, itemId), eq(itemFeedbacks.customerId, customerId)))
    .limit(1);
  return Boolean(row);
}

/** GET me/trainings/{slug}/items/{itemId}: the lesson for the player (see openItem for who gets it). */
export async function getLesson(services: Services, learner: LearnerAuth, ref: string, itemId: number): Promise<LearnerItemBody> {
  const { training, enrolment, view, index, now } = await openItem(services, learner, ref, itemId);
  return lessonBody(services, { training, view, index, customerId: learner.customer.id }, async (row) => {
    await touch(services.db, enrolment, itemId, now);
    return row.type === 'ASSIGNMENT' ? presentOne(services.db, training.id, await startAssignment(services, { customerId: learner.customer.id, trainingItemId: itemId })) : null;
  });
}

/**
 * The lesson's body for the player. `customerId` is null in the team's preview (no attempts, no progress);
 * `recorded` runs once the item is known to exist: what opening it writes, and the learner's assignment.
 */
export async function lessonBody(
  services: Services,
  at: { training: { id: string; feedbackOptions: FeedbackOptionsData }; view: LearnerView; index: number; customerId: string | null },
  recorded: (row: typeof trainingItems.$inferSelect) => Promise<LearnerItemBody['assignment']>,
): Promise<LearnerItemBody> {
  const { training, view, index, customerId } = at;
  const itemId = view.order[index]!.id;
  const [[row], resources] = await Promise.all([
    services.db.select().from(trainingItems).where(eq(trainingItems.id, itemId)).limit(1),
    services.db.select().from(trainingItemResources).where(eq(trainingItemResources.trainingItemId, itemId)).orderBy(asc(trainingItemResources.position), asc(trainingItemResources.id)),
  ]);
  if (!row) throw notFound();
  const assignment = await recorded(row);
  const progress = view.progress.get(itemId);
  return {
    id: row.id,
    training_uuid: training.id,
    type: row.type,
    name: row.name,
    description: row.description,
    blocks: storedBlocks(row.content),
    resources: resources.map(presentResource),
    specific_content: row.specificContent,
    scorm_url: row.scormUrl,
    scorm_tracked: row.type === 'SCORM' && runtimeUrl(services) !== null,
    min_complete_duration: row.minCompleteDuration,
    completed_at: progress?.completedAt?.toISOString() ?? null,
    time_spent: progress?.timeSpent ?? 0,
    tasks_done: progress?.tasksDone ?? [],
    quiz: row.type === 'QUIZ' ? await learnerQuiz(services.db, itemId, customerId, progress?.score ?? null) : null,
    assignment,
    feedback_given: customerId ? await feedbackGiven(services.db, itemId, customerId) : false,
    feedback_options: training.feedbackOptions.enabled ? training.feedbackOptions : null,
    previous_item_id: neighbour(view, index, -1),
    next_item_id: neighbour(view, index, 1),
    preview: customerId === null,
  };
}

/**
 * The training's progress after an item was completed, written on the enrolment (and its completion, once, at
 * 100 %). Reads the view again inside the caller's transaction so two completions at once count both.
 */
export async function recomputeProgress(db: Database, jobs: JobQueue, view: { order: readonly { id: number }[] }, enrolment: EnrolmentRow, now: Date): Promise<number> {
  const ids = view.order.map((item) => item.id);
  const rows = ids.length
    ? await db
        .select({ item: itemProgress.trainingItemId, completedAt: itemProgress.completedAt })
        .from(itemProgress)
        .where(and(eq(itemProgress.customerTrainingId, enrolment.id), inArray(itemProgress.trainingItemId, ids)))
    : [];
  const done = new Set(rows.filter((row) => row.completedAt).map((row) => row.item));
  const progress = progressPercent(view.order, (id) => done.has(id));
  await db.update(customerTrainings).set({ progress }).where(eq(customerTrainings.id, enrolment.id));
  if (progress >= 100) {
    // The completion is written once (the row that had none), and only that write tells the webhooks.
    const completed = await db
      .update(customerTrainings)
      .set({ completedAt: now })
      .where(and(eq(customerTrainings.id, enrolment.id), isNull(customerTrainings.completedAt)))
      .returning({ id: customerTrainings.id });
    if (completed.length) await emitTrainingCompleted(db, jobs, enrolment.id, now);
  }
  return progress;
}
