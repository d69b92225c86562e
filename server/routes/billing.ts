import {
  buySeats,
  cancelSubscription,
  completePlatformTestPayment,
  getInvoice,
  getPlatformOrder,
  getSubscription,
  listInvoices,
  subscribePlan,
} from '../commands/billing/subscription.js';
import { unauthenticated } from '../http/errors.js';
import { scopeOf, type HandlerContext, type OperationId } from '../openapi/handler.js';
import type { HandlerMap } from '../openapi/handler.js';
import { pageRequest } from './trainingLearners.js';

/** Who buys: the signed-in owner or admin (the contract's x-roles), whose e-mail the provider's page shows. */
function buyerOf<K extends OperationId>(ctx: HandlerContext<K>) {
  if (!ctx.auth) throw unauthenticated();
  return { userId: ctx.auth.user.id, email: ctx.auth.user.email };
}

/**
 * The platform's billing of the store (the plan page /abonnement and /parametres/facturation): roles are the
 * contract's x-roles (owners and admins, spec 6), the store is the binder's scope (another store answers 404), and
 * every order id is looked up within it.
 */
export const billingHandlers: HandlerMap = {
  async getSubscription(ctx) {
    return { status: 200, body: await getSubscription(ctx.services, scopeOf(ctx).id) };
  },
  async subscribePlan(ctx) {
    return { status: 201, body: await subscribePlan(ctx.services, scopeOf(ctx).id, buyerOf(ctx), ctx.body) };
  },
  async cancelSubscription(ctx) {
    return { status: 200, body: await cancelSubscription(ctx.services, scopeOf(ctx).id) };
  },
  async buySeats(ctx) {
    return { status: 201, body: await buySeats(ctx.services, scopeOf(ctx).id, buyerOf(ctx), ctx.body.quantity) };
  },
  async getPlatformOrder(ctx) {
    return { status: 200, body: await getPlatformOrder(ctx.services, scopeOf(ctx).id, ctx.params.orderUuid) };
  },
  async completePlatformTestPayment(ctx) {
    return { status: 200, body: await completePlatformTestPayment(ctx.services, scopeOf(ctx).id, ctx.params.orderUuid, ctx.body.outcome) };
  },
  async listInvoices(ctx) {
    return { status: 200, body: await listInvoices(ctx.services, scopeOf(ctx).id, pageRequest(ctx)) };
  },
  async getInvoice(ctx) {
    return { status: 200, body: await getInvoice(ctx.services, scopeOf(ctx).id, ctx.params.invoiceId) };
  },
};
