import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { platformOrders, sales, stores, transactions, type StripeAccountState } from '../db/schema.js';
import { applyPlatformPaymentEvent } from './billing/applyPlatformPayment.js';
import { HttpError } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { applyPaymentEvent } from '../payments/applyPaymentEvent.js';
import { configuredProviders } from '../payments/configured.js';
import { PaypalApiError } from '../payments/paypal/paypalApi.js';
import { WebhookSignatureError, type PaymentEvent, type PlatformPaymentEvent, type WebhookRequest } from '../payments/provider.js';
import type { StripePaymentEvent } from '../payments/stripe/stripeProvider.js';
import type { Services } from '../services.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const badSignature = () => new HttpError(400, 'INVALID_SIGNATURE', messages.webhookSignature);

/**
 * A provider's webhook delivery: verified by its signature over the raw bytes (400 and no change otherwise), then
 * each event it carries goes through applyPaymentEvent, which recognises replays and late events. Events of
 * sales that are not ours (or not the provider's) are acknowledged and dropped, so the provider stops retrying.
 */
export async function receiveWebhook(services: Services, provider: 'STRIPE' | 'PAYPAL', request: WebhookRequest): Promise<void> {
  const providers = configuredProviders(services.config);
  const adapter = provider === 'STRIPE' ? providers.stripe : providers.paypal;
  if (!adapter) throw badSignature();
  let events: PaymentEvent[];
  try {
    if (provider === 'STRIPE' && providers.stripe) {
      const delivery = await providers.stripe.parseDelivery(request);
      if (delivery.account) await recordAccountState(services, delivery.account);
      for (const event of delivery.platform) if (await isPlatformOrder(services, event)) await applyPlatformPaymentEvent(services, event);
      events = delivery.payments;
    } else events = await adapter.parseWebhook(request);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw badSignature();
    // PayPal's verification API (or the capture) failed or did not answer: a 503 makes PayPal deliver again later.
    if (!(error instanceof PaypalApiError || error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError'))) throw error;
    throw new HttpError(503, 'SERVICE_UNAVAILABLE', provider === 'STRIPE' ? messages.stripeUnreachable : messages.paypalUnreachable);
  }
  for (const raw of events) {
    const event = raw.outcome === 'REFUNDED' || raw.outcome === 'REFUND_FAILED' ? await refundedPayment(services, raw) : raw;
    if (!event || !UUID.test(event.saleId) || !(await belongsToSale(services, event))) continue;
    await applyPaymentEvent(services, event);
  }
}

/**
 * A refund names the charge (Stripe's payment intent, PayPal's capture): the payment that kept that id is the one
 * credited, and its sale the event's (a sale id the provider carried back must agree). Unknown charges are dropped.
 */
async function refundedPayment(services: Services, event: PaymentEvent): Promise<PaymentEvent | null> {
  if (!event.chargeRef) return null;
  const [payment] = await services.db
    .select({ id: transactions.id, saleId: transactions.saleId })
    .from(transactions)
    .where(and(eq(transactions.provider, event.provider), eq(transactions.providerRef, event.chargeRef)))
    .limit(1);
  if (!payment || (event.saleId && event.saleId !== payment.saleId)) return null;
  return { ...event, saleId: payment.saleId, transactionId: payment.id };
}

/**
 * `account.updated`: the store connected to that account keeps its new state (shown by the payments settings),
 * unless it already holds a newer one (deliveries come in any order; a replay writes the same state again).
 */
async function recordAccountState(services: Services, { accountId, ...state }: { accountId: string } & StripeAccountState) {
  await services.db
    .update(stores)
    .set({ stripeAccountState: state })
    .where(
      and(
        eq(stores.stripeAccountId, accountId),
        or(isNull(stores.stripeAccountState), sql`(${stores.stripeAccountState}->>'eventCreated')::bigint <= ${state.eventCreated}`),
      ),
    );
}

/** A platform order's event must come from the order's own Checkout Session (on the platform's account). */
async function isPlatformOrder(services: Services, event: PlatformPaymentEvent): Promise<boolean> {
  if (!UUID.test(event.orderId)) return false;
  const [order] = await services.db.select({ provider: platformOrders.provider, providerRef: platformOrders.providerRef }).from(platformOrders).where(eq(platformOrders.id, event.orderId));
  return order !== undefined && order.provider === event.provider && order.providerRef === event.providerRef;
}

/** Stripe's events must come from the sale's own Checkout Session, or (later instalments) the store's account. */
async function belongsToSale(services: Services, event: PaymentEvent): Promise<boolean> {
  if (event.provider !== 'STRIPE') return true;
  const stripe = event as StripePaymentEvent;
  const [row] = await services.db
    .select({ provider: sales.provider, providerRef: sales.providerRef, account: stores.stripeAccountId })
    .from(sales)
    .innerJoin(stores, eq(stores.id, sales.storeId))
    .where(eq(sales.id, event.saleId));
  if (!row) return false;
  if (stripe.checkoutSessionId) return row.provider === 'STRIPE' && row.providerRef === stripe.checkoutSessionId;
  return row.account !== null && row.account === stripe.account;
}
