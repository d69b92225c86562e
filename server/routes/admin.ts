import { getAdminKpi, getAdminKpiHistogram, getAdminTops } from '../commands/admin/figures.js';
import { listAdminStores, updateStoreCapabilities } from '../commands/admin/stores.js';
import { listUserSwitches } from '../commands/admin/switches.js';
import { listAdminSponsorPayouts, markSponsorPayoutPaid } from '../commands/sponsorship/payouts.js';
import { scopeOf, signedIn, type HandlerMap } from '../openapi/handler.js';
import { pageRequest } from './trainingLearners.js';

/**
 * The platform admin's area (`/admin/*`): x-roles PLATFORM_ADMIN, so the binder answers 403 to everyone else
 * before a handler runs; a `{storeUuid}` is resolved by the store scope (any existing store for platform admins).
 */
export const adminHandlers: HandlerMap = {
  async getAdminTops(ctx) {
    return { status: 200, body: await getAdminTops(ctx.services, ctx.query) };
  },

  async getAdminKpi(ctx) {
    return { status: 200, body: await getAdminKpi(ctx.services, ctx.query) };
  },

  async getAdminKpiHistogram(ctx) {
    return { status: 200, body: await getAdminKpiHistogram(ctx.services, ctx.query) };
  },

  async listAdminStores(ctx) {
    return { status: 200, body: await listAdminStores(ctx.services, { q: ctx.query.q, ...pageRequest(ctx) }) };
  },

  async updateStoreCapabilities(ctx) {
    return { status: 200, body: await updateStoreCapabilities(ctx.services, scopeOf(ctx).id, ctx.body) };
  },

  async listUserSwitches(ctx) {
    return { status: 200, body: await listUserSwitches(ctx.services, pageRequest(ctx)) };
  },

  async listAdminSponsorPayouts(ctx) {
    return { status: 200, body: await listAdminSponsorPayouts(ctx.services, { status: ctx.query.status, ...pageRequest(ctx) }) };
  },

  async markSponsorPayoutPaid(ctx) {
    return { status: 200, body: await markSponsorPayoutPaid(ctx.services, signedIn(ctx).user, ctx.params.payoutId) };
  },
};
