import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import { communityComments, communityPosts, communitySubscriptions, customers, users } from '../../db/schema.js';
import { forbidden, invalid, notFound } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { assertMayWrite, type Viewer } from '../../policies/community.js';
import { personColumns, presentComment, presentPerson } from '../../presenters/community.js';
import type { Services } from '../../services.js';
import { offsetOf, pageEnvelope, type PageRequest } from '../trainingLearners/paging.js';
import { notifyNewComment } from './notify.js';
import { cleanContent, isAuthor, personOf, postFor } from './posts.js';

type Schemas = components['schemas'];
type CommentRow = typeof communityComments.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Replies shown under each comment of a page; the rest are paged with parent_uuid. */
export const FIRST_REPLIES = 3;

function selectComments(services: Pick<Services, 'db'>, viewer: Viewer) {
  return services.db
    .select({
      comment: communityComments,
      ...personColumns,
      subscribed: sql<boolean>`exists (select 1 from ${communitySubscriptions} where ${communitySubscriptions.commentId} = ${communityComments.id} and ${personOf(viewer)})`,
      childrenCount: sql<number>`(select count(*) from ${communityComments} as replies where replies.parent_id = ${communityComments.id})`.mapWith(Number),
    })
    .from(communityComments)
    .leftJoin(users, eq(users.id, communityComments.ownerUserId))
    .leftJoin(customers, eq(customers.id, communityComments.ownerCustomerId));
}

type CommentWithPerson = Awaited<ReturnType<ReturnType<typeof selectComments>['where']>>[number];
const present = (row: CommentWithPerson, children: Schemas['Comment'][] = []) =>
  presentComment(row.comment, { owner: presentPerson(row), subscribed: Boolean(row.subscribed), childrenCount: row.childrenCount, children });

const order = [asc(communityComments.createdAt), asc(communityComments.id)];

/** A comment of the viewer's store, on a post open to the viewer (404 / 403 as for its post). */
async function commentFor(services: Services, viewer: Viewer, commentId: string) {
  if (!UUID.test(commentId)) throw notFound();
  const [comment] = await services.db.select().from(communityComments).where(eq(communityComments.id, commentId.toLowerCase())).limit(1);
  if (!comment) throw notFound();
  const { post, access } = await postFor(services, viewer, comment.postId);
  return { comment, post, access };
}

async function presentById(services: Services, viewer: Viewer, id: string) {
  const [row] = await selectComments(services, viewer).where(eq(communityComments.id, id));
  return present(row!);
}

/** Top-level comments oldest first, each with its first replies; with `parent_uuid`, that comment's replies. */
export async function listComments(services: Services, viewer: Viewer, postId: string, parentUuid: string | undefined, page: PageRequest) {
  const { post } = await postFor(services, viewer, postId);
  let parentId: string | null = null;
  if (parentUuid) {
    const [parent] = await services.db
      .select({ id: communityComments.id })
      .from(communityComments)
      .where(and(eq(communityComments.id, parentUuid.toLowerCase()), eq(communityComments.postId, post.id)));
    if (!parent) throw notFound(messages.unknownParentComment);
    parentId = parent.id;
  }
  const where = parentId ? eq(communityComments.parentId, parentId) : and(eq(communityComments.postId, post.id), isNull(communityComments.parentId));
  const [counted] = await services.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(communityComments).where(where);
  const total = counted?.n ?? 0;
  const rows =
    offsetOf(page) < total
      ? await selectComments(services, viewer)
          .where(where)
          .orderBy(...order)
          .limit(page.perPage)
          .offset(offsetOf(page))
      : [];
  // The first replies of every comment of the page, in one query.
  const ids = rows.map((r) => r.comment.id);
  const firstReplies = ids.length
    ? await selectComments(services, viewer)
        .where(
          inArray(
            communityComments.id,
            sql`(select id from (select id, row_number() over (partition by parent_id order by created_at, id) as rank
                 from ${communityComments} where parent_id in ${sql`(${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`}) as ranked where rank <= ${FIRST_REPLIES})`,
          ),
        )
        .orderBy(...order)
    : [];
  const repliesOf = new Map<string, Schemas['Comment'][]>();
  for (const reply of firstReplies) repliesOf.set(reply.comment.parentId!, [...(repliesOf.get(reply.comment.parentId!) ?? []), present(reply)]);
  return pageEnvelope(page, total, rows.map((row) => present(row, repliesOf.get(row.comment.id) ?? [])));
}

/**
 * Comments (or replies to `parent_uuid`). Read-only posts and comments take no answers (403). The post's row is
 * locked first, so its count moves by exactly one per comment even with deletes running at the same time.
 */
export async function createComment(services: Services, viewer: Viewer, postId: string, body: Schemas['CreateCommentBody']) {
  const { post, access } = await postFor(services, viewer, postId);
  assertMayWrite(viewer);
  if (post.readonly) throw forbidden(messages.communityAnswersClosed, 'ANSWERS_CLOSED');
  const content = cleanContent(body.content);
  const now = services.clock();
  const id = await services.db.transaction(async (tx) => {
    await tx.select({ id: communityPosts.id }).from(communityPosts).where(eq(communityPosts.id, post.id)).for('update');
    let parent: CommentRow | undefined;
    if (body.parent_uuid) {
      [parent] = await tx
        .select()
        .from(communityComments)
        .where(and(eq(communityComments.id, body.parent_uuid.toLowerCase()), eq(communityComments.postId, post.id)));
      if (!parent) throw invalid({ parent_uuid: [messages.unknownParentComment] });
      if (parent.readonly) throw forbidden(messages.communityAnswersClosed, 'ANSWERS_CLOSED');
    }
    const [row] = await tx
      .insert(communityComments)
      .values({ postId: post.id, parentId: parent?.id ?? null, ownerUserId: viewer.userId, ownerCustomerId: viewer.customerId, content, createdAt: now, updatedAt: now })
      .returning();
    await tx
      .update(communityPosts)
      .set({ commentsCount: sql`${communityPosts.commentsCount} + 1`, lastActivityAt: sql`greatest(${communityPosts.lastActivityAt}, ${now}::timestamptz)` })
      .where(eq(communityPosts.id, post.id));
    await tx.insert(communitySubscriptions).values({ postId: post.id, commentId: row!.id, userId: viewer.userId, customerId: viewer.customerId, createdAt: now });
    await notifyNewComment({ db: tx, clock: services.clock }, viewer, access.space, post.id, row!);
    return row!.id;
  });
  return presentById(services, viewer, id);
}

/** The author edits the text; managers close answers. */
export async function updateComment(services: Services, viewer: Viewer, commentId: string, body: Schemas['UpdateCommentBody']) {
  const { comment, access } = await commentFor(services, viewer, commentId);
  assertMayWrite(viewer);
  if (body.content !== undefined && !isAuthor(viewer, comment)) throw forbidden(messages.onlyAuthorEdits);
  if (body.settings?.readonly !== undefined && body.settings.readonly !== comment.readonly && !access.manages) throw forbidden(messages.managersPinAndLock);
  await services.db
    .update(communityComments)
    .set({
      ...(body.content !== undefined ? { content: cleanContent(body.content) } : {}),
      ...(body.settings?.readonly !== undefined ? { readonly: body.settings.readonly } : {}),
      updatedAt: services.clock(),
    })
    .where(eq(communityComments.id, comment.id));
  return presentById(services, viewer, comment.id);
}

/**
 * Deletes a comment with every reply below it; the post's count drops by exactly what was deleted (the replies
 * plus one), never below 0. Under the post's row lock: two deletes of one thread at once count each row once.
 */
export async function deleteComment(services: Services, viewer: Viewer, commentId: string) {
  const { comment, post, access } = await commentFor(services, viewer, commentId);
  assertMayWrite(viewer);
  if (!isAuthor(viewer, comment) && !access.manages) throw forbidden(messages.communityManagersOnly);
  await services.db.transaction(async (tx) => {
    await tx.select({ id: communityPosts.id }).from(communityPosts).where(eq(communityPosts.id, post.id)).for('update');
    const deleted = (await tx.execute(sql`
      with recursive thread as (
        select id from ${communityComments} where id = ${comment.id}::uuid
        union all
        select c.id from ${communityComments} c join thread on c.parent_id = thread.id
      )
      delete from ${communityComments} where id in (select id from thread) returning id`)) as unknown as { rows: unknown[] };
    const count = deleted.rows.length;
    // Someone deleted it (or the thread above it) meanwhile: nothing of ours to count.
    if (!count) throw notFound();
    await tx
      .update(communityPosts)
      .set({ commentsCount: sql`greatest(${communityPosts.commentsCount} - ${count}, 0)` })
      .where(eq(communityPosts.id, post.id));
  });
}

/** Follow (or stop following) the replies to a comment. Idempotent. */
export async function subscribeComment(services: Services, viewer: Viewer, commentId: string, on: boolean) {
  const { comment } = await commentFor(services, viewer, commentId);
  assertMayWrite(viewer);
  if (on) {
    await services.db
      .insert(communitySubscriptions)
      .values({ postId: comment.postId, commentId: comment.id, userId: viewer.userId, customerId: viewer.customerId, createdAt: services.clock() })
      .onConflictDoNothing();
  } else {
    await services.db.delete(communitySubscriptions).where(and(eq(communitySubscriptions.commentId, comment.id), personOf(viewer)));
  }
  return presentById(services, viewer, comment.id);
}

export { commentFor };
