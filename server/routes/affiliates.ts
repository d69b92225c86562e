import { takeAttempt } from '../auth/throttle.js';
import { getMyAffiliateProgram, joinAffiliateProgram, listMyAffiliateSales, listMyPayouts, recordAffiliateVisit, requestPayout } from '../commands/affiliates/learner.js';
import {
  affiliatesStats,
  createAffiliate,
  getAffiliate,
  listAffiliateSales,
  listAffiliates,
  processAffiliatePayout,
  removeAffiliate,
  updateAffiliate,
} from '../commands/affiliates/team.js';
import { scopeOf, signedInLearner, type HandlerMap } from '../openapi/handler.js';
import { pageRequest } from './trainingLearners.js';

/**
 * The affiliate program (issue 16): the team's side under /stores/{storeUuid}/customers/…affiliate… (owners and
 * admins, every id looked up in the caller's store) and the learner's side under /school/stores/{subdomain}/me/affiliate.
 * Program status and terms are the store's affiliation_options (updateStore).
 */
export const affiliateHandlers: HandlerMap = {
  async listAffiliates(ctx) {
    return { status: 200, body: await listAffiliates(ctx.services, scopeOf(ctx), { q: ctx.query.q, status: ctx.query.status, ...pageRequest(ctx) }) };
  },

  async createAffiliate(ctx) {
    return { status: 201, body: await createAffiliate(ctx.services, scopeOf(ctx), ctx.body) };
  },

  async getAffiliate(ctx) {
    return { status: 200, body: await getAffiliate(ctx.services, scopeOf(ctx), ctx.params.customerUuid) };
  },

  async updateAffiliate(ctx) {
    return { status: 200, body: await updateAffiliate(ctx.services, scopeOf(ctx), ctx.params.customerUuid, ctx.body) };
  },

  async removeAffiliate(ctx) {
    await removeAffiliate(ctx.services, scopeOf(ctx), ctx.params.customerUuid);
    return { status: 204 };
  },

  async getAffiliatesStats(ctx) {
    const { begin, end, customer_uuid } = ctx.query;
    return { status: 200, body: await affiliatesStats(ctx.services, scopeOf(ctx), { begin, end, customer_uuid }) };
  },

  async listAffiliateSales(ctx) {
    const { begin, end, customer_uuid } = ctx.query;
    return { status: 200, body: await listAffiliateSales(ctx.services, scopeOf(ctx), { begin, end, customer_uuid, ...pageRequest(ctx) }) };
  },

  async processAffiliatePayout(ctx) {
    return { status: 200, body: await processAffiliatePayout(ctx.services, scopeOf(ctx), ctx.params.customerUuid, ctx.body) };
  },

  async getMyAffiliateProgram(ctx) {
    return { status: 200, body: await getMyAffiliateProgram(ctx.services, scopeOf(ctx), signedInLearner(ctx)) };
  },

  async joinAffiliateProgram(ctx) {
    return { status: 201, body: await joinAffiliateProgram(ctx.services, scopeOf(ctx), signedInLearner(ctx)) };
  },

  async listMyAffiliateSales(ctx) {
    return { status: 200, body: await listMyAffiliateSales(ctx.services, scopeOf(ctx), signedInLearner(ctx), pageRequest(ctx)) };
  },

  async listMyPayouts(ctx) {
    return { status: 200, body: await listMyPayouts(ctx.services, scopeOf(ctx), signedInLearner(ctx), pageRequest(ctx)) };
  },

  async requestPayout(ctx) {
    return { status: 201, body: await requestPayout(ctx.services, scopeOf(ctx), signedInLearner(ctx), ctx.body) };
  },

  async recordAffiliateVisit(ctx) {
    // Anonymous writes are limited per client address, like the sponsor visits.
    await takeAttempt(ctx.services, [{ key: `visit-ip:${ctx.request.ip}`, limit: ctx.services.config.throttle.visitPerAddress }]);
    await recordAffiliateVisit(ctx.services, scopeOf(ctx), ctx.body.code);
    return { status: 204 };
  },
};
