import { fromPromise } from 'xstate';
import { settleUnlessAborted } from '../support/settleUnlessAborted';
import type { MarkAllReadResult, Notification, NotificationPage } from './notifications.types';

/** The calls the notification centre needs; the app supplies them from the generated API client. */
export interface NotificationsApi {
  /** GET /users/me/notifications?page= (listNotifications). */
  listNotifications(page: number, signal: AbortSignal): Promise<NotificationPage>;
  /** PUT /users/me/notifications/{id} (markNotificationRead): the notification, now read. */
  markRead(id: number, signal: AbortSignal): Promise<Notification>;
  /** PUT /users/me/notifications/read (markAllNotificationsRead). */
  markAllRead(signal: AbortSignal): Promise<unknown>;
}

/**
 * Real actors for `notificationsMachine.provide({ actors })`, forwarding each actor's abort signal.
 * `clock` stamps the read time of "mark all read" (the API does not answer one).
 */
export function createNotificationsActors(api: NotificationsApi, clock: () => Date = () => new Date()) {
  return {
    fetchPage: fromPromise<NotificationPage, { page: number }>(({ input, signal }) =>
      settleUnlessAborted(signal, api.listNotifications(input.page, signal)),
    ),
    markRead: fromPromise<Notification, { id: number }>(({ input, signal }) => settleUnlessAborted(signal, api.markRead(input.id, signal))),
    markAllRead: fromPromise<MarkAllReadResult>(({ signal }) =>
      settleUnlessAborted(
        signal,
        api.markAllRead(signal).then(() => ({ readAt: clock().toISOString() })),
      ),
    ),
  };
}
