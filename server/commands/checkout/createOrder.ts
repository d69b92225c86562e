import { eq } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import { eurosOf } from '../../../shared/pricing.js';
import { schoolPaths } from '../../../shared/schoolPaths.js';
import { sales, transactions } from '../../db/schema.js';
import { HttpError, invalid } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { applyPaymentEvent, emitSaleEvents, enrol, notifyTeam } from '../../payments/applyPaymentEvent.js';
import type { PaymentProvider } from '../../payments/provider.js';
import { paymentRegistry, paymentStoreOf } from '../../payments/registry.js';
import type { SchoolScope } from '../../policies/schoolScope.js';
import type { Services } from '../../services.js';
import { attributedAffiliate, type AffiliateVisit } from '../affiliates/program.js';
import { buyerOf, type BuyerInput } from './buyer.js';
import { takeCodeUse } from './discount.js';
import { HOLD_MS, assertSeats, lockTrainings, supersedePendingOrders, sweepExpiredHolds, trainingsToSeat } from './holds.js';
import { presentOrder } from './order.js';
import { priceOf, type QuoteInput } from './quote.js';

type CheckoutBody = components['schemas']['BillingAddress'];
export interface CheckoutInput extends QuoteInput, BuyerInput {
  billing_address?: CheckoutBody;
  payment_method?: 'CARD' | 'PAYPAL';
  utm?: Record<string, string | undefined>;
  /** REF- codes the browser kept, with their visit dates (affiliate attribution). */
  affiliate_codes?: AffiliateVisit[];
  accept_terms: boolean;
}

/** `date` plus `months` calendar months, on the last day of a shorter month (31 Jan + 1 → 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const next = new Date(date.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, last));
  return next;
}

/** Billing fields as stored: trimmed, blank optional ones as null (plain text, never rendered as HTML). */
function cleanBilling(address: CheckoutBody): CheckoutBody {
  const opt = (v: string | null | undefined) => v?.trim() || null;
  return {
    firstname: address.firstname.trim(),
    lastname: address.lastname.trim(),
    company_name: opt(address.company_name),
    address_line1: address.address_line1.trim(),
    address_line2: opt(address.address_line2),
    postal_code: address.postal_code.trim(),
    city: address.city.trim(),
    state: opt(address.state),
    country: address.country,
  };
}

/** Which provider takes the money when something is due (422 NO_STRIPE_TOKEN_DEFINED, missing or unoffered method). */
function providerFor(services: Services, scope: SchoolScope, method: CheckoutInput['payment_method']): PaymentProvider {
  const registry = paymentRegistry(services.config);
  const store = paymentStoreOf(scope.store);
  if (!registry.methodsFor(store).length) throw new HttpError(422, 'NO_STRIPE_TOKEN_DEFINED', messages.noPaymentProvider);
  if (!method) throw invalid({ payment_method: [messages.missingPaymentInformation] });
  const provider = registry.chooseProvider(store, method);
  if (!provider) throw invalid({ payment_method: [messages.paymentMethodUnavailable] });
  return provider;
}

/**
 * POST …/checkout. Prices the purchase (quote.ts), picks the provider, finds or creates the buyer, then in ONE
 * transaction with the trainings' rows locked: checks the buyer may enrol and a seat is left (holds.ts), takes
 * one promo-code use (conditional UPDATE), writes the order (DRAFT, holding seat and use for HOLD_MS) and its
 * payments (the first DRAFT, later instalments INCOMING, due monthly). The provider's page is asked for after
 * the commit; if the provider fails, the order is released through applyPaymentEvent (FAILED) and 503 answers.
 * A zero total is a FREE order: paid, enrolled and notified in the same transaction, no provider.
 */
export async function checkout(services: Services, scope: SchoolScope, input: CheckoutInput, ip: string, locale: 'fr' | 'en') {
  const store = scope.store;
  await sweepExpiredHolds(services, { storeId: store.id });
  const { buyable, schedule, code, price } = await priceOf(services, scope, input);
  const free = price.totalCents === 0;
  const provider = free ? null : providerFor(services, scope, input.payment_method);
  if (!free && !input.billing_address) throw invalid({ billing_address: [messages.billingAddressRequired] });
  const customer = await buyerOf(services, scope, input, ip, locale);
  await supersedePendingOrders(services, customer.id, buyable);

  const now = services.clock();
  const affiliateCustomerId = await attributedAffiliate(services.db, store, customer.id, input.affiliate_codes, now);
  const method: 'CARD' | 'PAYPAL' | 'FREE' = provider ? input.payment_method! : 'FREE';
  const sale = await services.db.transaction(async (tx) => {
    await lockTrainings(tx, buyable);
    await assertSeats(tx, await trainingsToSeat(tx, buyable, customer.id), now);
    if (code) await takeCodeUse(tx, code);
    const [created] = await tx
      .insert(sales)
      .values({
        storeId: store.id,
        customerId: customer.id,
        trainingId: buyable.type === 'TRAINING' ? buyable.id : null,
        bundleId: buyable.type === 'BUNDLE' ? buyable.id : null,
        amount: eurosOf(price.totalCents),
        discountAmount: eurosOf(price.discountCents),
        discountCode: code?.code ?? null,
        paymentMethod: method,
        paymentScheduleType: schedule.type,
        paymentScheduleId: schedule.id,
        installmentsCount: schedule.type === 'INSTALLMENTS' ? price.installmentsCents.length : null,
        provider: provider?.name ?? null,
        billingAddress: input.billing_address ? cleanBilling(input.billing_address) : null,
        affiliateCustomerId,
        utm: input.utm ? (Object.fromEntries(Object.entries(input.utm).filter(([, v]) => v)) as Record<string, string>) : null,
        status: free ? 'PAID' : 'DRAFT',
        holdsUntil: free ? null : new Date(now.getTime() + HOLD_MS),
        paidAt: free ? now : null,
        createdAt: now,
      })
      .returning();
    const order = created!;
    await tx.insert(transactions).values(
      price.installmentsCents.map((cents, index) => ({
        saleId: order.id,
        storeId: store.id,
        customerId: customer.id,
        paymentScheduleId: schedule.id,
        installmentNumber: schedule.type === 'INSTALLMENTS' ? index + 1 : null,
        amount: eurosOf(cents),
        status: free ? ('PAID' as const) : index === 0 ? ('DRAFT' as const) : ('INCOMING' as const),
        paymentMethod: method,
        provider: provider?.name ?? null,
        dueAt: addMonths(now, index),
        paidAt: free ? now : null,
        createdAt: now,
      })),
    );
    if (free) {
      const enrolled = await enrol(tx, order, now);
      await notifyTeam({ db: tx, clock: services.clock }, order);
      await emitSaleEvents(tx, services.jobs, order, enrolled, now);
    }
    return order;
  });
  if (!provider) return presentOrder(services.db, sale);

  let started;
  try {
    started = await provider.startPayment({
      store: paymentStoreOf(store),
      saleId: sale.id,
      description: buyable.name,
      currency: 'eur',
      customer: { email: customer.email, firstname: customer.firstname ?? input.firstname, lastname: customer.lastname ?? input.lastname },
      installmentsCents: price.installmentsCents,
      returnUrl: `${services.config.appUrl}${schoolPaths.order(store.subdomain, sale.id)}`,
      cancelUrl: `${services.config.appUrl}${schoolPaths.checkout(store.subdomain, buyable.type, buyable.id, schedule.id)}`,
    });
  } catch {
    await applyPaymentEvent(services, { provider: provider.name, eventId: `start-failed:${sale.id}`, saleId: sale.id, outcome: 'FAILED', occurredAt: services.clock() });
    throw new HttpError(503, 'SERVICE_UNAVAILABLE', messages.paymentProviderDown);
  }
  const [updated] = await services.db.update(sales).set({ providerRef: started.providerRef }).where(eq(sales.id, sale.id)).returning();
  return presentOrder(services.db, updated ?? sale, started.paymentUrl);
}
