import { buyAiCreditPack, getAiCredits } from '../commands/ai/credits.js';
import { createAiContent, listAiContents } from '../commands/ai/contents.js';
import { EVENT_STREAM_HEADERS, streamAiContent } from '../commands/ai/stream.js';
import { scopeOf, signedIn, type HandlerMap } from '../openapi/handler.js';
import { pageRequest } from './trainingLearners.js';

/**
 * The AI assistant (/assistant-ia): roles are the contract's x-roles (owners and admins), the store is the
 * binder's scope, and the training or bundle a text is for is looked up within it (commands/ai/contents.ts).
 */
export const aiHandlers: HandlerMap = {
  async listAiContents(ctx) {
    return { status: 200, body: await listAiContents(ctx.services, scopeOf(ctx).id, ctx.query.type, pageRequest(ctx)) };
  },
  async createAiContent(ctx) {
    return { status: 201, body: await createAiContent(ctx.services, scopeOf(ctx), signedIn(ctx).user.id, ctx.body) };
  },
  async streamAiContent(ctx) {
    const body = await streamAiContent(ctx.services, scopeOf(ctx), signedIn(ctx).user.id, ctx.body, ctx.locale);
    return { status: 200, body, headers: EVENT_STREAM_HEADERS };
  },
  async getAiCredits(ctx) {
    return { status: 200, body: await getAiCredits(ctx.services, scopeOf(ctx).id) };
  },
  async buyAiCreditPack(ctx) {
    const { user } = signedIn(ctx);
    return { status: 201, body: await buyAiCreditPack(ctx.services, scopeOf(ctx), { userId: user.id, email: user.email }, ctx.body.pack) };
  },
};
