import { and, eq, sql } from 'drizzle-orm';
import type { components, operations } from '../../../src/api/schema.gen.js';
import type { LearnerAuth } from '../../auth/learnerSession.js';
import { customerTrainings, itemProgress, trainingItems } from '../../db/schema.js';
import { invalid } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import type { Services } from '../../services.js';
import { feedbackGiven, openItem, recomputeProgress } from './lesson.js';
import { runtimeUrl } from './scorm.js';

type ProgressInput = operations['updateLessonProgress']['requestBody']['content']['application/json'];
type ItemProgressBody = components['schemas']['ItemProgress'];

/** The task ids of a TASKS item's specific content (checked on write, so well formed; an unreadable one has none). */
function taskIdsOf(specificContent: string | null): string[] {
  try {
    const parsed = JSON.parse(specificContent ?? 'null') as { tasks?: { id: string }[] } | null;
    return parsed?.tasks?.map((task) => task.id) ?? [];
  } catch {
    return [];
  }
}

/**
 * PUT me/trainings/{slug}/items/{itemId}/progress: time spent (added), ticked tasks (replaced) and completion.
 * Completion is recorded once (the first date stays); it needs `min_complete_duration` seconds spent and, for
 * TASKS, every task ticked (ticking the last one completes the item by itself); QUIZ and ASSIGNMENT items
 * complete through their own calls (422). The learner's row is locked while it is read and written, so two
 * calls at once (two tabs) add both their times and complete once. When the training's feedback is mandatory,
 * nothing completes here before the learner's feedback on the item (422 on `completed` when asked).
 */
export async function updateLessonProgress(services: Services, learner: LearnerAuth, ref: string, itemId: number, input: ProgressInput): Promise<ItemProgressBody> {
  const { training, enrolment, view, item, now } = await openItem(services, learner, ref, itemId);
  if (input.completed && (item.type === 'QUIZ' || item.type === 'ASSIGNMENT')) throw invalid({ completed: [messages.completedByOwnCall] });
  // A tracked SCORM package completes through its CMI data (saveScormProgress); untracked, the learner says so here.
  if (input.completed && item.type === 'SCORM' && runtimeUrl(services) !== null) throw invalid({ completed: [messages.completedByOwnCall] });
  // Mandatory feedback (spec 3: "the learner must answer before going on"): no "done" without it. Checked before
  // the row is locked: a feedback cannot be taken back, so one seen here stays.
  const feedback = training.feedbackOptions;
  const feedbackMissing = feedback.enabled && feedback.mandatory && !(await feedbackGiven(services.db, itemId, learner.customer.id));
  let taskIds: string[] = [];
  if (item.type === 'TASKS') {
    const [row] = await services.db.select({ specificContent: trainingItems.specificContent }).from(trainingItems).where(eq(trainingItems.id, itemId));
    taskIds = taskIdsOf(row?.specificContent ?? null);
    if (input.tasks_done?.some((id) => !taskIds.includes(id))) throw invalid({ tasks_done: [messages.unknownTask] });
  } else if (input.tasks_done !== undefined) {
    throw invalid({ tasks_done: [messages.tasksOnlyForTasks] });
  }

  return services.db.transaction(async (tx) => {
    const key = and(eq(itemProgress.customerTrainingId, enrolment.id), eq(itemProgress.trainingItemId, itemId));
    await tx.insert(itemProgress).values({ customerTrainingId: enrolment.id, trainingItemId: itemId, updatedAt: now }).onConflictDoNothing();
    const [current] = await tx.select().from(itemProgress).where(key).for('update');
    const timeSpent = (current?.timeSpent ?? 0) + (input.time_spent_delta ?? 0);
    const tasksDone = input.tasks_done ?? current?.tasksDone ?? [];
    const allTicked = item.type === 'TASKS' && taskIds.every((id) => tasksDone.includes(id));
    let completedAt = current?.completedAt ?? null;
    const completing = input.completed || (item.type === 'TASKS' && allTicked && input.tasks_done !== undefined);
    // Without the mandatory feedback: "done" asked is refused; the last task ticked is kept but completes nothing yet.
    if (!completedAt && input.completed && feedbackMissing) throw invalid({ completed: [messages.feedbackRequired] });
    if (!completedAt && completing && !feedbackMissing) {
      const missing = (item.minCompleteDuration ?? 0) - timeSpent;
      if (missing > 0) throw invalid({ completed: [messages.completeTooSoon(missing)] });
      if (item.type === 'TASKS' && !allTicked) throw invalid({ completed: [messages.tasksUnfinished] });
      completedAt = now;
    }
    const [row] = await tx
      .update(itemProgress)
      .set({ timeSpent: sql`least(${timeSpent}, 2147483647)`, tasksDone, completedAt, updatedAt: now })
      .where(key)
      .returning();
    const newlyCompleted = Boolean(completedAt && !current?.completedAt);
    const trainingProgress = newlyCompleted ? await recomputeProgress(tx, services.jobs, view, enrolment, now) : await currentProgress(tx, enrolment.id);
    return {
      item_id: itemId,
      completed_at: row!.completedAt?.toISOString() ?? null,
      time_spent: row!.timeSpent,
      tasks_done: row!.tasksDone,
      training_progress: trainingProgress,
    };
  });
}

export async function currentProgress(db: Parameters<typeof recomputeProgress>[0], enrolmentId: string): Promise<number> {
  const [row] = await db.select({ progress: customerTrainings.progress }).from(customerTrainings).where(eq(customerTrainings.id, enrolmentId));
  return row?.progress ?? 0;
}
