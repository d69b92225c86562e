import { Readable } from 'node:stream';
import { createDiscountCode, deleteDiscountCode, listDiscountCodes } from '../commands/discountCodes/discountCodes.js';
import { exportSales, listSaleTransactions, listSales } from '../commands/sales/sales.js';
import { csvAttachment } from '../http/csv.js';
import { scopeOf, type HandlerMap } from '../openapi/handler.js';
import { pageRequest } from './trainingLearners.js';

/**
 * Promo codes (`/reductions`) and the sales ledger (`/ventes`). Roles are the contract's x-roles (reading:
 * owners, admins, analysts; writing codes: owners and admins); every id is looked up within the caller's store.
 * The enterprise flags hide_discounts and hide_sales hide the pages, not the data (see README, Decisions).
 */
export const salesHandlers: HandlerMap = {
  async listDiscountCodes(ctx) {
    return { status: 200, body: await listDiscountCodes(ctx.services, scopeOf(ctx).id, { q: ctx.query.q, ...pageRequest(ctx) }) };
  },

  async createDiscountCode(ctx) {
    return { status: 201, body: await createDiscountCode(ctx.services, scopeOf(ctx).id, ctx.body) };
  },

  async deleteDiscountCode(ctx) {
    await deleteDiscountCode(ctx.services, scopeOf(ctx).id, ctx.params.discountCodeId);
    return { status: 204 };
  },

  async listSales(ctx) {
    const { q, begin, end, status, buyable_type } = ctx.query;
    return { status: 200, body: await listSales(ctx.services, scopeOf(ctx).id, { q, begin, end, status, buyable_type, ...pageRequest(ctx) }) };
  },

  async listSaleTransactions(ctx) {
    return { status: 200, body: await listSaleTransactions(ctx.services, scopeOf(ctx).id, ctx.params.saleUuid) };
  },

  async exportSales(ctx) {
    const { q, begin, end, status, buyable_type } = ctx.query;
    const { chunks, filename } = exportSales(ctx.services, scopeOf(ctx).id, { q, begin, end, status, buyable_type }, ctx.locale);
    return { status: 200, body: Readable.from(chunks), headers: csvAttachment(filename) };
  },
};
