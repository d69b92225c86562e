import type { NotificationsApi } from '../../machines/notifications/notifications.actors';
import { api } from './client';
import { unwrap } from './failure';

export const notificationsApi: NotificationsApi = {
  listNotifications: (page, signal) => unwrap(api.GET('/users/me/notifications', { params: { query: { page } }, signal })),
  markRead: (id, signal) => unwrap(api.PUT('/users/me/notifications/{notificationId}', { params: { path: { notificationId: id } }, signal })),
  markAllRead: (signal) => unwrap(api.PUT('/users/me/notifications/read', { signal })),
};
