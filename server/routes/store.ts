import { takeAttempt } from '../auth/throttle.js';
import { recordAffiliationVisit } from '../commands/affiliationVisits.js';
import { companyOf, presentCompany, updateCompany } from '../commands/companies.js';
import { listOnboardingMilestones } from '../commands/onboarding.js';
import { updateStore } from '../commands/updateStore.js';
import { signedIn, type HandlerMap } from '../openapi/handler.js';

// The binder already kept other stores out (404) for everyone but platform admins, who may act on any store.
export const storeHandlers: HandlerMap = {
  async updateStore(ctx) {
    const { user } = signedIn(ctx);
    return { status: 200, body: await updateStore(ctx.services, user, ctx.params.storeUuid, ctx.body) };
  },

  async listOnboardingMilestones(ctx) {
    return { status: 200, body: { data: await listOnboardingMilestones(ctx.services, ctx.params.storeUuid) } };
  },

  async listCompanies(ctx) {
    return { status: 200, body: { data: [presentCompany(await companyOf(ctx.services, ctx.params.storeUuid))] } };
  },

  async updateCompany(ctx) {
    return { status: 200, body: await updateCompany(ctx.services, ctx.params.storeUuid, ctx.params.companyId, ctx.body) };
  },

  async recordAffiliationVisit(ctx) {
    // Anonymous writes are limited per client address, like sign-ups.
    await takeAttempt(ctx.services, [{ key: `visit-ip:${ctx.request.ip}`, limit: ctx.services.config.throttle.visitPerAddress }]);
    await recordAffiliationVisit(ctx.services, ctx.body.code);
    return { status: 204 };
  },
};
