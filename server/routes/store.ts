import { takeAttempt } from '../auth/throttle.js';
import { recordAffiliationVisit } from '../commands/affiliationVisits.js';
import { listCompanies, updateCompany } from '../commands/companies.js';
import { listOnboardingMilestones } from '../commands/onboarding.js';
import { checkSubdomainAvailability, createSocialLink, createStoreUploadUrl, deleteSocialLink, listSocialLinks, updateStoreSeo } from '../commands/storeSettings.js';
import { createStoreResource, deleteStoreResource, listStoreResources, reorderStoreResources } from '../commands/storeResources.js';
import { getStoreStats, getStoreStatsHistogram } from '../commands/stats/storeStats.js';
import { deleteStoreTag, listStoreTags, updateStoreTag } from '../commands/trainings/storeTags.js';
import { updateStore } from '../commands/updateStore.js';
import { scopeOf, signedIn, type HandlerMap } from '../openapi/handler.js';

// The binder resolved `{storeUuid}` (scopeOf): the caller's own store, or any existing one for platform admins (404 otherwise).
export const storeHandlers: HandlerMap = {
  async updateStore(ctx) {
    const { user } = signedIn(ctx);
    return { status: 200, body: await updateStore(ctx.services, user, scopeOf(ctx).id, ctx.body) };
  },

  async listOnboardingMilestones(ctx) {
    return { status: 200, body: { data: await listOnboardingMilestones(ctx.services, scopeOf(ctx).id) } };
  },

  async listCompanies(ctx) {
    return { status: 200, body: { data: await listCompanies(ctx.services, scopeOf(ctx).id) } };
  },

  async updateCompany(ctx) {
    return { status: 200, body: await updateCompany(ctx.services, scopeOf(ctx).id, ctx.params.companyId, ctx.body) };
  },

  async checkSubdomainAvailability(ctx) {
    return { status: 200, body: await checkSubdomainAvailability(ctx.services, scopeOf(ctx), ctx.query.slug) };
  },

  async updateStoreSeo(ctx) {
    return { status: 200, body: await updateStoreSeo(ctx.services, scopeOf(ctx), ctx.body) };
  },

  async listSocialLinks(ctx) {
    return { status: 200, body: { data: await listSocialLinks(ctx.services, scopeOf(ctx).id) } };
  },

  async createSocialLink(ctx) {
    return { status: 201, body: await createSocialLink(ctx.services, scopeOf(ctx).id, ctx.body) };
  },

  async deleteSocialLink(ctx) {
    await deleteSocialLink(ctx.services, scopeOf(ctx).id, ctx.params.socialLinkId);
    return { status: 204 };
  },

  async listStoreResources(ctx) {
    return { status: 200, body: { data: await listStoreResources(ctx.services, scopeOf(ctx).id) } };
  },

  async createStoreResource(ctx) {
    return { status: 201, body: await createStoreResource(ctx.services, scopeOf(ctx).id, ctx.body) };
  },

  async reorderStoreResources(ctx) {
    return { status: 200, body: { data: await reorderStoreResources(ctx.services, scopeOf(ctx).id, ctx.body.ids) } };
  },

  async deleteStoreResource(ctx) {
    await deleteStoreResource(ctx.services, scopeOf(ctx).id, ctx.params.resourceId);
    return { status: 204 };
  },

  async createStoreUploadUrl(ctx) {
    return { status: 200, body: await createStoreUploadUrl(ctx.services, signedIn(ctx), scopeOf(ctx), ctx.body) };
  },

  async getStoreStats(ctx) {
    return { status: 200, body: await getStoreStats(ctx.services, scopeOf(ctx).id, ctx.query) };
  },

  async listStoreTags(ctx) {
    return { status: 200, body: await listStoreTags(ctx.services, scopeOf(ctx).id) };
  },

  async updateStoreTag(ctx) {
    return { status: 200, body: await updateStoreTag(ctx.services, scopeOf(ctx).id, ctx.params.tagId, ctx.body) };
  },

  async deleteStoreTag(ctx) {
    await deleteStoreTag(ctx.services, scopeOf(ctx).id, ctx.params.tagId);
    return { status: 204 };
  },

  async getStoreStatsHistogram(ctx) {
    return { status: 200, body: await getStoreStatsHistogram(ctx.services, scopeOf(ctx).id, ctx.query) };
  },

  async recordAffiliationVisit(ctx) {
    // Anonymous writes are limited per client address, like sign-ups.
    await takeAttempt(ctx.services, [{ key: `visit-ip:${ctx.request.ip}`, limit: ctx.services.config.throttle.visitPerAddress }]);
    await recordAffiliationVisit(ctx.services, ctx.body.code);
    return { status: 204 };
  },
};
