import type { Buffer } from 'node:buffer';

/**
 * One interface for whoever takes the money (Stripe Connect, PayPal, the built-in test provider): checkout asks
 * a provider for a payment page, the provider later tells us what happened (a signed webhook, or the test page's
 * button) as PaymentEvents, and applyPaymentEvent turns those into sale, transaction and enrolment changes.
 * Amounts cross this boundary in cents (integers); the database keeps euros with two decimals.
 */
export type ProviderName = 'STRIPE' | 'PAYPAL' | 'TEST';

/** The store's payment accounts, as providers need them. */
export interface PaymentStore {
  id: string;
  subdomain: string;
  stripeAccountId: string | null;
  paypalMerchantId: string | null;
  /** The store's `feature_options.test_payments` switch: the built-in test provider may serve it (never in production unless PAYMENTS_TEST_MODE=1). */
  testPayments?: boolean;
}

export interface StartPaymentInput {
  store: PaymentStore;
  /** The sale's uuid: providers carry it back (metadata, custom_id) so an event always finds its sale. */
  saleId: string;
  /** What is bought, for the provider's page and the bank statement. */
  description: string;
  currency: 'eur';
  customer: { email: string; firstname: string; lastname: string };
  /**
   * Every payment of the plan in cents, in order: one entry for a one-time payment, n for n monthly instalments
   * (the promo code already spread over them by the quote). The first is charged now.
   */
  installmentsCents: number[];
  /** Where the provider sends the learner back: the order page, which polls the order until PAID or FAILED. */
  returnUrl: string;
  cancelUrl: string;
}

export interface StartedPayment {
  /** The provider's id of this checkout (Stripe Checkout Session id, PayPal order id, test payment id). */
  providerRef: string;
  /** The provider's page to open. */
  paymentUrl: string;
}

/**
 * What a provider reports, normalised. `eventId` is unique per provider and delivery-independent (Stripe's
 * event id, PayPal's webhook event id), so replays are recognised. `installmentNumber` is set for the payments
 * after the first one (1-based; a checkout's own payment is number 1 or null for a one-time payment).
 */
export interface PaymentEvent {
  provider: ProviderName;
  eventId: string;
  /** The sale's uuid as the provider carried it back. */
  saleId: string;
  /**
   * REFUNDED: money of a paid payment was given back (a credit note for what was not credited yet is written; the
   * payment, the sale and the access stay, the team decides).
   * VAULTED: the provider saved the payer's payment method for the later instalments (`paymentToken`); nothing is paid.
   * REFUND_FAILED: the provider could not make a refund the team asked (Stripe's refund `failed` or `canceled`):
   * the payment's refund is FAILED, so the team sees it and may ask again.
   */
  outcome: 'PAID' | 'FAILED' | 'ABANDONED' | 'REFUNDED' | 'VAULTED' | 'REFUND_FAILED';
  /** Our payment itself, when we know it (the team's refund through the test provider). */
  transactionId?: number | null;
  /**
   * REFUNDED: everything refunded of the charge so far, in cents (Stripe's `amount_refunded`, PayPal's
   * `total_refunded_amount`): cumulative, so replays and deliveries in any order credit no more than that. Null or
   * absent: the whole payment.
   */
  refundedTotalCents?: number | null;
  installmentNumber?: number | null;
  /** The provider's id of the charge (payment intent, capture, invoice), kept on the transaction. */
  chargeRef?: string | null;
  amountCents?: number | null;
  /** The payment method the provider saved for the later instalments (PayPal's vault payment token), kept on the sale. */
  paymentToken?: string | null;
  occurredAt: Date;
}

export interface WebhookRequest {
  /** The body exactly as received: signatures are computed over the raw bytes. */
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Whether this store can be paid with it (a connected Stripe account, a linked PayPal merchant). */
  availableFor(store: PaymentStore): boolean;
  startPayment(input: StartPaymentInput): Promise<StartedPayment>;
  /**
   * Verifies the delivery's signature (throws WebhookSignatureError when it does not hold) and answers the
   * events it carries; events we do not act on answer an empty list.
   */
  parseWebhook?(request: WebhookRequest): Promise<PaymentEvent[]>;
  /**
   * Charges a later instalment with what the first payment saved (Stripe's card, PayPal's vault token). Idempotent
   * per sale, instalment and attempt. Throws when the provider cannot be reached (the job retries); a declined
   * card is an answer (`failed`). The scheduler is server/jobs/installments.ts.
   */
  chargeInstallment?(input: ChargeInstallmentInput): Promise<ChargeInstallmentResult>;
  /**
   * The platform's own billing (plan, seats): a payment to the platform's account, not a store's. Providers that can
   * (Stripe on the platform account, the test provider) carry `orderId` back as `platform_order_id`; their events
   * come back as PlatformPaymentEvents (server/commands/billing/applyPlatformPayment.ts applies them).
   */
  startPlatformPayment?(input: StartPlatformPaymentInput): Promise<StartedPayment>;
  /**
   * Renews a store's plan at the end of its period: charges the platform's account off-session with the card saved
   * by the store's last paid platform checkout (`previousProviderRef`). Idempotent per renewal order and attempt.
   * Throws when the provider cannot be reached (the job retries with the same key); a declined card is `failed`.
   * The scheduler is server/jobs/renewals.ts.
   */
  chargePlatformRenewal?(input: ChargePlatformRenewalInput): Promise<ChargeInstallmentResult>;
  /**
   * Gives back what is left of a paid payment (the team's "Rembourser"), on the store's account. Idempotent per
   * payment (a retried request refunds once). The credit note comes with the provider's refund event, through
   * applyPaymentEvent; the test provider has no events: the caller applies its REFUNDED at once.
   */
  refundPayment?(input: RefundPaymentInput): Promise<{ refundRef: string }>;
}

export interface RefundPaymentInput {
  store: PaymentStore;
  saleId: string;
  transactionId: number;
  /** The provider's id of the charge (Stripe payment intent, PayPal capture). */
  chargeRef: string;
  /**
   * The request's idempotency key: `refundKey(transactionId)` for the first request, another one when the team asks
   * again after the provider refused (a provider answers a known key with its earlier, failed, refund).
   */
  requestKey: string;
}

/** The idempotency key of the team's refund of one payment. */
export const refundKey = (transactionId: number) => `refund-transaction-${transactionId}`;

export interface ChargePlatformRenewalInput {
  /** The renewal's platform order (its uuid goes back in the charge's metadata as `platform_order_id`). */
  orderId: string;
  storeId: string;
  /** The provider's reference of the store's last paid platform checkout (Stripe: its Checkout Session). */
  previousProviderRef: string;
  amountCents: number;
  currency: 'eur';
  description: string;
  attempt: number;
}

/** The idempotency key of one attempt at one renewal. */
export const platformRenewalKey = (orderId: string, attempt: number) => `platform-renewal-${orderId}-attempt-${attempt}`;

export interface StartPlatformPaymentInput {
  /** The platform order's uuid. */
  orderId: string;
  /** The paying store (the test provider's page lives in its back office). */
  storeId: string;
  description: string;
  amountCents: number;
  currency: 'eur';
  customerEmail: string;
  returnUrl: string;
  cancelUrl: string;
}

/** What a provider reports about a platform order (plan, seats), normalised like PaymentEvent. */
export interface PlatformPaymentEvent {
  provider: ProviderName;
  eventId: string;
  orderId: string;
  outcome: 'PAID' | 'FAILED' | 'ABANDONED';
  /** The provider's checkout id (Stripe Checkout Session): must be the order's own. */
  providerRef: string | null;
  occurredAt: Date;
}

export interface ChargeInstallmentInput {
  store: PaymentStore;
  saleId: string;
  /** The sale's checkout at the provider (sales.provider_ref; for Stripe, the Checkout Session). */
  checkoutSessionId: string;
  /** What the first payment saved, when the provider gave us an id for it (sales.payment_token; PayPal's vault token). */
  paymentToken?: string | null;
  /** 2 or more: the first is the checkout's own payment. */
  installmentNumber: number;
  amountCents: number;
  currency: 'eur';
  description: string;
  /** 1 for the first try at this instalment; a retry after a declined card is a new attempt (a new charge). */
  attempt?: number;
}

export interface ChargeInstallmentResult {
  chargeRef: string | null;
  status: 'succeeded' | 'processing' | 'failed';
  declineCode: string | null;
}

/** The idempotency key of one attempt at one instalment: the first attempt keeps the historical form. */
export const installmentChargeKey = (saleId: string, installmentNumber: number, attempt = 1) =>
  attempt > 1 ? `installment-${saleId}-${installmentNumber}-attempt-${attempt}` : `installment-${saleId}-${installmentNumber}`;

export class WebhookSignatureError extends Error {
  constructor(message = 'webhook signature does not verify') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export const toCents = (euros: number) => Math.round(euros * 100);
export const toEuros = (cents: number) => cents / 100;
