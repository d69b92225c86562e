import { inLocale, messages } from '../http/messages.js';
import { scopeOf, signedInLearner, type HandlerMap } from '../openapi/handler.js';
import { learnerProfile, loginLearner, logoutLearner, registerLearner, updateLearnerProfile } from '../commands/learners/accounts.js';
import { activateLearner, requestLearnerPasswordReset, resendLearnerActivation, resetLearnerPassword } from '../commands/learners/links.js';
import { schoolView } from '../commands/learners/lookup.js';
import { getCatalogueBundle, getCatalogueTraining, listCatalogueBundles, listCatalogueTrainings } from '../commands/storefront/catalogue.js';
import { pageRequest } from './trainingLearners.js';
import { requireCaptcha } from '../thirdParty/captcha.js';

/** The learner area's accounts (`/school/stores/{subdomain}`): the binder resolved the school and, for CUSTOMER operations, its learner. */
export const schoolHandlers: HandlerMap = {
  async getSchool(ctx) {
    return { status: 200, body: await schoolView(ctx.services, scopeOf(ctx)) };
  },

  async listCatalogueTrainings(ctx) {
    const { q, tag } = ctx.query;
    return { status: 200, body: await listCatalogueTrainings(ctx.services, scopeOf(ctx), { q, tag, ...pageRequest(ctx) }) };
  },

  async getCatalogueTraining(ctx) {
    return { status: 200, body: await getCatalogueTraining(ctx.services, scopeOf(ctx), ctx.params.slug, ctx.learner?.customer.id ?? null) };
  },

  async listCatalogueBundles(ctx) {
    return { status: 200, body: await listCatalogueBundles(ctx.services, scopeOf(ctx), pageRequest(ctx)) };
  },

  async getCatalogueBundle(ctx) {
    return { status: 200, body: await getCatalogueBundle(ctx.services, scopeOf(ctx), ctx.params.slug) };
  },

  async registerLearner(ctx) {
    await requireCaptcha(ctx.services, ctx.request);
    return { status: 201, body: await registerLearner(ctx.services, scopeOf(ctx), ctx.body, ctx.request.ip) };
  },

  async loginLearner(ctx) {
    return { status: 200, body: await loginLearner(ctx.services, scopeOf(ctx), ctx.body, ctx.request.ip) };
  },

  async activateLearner(ctx) {
    return { status: 200, body: await activateLearner(ctx.services, scopeOf(ctx), ctx.body) };
  },

  async resendLearnerActivation(ctx) {
    await resendLearnerActivation(ctx.services, scopeOf(ctx), ctx.body.email, ctx.request.ip);
    return { status: 202, body: { message: inLocale(messages.learnerActivationMailMaybeSent, ctx.locale) } };
  },

  async requestLearnerPasswordReset(ctx) {
    await requireCaptcha(ctx.services, ctx.request);
    await requestLearnerPasswordReset(ctx.services, scopeOf(ctx), ctx.body.email, ctx.request.ip);
    return { status: 202, body: { message: inLocale(messages.resetMailMaybeSent, ctx.locale) } };
  },

  async resetLearnerPassword(ctx) {
    await resetLearnerPassword(ctx.services, scopeOf(ctx), ctx.body);
    return { status: 200, body: { message: inLocale(messages.passwordReset, ctx.locale) } };
  },

  async logoutLearner(ctx) {
    await logoutLearner(ctx.services, signedInLearner(ctx));
    return { status: 204 };
  },

  async getLearnerMe(ctx) {
    return { status: 200, body: learnerProfile(signedInLearner(ctx)) };
  },

  async updateLearnerMe(ctx) {
    return { status: 200, body: await updateLearnerProfile(ctx.services, signedInLearner(ctx), ctx.body) };
  },
};
