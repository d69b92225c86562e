import { fromPromise } from 'xstate';
import { settleUnlessAborted } from '../support/settleUnlessAborted';
import type { CheckoutOrder, CheckoutQuote, CheckoutRequest, QuoteRequest } from './checkout.types';

/** The calls the checkout needs, for one school; the app supplies them (src/api/schoolApi.ts). */
export interface CheckoutApi {
  quote(body: QuoteRequest, signal: AbortSignal): Promise<CheckoutQuote>;
  checkout(body: CheckoutRequest, signal: AbortSignal): Promise<CheckoutOrder>;
}

/** Real actors for `checkoutMachine.provide({ actors })`, forwarding each actor's abort signal. */
export function createCheckoutActors(api: CheckoutApi, sendWindowTo: (url: string) => boolean) {
  return {
    quote: fromPromise<CheckoutQuote, QuoteRequest>(({ input, signal }) => settleUnlessAborted(signal, api.quote(input, signal))),
    checkout: fromPromise<CheckoutOrder, CheckoutRequest>(({ input, signal }) => settleUnlessAborted(signal, api.checkout(input, signal))),
    openPaymentWindow: fromPromise<void, { url: string }>(async ({ input }) => {
      if (!sendWindowTo(input.url)) throw new Error('popup blocked');
    }),
  };
}
