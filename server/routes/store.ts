import { updateStore } from '../commands/updateStore.js';
import { signedIn, type HandlerMap } from '../openapi/handler.js';

export const storeHandlers: HandlerMap = {
  async updateStore(ctx) {
    // The binder already kept other stores out (404) for everyone but platform admins, who may act on any store.
    const { user } = signedIn(ctx);
    return { status: 200, body: await updateStore(ctx.services, user, ctx.params.storeUuid, ctx.body) };
  },
};
