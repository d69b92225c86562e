import { and, eq, inArray } from 'drizzle-orm';
import { assignmentEvents, assignmentSubmissions, customers, trainingAuthors, trainingItems, trainings, users, type AssignmentFileData } from '../../db/schema.js';
import { conflict, invalid, notFound } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { customerDisplayName } from '../../presenters/customer.js';
import { ROLE_GROUPS } from '../../policies/roles.js';
import { notify } from '../notifications.js';
import type { AssignmentDeps } from './assignments.js';

/**
 * The learner's side of an assignment. The learner area (a later issue) calls these once it has found the
 * learner's enrolment and the ASSIGNMENT item; the demo seed uses them too. Inside a transaction, pass
 * `{ db: tx, clock }` so the history and the notifications exist exactly when the submission does.
 */

/** Opens the learner's assignment on first visit (status PENDING_CUSTOMER, an assignment_started entry); later calls answer it as it is. */
export async function startAssignment(deps: AssignmentDeps, input: { customerId: string; trainingItemId: number }) {
  const now = deps.clock();
  const [created] = await deps.db
    .insert(assignmentSubmissions)
    .values({ trainingItemId: input.trainingItemId, customerId: input.customerId, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [assignmentSubmissions.trainingItemId, assignmentSubmissions.customerId] })
    .returning();
  if (created) {
    await deps.db.insert(assignmentEvents).values({ assignmentId: created.id, type: 'assignment_started', customerId: input.customerId, createdAt: now });
    return created;
  }
  const [existing] = await deps.db
    .select()
    .from(assignmentSubmissions)
    .where(and(eq(assignmentSubmissions.trainingItemId, input.trainingItemId), eq(assignmentSubmissions.customerId, input.customerId)))
    .limit(1);
  return existing!;
}

/**
 * Who hears of a submission (ASSIGNMENT_SUBMITTED) or of a learner's comment under a lesson
 * (TRAINING_COMMENT_CREATED): the training's authors who are still in the team and may review (owner, admin,
 * teacher); a training without such authors notifies the store's owners and admins.
 */
export async function reviewersOf(deps: AssignmentDeps, trainingId: string, storeId: string): Promise<string[]> {
  const authors = await deps.db
    .select({ id: users.id })
    .from(trainingAuthors)
    .innerJoin(users, eq(users.id, trainingAuthors.userId))
    .where(and(eq(trainingAuthors.trainingId, trainingId), eq(users.storeId, storeId), inArray(users.role, [...ROLE_GROUPS.editors])));
  if (authors.length) return authors.map((a) => a.id);
  const managers = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.storeId, storeId), inArray(users.role, [...ROLE_GROUPS.managers])));
  return managers.map((m) => m.id);
}

/**
 * The learner hands in text and files (already uploaded): only while the assignment is PENDING_CUSTOMER (the
 * first call starts it), else 409; one conditional UPDATE, so two hand-ins at once make one submission. Status
 * becomes PENDING_TEACHER, the decision is cleared, and the reviewers get an ASSIGNMENT_SUBMITTED notification.
 */
export async function submitAssignment(
  deps: AssignmentDeps,
  input: { storeId: string; customerId: string; trainingItemId: number; content?: string | null; files?: AssignmentFileData[] },
) {
  const content = input.content?.trim() || null;
  const files = input.files ?? [];
  if (!content && !files.length) throw invalid({ content: [messages.submissionEmpty] });
  const [place] = await deps.db
    .select({ item: trainingItems, training: { id: trainings.id, storeId: trainings.storeId }, customer: customers })
    .from(trainingItems)
    .innerJoin(trainings, eq(trainings.id, trainingItems.trainingId))
    .innerJoin(customers, eq(customers.id, input.customerId))
    .where(and(eq(trainingItems.id, input.trainingItemId), eq(trainings.storeId, input.storeId), eq(customers.storeId, input.storeId)))
    .limit(1);
  if (!place || place.item.type !== 'ASSIGNMENT') throw notFound();
  return deps.db.transaction(async (tx) => {
    const inTx = { db: tx, clock: deps.clock };
    const started = await startAssignment(inTx, input);
    const now = deps.clock();
    const [row] = await tx
      .update(assignmentSubmissions)
      .set({ status: 'PENDING_TEACHER', decision: null, updatedAt: now })
      .where(and(eq(assignmentSubmissions.id, started.id), eq(assignmentSubmissions.status, 'PENDING_CUSTOMER')))
      .returning();
    if (!row) throw conflict(messages.assignmentNotOpen);
    await tx.insert(assignmentEvents).values({ assignmentId: row.id, type: 'customer_submission', customerId: input.customerId, content, files, createdAt: now });
    const name = customerDisplayName(place.customer);
    for (const userId of await reviewersOf(inTx, place.training.id, input.storeId)) {
      await notify(inTx, {
        userId,
        type: 'ASSIGNMENT_SUBMITTED',
        template: `${name} a rendu le devoir « ${place.item.name} »`,
        data: { training_uuid: place.training.id, training_item_id: place.item.id, assignment_id: row.id, customer_uuid: input.customerId },
      });
    }
    return row;
  });
}
