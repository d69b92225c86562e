import { and, desc, eq, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import { communityAbuses, communityComments, communityPosts, communitySpaces, customers, users } from '../../db/schema.js';
import { conflict, notFound } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { assertMayWrite, managedSpaceFor, type Viewer } from '../../policies/community.js';
import { personColumns, presentPerson } from '../../presenters/community.js';
import type { Services } from '../../services.js';
import { plainText } from '../catalogue/descriptionHtml.js';
import { offsetOf, pageEnvelope, type PageRequest } from '../trainingLearners/paging.js';
import { commentFor } from './comments.js';
import { notifyReport } from './notify.js';
import { EXCERPT_LENGTH, postFor } from './posts.js';

type Schemas = components['schemas'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function selectAbuses(services: Pick<Services, 'db'>) {
  return services.db
    .select({
      abuse: communityAbuses,
      postContent: communityPosts.content,
      commentContent: communityComments.content,
      ...personColumns,
    })
    .from(communityAbuses)
    .innerJoin(communityPosts, eq(communityPosts.id, communityAbuses.postId))
    .leftJoin(communityComments, eq(communityComments.id, communityAbuses.commentId))
    .leftJoin(users, eq(users.id, communityAbuses.reporterUserId))
    .leftJoin(customers, eq(customers.id, communityAbuses.reporterCustomerId));
}

type AbuseWithText = Awaited<ReturnType<ReturnType<typeof selectAbuses>['where']>>[number];

function present(row: AbuseWithText): Schemas['AbuseReport'] {
  const text = row.abuse.commentId ? (row.commentContent ?? '') : row.postContent;
  return {
    uuid: row.abuse.id,
    target: row.abuse.commentId ? 'GROUP_COMMENT' : 'GROUP_POST',
    target_uuid: row.abuse.commentId ?? row.abuse.postId,
    post_uuid: row.abuse.postId,
    excerpt: plainText(text).replace(/\s+/g, ' ').slice(0, EXCERPT_LENGTH),
    reason: row.abuse.reason,
    comment: row.abuse.comment,
    reporter: presentPerson(row),
    created_at: row.abuse.createdAt.toISOString(),
  };
}

/** One report per person and post or comment (409); the space's moderators are notified. */
async function report(
  services: Services,
  viewer: Viewer,
  target: { space: { id: string; name: string; ownerUserId: string | null }; postId: string; commentId: string | null },
  body: Schemas['ReportPostBody'],
) {
  assertMayWrite(viewer);
  const id = await services.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(communityAbuses)
      .values({
        spaceId: target.space.id,
        postId: target.postId,
        commentId: target.commentId,
        reason: body.reason,
        comment: body.comment?.trim() || null,
        reporterUserId: viewer.userId,
        reporterCustomerId: viewer.customerId,
        reporterKey: `${viewer.kind === 'USER' ? 'U' : 'C'}:${viewer.id}`,
        createdAt: services.clock(),
      })
      .onConflictDoNothing()
      .returning({ id: communityAbuses.id });
    if (!row) throw conflict(messages.alreadyReported);
    await notifyReport({ db: tx, clock: services.clock }, viewer, target.space, target.postId, row.id);
    return row.id;
  });
  const [row] = await selectAbuses(services).where(eq(communityAbuses.id, id));
  return present(row!);
}

export async function reportPost(services: Services, viewer: Viewer, postId: string, body: Schemas['ReportPostBody']) {
  const { post, access } = await postFor(services, viewer, postId);
  return report(services, viewer, { space: access.space, postId: post.id, commentId: null }, body);
}

export async function reportComment(services: Services, viewer: Viewer, commentId: string, body: Schemas['ReportCommentBody']) {
  const { comment, access } = await commentFor(services, viewer, commentId);
  return report(services, viewer, { space: access.space, postId: comment.postId, commentId: comment.id }, body);
}

/** The space's "signalements" page, newest first (its managers). */
export async function listSpaceAbuses(services: Services, viewer: Viewer, spaceId: string, page: PageRequest) {
  const { space } = await managedSpaceFor(services, viewer, spaceId);
  const where = eq(communityAbuses.spaceId, space.id);
  const [counted] = await services.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(communityAbuses).where(where);
  const total = counted?.n ?? 0;
  const rows =
    offsetOf(page) < total
      ? await selectAbuses(services).where(where).orderBy(desc(communityAbuses.createdAt), desc(communityAbuses.id)).limit(page.perPage).offset(offsetOf(page))
      : [];
  return pageEnvelope(page, total, rows.map(present));
}

/** Closes a report, leaving its post or comment alone: the space's managers; another store's report is unknown (404). */
export async function dismissAbuse(services: Services, viewer: Viewer, abuseId: string) {
  if (!UUID.test(abuseId)) throw notFound();
  const [row] = await services.db
    .select({ id: communityAbuses.id, spaceId: communityAbuses.spaceId })
    .from(communityAbuses)
    .innerJoin(communitySpaces, eq(communitySpaces.id, communityAbuses.spaceId))
    .where(and(eq(communityAbuses.id, abuseId.toLowerCase()), eq(communitySpaces.storeId, viewer.store.id)));
  if (!row) throw notFound();
  await managedSpaceFor(services, viewer, row.spaceId);
  await services.db.delete(communityAbuses).where(eq(communityAbuses.id, row.id));
}
