import { listEmailProviders, listTrainingEmailLists, updateEmailProvider } from '../commands/emailProviders/emailProviders.js';
import { scopeOf, type HandlerMap } from '../openapi/handler.js';

/**
 * E-mail marketing services (`/marketing/connexions-externes`): managers of the store (x-roles); a training's lists
 * for its editors. The store is the binder's scope; a training is looked up within it (another store's: 404).
 */
export const emailProviderHandlers: HandlerMap = {
  async listEmailProviders(ctx) {
    return { status: 200, body: await listEmailProviders(ctx.services, scopeOf(ctx).id) };
  },
  async updateEmailProvider(ctx) {
    return { status: 200, body: await updateEmailProvider(ctx.services, scopeOf(ctx).id, ctx.body) };
  },
  async listTrainingEmailLists(ctx) {
    return { status: 200, body: await listTrainingEmailLists(ctx.services, scopeOf(ctx).id, ctx.params.trainingUuid) };
  },
};
