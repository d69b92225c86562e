import Stripe from 'stripe';
import type { StripeConfig } from '../../config.js';
import type { StripeAccountState } from '../../db/schema.js';
import {
  installmentChargeKey,
  WebhookSignatureError,
  platformRenewalKey,
  type ChargeInstallmentInput,
  type ChargeInstallmentResult,
  type ChargePlatformRenewalInput,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentStore,
  type PlatformPaymentEvent,
  type RefundPaymentInput,
  type StartPaymentInput,
  type StartPlatformPaymentInput,
  type StartedPayment,
  type WebhookRequest,
} from '../provider.js';
import { stripeClient } from './stripeClient.js';

/**
 * A Stripe event, with what proves it is the sale's: the Checkout Session (which must be the sale's own) or, for a
 * later instalment, the connected account it happened on (which must be the sale's store's). Any connected
 * account can put any metadata on its own payments: metadata alone proves nothing.
 */
export type StripePaymentEvent = PaymentEvent & { account: string | null; checkoutSessionId: string | null };

/**
 * Stripe Connect with direct charges: every Checkout Session and payment intent is created on the store's own
 * connected account (the Stripe-Account header), so the store is the merchant of record (its name on the
 * statement, refunds and disputes in its Stripe dashboard) and the platform never holds the learners' money.
 *
 * Instalments: the first payment is the Checkout Session's, with `setup_future_usage: off_session` so the card is
 * saved on the connected account's customer; the later ones are off-session payment intents
 * (chargeInstallment), carrying `sale_id` and `installment_number` in their metadata like the session does.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'STRIPE' as const;
  readonly stripe: Stripe;

  constructor(private readonly config: StripeConfig) {
    this.stripe = stripeClient(config);
  }

  availableFor(store: PaymentStore): boolean {
    return Boolean(store.stripeAccountId);
  }

  async startPayment(input: StartPaymentInput): Promise<StartedPayment> {
    const account = input.store.stripeAccountId;
    if (!account) throw new Error(`store ${input.store.id} has no Stripe account`);
    const [first, ...later] = input.installmentsCents;
    if (first === undefined) throw new Error('nothing to charge');
    const count = later.length + 1;
    const metadata: Record<string, string> = { sale_id: input.saleId };
    if (count > 1) metadata.installment_number = '1';
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.currency,
              unit_amount: first,
              product_data: { name: count > 1 ? `${input.description} (1/${count})` : input.description },
            },
          },
        ],
        customer_email: input.customer.email,
        // A customer on the connected account keeps the saved card for the later instalments.
        customer_creation: count > 1 ? 'always' : 'if_required',
        client_reference_id: input.saleId,
        metadata,
        payment_intent_data: { metadata, ...(count > 1 ? { setup_future_usage: 'off_session' as const } : {}) },
        success_url: input.returnUrl,
        cancel_url: input.cancelUrl,
      },
      // One session per sale, even when the checkout's request is retried.
      { stripeAccount: account, idempotencyKey: `checkout-session-${input.saleId}` },
    );
    if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a url`);
    return { providerRef: session.id, paymentUrl: session.url };
  }

  /**
   * The platform's billing (plan, seats): a Checkout Session on the platform's own account (no Stripe-Account
   * header), `platform_order_id` in its metadata. One session per order, even when the request is retried.
   */
  async startPlatformPayment(input: StartPlatformPaymentInput): Promise<StartedPayment> {
    const metadata = { platform_order_id: input.orderId, store_id: input.storeId };
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: input.currency, unit_amount: input.amountCents, product_data: { name: input.description } } }],
        customer_email: input.customerEmail,
        client_reference_id: input.orderId,
        metadata,
        // The card is kept for the renewals at the end of each period (chargePlatformRenewal).
        customer_creation: 'always',
        payment_intent_data: { metadata, setup_future_usage: 'off_session' },
        success_url: input.returnUrl,
        cancel_url: input.cancelUrl,
      },
      { idempotencyKey: `platform-order-${input.orderId}` },
    );
    if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a url`);
    return { providerRef: session.id, paymentUrl: session.url };
  }

  /**
   * A renewal of the platform's billing: an off-session PaymentIntent on the platform's account with the card the
   * store's last paid platform Checkout Session saved, `platform_order_id` in its metadata. The renewal job passes
   * the answer to applyPlatformPaymentEvent; a `processing` one is asked again later with the same idempotency key.
   */
  async chargePlatformRenewal(input: ChargePlatformRenewalInput): Promise<ChargeInstallmentResult> {
    const session = await this.stripe.checkout.sessions.retrieve(input.previousProviderRef, { expand: ['payment_intent'] });
    const first = session.payment_intent;
    const paymentMethod = first && typeof first !== 'string' ? first.payment_method : null;
    const customer = typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
    if (!customer || !paymentMethod) return { chargeRef: null, status: 'failed', declineCode: 'no_saved_card' };
    const metadata = { platform_order_id: input.orderId, store_id: input.storeId };
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          customer,
          payment_method: typeof paymentMethod === 'string' ? paymentMethod : paymentMethod.id,
          off_session: true,
          confirm: true,
          description: input.description,
          metadata,
        },
        { idempotencyKey: platformRenewalKey(input.orderId, input.attempt) },
      );
      return { chargeRef: intent.id, status: intent.status === 'succeeded' ? 'succeeded' : intent.status === 'processing' ? 'processing' : 'failed', declineCode: null };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        const intent = (error.raw as { payment_intent?: { id?: string } }).payment_intent;
        return { chargeRef: intent?.id ?? null, status: 'failed', declineCode: error.decline_code ?? error.code ?? null };
      }
      throw error;
    }
  }

  /** Verifies the Stripe-Signature header over the raw bytes with each configured secret (platform, then Connect). */
  verify(request: WebhookRequest): Stripe.Event {
    const header = request.headers['stripe-signature'];
    if (typeof header !== 'string' || !header) throw new WebhookSignatureError('missing Stripe-Signature header');
    for (const secret of this.config.webhookSecrets) {
      try {
        return this.stripe.webhooks.constructEvent(request.rawBody, header, secret);
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw new WebhookSignatureError(String(error));
      }
    }
    throw new WebhookSignatureError();
  }

  async parseWebhook(request: WebhookRequest): Promise<StripePaymentEvent[]> {
    return (await this.parseDelivery(request)).payments;
  }

  /**
   * A verified delivery: its payment events, and the connected account's new state when it is an
   * `account.updated` (charges and payouts enabled, the onboarding form submitted).
   */
  async parseDelivery(
    request: WebhookRequest,
  ): Promise<{ payments: StripePaymentEvent[]; account: ({ accountId: string } & StripeAccountState) | null; platform: PlatformPaymentEvent[] }> {
    const event = this.verify(request);
    if (event.type === 'account.updated') {
      const account = event.data.object;
      return {
        payments: [],
        platform: [],
        account: {
          accountId: account.id,
          chargesEnabled: Boolean(account.charges_enabled),
          detailsSubmitted: Boolean(account.details_submitted),
          payoutsEnabled: Boolean(account.payouts_enabled),
          eventCreated: event.created,
        },
      };
    }
    const platform = this.platformEvents(event);
    return { payments: platform.length ? [] : this.paymentEvents(event), account: null, platform };
  }

  /**
   * Events of the platform's own billing: Checkout Sessions on the platform's account (`account` absent: a connected
   * account's event can carry any metadata, so it never counts) with `platform_order_id` in their metadata.
   */
  private platformEvents(event: Stripe.Event): PlatformPaymentEvent[] {
    if (event.account) return [];
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired': {
        const session = event.data.object;
        const orderId = session.metadata?.platform_order_id;
        if (!orderId) return [];
        if (event.type === 'checkout.session.completed' && session.payment_status === 'unpaid') return [];
        const outcome = event.type === 'checkout.session.expired' ? 'ABANDONED' : event.type === 'checkout.session.async_payment_failed' ? 'FAILED' : 'PAID';
        return [{ provider: 'STRIPE', eventId: event.id, orderId, outcome, providerRef: session.id, occurredAt: new Date(event.created * 1000) }];
      }
      default:
        return [];
    }
  }

  private paymentEvents(event: Stripe.Event): StripePaymentEvent[] {
    const base = { provider: 'STRIPE' as const, eventId: event.id, occurredAt: new Date(event.created * 1000), account: event.account ?? null, checkoutSessionId: null };
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired': {
        const session = event.data.object;
        const saleId = session.metadata?.sale_id ?? session.client_reference_id;
        if (!saleId) return [];
        // A completed session whose payment is still on its way (a bank debit) is paid by async_payment_succeeded.
        if (event.type === 'checkout.session.completed' && session.payment_status === 'unpaid') return [];
        const outcome = event.type === 'checkout.session.expired' ? 'ABANDONED' : event.type === 'checkout.session.async_payment_failed' ? 'FAILED' : 'PAID';
        const chargeRef = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
        return [{ ...base, checkoutSessionId: session.id, saleId, outcome, chargeRef, amountCents: session.amount_total, installmentNumber: null }];
      }
      case 'payment_intent.succeeded':
      case 'payment_intent.payment_failed': {
        // Only the later instalments: the first one is the Checkout Session's (a failed card there may be retried
        // on Stripe's page, so its payment_failed is no failure of the order).
        const intent = event.data.object;
        const installmentNumber = Number(intent.metadata?.installment_number);
        const saleId = intent.metadata?.sale_id;
        if (!saleId || !Number.isInteger(installmentNumber) || installmentNumber < 2) return [];
        const outcome = event.type === 'payment_intent.succeeded' ? 'PAID' : 'FAILED';
        return [{ ...base, saleId, outcome, installmentNumber, chargeRef: intent.id, amountCents: intent.amount }];
      }
      case 'charge.refunded': {
        // Every refund of a charge, partial or full, sends one (with everything refunded so far): the payment is
        // the one whose charge id we kept (the payment intent), on the store's own account (checked by the caller).
        const charge = event.data.object;
        const intent = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
        const installmentNumber = Number(charge.metadata?.installment_number);
        return [
          {
            ...base,
            saleId: charge.metadata?.sale_id ?? '',
            outcome: 'REFUNDED',
            chargeRef: intent ?? charge.id,
            installmentNumber: Number.isInteger(installmentNumber) && installmentNumber >= 1 ? installmentNumber : null,
            amountCents: charge.amount,
            refundedTotalCents: charge.amount_refunded,
          },
        ];
      }
      case 'charge.refund.updated':
      case 'refund.updated':
      case 'refund.failed': {
        // A refund Stripe could not make (the card closed, the bank refused): `failed`, or `canceled` before it was sent.
        const made = event.data.object;
        if (made.status !== 'failed' && made.status !== 'canceled') return [];
        const intent = typeof made.payment_intent === 'string' ? made.payment_intent : (made.payment_intent?.id ?? null);
        const charge = typeof made.charge === 'string' ? made.charge : (made.charge?.id ?? null);
        const chargeRef = intent ?? charge;
        return chargeRef ? [{ ...base, saleId: made.metadata?.sale_id ?? '', outcome: 'REFUND_FAILED', chargeRef, installmentNumber: null, amountCents: null }] : [];
      }
      default:
        return [];
    }
  }

  /**
   * The team's refund of a paid payment: what is left of its payment intent, on the store's connected account,
   * once per payment (idempotency key). Stripe then sends `charge.refunded`, which writes the credit note.
   */
  async refundPayment(input: RefundPaymentInput): Promise<{ refundRef: string }> {
    const account = input.store.stripeAccountId;
    if (!account) throw new Error(`store ${input.store.id} has no Stripe account`);
    const refund = await this.stripe.refunds.create(
      { payment_intent: input.chargeRef, reason: 'requested_by_customer', metadata: { sale_id: input.saleId, transaction_id: String(input.transactionId) } },
      { stripeAccount: account, idempotencyKey: input.requestKey },
    );
    return { refundRef: refund.id };
  }

  /**
   * Charges a later instalment off-session with the card saved by the sale's Checkout Session. Idempotent per sale
   * and instalment (a retried job charges once). The outcome reaches the sale through the payment_intent webhooks;
   * the answer tells the caller (the scheduler of issue 16) what happened now.
   */
  async chargeInstallment(input: ChargeInstallmentInput): Promise<ChargeInstallmentResult> {
    const account = input.store.stripeAccountId;
    if (!account) throw new Error(`store ${input.store.id} has no Stripe account`);
    if (input.installmentNumber < 2) throw new Error('the first instalment is paid in the Checkout Session');
    const session = await this.stripe.checkout.sessions.retrieve(input.checkoutSessionId, { expand: ['payment_intent'] }, { stripeAccount: account });
    const first = session.payment_intent;
    const paymentMethod = first && typeof first !== 'string' ? first.payment_method : null;
    const customer = typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
    if (!customer || !paymentMethod) throw new Error(`checkout session ${session.id} saved no card`);
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          customer,
          payment_method: typeof paymentMethod === 'string' ? paymentMethod : paymentMethod.id,
          off_session: true,
          confirm: true,
          description: `${input.description} (${input.installmentNumber})`,
          metadata: { sale_id: input.saleId, installment_number: String(input.installmentNumber) },
        },
        { stripeAccount: account, idempotencyKey: installmentChargeKey(input.saleId, input.installmentNumber, input.attempt) },
      );
      return { chargeRef: intent.id, status: intent.status === 'succeeded' ? 'succeeded' : intent.status === 'processing' ? 'processing' : 'failed', declineCode: null };
    } catch (error) {
      // A declined card (or one needing the learner's authentication) is an answer, not a crash.
      if (error instanceof Stripe.errors.StripeCardError) {
        const intent = (error.raw as { payment_intent?: { id?: string } }).payment_intent;
        return { chargeRef: intent?.id ?? null, status: 'failed', declineCode: error.decline_code ?? error.code ?? null };
      }
      throw error;
    }
  }

  /** Connect onboarding: the store's Standard account (created once), then a fresh Account Link to Stripe's form. */
  async onboardingLink(input: { storeId: string; accountId: string | null; returnUrl: string; refreshUrl: string }): Promise<{ accountId: string; url: string }> {
    const accountId =
      input.accountId ??
      (await this.stripe.accounts.create({ type: 'standard', metadata: { store_id: input.storeId } }, { idempotencyKey: `connect-account-${input.storeId}` })).id;
    const link = await this.stripe.accountLinks.create({ account: accountId, type: 'account_onboarding', return_url: input.returnUrl, refresh_url: input.refreshUrl });
    return { accountId, url: link.url };
  }

  async accountStatus(accountId: string): Promise<{ chargesEnabled: boolean; detailsSubmitted: boolean; payoutsEnabled: boolean }> {
    const account = await this.stripe.accounts.retrieve(accountId);
    return { chargesEnabled: Boolean(account.charges_enabled), detailsSubmitted: Boolean(account.details_submitted), payoutsEnabled: Boolean(account.payouts_enabled) };
  }
}
