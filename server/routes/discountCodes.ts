import { createDiscountCode } from '../commands/discountCodes/create.js';
import { forbidden } from '../http/errors.js';
import { scopeOf, type HandlerMap } from '../openapi/handler.js';

/**
 * MINIMAL promo-code creation for the checkout branch's tests; the `/reductions` CRUD replaces this file at merge.
 * Analysts read only (the house rule), whatever the operation's x-roles list.
 */
export const discountCodeHandlers: HandlerMap = {
  async createDiscountCode(ctx) {
    if (ctx.auth?.user.role === 'ANALYST' && !ctx.auth.user.isAdmin) throw forbidden();
    return { status: 201, body: await createDiscountCode(ctx.services, scopeOf(ctx).id, ctx.body) };
  },
};
