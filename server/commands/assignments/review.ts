import { and, asc, desc, eq } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import { assignmentComments, assignmentEvents, assignmentSubmissions, customers, users } from '../../db/schema.js';
import { conflict, invalid } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { presentAssignmentComment } from '../../presenters/assignment.js';
import type { Services } from '../../services.js';
import { assignmentItemOf, assignmentOf, customerColumns, joined, presentOne, userColumns, type AssignmentDeps } from './assignments.js';

type AssignmentDecision = components['schemas']['AssignmentDecision'];

/**
 * PUT …/validate: the decision on the last submission. The status changes only from PENDING_TEACHER, in one
 * conditional UPDATE: of two reviewers deciding at once, the second finds the row no longer waiting (it waits
 * for the first one's row lock, then reads the new status) and answers 409, writing nothing.
 */
export async function validateAssignment(
  services: AssignmentDeps,
  storeId: string,
  reviewerId: string,
  trainingUuid: string,
  itemId: number,
  assignmentId: number,
  body: { decision: AssignmentDecision; correction?: string },
) {
  const { training, item } = await assignmentItemOf(services, storeId, trainingUuid, itemId);
  await assignmentOf(services.db, item.id, assignmentId);
  const correction = body.correction?.trim() || null;
  if (body.decision === 'REJECTED' && !correction) throw invalid({ correction: [messages.correctionRequired] });
  const now = services.clock();
  const updated = await services.db.transaction(async (tx) => {
    const [row] = await tx
      .update(assignmentSubmissions)
      .set({ status: body.decision === 'ACCEPTED' ? 'COMPLETED' : 'PENDING_CUSTOMER', decision: body.decision, updatedAt: now })
      .where(and(eq(assignmentSubmissions.id, assignmentId), eq(assignmentSubmissions.status, 'PENDING_TEACHER')))
      .returning();
    if (!row) return null;
    const [submission] = await tx
      .select({ id: assignmentEvents.id })
      .from(assignmentEvents)
      .where(and(eq(assignmentEvents.assignmentId, assignmentId), eq(assignmentEvents.type, 'customer_submission')))
      .orderBy(desc(assignmentEvents.createdAt), desc(assignmentEvents.id))
      .limit(1);
    await tx.insert(assignmentEvents).values({
      assignmentId,
      type: 'teacher_validation',
      userId: reviewerId,
      decision: body.decision,
      correction,
      submissionId: submission?.id ?? null,
      createdAt: now,
    });
    return row;
  });
  if (!updated) throw conflict(messages.assignmentNotWaiting);
  return presentOne(services.db, training.id, updated);
}

function selectComments(deps: Pick<AssignmentDeps, 'db'>) {
  return deps.db
    .select({ comment: assignmentComments, customer: customerColumns, user: userColumns })
    .from(assignmentComments)
    .leftJoin(customers, eq(customers.id, assignmentComments.customerId))
    .leftJoin(users, eq(users.id, assignmentComments.userId));
}

type CommentRow = Awaited<ReturnType<ReturnType<typeof selectComments>['where']>>[number];
const present = (row: CommentRow) => presentAssignmentComment({ comment: row.comment, customer: joined(row.customer), user: joined(row.user) });

/**
 * A message in an assignment's thread, by the learner (`customerId`) or a team member (`userId`): plain text,
 * trimmed, never empty. The learner area (a later issue) and the seed write the learner's side through it.
 */
export async function addAssignmentComment(
  deps: AssignmentDeps,
  input: { assignmentId: number; content: string } & ({ userId: string; customerId?: undefined } | { customerId: string; userId?: undefined }),
) {
  const content = input.content.trim();
  if (!content) throw invalid({ content: [messages.commentEmpty] });
  const [created] = await deps.db
    .insert(assignmentComments)
    .values({ assignmentId: input.assignmentId, customerId: input.customerId ?? null, userId: input.userId ?? null, content, createdAt: deps.clock() })
    .returning({ id: assignmentComments.id });
  const [row] = await selectComments(deps).where(eq(assignmentComments.id, created!.id));
  return present(row!);
}

export async function listAssignmentComments(services: Services, storeId: string, trainingUuid: string, itemId: number, assignmentId: number) {
  const { item } = await assignmentItemOf(services, storeId, trainingUuid, itemId);
  await assignmentOf(services.db, item.id, assignmentId);
  return { data: await commentsOf(services, assignmentId) };
}

/** An assignment's thread, oldest first (the team's review page and the learner's player). */
export async function commentsOf(deps: Pick<AssignmentDeps, 'db'>, assignmentId: number) {
  const rows = await selectComments(deps)
    .where(eq(assignmentComments.assignmentId, assignmentId))
    .orderBy(asc(assignmentComments.createdAt), asc(assignmentComments.id));
  return rows.map(present);
}

export async function createAssignmentComment(
  services: Services,
  storeId: string,
  userId: string,
  trainingUuid: string,
  itemId: number,
  assignmentId: number,
  content: string,
) {
  const { item } = await assignmentItemOf(services, storeId, trainingUuid, itemId);
  await assignmentOf(services.db, item.id, assignmentId);
  return addAssignmentComment(services, { assignmentId, userId, content });
}
