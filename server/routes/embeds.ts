import { oembedOf, urlMetadataOf } from '../commands/embeds/embeds.js';
import type { HandlerMap } from '../openapi/handler.js';

/** Embeds and link cards for the lesson editor (store-scoped by the binder; nothing of the store is read). */
export const embedHandlers: HandlerMap = {
  async getOembed(ctx) {
    return { status: 200, body: await oembedOf(ctx.query.url) };
  },

  async getUrlMetadata(ctx) {
    return { status: 200, body: await urlMetadataOf(ctx.query.url) };
  },
};
