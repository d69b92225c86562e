import { checkout } from '../commands/checkout/createOrder.js';
import { getCheckoutOrder } from '../commands/checkout/order.js';
import { quoteCheckout } from '../commands/checkout/quote.js';
import { completeTestPayment } from '../commands/checkout/testPayments.js';
import { scopeOf, type HandlerMap } from '../openapi/handler.js';
import { requireCaptcha } from '../thirdParty/captcha.js';

/** The learner area's checkout (issue 11): the binder resolved the school and, when a token came, its learner. */
export const checkoutHandlers: HandlerMap = {
  async quoteCheckout(ctx) {
    return { status: 200, body: await quoteCheckout(ctx.services, { store: scopeOf(ctx), learner: ctx.learner }, ctx.body) };
  },

  async checkout(ctx) {
    // Anonymous buyers only: a signed-in learner already passed the captcha when registering (or bought before).
    if (!ctx.learner) await requireCaptcha(ctx.services, ctx.request);
    return { status: 201, body: await checkout(ctx.services, { store: scopeOf(ctx), learner: ctx.learner }, ctx.body, ctx.request.ip, ctx.locale) };
  },

  async getCheckoutOrder(ctx) {
    return { status: 200, body: await getCheckoutOrder(ctx.services, scopeOf(ctx), ctx.params.orderUuid) };
  },

  async completeTestPayment(ctx) {
    return { status: 200, body: await completeTestPayment(ctx.services, scopeOf(ctx), ctx.params.paymentRef, ctx.body.outcome) };
  },
};
