import { listPagesBySlug } from '../commands/pages.js';
import type { HandlerMap } from '../openapi/handler.js';

export const pageHandlers: HandlerMap = {
  async listPages({ query, services }) {
    return { status: 200, body: await listPagesBySlug(services, query.slug) };
  },
};
