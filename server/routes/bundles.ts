import { createBundle } from '../commands/bundles/create.js';
import { countBundles, listBundles } from '../commands/bundles/list.js';
import { getBundle } from '../commands/bundles/load.js';
import { reorderBundles } from '../commands/bundles/order.js';
import { createBundlePaymentSchedule, deleteBundlePaymentSchedule } from '../commands/bundles/schedules.js';
import { addBundleTraining, removeBundleTraining, reorderBundleTrainings } from '../commands/bundles/trainings.js';
import { deleteBundle, updateBundle } from '../commands/bundles/update.js';
import { scopeOf, type HandlerMap } from '../openapi/handler.js';
import { publicUrlOf } from '../http/publicUrl.js';

/** Bundles (packs). Every row is reached through the caller's store: other stores' uuids answer 404. */
export const bundleHandlers: HandlerMap = {
  async listBundles(ctx) {
    const { request, query } = ctx;
    const url = publicUrlOf(ctx.services.config, request);
    const body = await listBundles(ctx.services, scopeOf(ctx).id, {
      q: query.q,
      status: query.status,
      page: query.page ?? 1,
      perPage: query.per_page ?? 20,
      url,
    });
    return { status: 200, body };
  },

  async countBundles(ctx) {
    return { status: 200, body: { count: await countBundles(ctx.services, scopeOf(ctx).id, { status: ctx.query.status }) } };
  },

  async createBundle(ctx) {
    return { status: 201, body: await createBundle(ctx.services, scopeOf(ctx).id, ctx.body) };
  },

  async reorderBundles(ctx) {
    return { status: 200, body: await reorderBundles(ctx.services, scopeOf(ctx).id, ctx.body.bundle_uuids) };
  },

  async getBundle(ctx) {
    return { status: 200, body: await getBundle(ctx.services, scopeOf(ctx).id, ctx.params.bundleUuid) };
  },

  async updateBundle(ctx) {
    return { status: 200, body: await updateBundle(ctx.services, scopeOf(ctx).id, ctx.params.bundleUuid, ctx.body) };
  },

  async deleteBundle(ctx) {
    await deleteBundle(ctx.services, scopeOf(ctx).id, ctx.params.bundleUuid);
    return { status: 204 };
  },

  async addBundleTraining(ctx) {
    const { bundleUuid, trainingUuid } = ctx.params;
    return { status: 200, body: await addBundleTraining(ctx.services, scopeOf(ctx).id, bundleUuid, trainingUuid) };
  },

  async removeBundleTraining(ctx) {
    const { bundleUuid, trainingUuid } = ctx.params;
    return { status: 200, body: await removeBundleTraining(ctx.services, scopeOf(ctx).id, bundleUuid, trainingUuid) };
  },

  async reorderBundleTrainings(ctx) {
    const { services, params, body } = ctx;
    return { status: 200, body: await reorderBundleTrainings(services, scopeOf(ctx).id, params.bundleUuid, body.item_uuids) };
  },

  async createBundlePaymentSchedule(ctx) {
    return { status: 201, body: await createBundlePaymentSchedule(ctx.services, scopeOf(ctx).id, ctx.params.bundleUuid, ctx.body) };
  },

  async deleteBundlePaymentSchedule(ctx) {
    const { bundleUuid, paymentScheduleId } = ctx.params;
    await deleteBundlePaymentSchedule(ctx.services, scopeOf(ctx).id, bundleUuid, paymentScheduleId);
    return { status: 204 };
  },
};
