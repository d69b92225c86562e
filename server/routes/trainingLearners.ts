import type { FastifyRequest } from 'fastify';
import {
  createTrainingItemComment,
  deleteTrainingComment,
  listTrainingComments,
  listTrainingItemComments,
} from '../commands/trainingLearners/comments.js';
import { teamAttendanceCertificate, teamCertificate } from '../commands/certificates/certificates.js';
import { exportQualiopiEvidence } from '../commands/evidence/qualiopi.js';
import { cancelTrainingCustomerTransactions, listTrainingCustomerTransactions } from '../commands/sales/customerTransactions.js';
import { refundTrainingCustomerTransaction } from '../commands/sales/refundTransaction.js';
import { addTrainingCustomer, listTrainingCustomers, removeTrainingCustomer, updateTrainingCustomer } from '../commands/trainingLearners/enrolments.js';
import { getTrainingStatsHistogram } from '../commands/trainingLearners/histogram.js';
import { importTrainingCustomers } from '../commands/trainingLearners/importCsv.js';
import { customerTrainingDetail, unblockCustomerTrainingItem } from '../commands/trainingLearners/learnerProgress.js';
import type { PageRequest } from '../commands/trainingLearners/paging.js';
import { getTrainingGlobalStats, getTrainingStats } from '../commands/trainingLearners/stats.js';
import { invalid, notFound } from '../http/errors.js';
import { publicUrlOf } from '../http/publicUrl.js';
import { messages } from '../http/messages.js';
import { scopeOf, signedIn, withPreflight, type HandlerMap } from '../openapi/handler.js';
import type { Services } from '../services.js';
import { pdfHeaders } from '../http/pdf.js';
import { trainingInPath } from './trainingPreflight.js';

/** Item and comment ids are `serial`: a larger number would make PostgreSQL fail instead of finding nothing. */
const MAX_SERIAL = 2_147_483_647;
const existingId = (id: number) => {
  if (id > MAX_SERIAL) throw notFound();
  return id;
};

export function pageRequest(ctx: { request: FastifyRequest; services: Services; query: { page?: number; per_page?: number } }): PageRequest {
  const { request, services, query } = ctx;
  return { page: query.page ?? 1, perPage: query.per_page ?? 20, url: publicUrlOf(services.config, request) };
}

/** A training's learners (apprenants), comments (commentaires) and statistics (statistiques) tabs. */
export const trainingLearnerHandlers: HandlerMap = {
  async listTrainingCustomers(ctx) {
    const { q, type } = ctx.query;
    const body = await listTrainingCustomers(ctx.services, scopeOf(ctx).id, ctx.params.trainingUuid, { q, type }, pageRequest(ctx));
    return { status: 200, body };
  },

  async addTrainingCustomer(ctx) {
    return { status: 201, body: await addTrainingCustomer(ctx.services, scopeOf(ctx), ctx.params.trainingUuid, ctx.body) };
  },

  // The preflight answers 404 for another store's training before the file is received.
  importTrainingCustomers: withPreflight<'importTrainingCustomers'>(trainingInPath, async (ctx) => {
    // The binder has put the file on disk, capped at the contract's 5 MB (x-max-size); send_email defaults to true.
    const body = await importTrainingCustomers(ctx.services, scopeOf(ctx), ctx.params.trainingUuid, ctx.body.file, ctx.locale, ctx.body.send_email !== 'false');
    return { status: 200, body };
  }),

  async updateTrainingCustomer(ctx) {
    const { trainingUuid, customerUuid } = ctx.params;
    return { status: 200, body: await updateTrainingCustomer(ctx.services, scopeOf(ctx).id, trainingUuid, customerUuid, ctx.body) };
  },

  async createCompletionCertificate(ctx) {
    const { trainingUuid, customerUuid } = ctx.params;
    const pdf = await teamCertificate(ctx.services, scopeOf(ctx).id, trainingUuid, customerUuid, ctx.body);
    return { status: 200, body: pdf, headers: pdfHeaders('certificat-de-realisation.pdf') };
  },

  async createAttendanceCertificate(ctx) {
    const { trainingUuid, customerUuid } = ctx.params;
    const pdf = await teamAttendanceCertificate(ctx.services, scopeOf(ctx).id, trainingUuid, customerUuid, ctx.body);
    return { status: 200, body: pdf, headers: pdfHeaders('attestation-assiduite.pdf') };
  },

  async exportQualiopiEvidence(ctx) {
    const { trainingUuid, customerUuid } = ctx.params;
    const { body, headers } = await exportQualiopiEvidence(ctx.services, scopeOf(ctx).id, trainingUuid, customerUuid);
    return { status: 200, body, headers };
  },

  async listTrainingCustomerTransactions(ctx) {
    const { trainingUuid, customerUuid } = ctx.params;
    return { status: 200, body: await listTrainingCustomerTransactions(ctx.services, scopeOf(ctx).id, trainingUuid, customerUuid) };
  },

  async cancelTrainingCustomerTransactions(ctx) {
    const { trainingUuid, customerUuid } = ctx.params;
    return { status: 200, body: await cancelTrainingCustomerTransactions(ctx.services, scopeOf(ctx).id, trainingUuid, customerUuid, ctx.body.transaction_ids) };
  },

  async refundTrainingCustomerTransaction(ctx) {
    const { trainingUuid, customerUuid, transactionId } = ctx.params;
    return { status: 200, body: await refundTrainingCustomerTransaction(ctx.services, scopeOf(ctx).id, trainingUuid, customerUuid, transactionId) };
  },

  async getCustomerTraining(ctx) {
    const { trainingUuid, customerUuid } = ctx.params;
    return { status: 200, body: await customerTrainingDetail(ctx.services, scopeOf(ctx).id, trainingUuid, customerUuid) };
  },

  async unblockCustomerTrainingItem(ctx) {
    const { trainingUuid, customerUuid, itemId } = ctx.params;
    return { status: 200, body: await unblockCustomerTrainingItem(ctx.services, scopeOf(ctx).id, trainingUuid, customerUuid, existingId(itemId)) };
  },

  async removeTrainingCustomer(ctx) {
    await removeTrainingCustomer(ctx.services, scopeOf(ctx).id, ctx.params.trainingUuid, ctx.params.customerUuid);
    return { status: 204 };
  },

  async listTrainingComments(ctx) {
    const itemId = ctx.query.item_id;
    if (itemId !== undefined && itemId > MAX_SERIAL) throw invalid({ item_id: [messages.maximum(MAX_SERIAL)] });
    const body = await listTrainingComments(ctx.services, scopeOf(ctx).id, ctx.params.trainingUuid, itemId, pageRequest(ctx));
    return { status: 200, body };
  },

  async deleteTrainingComment(ctx) {
    await deleteTrainingComment(ctx.services, scopeOf(ctx).id, ctx.params.trainingUuid, existingId(ctx.params.commentId));
    return { status: 204 };
  },

  async listTrainingItemComments(ctx) {
    const { trainingUuid, itemId } = ctx.params;
    const body = await listTrainingItemComments(ctx.services, scopeOf(ctx).id, trainingUuid, existingId(itemId), pageRequest(ctx));
    return { status: 200, body };
  },

  async createTrainingItemComment(ctx) {
    const { store, user } = signedIn(ctx);
    const { trainingUuid, itemId } = ctx.params;
    if (ctx.body.parent_id !== undefined && ctx.body.parent_id > MAX_SERIAL) throw invalid({ parent_id: [messages.commentParentUnknown] });
    const body = await createTrainingItemComment(ctx.services, store.id, user.id, trainingUuid, existingId(itemId), ctx.body);
    return { status: 201, body };
  },

  async getTrainingStats(ctx) {
    return { status: 200, body: await getTrainingStats(ctx.services, scopeOf(ctx).id, ctx.params.trainingUuid, ctx.query) };
  },

  async getTrainingGlobalStats(ctx) {
    return { status: 200, body: await getTrainingGlobalStats(ctx.services, scopeOf(ctx).id, ctx.params.trainingUuid) };
  },

  async getTrainingStatsHistogram(ctx) {
    return { status: 200, body: await getTrainingStatsHistogram(ctx.services, scopeOf(ctx).id, ctx.params.trainingUuid, ctx.query) };
  },
};
