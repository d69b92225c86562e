import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import { customers, trainingComments, trainingItems, users } from '../../db/schema.js';
import { invalid, notFound } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { presentTrainingComment, type CommentWithAuthor } from '../../presenters/trainingComment.js';
import type { Services } from '../../services.js';
import { trainingOf } from '../catalogue/scope.js';
import { offsetOf, pageEnvelope, type PageRequest } from './paging.js';

type TrainingCommentBody = components['schemas']['TrainingComment'];

/** Replies of replies are shown nested; past this depth a thread would be abuse, not conversation. */
const MAX_DEPTH = 20;

function selectComments(services: Pick<Services, 'db'>) {
  return services.db
    .select({
      comment: trainingComments,
      itemName: trainingItems.name,
      customer: { id: customers.id, email: customers.email, firstname: customers.firstname, lastname: customers.lastname, picture: customers.picture },
      user: { id: users.id, firstname: users.firstname, lastname: users.lastname, displayName: users.displayName, picture: users.picture },
    })
    .from(trainingComments)
    .innerJoin(trainingItems, eq(trainingItems.id, trainingComments.trainingItemId))
    .leftJoin(customers, eq(customers.id, trainingComments.customerId))
    .leftJoin(users, eq(users.id, trainingComments.userId));
}

/** Drizzle gives a left-joined object with every field null when nothing joined; the presenter wants null. */
function normalise(row: Awaited<ReturnType<ReturnType<typeof selectComments>['where']>>[number]): CommentWithAuthor {
  return { ...row, customer: row.customer?.id ? row.customer : null, user: row.user?.id ? row.user : null };
}

/** The page's threads with every reply below them, one query per level; replies oldest first. */
async function withReplies(services: Pick<Services, 'db'>, roots: CommentWithAuthor[]): Promise<TrainingCommentBody[]> {
  const childrenOf = new Map<number, CommentWithAuthor[]>();
  let level = roots.map((r) => r.comment.id);
  for (let depth = 0; level.length && depth < MAX_DEPTH; depth++) {
    const replies = (
      await selectComments(services)
        .where(inArray(trainingComments.parentId, level))
        .orderBy(asc(trainingComments.createdAt), asc(trainingComments.id))
    ).map(normalise);
    for (const reply of replies) {
      const siblings = childrenOf.get(reply.comment.parentId!) ?? [];
      siblings.push(reply);
      childrenOf.set(reply.comment.parentId!, siblings);
    }
    level = replies.map((r) => r.comment.id);
  }
  const build = (row: CommentWithAuthor): TrainingCommentBody => presentTrainingComment(row, (childrenOf.get(row.comment.id) ?? []).map(build));
  return roots.map(build);
}

export async function pageOfThreads(services: Pick<Services, 'db'>, where: SQL | undefined, page: PageRequest) {
  const [counted] = await services.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(trainingComments)
    .where(where);
  const total = counted?.n ?? 0;
  const roots =
    offsetOf(page) < total
      ? (
          await selectComments(services)
            .where(where)
            .orderBy(desc(trainingComments.createdAt), desc(trainingComments.id))
            .limit(page.perPage)
            .offset(offsetOf(page))
        ).map(normalise)
      : [];
  return pageEnvelope(page, total, await withReplies(services, roots));
}

/** The comments page: threads of every lesson of the training (or of one, `item_id`), newest first. */
export async function listTrainingComments(services: Services, storeId: string, trainingUuid: string, itemId: number | undefined, page: PageRequest) {
  const training = await trainingOf(services, storeId, trainingUuid);
  const where = and(
    eq(trainingComments.trainingId, training.id),
    isNull(trainingComments.parentId),
    itemId === undefined ? undefined : eq(trainingComments.trainingItemId, itemId),
  );
  return pageOfThreads(services, where, page);
}

/** An item of this training that can hold comments (a chapter cannot); anything else is 404. */
async function commentableItem(services: Services, trainingId: string, itemId: number) {
  const [item] = await services.db
    .select({ id: trainingItems.id })
    .from(trainingItems)
    .where(and(eq(trainingItems.id, itemId), eq(trainingItems.trainingId, trainingId), ne(trainingItems.type, 'SECTION')))
    .limit(1);
  if (!item) throw notFound();
  return item;
}

export async function listTrainingItemComments(services: Services, storeId: string, trainingUuid: string, itemId: number, page: PageRequest) {
  const training = await trainingOf(services, storeId, trainingUuid);
  await commentableItem(services, training.id, itemId);
  const where = and(eq(trainingComments.trainingItemId, itemId), isNull(trainingComments.parentId));
  return pageOfThreads(services, where, page);
}

/** The team answers (or opens a thread) under a lesson as the signed-in user. */
export async function createTrainingItemComment(
  services: Services,
  storeId: string,
  userId: string,
  trainingUuid: string,
  itemId: number,
  body: { content: string; parent_id?: number },
) {
  const training = await trainingOf(services, storeId, trainingUuid);
  await commentableItem(services, training.id, itemId);
  return insertComment(services, { trainingId: training.id, itemId, userId, content: body.content, parentId: body.parent_id });
}

/**
 * A comment under a lesson, by a team member (`userId`) or a learner (`customerId`): plain text, trimmed,
 * never empty; a reply names a comment of the same lesson (422 otherwise). Pass a transaction as `services.db`
 * to write it with what goes with it (the team's notifications).
 */
export async function insertComment(
  services: Pick<Services, 'db' | 'clock'>,
  input: { trainingId: string; itemId: number; content: string; parentId?: number } & ({ userId: string; customerId?: undefined } | { customerId: string; userId?: undefined }),
) {
  const content = input.content.trim();
  if (!content) throw invalid({ content: [messages.commentEmpty] });
  if (input.parentId !== undefined) {
    const [parent] = await services.db
      .select({ id: trainingComments.id })
      .from(trainingComments)
      .where(and(eq(trainingComments.id, input.parentId), eq(trainingComments.trainingItemId, input.itemId)))
      .limit(1);
    if (!parent) throw invalid({ parent_id: [messages.commentParentUnknown] });
  }
  const [created] = await services.db
    .insert(trainingComments)
    .values({
      trainingId: input.trainingId,
      trainingItemId: input.itemId,
      parentId: input.parentId ?? null,
      userId: input.userId ?? null,
      customerId: input.customerId ?? null,
      content,
      createdAt: services.clock(),
    })
    .returning();
  const [row] = (await selectComments(services).where(eq(trainingComments.id, created!.id))).map(normalise);
  return presentTrainingComment(row!, []);
}

/** Moderation from the comments page: a thread goes with its replies (the schema cascades). */
export async function deleteTrainingComment(services: Services, storeId: string, trainingUuid: string, commentId: number) {
  const training = await trainingOf(services, storeId, trainingUuid);
  const deleted = await services.db
    .delete(trainingComments)
    .where(and(eq(trainingComments.id, commentId), eq(trainingComments.trainingId, training.id)))
    .returning({ id: trainingComments.id });
  if (!deleted.length) throw notFound();
}
