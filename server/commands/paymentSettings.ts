import { and, eq, isNull, or, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { components } from '../../src/api/schema.gen.js';
import type { StoreRow } from '../auth/session.js';
import { stores } from '../db/schema.js';
import { HttpError, conflict } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { configuredProviders } from '../payments/configured.js';
import type { Services } from '../services.js';

type PaymentSettings = components['schemas']['PaymentSettings'];

/** "acct_••••WXYZ": enough to recognise one's account, not to write it down. */
export const maskAccountId = (id: string) => `${id.slice(0, id.indexOf('_') + 1)}••••${id.slice(-4)}`;

/**
 * The payments settings page (`/parametres/paiements`): the connected account's state is the one Stripe's
 * `account.updated` webhooks keep (paymentWebhooks.ts). While none is known, or the account cannot take card payments
 * yet (the trainer is coming back from onboarding, and the webhook may lag or not be set up), the page reads it at
 * Stripe and keeps what it read (newest wins against webhooks); an active account is not asked again.
 */
export async function paymentSettings(services: Services, store: Pick<StoreRow, 'id' | 'stripeAccountId' | 'paypalMerchantId' | 'stripeAccountState'>): Promise<PaymentSettings> {
  const { stripe, paypal } = configuredProviders(services.config);
  let status: { chargesEnabled: boolean; detailsSubmitted: boolean } | null = store.stripeAccountId ? store.stripeAccountState : null;
  if (stripe && store.stripeAccountId && (!status || !status.chargesEnabled || !status.detailsSubmitted)) {
    // Stripe unreachable: the page still shows the account, with its state unknown.
    const read = await stripe.accountStatus(store.stripeAccountId).catch(() => null);
    if (read) {
      const state = { ...read, eventCreated: Math.floor(services.clock().getTime() / 1000) };
      const [kept] = await services.db
        .update(stores)
        .set({ stripeAccountState: state })
        .where(
          and(
            eq(stores.id, store.id),
            eq(stores.stripeAccountId, store.stripeAccountId),
            or(isNull(stores.stripeAccountState), sql`(${stores.stripeAccountState}->>'eventCreated')::bigint <= ${state.eventCreated}`),
          ),
        )
        .returning({ id: stores.id });
      // A webhook dated after this read (clocks apart) keeps its word; otherwise the read is the latest news.
      if (kept || !status) status = read;
    }
  }
  return {
    stripe: {
      available: Boolean(stripe),
      connected: Boolean(store.stripeAccountId),
      account_id: store.stripeAccountId ? maskAccountId(store.stripeAccountId) : null,
      charges_enabled: status?.chargesEnabled ?? null,
      details_submitted: status?.detailsSubmitted ?? null,
    },
    paypal: { available: Boolean(paypal), merchant_id: store.paypalMerchantId },
  };
}

/**
 * Connect onboarding: the store's Stripe account is created the first time (and kept: that completes the STRIPE
 * milestone), then each call answers a fresh Account Link, which Stripe sends back to the payments page.
 */
export async function connectStripe(services: Services, store: StoreRow): Promise<{ url: string }> {
  const { stripe } = configuredProviders(services.config);
  if (!stripe) throw conflict(messages.stripeUnavailable);
  const page = `${services.config.appUrl}/parametres/paiements`;
  let link: { accountId: string; url: string };
  try {
    link = await stripe.onboardingLink({ storeId: store.id, accountId: store.stripeAccountId, returnUrl: `${page}?stripe=retour`, refreshUrl: `${page}?stripe=relance` });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) throw new HttpError(503, 'SERVICE_UNAVAILABLE', messages.stripeUnreachable);
    throw error;
  }
  // Two clicks at once get the same account (Stripe's idempotency key); the first one written stays.
  await services.db
    .update(stores)
    .set({ stripeAccountId: link.accountId, stripeAccountState: null })
    .where(and(eq(stores.id, store.id), isNull(stores.stripeAccountId)));
  return { url: link.url };
}

/** Forgets the store's Stripe account (it stays the owner's at Stripe): card payments stop being offered. */
export async function disconnectStripe(services: Services, storeId: string): Promise<void> {
  await services.db.update(stores).set({ stripeAccountId: null, stripeAccountState: null }).where(eq(stores.id, storeId));
}

/** The owner's PayPal merchant id (its shape is checked by the contract); PayPal orders then pay it. */
export async function linkPaypal(services: Services, store: StoreRow, merchantId: string): Promise<PaymentSettings> {
  if (!configuredProviders(services.config).paypal) throw conflict(messages.paypalUnavailable);
  const [updated] = await services.db.update(stores).set({ paypalMerchantId: merchantId }).where(eq(stores.id, store.id)).returning();
  return paymentSettings(services, updated ?? { ...store, paypalMerchantId: merchantId });
}

export async function unlinkPaypal(services: Services, storeId: string): Promise<void> {
  await services.db.update(stores).set({ paypalMerchantId: null }).where(eq(stores.id, storeId));
}
