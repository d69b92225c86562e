import { createMyApiKey, createStoreKey, deleteMyApiKey, deleteStoreKey, listMyApiKeys, listStoreKeys } from '../commands/apiKeys.js';
import { scopeOf, signedIn, type HandlerMap } from '../openapi/handler.js';

/** Personal API keys and store secrets (integrations and SSO settings, issue 15). `/keys` acts on the caller's own store. */
export const apiKeyHandlers: HandlerMap = {
  async listMyApiKeys(ctx) {
    return { status: 200, body: { data: await listMyApiKeys(ctx.services, signedIn(ctx)) } };
  },
  async createMyApiKey(ctx) {
    return { status: 201, body: await createMyApiKey(ctx.services, signedIn(ctx)) };
  },
  async deleteMyApiKey(ctx) {
    await deleteMyApiKey(ctx.services, signedIn(ctx));
    return { status: 204 };
  },
  async listStoreKeys(ctx) {
    return { status: 200, body: { data: await listStoreKeys(ctx.services, scopeOf(ctx).id) } };
  },
  async createStoreKey(ctx) {
    const store = scopeOf(ctx);
    return { status: 201, body: await createStoreKey(ctx.services, signedIn(ctx), store.id, store.plan, ctx.body.type) };
  },
  async deleteStoreKey(ctx) {
    await deleteStoreKey(ctx.services, signedIn(ctx), scopeOf(ctx).id, ctx.body);
    return { status: 204 };
  },
};
