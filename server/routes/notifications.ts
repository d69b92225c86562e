import { listNotifications, markAllNotificationsRead, markNotificationRead } from '../commands/notifications.js';
import { signedIn, type HandlerMap } from '../openapi/handler.js';
import { publicUrlOf } from '../http/publicUrl.js';

export const notificationHandlers: HandlerMap = {
  async listNotifications(ctx) {
    const { request } = ctx;
    const url = publicUrlOf(ctx.services.config, request);
    const page = ctx.query.page ?? 1;
    return { status: 200, body: await listNotifications(ctx.services, signedIn(ctx).user.id, { page, url }) };
  },

  async markNotificationRead(ctx) {
    return { status: 200, body: await markNotificationRead(ctx.services, signedIn(ctx).user.id, ctx.params.notificationId) };
  },

  async markAllNotificationsRead(ctx) {
    return { status: 200, body: await markAllNotificationsRead(ctx.services, signedIn(ctx).user.id) };
  },
};
