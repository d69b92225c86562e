import { createPreviewToken } from '../commands/previewTokens.js';
import { scopeOf, signedIn, type HandlerMap } from '../openapi/handler.js';

export const previewTokenHandlers: HandlerMap = {
  async createPreviewToken(ctx) {
    return { status: 201, body: await createPreviewToken(ctx.services, signedIn(ctx), scopeOf(ctx).id) };
  },
};
