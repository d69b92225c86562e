import { addPaymentSchedule, removePaymentSchedule } from '../commands/catalogue/paymentSchedules.js';
import { trainingOf } from '../commands/catalogue/scope.js';
import { addAuthors, removeAuthors } from '../commands/trainings/authors.js';
import { createTraining, duplicateTraining } from '../commands/trainings/create.js';
import { getTraining } from '../commands/trainings/detail.js';
import { countTrainings, listTrainings, reorderTrainings } from '../commands/trainings/list.js';
import { deleteTraining } from '../commands/trainings/remove.js';
import { updateFeedbackOptions, updateSeo, updateTraining } from '../commands/trainings/update.js';
import { notFound } from '../http/errors.js';
import { scopeOf, signedIn, type HandlerMap } from '../openapi/handler.js';
import { publicUrlOf } from '../http/publicUrl.js';

/** Schedule ids are `serial`: a larger number from the URL would make PostgreSQL fail instead of finding nothing. */
const MAX_SERIAL = 2_147_483_647;

/** Thin handlers: every command reaches trainings through the caller's store (another store's uuid is 404). */
export const trainingHandlers: HandlerMap = {
  async listTrainings(ctx) {
    const { request, query } = ctx;
    const url = publicUrlOf(ctx.services.config, request);
    const body = await listTrainings(ctx.services, scopeOf(ctx).id, {
      page: query.page ?? 1,
      perPage: query.per_page ?? 20,
      search: query.q,
      status: query.status,
      url,
    });
    return { status: 200, body };
  },

  async countTrainings(ctx) {
    return { status: 200, body: { count: await countTrainings(ctx.services, scopeOf(ctx).id, { status: ctx.query.status }) } };
  },

  async createTraining(ctx) {
    return { status: 201, body: await createTraining(ctx.services, scopeOf(ctx).id, ctx.body) };
  },

  async reorderTrainings(ctx) {
    return { status: 200, body: await reorderTrainings(ctx.services, scopeOf(ctx).id, ctx.body) };
  },

  async getTraining(ctx) {
    return { status: 200, body: await getTraining(ctx.services, scopeOf(ctx).id, ctx.params.trainingUuid) };
  },

  async updateTraining(ctx) {
    return { status: 200, body: await updateTraining(ctx.services, scopeOf(ctx).id, ctx.params.trainingUuid, ctx.body) };
  },

  async deleteTraining(ctx) {
    const cleanupFailures = await deleteTraining(ctx.services, scopeOf(ctx).id, ctx.params.trainingUuid);
    for (const err of cleanupFailures) ctx.request.log.warn({ err }, 'SCORM package left in storage');
    return { status: 204 };
  },

  async duplicateTraining(ctx) {
    return { status: 201, body: await duplicateTraining(ctx.services, signedIn(ctx), ctx.params.trainingUuid) };
  },

  async updateTrainingFeedbackOptions(ctx) {
    return { status: 200, body: await updateFeedbackOptions(ctx.services, scopeOf(ctx).id, ctx.params.trainingUuid, ctx.body) };
  },

  async updateTrainingSeo(ctx) {
    return { status: 200, body: await updateSeo(ctx.services, scopeOf(ctx).id, ctx.params.trainingUuid, ctx.body) };
  },

  async addTrainingAuthors(ctx) {
    const storeId = scopeOf(ctx).id;
    const training = await trainingOf(ctx.services, storeId, ctx.params.trainingUuid);
    return { status: 200, body: await addAuthors(ctx.services, storeId, training.id, ctx.body.user_uuids) };
  },

  async removeTrainingAuthors(ctx) {
    const storeId = scopeOf(ctx).id;
    const training = await trainingOf(ctx.services, storeId, ctx.params.trainingUuid);
    return { status: 200, body: await removeAuthors(ctx.services, storeId, training.id, ctx.body.user_uuids) };
  },

  async createTrainingPaymentSchedule(ctx) {
    const training = await trainingOf(ctx.services, scopeOf(ctx).id, ctx.params.trainingUuid);
    return { status: 201, body: await addPaymentSchedule(ctx.services, { trainingId: training.id }, ctx.body) };
  },

  async deleteTrainingPaymentSchedule(ctx) {
    const training = await trainingOf(ctx.services, scopeOf(ctx).id, ctx.params.trainingUuid);
    if (ctx.params.paymentScheduleId > MAX_SERIAL) throw notFound();
    await removePaymentSchedule(ctx.services, { trainingId: training.id }, ctx.params.paymentScheduleId);
    return { status: 204 };
  },
};
