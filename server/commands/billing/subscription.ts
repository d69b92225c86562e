import { and, count, desc, eq, lte } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import type { StoreRow } from '../../auth/session.js';
import { platformInvoices, platformOrders, stores, users } from '../../db/schema.js';
import { HttpError, invalid, notFound } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { platformBillingProvider, paymentRegistry } from '../../payments/registry.js';
import type { Services } from '../../services.js';
import {
  APP_COMMISSION_PERCENT,
  PAID_PLANS,
  PLAN_PRICES_CENTS,
  PLAN_REFERENCE_PRICES_CENTS,
  SEAT_PRICES_CENTS,
  planDiscount,
  quotePlan,
  quoteSeats,
  type CurrentPeriod,
  type Frequency,
  type PaidPlan,
  type PlanName,
} from '../../../shared/planPricing.js';
import { offsetOf, pageEnvelope, type PageRequest } from '../trainingLearners/paging.js';
import { applyPlatformPaymentEvent, markPaid } from './applyPlatformPayment.js';

type Subscription = components['schemas']['Subscription'];
type PlatformOrderBody = components['schemas']['PlatformOrder'];
type InvoiceBody = components['schemas']['Invoice'];
type OrderRow = typeof platformOrders.$inferSelect;

const euros = (cents: number) => cents / 100;
const PLANS: readonly PlanName[] = ['PERCENT', 'PERK', 'PRO', 'EXPERT'];

const periodOf = (store: StoreRow): CurrentPeriod => ({
  paidCents: store.planPeriodCents,
  frequency: store.planFrequency,
  endsAt: store.planPeriodEnd?.getTime() ?? null,
});

/**
 * A cancelled subscription whose period has ended puts the store back on Découverte, its paid seats with it (our
 * design). Read where the plan is shown or bought; `expireEndedSubscriptions` does every store at once.
 */
async function expireIfEnded(services: Services, store: StoreRow): Promise<StoreRow> {
  const now = services.clock();
  if (!store.planCancelAtPeriodEnd || !store.planPeriodEnd || store.planPeriodEnd > now) return store;
  const [updated] = await services.db
    .update(stores)
    .set(ENDED)
    .where(and(eq(stores.id, store.id), eq(stores.planCancelAtPeriodEnd, true), lte(stores.planPeriodEnd, now)))
    .returning();
  return updated ?? store;
}

const ENDED = { plan: 'PERCENT', planFrequency: null, planPeriodEnd: null, planPeriodCents: 0, planCancelAtPeriodEnd: false, paidUserAccounts: 0 } as const;

/** Every cancelled subscription whose period has ended (the sweep job). Answers how many stores went back to Découverte. */
export async function expireEndedSubscriptions(services: Pick<Services, 'db' | 'clock'>): Promise<number> {
  const ended = await services.db
    .update(stores)
    .set(ENDED)
    .where(and(eq(stores.planCancelAtPeriodEnd, true), lte(stores.planPeriodEnd, services.clock())))
    .returning({ id: stores.id });
  return ended.length;
}

/**
 * A renewal declined for the last time (server/jobs/renewals.ts): the store goes back to Découverte, its paid seats
 * with it, unless its plan changed meanwhile (a plan bought since has another period end).
 */
export async function endPaidPlan(services: Pick<Services, 'db'>, storeId: string, periodEnd: Date): Promise<boolean> {
  const ended = await services.db
    .update(stores)
    .set(ENDED)
    .where(and(eq(stores.id, storeId), eq(stores.planPeriodEnd, periodEnd)))
    .returning({ id: stores.id });
  return ended.length > 0;
}

async function freshStore(services: Services, storeId: string): Promise<StoreRow> {
  const [store] = await services.db.select().from(stores).where(eq(stores.id, storeId));
  if (!store) throw notFound();
  return expireIfEnded(services, store);
}

export async function getSubscription(services: Services, storeId: string): Promise<Subscription> {
  const store = await freshStore(services, storeId);
  const [{ used } = { used: 0 }] = await services.db.select({ used: count() }).from(users).where(eq(users.storeId, store.id));
  const now = services.clock().getTime();
  const created = store.createdAt.getTime();
  const discounts = PAID_PLANS.flatMap((plan) => {
    const found = planDiscount(plan, created, now);
    return found ? [{ ...found, plan }] : [];
  });
  const merged = new Map<string, Subscription['discounts'][number]>();
  for (const d of discounts) {
    const key = `${d.kind}-${d.percent}`;
    const known = merged.get(key);
    if (known) known.plans.push(d.plan);
    else merged.set(key, { kind: d.kind, percent: d.percent, plans: [d.plan], ends_at: new Date(d.endsAt).toISOString() });
  }
  const priceOf = (plan: PlanName, frequency: Frequency) => {
    if (plan !== 'PRO' && plan !== 'EXPERT') return { price: 0, discounted_price: 0, reference_price: null };
    const gross = PLAN_PRICES_CENTS[plan][frequency];
    const discount = planDiscount(plan, created, now);
    const off = discount ? Math.round((gross * discount.percent) / 100) : 0;
    const reference = PLAN_REFERENCE_PRICES_CENTS[plan]?.[frequency];
    return { price: euros(gross), discounted_price: euros(gross - off), reference_price: reference === undefined ? null : euros(reference) };
  };
  return {
    plan: store.plan,
    frequency: store.planFrequency,
    current_period_end: store.planPeriodEnd?.toISOString() ?? null,
    cancel_at_period_end: store.planCancelAtPeriodEnd,
    seats: {
      additional_user_accounts: store.additionalUserAccounts,
      paid_user_accounts: store.paidUserAccounts,
      used: Number(used),
      left: store.additionalUserAccounts + store.paidUserAccounts - Number(used),
    },
    discounts: [...merged.values()],
    plans: PLANS.map((plan) => ({
      plan,
      purchasable: (PAID_PLANS as readonly string[]).includes(plan),
      app_commission_percent: plan === 'PERCENT' ? APP_COMMISSION_PERCENT : 0,
      monthly: priceOf(plan, 'MONTHLY'),
      yearly: priceOf(plan, 'YEARLY'),
    })),
    seat_price: { monthly: euros(SEAT_PRICES_CENTS.MONTHLY), yearly: euros(SEAT_PRICES_CENTS.YEARLY) },
  };
}

export function presentPlatformOrder(order: OrderRow): PlatformOrderBody {
  return {
    uuid: order.id,
    kind: order.kind,
    plan: order.plan,
    frequency: order.frequency,
    seats: order.seats,
    ai_credit_pack: order.aiCreditPack,
    gross_amount: euros(order.grossCents),
    discount: order.discountKind,
    discount_amount: euros(order.discountCents),
    credit_amount: euros(order.creditCents),
    amount: euros(order.amountCents),
    status: order.status,
    payment_url: order.status === 'PENDING' ? order.paymentUrl : null,
    created_at: order.createdAt.toISOString(),
    paid_at: order.paidAt?.toISOString() ?? null,
  };
}

export interface Buyer {
  userId: string;
  email: string;
}

type NewOrder = Omit<typeof platformOrders.$inferInsert, 'storeId' | 'createdBy' | 'status' | 'provider' | 'providerRef' | 'paymentUrl'>;

/**
 * Writes the order, then asks the platform's provider for its payment page. An order costing nothing (a change
 * fully paid by the current period's credit) is paid at once, without a provider. The payer comes back to
 * `returnPath` (the plan page; the AI assistant's dashboard for a credit pack) with `commande=<uuid>`.
 */
export async function placePlatformOrder(
  services: Services,
  store: StoreRow,
  buyer: Buyer,
  values: NewOrder,
  description: string,
  returnPath = '/abonnement?onglet=vous',
): Promise<PlatformOrderBody> {
  if (values.amountCents === 0) {
    const order = await services.db.transaction(async (tx) => {
      const [created] = await tx.insert(platformOrders).values({ ...values, storeId: store.id, createdBy: buyer.userId }).returning();
      return markPaid(tx, created!, services.clock());
    });
    return presentPlatformOrder(order);
  }
  const provider = platformBillingProvider(services.config);
  if (!provider?.startPlatformPayment) throw new HttpError(503, 'SERVICE_UNAVAILABLE', messages.billingUnavailable);
  const [order] = await services.db
    .insert(platformOrders)
    .values({ ...values, storeId: store.id, createdBy: buyer.userId, provider: provider.name })
    .returning();
  const back = `${services.config.appUrl}${returnPath}${returnPath.includes('?') ? '&' : '?'}commande=${order!.id}`;
  let started;
  try {
    started = await provider.startPlatformPayment({
      orderId: order!.id,
      storeId: store.id,
      description,
      amountCents: values.amountCents,
      currency: 'eur',
      customerEmail: buyer.email,
      returnUrl: back,
      cancelUrl: back,
    });
  } catch (error) {
    await services.db.update(platformOrders).set({ status: 'FAILED' }).where(eq(platformOrders.id, order!.id));
    if (provider.name === 'STRIPE') throw new HttpError(503, 'SERVICE_UNAVAILABLE', messages.stripeUnreachable);
    throw error;
  }
  const [updated] = await services.db
    .update(platformOrders)
    .set({ providerRef: started.providerRef, paymentUrl: started.paymentUrl })
    .where(eq(platformOrders.id, order!.id))
    .returning();
  return presentPlatformOrder(updated!);
}

export async function subscribePlan(services: Services, storeId: string, buyer: Buyer, body: { plan: PaidPlan; frequency: Frequency }): Promise<PlatformOrderBody> {
  const store = await freshStore(services, storeId);
  if (store.plan === body.plan && store.planFrequency === body.frequency && store.planPeriodEnd && !store.planCancelAtPeriodEnd) {
    throw invalid({ plan: [messages.alreadySubscribed] }, messages.alreadySubscribed, 'ALREADY_SUBSCRIBED');
  }
  const now = services.clock().getTime();
  const quote = quotePlan(body.plan, body.frequency, store.createdAt.getTime(), periodOf(store), now);
  return placePlatformOrder(
    services,
    store,
    buyer,
    {
      kind: 'PLAN',
      plan: body.plan,
      frequency: body.frequency,
      grossCents: quote.grossCents,
      discountKind: quote.discount?.kind ?? null,
      discountCents: quote.discountCents,
      creditCents: quote.creditCents,
      periodCents: quote.periodCents,
      amountCents: quote.amountCents,
    },
    `Abonnement ${body.plan} ${body.frequency === 'MONTHLY' ? 'mensuel' : 'annuel'}`,
  );
}

export async function buySeats(services: Services, storeId: string, buyer: Buyer, quantity: number): Promise<PlatformOrderBody> {
  const store = await freshStore(services, storeId);
  const now = services.clock().getTime();
  if (!store.planFrequency || !store.planPeriodEnd || store.planPeriodEnd.getTime() <= now) {
    throw invalid({ quantity: [messages.subscriptionRequired] }, messages.subscriptionRequired, 'SUBSCRIPTION_REQUIRED');
  }
  const amountCents = quoteSeats(quantity, { paidCents: store.planPeriodCents, frequency: store.planFrequency, endsAt: store.planPeriodEnd.getTime() }, now);
  return placePlatformOrder(
    services,
    store,
    buyer,
    { kind: 'SEATS', plan: null, frequency: store.planFrequency, seats: quantity, grossCents: amountCents, amountCents },
    `${quantity} compte(s) utilisateur supplémentaire(s)`,
  );
}

export async function cancelSubscription(services: Services, storeId: string): Promise<Subscription> {
  const store = await freshStore(services, storeId);
  if (!store.planPeriodEnd || !store.planFrequency) throw invalid({}, messages.noSubscription, 'NO_SUBSCRIPTION');
  await services.db.update(stores).set({ planCancelAtPeriodEnd: true }).where(eq(stores.id, store.id));
  return getSubscription(services, storeId);
}

async function findOrder(services: Services, storeId: string, orderId: string): Promise<OrderRow> {
  const [order] = await services.db
    .select()
    .from(platformOrders)
    .where(and(eq(platformOrders.id, orderId.toLowerCase()), eq(platformOrders.storeId, storeId)));
  if (!order) throw notFound();
  return order;
}

export async function getPlatformOrder(services: Services, storeId: string, orderId: string): Promise<PlatformOrderBody> {
  return presentPlatformOrder(await findOrder(services, storeId, orderId));
}

/** The test provider's page reports an outcome: applied like a webhook (a second report changes nothing). */
export async function completePlatformTestPayment(
  services: Services,
  storeId: string,
  orderId: string,
  outcome: 'PAID' | 'FAILED' | 'ABANDONED',
): Promise<PlatformOrderBody> {
  if (!services.config.paymentsTestMode || !paymentRegistry(services.config).byName('TEST')) throw notFound();
  const order = await findOrder(services, storeId, orderId);
  if (order.provider !== 'TEST' || order.providerRef !== order.id) throw notFound();
  await applyPlatformPaymentEvent(services, {
    provider: 'TEST',
    eventId: `platform-test:${order.id}:${outcome}`,
    orderId: order.id,
    outcome,
    providerRef: order.id,
    occurredAt: services.clock(),
  });
  return presentPlatformOrder(await findOrder(services, storeId, orderId));
}

function presentInvoice(row: typeof platformInvoices.$inferSelect): InvoiceBody {
  return {
    id: row.id,
    number: row.number,
    description: row.description,
    amount_excluding_tax: euros(row.amountCents - row.vatCents),
    vat_amount: euros(row.vatCents),
    amount: euros(row.amountCents),
    status: row.paidAt ? 'PAID' : 'OPEN',
    issued_at: row.issuedAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    pdf_url: null,
  };
}

export async function listInvoices(services: Services, storeId: string, page: PageRequest) {
  const where = eq(platformInvoices.storeId, storeId);
  const [{ total } = { total: 0 }] = await services.db.select({ total: count() }).from(platformInvoices).where(where);
  const rows = await services.db
    .select()
    .from(platformInvoices)
    .where(where)
    .orderBy(desc(platformInvoices.id))
    .limit(page.perPage)
    .offset(offsetOf(page));
  return pageEnvelope(page, Number(total), rows.map(presentInvoice));
}

export async function getInvoice(services: Services, storeId: string, invoiceId: number): Promise<InvoiceBody> {
  const [row] = await services.db
    .select()
    .from(platformInvoices)
    .where(and(eq(platformInvoices.id, invoiceId), eq(platformInvoices.storeId, storeId)));
  if (!row) throw notFound();
  return presentInvoice(row);
}
