import { connectStripe, disconnectStripe, linkPaypal, paymentSettings, unlinkPaypal } from '../commands/paymentSettings.js';
import { receiveWebhook } from '../commands/paymentWebhooks.js';
import { scopeOf, type HandlerContext, type HandlerMap } from '../openapi/handler.js';

/** The binder hands `x-raw-body` operations the exact bytes received (openapi/bind.ts). */
const delivery = (ctx: HandlerContext<'receiveStripeWebhook' | 'receivePaypalWebhook'>) => ({
  rawBody: ctx.body as unknown as Buffer,
  headers: ctx.request.headers,
});

// The binder resolved `{storeUuid}` (scopeOf) and checked the roles (managers) against the contract.
export const paymentHandlers: HandlerMap = {
  async getPaymentSettings(ctx) {
    return { status: 200, body: await paymentSettings(ctx.services, scopeOf(ctx)) };
  },

  async connectStripe(ctx) {
    return { status: 200, body: await connectStripe(ctx.services, scopeOf(ctx)) };
  },

  async disconnectStripe(ctx) {
    await disconnectStripe(ctx.services, scopeOf(ctx).id);
    return { status: 204 };
  },

  async linkPaypal(ctx) {
    return { status: 200, body: await linkPaypal(ctx.services, scopeOf(ctx), ctx.body.merchant_id) };
  },

  async unlinkPaypal(ctx) {
    await unlinkPaypal(ctx.services, scopeOf(ctx).id);
    return { status: 204 };
  },

  async receiveStripeWebhook(ctx) {
    await receiveWebhook(ctx.services, 'STRIPE', delivery(ctx));
    return { status: 200, body: { received: true } };
  },

  async receivePaypalWebhook(ctx) {
    await receiveWebhook(ctx.services, 'PAYPAL', delivery(ctx));
    return { status: 200, body: { received: true } };
  },
};
