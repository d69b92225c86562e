import { and, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { platformOrders, stores } from '../db/schema.js';
import { applyPlatformPaymentEvent } from '../commands/billing/applyPlatformPayment.js';
import { endPaidPlan } from '../commands/billing/subscription.js';
import { platformBillingProvider } from '../payments/registry.js';
import type { Services } from '../services.js';
import { PLAN_PRICES_CENTS, SEAT_PRICES_CENTS, planDiscount, type PaidPlan } from '../../shared/planPricing.js';

const DAY_MS = 86_400_000;
/**
 * A declined renewal is tried again: at most MAX_RENEWAL_ATTEMPTS tries in all, RETRY_AFTER_MS apart, the paid plan
 * kept meanwhile; after the last one the store goes back to Découverte (PERCENT), its paid seats with it (README).
 */
export const MAX_RENEWAL_ATTEMPTS = 3;
export const RENEWAL_RETRY_AFTER_MS = 3 * DAY_MS;
/** How long a worker owns an attempt it claimed; past that, the attempt is taken over (same idempotency key). */
export const RENEWAL_LEASE_MS = 10 * 60_000;

type JobServices = Pick<Services, 'db' | 'clock' | 'config' | 'jobs'>;
type OrderRow = typeof platformOrders.$inferSelect;

const PLAN_LABEL: Record<PaidPlan, string> = { PRO: 'PRO', EXPERT: 'EXPERT' };

/**
 * The `subscriptions.renew` job (pg-boss cron): a renewal order for every paid plan whose period has ended and is
 * not cancelled (one per store and period, whatever the number of sweeps: the unique store × renewal_of), then one
 * `subscription.renew` job per renewal whose attempt is due. Answers how many charges it asked for.
 */
export async function sweepRenewals(services: JobServices): Promise<number> {
  const now = services.clock();
  const provider = platformBillingProvider(services.config);
  // Without a provider that renews, nothing is charged and nothing is ended: the plan stays as it is.
  if (!provider?.chargePlatformRenewal) return 0;
  const ended = await services.db
    .select()
    .from(stores)
    .where(
      and(
        inArray(stores.plan, ['PRO', 'EXPERT']),
        isNotNull(stores.planFrequency),
        lte(stores.planPeriodEnd, now),
        eq(stores.planCancelAtPeriodEnd, false),
      ),
    )
    .limit(500);
  for (const store of ended) {
    const plan = store.plan as PaidPlan;
    const frequency = store.planFrequency!;
    const gross = PLAN_PRICES_CENTS[plan][frequency];
    // A discount running at renewal time (the September campaign) is honoured as at purchase.
    const discount = planDiscount(plan, store.createdAt.getTime(), now.getTime());
    const discountCents = discount ? Math.round((gross * discount.percent) / 100) : 0;
    const seatsCents = store.paidUserAccounts * SEAT_PRICES_CENTS[frequency];
    await services.db
      .insert(platformOrders)
      .values({
        storeId: store.id,
        kind: 'PLAN',
        plan,
        frequency,
        seats: store.paidUserAccounts || null,
        grossCents: gross + seatsCents,
        discountKind: discount?.kind ?? null,
        discountCents,
        periodCents: gross - discountCents,
        amountCents: gross - discountCents + seatsCents,
        provider: provider.name,
        renewalOf: store.planPeriodEnd!,
      })
      .onConflictDoNothing({ target: [platformOrders.storeId, platformOrders.renewalOf] });
  }
  const due = await services.db
    .select({ id: platformOrders.id, attempts: platformOrders.attempts })
    .from(platformOrders)
    .where(
      and(
        isNotNull(platformOrders.renewalOf),
        eq(platformOrders.status, 'PENDING'),
        or(isNull(platformOrders.nextAttemptAt), lte(platformOrders.nextAttemptAt, now)),
        or(isNull(platformOrders.leaseUntil), lte(platformOrders.leaseUntil, now)),
      ),
    )
    .limit(500);
  for (const order of due) {
    // One waiting job per attempt, however many sweeps overlap; the claim in renewSubscriptionJob is what guarantees one charge.
    await services.jobs.send('subscription.renew', { orderId: order.id }, { singletonKey: `${order.id}:${order.attempts + 1}` });
  }
  return due.length;
}

export type RenewalOutcome = 'claimed-elsewhere' | 'cancelled' | 'succeeded' | 'processing' | 'declined' | 'ended';

/**
 * The `subscription.renew` job: claims the renewal's next attempt, charges it through the platform's provider
 * (idempotency key per order and attempt), and passes a result to applyPlatformPaymentEvent (which renews the period
 * and writes the invoice). A provider that cannot be reached releases the claim and throws: the queue retries the
 * same attempt with the same key, so a charge that did go through is not made twice.
 */
export async function renewSubscriptionJob(services: JobServices, input: { orderId: string }): Promise<RenewalOutcome> {
  const now = services.clock();
  const leaseUntil = new Date(now.getTime() + RENEWAL_LEASE_MS);
  const [claimed] = await services.db
    .update(platformOrders)
    .set({ attempts: sql`${platformOrders.attempts} + 1`, leaseUntil })
    .where(
      and(
        eq(platformOrders.id, input.orderId),
        isNotNull(platformOrders.renewalOf),
        eq(platformOrders.status, 'PENDING'),
        or(isNull(platformOrders.nextAttemptAt), lte(platformOrders.nextAttemptAt, now)),
        or(isNull(platformOrders.leaseUntil), lte(platformOrders.leaseUntil, now)),
      ),
    )
    .returning();
  if (!claimed) return 'claimed-elsewhere';
  const release = (values: Partial<typeof platformOrders.$inferInsert>) =>
    services.db
      .update(platformOrders)
      .set({ leaseUntil: null, ...values })
      .where(eq(platformOrders.id, claimed.id));

  const [store] = await services.db.select().from(stores).where(eq(stores.id, claimed.storeId));
  // The plan changed meanwhile (cancelled, bought again, ended): this renewal has nothing left to renew.
  if (!store || store.planCancelAtPeriodEnd || store.planPeriodEnd?.getTime() !== claimed.renewalOf!.getTime()) {
    await release({ status: 'ABANDONED' });
    return 'cancelled';
  }
  const provider = platformBillingProvider(services.config);
  const previous = await lastPaidCheckout(services, claimed);
  if (!provider?.chargePlatformRenewal || !previous) {
    // No saved way to pay (a plan paid at no cost, or by another provider): as a declined card.
    return declined(services, claimed, now, release);
  }
  let result;
  try {
    result = await provider.chargePlatformRenewal({
      orderId: claimed.id,
      storeId: claimed.storeId,
      previousProviderRef: previous,
      amountCents: claimed.amountCents,
      currency: 'eur',
      description: `Renouvellement de l’abonnement ${PLAN_LABEL[claimed.plan as PaidPlan]}`,
      attempt: claimed.attempts,
    });
  } catch (error) {
    // Unreachable: the attempt is given back (same number, same idempotency key) and the queue retries.
    await release({ attempts: claimed.attempts - 1 });
    throw error;
  }
  if (result.status === 'processing') {
    // On its way (a bank debit): asked again later with the same attempt, hence the same charge.
    await release({ attempts: claimed.attempts - 1, nextAttemptAt: new Date(now.getTime() + DAY_MS), providerRef: result.chargeRef });
    return 'processing';
  }
  if (result.status === 'failed') return declined(services, claimed, now, release, result.chargeRef);
  await release({ providerRef: result.chargeRef });
  await applyPlatformPaymentEvent(services, {
    provider: provider.name,
    eventId: platformEventId(claimed),
    orderId: claimed.id,
    outcome: 'PAID',
    providerRef: result.chargeRef,
    occurredAt: now,
  });
  return 'succeeded';
}

const platformEventId = (order: OrderRow) => `platform-renewal-${order.id}-attempt-${order.attempts}`;

/** A declined attempt: another one after RENEWAL_RETRY_AFTER_MS, or, after the last, the order fails and the plan ends. */
async function declined(
  services: JobServices,
  order: OrderRow,
  now: Date,
  release: (values: Partial<typeof platformOrders.$inferInsert>) => Promise<unknown>,
  chargeRef: string | null = null,
): Promise<RenewalOutcome> {
  if (order.attempts < MAX_RENEWAL_ATTEMPTS) {
    await release({ nextAttemptAt: new Date(now.getTime() + RENEWAL_RETRY_AFTER_MS), ...(chargeRef ? { providerRef: chargeRef } : {}) });
    return 'declined';
  }
  await release({});
  await applyPlatformPaymentEvent(services, {
    provider: order.provider ?? 'TEST',
    eventId: platformEventId(order),
    orderId: order.id,
    outcome: 'FAILED',
    providerRef: chargeRef,
    occurredAt: now,
  });
  await endPaidPlan(services, order.storeId, order.renewalOf!);
  return 'ended';
}

/** The provider reference of the store's last paid plan checkout (not a renewal's charge): where its card was saved. */
async function lastPaidCheckout(services: JobServices, order: OrderRow): Promise<string | null> {
  const [paid] = await services.db
    .select({ providerRef: platformOrders.providerRef })
    .from(platformOrders)
    .where(
      and(
        eq(platformOrders.storeId, order.storeId),
        eq(platformOrders.status, 'PAID'),
        isNull(platformOrders.renewalOf),
        isNotNull(platformOrders.providerRef),
        order.provider ? eq(platformOrders.provider, order.provider) : undefined,
      ),
    )
    .orderBy(desc(platformOrders.paidAt))
    .limit(1);
  return paid?.providerRef ?? null;
}
