import { and, asc, desc, eq, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import { communityPosts, communitySpaces, communitySubscriptions, customers, users } from '../../db/schema.js';
import { forbidden, invalid, notFound } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { assertMayWrite, openSpaceFor, type SpaceAccess, type Viewer } from '../../policies/community.js';
import { personColumns, presentPerson, presentPost } from '../../presenters/community.js';
import type { Services } from '../../services.js';
import { cleanDescription, plainText } from '../catalogue/descriptionHtml.js';
import { likePattern } from '../trainingLearners/enrolments.js';
import { offsetOf, pageEnvelope, type PageRequest } from '../trainingLearners/paging.js';
import { notifyNewPost } from './notify.js';

type Schemas = components['schemas'];
type PostRow = typeof communityPosts.$inferSelect;
type Db = Pick<Services, 'db'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const EXCERPT_LENGTH = 300;

/** The person columns of whoever wrote a post or comment, and whether the viewer follows it. */
export const personOf = (viewer: Viewer) => sql`coalesce(${communitySubscriptions.userId}, ${communitySubscriptions.customerId}) = ${viewer.id}`;

/** Is the viewer the author of a row with these owner columns? */
export const isAuthor = (viewer: Viewer, row: { ownerUserId: string | null; ownerCustomerId: string | null }) =>
  viewer.kind === 'USER' ? row.ownerUserId === viewer.id : row.ownerCustomerId === viewer.id;

/** Rich text as stored (the description cleaner, the editor's allow-list), refused when nothing readable is left (422). */
export function cleanContent(html: string, field = 'content') {
  const clean = cleanDescription(html);
  if (!clean) throw invalid({ [field]: [messages.emptyContent] });
  return clean;
}

const excerptOf = (html: string) => plainText(html).replace(/\s+/g, ' ').slice(0, EXCERPT_LENGTH);

function selectPosts(services: Db, viewer: Viewer) {
  return services.db
    .select({
      post: communityPosts,
      ...personColumns,
      subscribed: sql<boolean>`exists (select 1 from ${communitySubscriptions} where ${communitySubscriptions.postId} = ${communityPosts.id} and ${communitySubscriptions.commentId} is null and ${personOf(viewer)})`,
    })
    .from(communityPosts)
    .leftJoin(users, eq(users.id, communityPosts.ownerUserId))
    .leftJoin(customers, eq(customers.id, communityPosts.ownerCustomerId));
}

type PostWithPerson = Awaited<ReturnType<ReturnType<typeof selectPosts>['where']>>[number];
const present = (row: PostWithPerson) => presentPost(row.post, presentPerson(row), Boolean(row.subscribed));

/** Scheduled posts (published_at ahead) show to their author and the space's managers only. */
function publishedFor(viewer: Viewer, access: SpaceAccess, now: Date): SQL | undefined {
  if (access.seesAsManager) return undefined;
  const mine = viewer.kind === 'USER' ? eq(communityPosts.ownerUserId, viewer.id) : eq(communityPosts.ownerCustomerId, viewer.id);
  return or(lte(communityPosts.publishedAt, now), mine);
}

/** A post of the viewer's store, in a space open to the viewer, and not someone else's scheduled post (404 / 403). */
export async function postFor(services: Services, viewer: Viewer, postId: string) {
  if (!UUID.test(postId)) throw notFound();
  const [row] = await services.db
    .select({ post: communityPosts })
    .from(communityPosts)
    .innerJoin(communitySpaces, eq(communitySpaces.id, communityPosts.spaceId))
    .where(and(eq(communityPosts.id, postId.toLowerCase()), eq(communitySpaces.storeId, viewer.store.id)))
    .limit(1);
  if (!row) throw notFound();
  const access = await openSpaceFor(services, viewer, row.post.spaceId);
  if (row.post.publishedAt > services.clock() && !access.seesAsManager && !isAuthor(viewer, row.post)) throw notFound();
  return { post: row.post, access };
}

/** GET a post: the viewer's access checked, then the post as they see it. */
export async function getPost(services: Services, viewer: Viewer, postId: string) {
  const { post } = await postFor(services, viewer, postId);
  return presentPostById(services, viewer, post.id);
}

export async function presentPostById(services: Services, viewer: Viewer, postId: string) {
  const [row] = await selectPosts(services, viewer).where(eq(communityPosts.id, postId));
  return present(row!);
}

const ORDERS = {
  PUBLISHED_ASC: [asc(communityPosts.publishedAt), asc(communityPosts.id)],
  PUBLISHED_DESC: [desc(communityPosts.publishedAt), desc(communityPosts.id)],
  LAST_COMMENTED: [desc(communityPosts.lastActivityAt), desc(communityPosts.id)],
} as const;

/** A space's posts: pinned first, then the order asked (or the space's default); `q` searches the text. */
export async function listPosts(services: Services, viewer: Viewer, spaceId: string, filter: { q?: string; sort?: Schemas['PostSort'] }, page: PageRequest) {
  const access = await openSpaceFor(services, viewer, spaceId);
  const where = and(
    eq(communityPosts.spaceId, access.space.id),
    publishedFor(viewer, access, services.clock()),
    filter.q?.trim() ? ilike(communityPosts.content, likePattern(filter.q)) : undefined,
  );
  const [counted] = await services.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(communityPosts).where(where);
  const total = counted?.n ?? 0;
  const rows =
    offsetOf(page) < total
      ? await selectPosts(services, viewer)
          .where(where)
          .orderBy(desc(communityPosts.pinned), ...ORDERS[filter.sort ?? access.space.defaultPostSort])
          .limit(page.perPage)
          .offset(offsetOf(page))
      : [];
  return pageEnvelope(page, total, rows.map(present));
}

/** Pinning and closing answers are the managers' (403 for anyone else asking for either). */
function assertModeration(access: SpaceAccess, body: { pinned?: boolean; settings?: { readonly?: boolean } }, current?: PostRow) {
  const pins = body.pinned !== undefined && body.pinned !== (current?.pinned ?? false);
  const locks = body.settings?.readonly !== undefined && body.settings.readonly !== (current?.readonly ?? false);
  if ((pins || locks) && !access.manages) throw forbidden(messages.managersPinAndLock);
}

/** Publishes (or schedules) a post; in a read-only space only its managers publish. The author follows it. */
export async function createPost(services: Services, viewer: Viewer, spaceId: string, body: Schemas['CreatePostBody']) {
  const access = await openSpaceFor(services, viewer, spaceId);
  assertMayWrite(viewer);
  if (access.space.readonly && !access.manages) throw forbidden(messages.spaceReadOnly, 'SPACE_READONLY');
  assertModeration(access, body);
  const content = cleanContent(body.content);
  const now = services.clock();
  const publishedAt = body.published_at ? new Date(body.published_at) : now;
  const id = await services.db.transaction(async (tx) => {
    const [post] = await tx
      .insert(communityPosts)
      .values({
        spaceId: access.space.id,
        ownerUserId: viewer.userId,
        ownerCustomerId: viewer.customerId,
        content,
        excerpt: excerptOf(content),
        publishedAt,
        lastActivityAt: publishedAt,
        pinned: body.pinned ?? false,
        readonly: body.settings?.readonly ?? false,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: communityPosts.id });
    await tx.insert(communitySubscriptions).values({ postId: post!.id, userId: viewer.userId, customerId: viewer.customerId, createdAt: now });
    // A scheduled post tells nobody yet: the space hears of it when it shows (our design: no notification later).
    if (publishedAt <= now) await notifyNewPost({ db: tx, clock: services.clock }, viewer, access.space, post!.id);
    return post!.id;
  });
  return presentPostById(services, viewer, id);
}

/** The author edits content and date; managers pin and close answers. */
export async function updatePost(services: Services, viewer: Viewer, postId: string, body: Schemas['UpdatePostBody']) {
  const { post, access } = await postFor(services, viewer, postId);
  assertMayWrite(viewer);
  if ((body.content !== undefined || body.published_at !== undefined) && !isAuthor(viewer, post)) throw forbidden(messages.onlyAuthorEdits);
  assertModeration(access, body, post);
  const content = body.content !== undefined ? cleanContent(body.content) : undefined;
  const publishedAt = body.published_at !== undefined ? new Date(body.published_at) : undefined;
  await services.db
    .update(communityPosts)
    .set({
      ...(content !== undefined ? { content, excerpt: excerptOf(content) } : {}),
      ...(publishedAt ? { publishedAt, ...(post.commentsCount === 0 ? { lastActivityAt: publishedAt } : {}) } : {}),
      ...(body.pinned !== undefined ? { pinned: body.pinned } : {}),
      ...(body.settings?.readonly !== undefined ? { readonly: body.settings.readonly } : {}),
      updatedAt: services.clock(),
    })
    .where(eq(communityPosts.id, post.id));
  return presentPostById(services, viewer, post.id);
}

/** Its author or a manager; with its comments, reports and subscriptions (foreign keys cascade). */
export async function deletePost(services: Services, viewer: Viewer, postId: string) {
  const { post, access } = await postFor(services, viewer, postId);
  assertMayWrite(viewer);
  if (!isAuthor(viewer, post) && !access.manages) throw forbidden(messages.communityManagersOnly);
  await services.db.delete(communityPosts).where(eq(communityPosts.id, post.id));
}

/** Follow (or stop following) a post's comments. Idempotent. */
export async function subscribePost(services: Services, viewer: Viewer, postId: string, on: boolean) {
  const { post } = await postFor(services, viewer, postId);
  assertMayWrite(viewer);
  if (on) {
    await services.db
      .insert(communitySubscriptions)
      .values({ postId: post.id, userId: viewer.userId, customerId: viewer.customerId, createdAt: services.clock() })
      .onConflictDoNothing();
  } else {
    await services.db
      .delete(communitySubscriptions)
      .where(and(eq(communitySubscriptions.postId, post.id), sql`${communitySubscriptions.commentId} is null`, personOf(viewer)));
  }
  return presentPostById(services, viewer, post.id);
}
