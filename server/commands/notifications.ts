import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { notifications, users, type NotificationData } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { ACTOR_PLACEHOLDER, presentNotification } from '../presenters/notification.js';
import type { Services } from '../services.js';

export const NOTIFICATIONS_PER_PAGE = 20;
/** ids are `serial`: a larger number from the URL would make PostgreSQL fail instead of finding nothing. */
const MAX_SERIAL = 2_147_483_647;

/**
 * Every kind of notification, in one place: the client maps each to its link, so a producer adding a kind
 * adds it here first.
 */
export const NOTIFICATION_TYPES = [
  'COMMUNITY_POST_CREATED',
  'COMMUNITY_COMMENT_CREATED',
  'COMMUNITY_ABUSE_REPORTED',
  'TRAINING_COMMENT_CREATED',
  'ASSIGNMENT_SUBMITTED',
  'SALE_CREATED',
  'AFFILIATE_PAYOUT_REQUESTED',
  'SPONSOR_PAYOUT_REQUESTED',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface NotifyInput {
  /** The recipient. */
  userId: string;
  type: NotificationType;
  data?: NotificationData;
  /** The user who caused it; required when the template names them with `{actor}`. */
  actorUserId?: string | null;
  /** French sentence, e.g. "{actor} a publié dans Espace X". Names of non-users (customers) go in as text. */
  template: string;
}

/**
 * For producers (community, assignments, sales…). Inside a transaction, pass `{ ...services, db: tx }`
 * so the notification exists exactly when the event does.
 */
export async function notify(services: Pick<Services, 'db' | 'clock'>, input: NotifyInput) {
  // Without an actor, "{actor}" would read "Membre supprimé" from the start: a producer bug, not a state.
  if (input.template.includes(ACTOR_PLACEHOLDER) && !input.actorUserId) {
    throw new Error(`notify(${input.type}): the template names {actor} but no actorUserId was given`);
  }
  const [row] = await services.db
    .insert(notifications)
    .values({
      userId: input.userId,
      type: input.type,
      data: input.data ?? {},
      actorUserId: input.actorUserId ?? null,
      template: input.template,
      createdAt: services.clock(),
    })
    .returning();
  return row!;
}

const actor = alias(users, 'actor');

/**
 * Notifications with their actor's current name: renaming or deleting a user shows at once. The actor's
 * columns are selected flat: drizzle 0.45 nulls a nested object of an aliased left join even when it matched.
 */
function selectWithActor(services: Services, where: SQL | undefined) {
  return services.db
    .select({
      notification: notifications,
      actorDisplayName: actor.displayName,
      actorFirstname: actor.firstname,
      actorLastname: actor.lastname,
    })
    .from(notifications)
    .leftJoin(actor, eq(actor.id, notifications.actorUserId))
    .where(where);
}

type RowWithActor = Awaited<ReturnType<typeof selectWithActor>>[number];

/** firstname is NOT NULL, so a null one means the join found nobody. */
const present = (row: RowWithActor) =>
  presentNotification(
    row.notification,
    row.actorFirstname === null ? null : { displayName: row.actorDisplayName, firstname: row.actorFirstname, lastname: row.actorLastname },
  );

/** Builds a page link from the URL the caller used, so other query parameters and the public host survive. */
function pageLink(url: URL, page: number) {
  const link = new URL(url);
  link.searchParams.set('page', String(page));
  return link.toString();
}

export async function listNotifications(services: Services, userId: string, options: { page: number; url: URL }) {
  const { page, url } = options;
  const mine = eq(notifications.userId, userId);
  // Two scalar subqueries in one round trip, each able to use its own index (the unread one is partial).
  const [counts] = await services.db
    .select({
      total: sql<number>`(select count(*) from ${notifications} where ${mine})`.mapWith(Number),
      unread: sql<number>`(select count(*) from ${notifications} where ${and(mine, isNull(notifications.readAt))})`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.id, userId));
  const total = counts?.total ?? 0;
  const totalUnread = counts?.unread ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / NOTIFICATIONS_PER_PAGE));
  const offset = (page - 1) * NOTIFICATIONS_PER_PAGE;

  const rows =
    offset < total
      ? await selectWithActor(services, mine)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(NOTIFICATIONS_PER_PAGE)
          .offset(offset)
      : [];

  return {
    data: rows.map(present),
    meta: { current_page: page, per_page: NOTIFICATIONS_PER_PAGE, total, last_page: lastPage, total_unread: totalUnread },
    links: {
      next: page < lastPage ? pageLink(url, page + 1) : null,
      // Past the end, "previous" leads back to the last page that has something rather than to another empty one.
      prev: page > 1 ? pageLink(url, Math.min(page - 1, lastPage)) : null,
    },
  };
}

/** Idempotent; another user's notification is answered exactly like one that does not exist. */
export async function markNotificationRead(services: Services, userId: string, notificationId: number) {
  if (!Number.isSafeInteger(notificationId) || notificationId < 1 || notificationId > MAX_SERIAL) throw notFound();
  const target = and(eq(notifications.id, notificationId), eq(notifications.userId, userId));
  await services.db
    .update(notifications)
    .set({ readAt: services.clock() })
    .where(and(target, isNull(notifications.readAt)));
  const [row] = await selectWithActor(services, target).limit(1);
  if (!row) throw notFound();
  return present(row);
}

export async function markAllNotificationsRead(services: Services, userId: string) {
  await services.db
    .update(notifications)
    .set({ readAt: services.clock() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return { total_unread: 0 as const };
}
