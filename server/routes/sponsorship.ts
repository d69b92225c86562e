import { getGodchildCommissionStats, listGodchildCommissions, listGodchildren } from '../commands/sponsorship/sponsorship.js';
import { listSponsorPayouts, requestSponsorPayout } from '../commands/sponsorship/payouts.js';
import { scopeOf, type HandlerMap } from '../openapi/handler.js';
import { pageRequest } from './trainingLearners.js';

/**
 * Own affiliation (`/affiliation`, owners only: the contract's x-roles): the stores signed up with this store's
 * sponsor code and what their platform payments earned it. Always the caller's own store.
 */
export const sponsorshipHandlers: HandlerMap = {
  async listGodchildren(ctx) {
    return { status: 200, body: await listGodchildren(ctx.services, scopeOf(ctx).id, pageRequest(ctx)) };
  },
  async listGodchildCommissions(ctx) {
    const { begin, end } = ctx.query;
    return { status: 200, body: await listGodchildCommissions(ctx.services, scopeOf(ctx).id, { begin, end }, pageRequest(ctx)) };
  },
  async getGodchildCommissionStats(ctx) {
    const { begin, end } = ctx.query;
    return { status: 200, body: await getGodchildCommissionStats(ctx.services, scopeOf(ctx).id, { begin, end }) };
  },
  async listSponsorPayouts(ctx) {
    return { status: 200, body: await listSponsorPayouts(ctx.services, scopeOf(ctx).id, pageRequest(ctx)) };
  },
  async requestSponsorPayout(ctx) {
    return { status: 201, body: await requestSponsorPayout(ctx.services, scopeOf(ctx).id, ctx.body) };
  },
};
