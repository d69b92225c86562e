import { and, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { communityMembers, communitySubscriptions, users, type NotificationData } from '../../db/schema.js';
import type { Viewer } from '../../policies/community.js';
import type { Services } from '../../services.js';
import { notify, type NotificationType } from '../notifications.js';
import { viewerAuthor } from './spaces.js';
import { ROLE_GROUPS } from '../../policies/roles.js';

type Context = Pick<Services, 'db' | 'clock'>;

/**
 * The bell is the team's (notifications belong to users): learners' subscriptions are kept for the day the learner
 * area has one. A team author is named by `{actor}` (renamed or deleted, the bell follows); a learner by name.
 */
async function send(services: Context, viewer: Viewer, recipients: string[], type: NotificationType, sentence: (who: string) => string, data: NotificationData) {
  const to = [...new Set(recipients)].filter((id) => id !== viewer.userId);
  if (!to.length) return;
  const actorName = viewer.kind === 'USER' ? null : ((await viewerAuthor(services, viewer))?.display_name ?? 'Un membre');
  for (const userId of to) {
    await notify(services, {
      userId,
      type,
      data,
      actorUserId: viewer.userId,
      template: sentence(actorName ?? '{actor}'),
    });
  }
}

/** New post: the space's team members who keep its notifications on (their member's email_notifications). */
export async function notifyNewPost(services: Context, viewer: Viewer, space: { id: string; name: string }, postId: string) {
  const rows = await services.db
    .select({ userId: communityMembers.userId })
    .from(communityMembers)
    .where(and(eq(communityMembers.spaceId, space.id), isNotNull(communityMembers.userId), eq(communityMembers.emailNotifications, true)));
  await send(services, viewer, rows.map((r) => r.userId!), 'COMMUNITY_POST_CREATED', (who) => `${who} a publié dans l'espace « ${space.name} »`, { group: space.id, post: postId });
}

/** A comment or a reply: the team subscribers of the post and, for a reply, of the comment answered. */
export async function notifyNewComment(
  services: Context,
  viewer: Viewer,
  space: { id: string; name: string },
  postId: string,
  comment: { id: string; parentId: string | null },
) {
  const rows = await services.db
    .select({ userId: communitySubscriptions.userId })
    .from(communitySubscriptions)
    .where(
      and(
        isNotNull(communitySubscriptions.userId),
        or(
          and(eq(communitySubscriptions.postId, postId), sql`${communitySubscriptions.commentId} is null`),
          comment.parentId ? eq(communitySubscriptions.commentId, comment.parentId) : sql`false`,
        ),
      ),
    );
  await send(
    services,
    viewer,
    rows.map((r) => r.userId!),
    'COMMUNITY_COMMENT_CREATED',
    (who) => `${who} a ${comment.parentId ? 'répondu à un commentaire' : 'commenté une publication'} dans l'espace « ${space.name} »`,
    { group: space.id, post: postId, uuid: comment.id },
  );
}

/** A report: the store's admins (OWNER, ADMIN) and the space's creator, who moderate it. */
export async function notifyReport(services: Context, viewer: Viewer, space: { id: string; name: string; ownerUserId: string | null }, postId: string, reportId: string) {
  const admins = await services.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.storeId, viewer.store.id), inArray(users.role, ROLE_GROUPS.managers), ne(users.id, viewer.userId ?? sql`null`)));
  const recipients = [...admins.map((a) => a.id), ...(space.ownerUserId ? [space.ownerUserId] : [])];
  await send(services, viewer, recipients, 'COMMUNITY_ABUSE_REPORTED', (who) => `${who} a signalé un contenu dans l'espace « ${space.name} »`, { group: space.id, post: postId, uuid: reportId });
}
