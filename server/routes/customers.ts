import {
  addCustomerTags,
  createCustomer,
  deleteCrmTags,
  deleteCustomerNote,
  enrollCustomer,
  getCustomer,
  listCrmTags,
  listCustomerConnections,
  listCustomers,
  removeCustomerTags,
  saveCustomerNote,
  updateCustomer,
  updateCustomerPrivateData,
} from '../commands/customers/customers.js';
import { exportCustomers } from '../commands/customers/exportCustomers.js';
import { exportAbandonedCarts } from '../commands/evidence/abandonedCarts.js';
import { exportCustomerLogs } from '../commands/evidence/activityLog.js';
import { customerInvoicePdf, listCustomerInvoices } from '../commands/invoices/invoices.js';
import { pdfHeaders } from '../http/pdf.js';
import { scopeOf, signedIn, type HandlerMap } from '../openapi/handler.js';
import { pageRequest } from './trainingLearners.js';

/**
 * The store's customers (`/apprenants`, `/apprenants/:uuid`) and their CRM data. Roles are the contract's x-roles:
 * owners, admins and analysts read; owners and admins write (analysts read only). Every customer, training,
 * bundle, tag and note is looked up within the caller's store: another store's answers 404.
 */
export const customerHandlers: HandlerMap = {
  async listCustomers(ctx) {
    const { q, type, training_uuid, crm_tag, sort, order } = ctx.query;
    const filter = { q, type, training_uuid, crm_tag, sort: sort ?? 'created_at', order: order ?? 'desc' };
    return { status: 200, body: await listCustomers(ctx.services, scopeOf(ctx).id, filter, pageRequest(ctx)) };
  },

  async createCustomer(ctx) {
    return { status: 201, body: await createCustomer(ctx.services, scopeOf(ctx), ctx.body) };
  },

  async exportCustomers(ctx) {
    const { q, type, training_uuid, crm_tag, format } = ctx.query;
    const { body, headers } = exportCustomers(ctx.services, scopeOf(ctx).id, { q, type, training_uuid, crm_tag }, format ?? 'csv', ctx.locale);
    return { status: 200, body, headers };
  },

  async exportAbandonedCarts(ctx) {
    const { body, headers } = exportAbandonedCarts(ctx.services, scopeOf(ctx).id, ctx.query, ctx.locale);
    return { status: 200, body, headers };
  },

  async exportCustomerLogs(ctx) {
    const { body, headers } = await exportCustomerLogs(ctx.services, scopeOf(ctx).id, ctx.params.customerUuid, ctx.query.training_uuid, ctx.locale);
    return { status: 200, body, headers };
  },

  async listCustomerInvoices(ctx) {
    return { status: 200, body: await listCustomerInvoices(ctx.services, scopeOf(ctx).id, ctx.params.customerUuid) };
  },

  async getCustomerInvoicePdf(ctx) {
    const { pdf, filename } = await customerInvoicePdf(ctx.services, scopeOf(ctx).id, ctx.params.customerUuid, ctx.params.invoiceId);
    return { status: 200, body: pdf, headers: pdfHeaders(filename) };
  },

  async getCustomer(ctx) {
    return { status: 200, body: await getCustomer(ctx.services, scopeOf(ctx).id, ctx.params.customerUuid) };
  },

  async updateCustomer(ctx) {
    return { status: 200, body: await updateCustomer(ctx.services, scopeOf(ctx).id, ctx.params.customerUuid, ctx.body) };
  },

  async enrollCustomer(ctx) {
    return { status: 201, body: await enrollCustomer(ctx.services, scopeOf(ctx), ctx.params.customerUuid, ctx.body) };
  },

  async listCustomerConnections(ctx) {
    return { status: 200, body: await listCustomerConnections(ctx.services, scopeOf(ctx).id, ctx.params.customerUuid, pageRequest(ctx)) };
  },

  async addCustomerCrmTags(ctx) {
    return { status: 200, body: await addCustomerTags(ctx.services, scopeOf(ctx).id, ctx.params.customerUuid, ctx.body.tags) };
  },

  async removeCustomerCrmTags(ctx) {
    return { status: 200, body: await removeCustomerTags(ctx.services, scopeOf(ctx).id, ctx.params.customerUuid, ctx.body.tags) };
  },

  async listCrmTags(ctx) {
    return { status: 200, body: await listCrmTags(ctx.services, scopeOf(ctx).id) };
  },

  async deleteCrmTags(ctx) {
    await deleteCrmTags(ctx.services, scopeOf(ctx).id, ctx.body.tags);
    return { status: 204 };
  },

  async saveCustomerCrmNote(ctx) {
    const { user } = signedIn(ctx);
    return { status: 200, body: await saveCustomerNote(ctx.services, scopeOf(ctx).id, user.id, ctx.params.customerUuid, ctx.body) };
  },

  async deleteCustomerCrmNote(ctx) {
    await deleteCustomerNote(ctx.services, scopeOf(ctx).id, ctx.params.customerUuid, ctx.params.noteId);
    return { status: 204 };
  },

  async updateCustomerPrivateData(ctx) {
    return { status: 200, body: await updateCustomerPrivateData(ctx.services, scopeOf(ctx).id, ctx.params.customerUuid, ctx.body) };
  },
};
