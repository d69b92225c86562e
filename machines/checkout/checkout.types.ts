import type { components, operations } from '../../src/api/schema.gen';

export type CheckoutQuote = components['schemas']['CheckoutQuote'];
export type CheckoutOrder = components['schemas']['CheckoutOrder'];
export type BuyableType = components['schemas']['BuyableType'];
export type QuoteRequest = operations['quoteCheckout']['requestBody']['content']['application/json'];
export type CheckoutRequest = operations['checkout']['requestBody']['content']['application/json'];
export type PaymentChoice = 'CARD' | 'PAYPAL';

/** What the learner typed in the form, sent with PAY (the form keeps its own fields: typing survives every error). */
export type BuyerDetails = Pick<CheckoutRequest, 'email' | 'firstname' | 'lastname' | 'billing_address' | 'accept_terms'>;
