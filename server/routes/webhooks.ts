import { createWebhook, deleteWebhook, listWebhookDeliveries, listWebhooks } from '../commands/webhooks/webhooks.js';
import { scopeOf, type HandlerMap } from '../openapi/handler.js';

/**
 * Outgoing webhooks (`/marketing/outils-automatisation`): managers of the store only (the contract's x-roles);
 * every id is looked up within the caller's store. Delivery is the `webhook.deliver` job's (server/jobs).
 */
export const webhookHandlers: HandlerMap = {
  async listWebhooks(ctx) {
    return { status: 200, body: await listWebhooks(ctx.services, scopeOf(ctx).id) };
  },
  async createWebhook(ctx) {
    return { status: 201, body: await createWebhook(ctx.services, scopeOf(ctx).id, ctx.body) };
  },
  async deleteWebhook(ctx) {
    await deleteWebhook(ctx.services, scopeOf(ctx).id, ctx.params.webhookId);
    return { status: 204 };
  },
  async listWebhookDeliveries(ctx) {
    return { status: 200, body: await listWebhookDeliveries(ctx.services, scopeOf(ctx).id, ctx.params.webhookId) };
  },
};
