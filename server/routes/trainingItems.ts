import { trainingOf } from '../commands/catalogue/scope.js';
import { createItem } from '../commands/trainingItems/create.js';
import { duplicateItem } from '../commands/trainingItems/duplicate.js';
import { itemDetail, itemOf } from '../commands/trainingItems/items.js';
import { loadOutline } from '../commands/trainingItems/outline.js';
import { removeItem } from '../commands/trainingItems/remove.js';
import { addResource, removeResource, reorderResources } from '../commands/trainingItems/resources.js';
import { reorderItems } from '../commands/trainingItems/reorder.js';
import { archiveQuestion, getQuiz, saveQuiz } from '../commands/trainingItems/quiz.js';
import { exportQuizAnswers, listQuizAnswers } from '../commands/trainingItems/quizAnswers.js';
import { listTrainingItemFeedbacks } from '../commands/evidence/feedbacks.js';
import { csvAttachment } from '../http/csv.js';
import { updateItem } from '../commands/trainingItems/update.js';
import { scopeOf, signedIn, type HandlerMap } from '../openapi/handler.js';
import { pageRequest } from './trainingLearners.js';

/** Thin handlers for a training's outline; every command reaches the training through the caller's store. */
export const trainingItemHandlers: HandlerMap = {
  async listTrainingItems(ctx) {
    const training = await trainingOf(ctx.services, scopeOf(ctx).id, ctx.params.trainingUuid);
    return { status: 200, body: { data: await loadOutline(ctx.services, training.id) } };
  },

  async createTrainingItem(ctx) {
    return { status: 201, body: await createItem(ctx.services, signedIn(ctx), ctx.params.trainingUuid, ctx.body) };
  },

  async getTrainingItem(ctx) {
    const training = await trainingOf(ctx.services, scopeOf(ctx).id, ctx.params.trainingUuid);
    return { status: 200, body: await itemDetail(ctx.services.db, await itemOf(ctx.services.db, training.id, ctx.params.itemId)) };
  },

  async updateTrainingItem(ctx) {
    const { params } = ctx;
    return { status: 200, body: await updateItem(ctx.services, scopeOf(ctx).id, params.trainingUuid, params.itemId, ctx.body) };
  },

  async deleteTrainingItem(ctx) {
    const cleanupFailures = await removeItem(ctx.services, scopeOf(ctx).id, ctx.params.trainingUuid, ctx.params.itemId);
    for (const err of cleanupFailures) ctx.request.log.warn({ err }, 'SCORM package left in storage');
    return { status: 204 };
  },

  async duplicateTrainingItem(ctx) {
    const { params } = ctx;
    return { status: 201, body: await duplicateItem(ctx.services, signedIn(ctx), params.trainingUuid, params.itemId, ctx.body) };
  },

  async reorderTrainingItems(ctx) {
    return { status: 200, body: { data: await reorderItems(ctx.services, scopeOf(ctx).id, ctx.params.trainingUuid, ctx.body) } };
  },

  async createTrainingItemResource(ctx) {
    const { params } = ctx;
    return { status: 201, body: await addResource(ctx.services, scopeOf(ctx).id, params.trainingUuid, params.itemId, ctx.body) };
  },

  async deleteTrainingItemResource(ctx) {
    const { params } = ctx;
    await removeResource(ctx.services, scopeOf(ctx).id, params.trainingUuid, params.itemId, params.resourceId);
    return { status: 204 };
  },

  async reorderTrainingItemResources(ctx) {
    const { params } = ctx;
    return { status: 200, body: { data: await reorderResources(ctx.services, scopeOf(ctx).id, params.trainingUuid, params.itemId, ctx.body.ids) } };
  },

  async getTrainingItemQuiz(ctx) {
    const { params } = ctx;
    return { status: 200, body: await getQuiz(ctx.services, scopeOf(ctx).id, params.trainingUuid, params.itemId) };
  },

  async updateTrainingItemQuiz(ctx) {
    const { params } = ctx;
    return { status: 200, body: await saveQuiz(ctx.services, scopeOf(ctx).id, params.trainingUuid, params.itemId, ctx.body) };
  },

  async archiveQuizQuestion(ctx) {
    return { status: 200, body: await archiveQuestion(ctx.services, scopeOf(ctx).id, ctx.params.questionId, ctx.body.archived) };
  },

  async listTrainingItemFeedbacks(ctx) {
    const { params } = ctx;
    return { status: 200, body: await listTrainingItemFeedbacks(ctx.services, scopeOf(ctx).id, params.trainingUuid, params.itemId, pageRequest(ctx)) };
  },

  async listTrainingItemQuizAnswers(ctx) {
    const { params } = ctx;
    return { status: 200, body: await listQuizAnswers(ctx.services, scopeOf(ctx).id, params.trainingUuid, params.itemId, ctx.query.customer_uuid, pageRequest(ctx)) };
  },

  async exportTrainingItemQuizAnswers(ctx) {
    const { params } = ctx;
    const { csv, filename } = await exportQuizAnswers(ctx.services, scopeOf(ctx).id, params.trainingUuid, params.itemId, ctx.query.customer_uuid, ctx.locale);
    return {
      status: 200,
      body: csv,
      headers: csvAttachment(filename),
    };
  },
};
