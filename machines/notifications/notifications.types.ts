import type { components, operations } from '../../src/api/schema.gen';

export type Notification = components['schemas']['Notification'];

/** The body of GET /users/me/notifications?page= : one page, meta.total_unread, links.next. */
export type NotificationPage = operations['listNotifications']['responses'][200]['content']['application/json'];

/**
 * What marking everything read answers. The API only says `total_unread: 0`; the actor stamps the
 * time it got that answer, which becomes the `read_at` of every item still unread in the list.
 */
export interface MarkAllReadResult {
  readAt: string;
}
