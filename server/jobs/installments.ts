import { and, desc, eq, gte, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import { installmentCharges, sales, stores, transactions, trainings, bundles } from '../db/schema.js';
import { applyPaymentEvent } from '../payments/applyPaymentEvent.js';
import { toCents } from '../payments/provider.js';
import { paymentRegistry, paymentStoreOf } from '../payments/registry.js';
import type { Services } from '../services.js';

const DAY_MS = 86_400_000;
/**
 * A declined later instalment is tried again: at most MAX_CHARGE_ATTEMPTS tries in all, RETRY_AFTER_MS apart
 * (a card is often refilled within days; Stripe's own dunning retries over about a week). After the last one the
 * payment stays FAILED for the team to settle with the learner, who keeps the access meanwhile.
 */
export const MAX_CHARGE_ATTEMPTS = 3;
export const RETRY_AFTER_MS = 3 * DAY_MS;
/** How long a worker owns an attempt it claimed; past that, the attempt is taken over (same idempotency key). */
export const LEASE_MS = 10 * 60_000;

type JobServices = Pick<Services, 'db' | 'clock' | 'config' | 'jobs'>;

export interface DueCharge {
  transactionId: number;
  attempt: number;
}

/**
 * The instalments to charge now: later instalments (number 2 and up) of sales IN_PROGRESS, due, not paid, whose
 * provider charges instalments; with the attempt to make (the first, the next after a decline once the wait is
 * over, or the same one when a worker's claim lapsed).
 */
export async function dueInstallmentCharges(services: Pick<Services, 'db' | 'clock' | 'config'>): Promise<DueCharge[]> {
  const now = services.clock();
  const registry = paymentRegistry(services.config);
  const chargeable = registry.providers.filter((p) => p.chargeInstallment).map((p) => p.name);
  if (!chargeable.length) return [];
  const candidates = await services.db
    .select({ id: transactions.id, status: transactions.status })
    .from(transactions)
    .innerJoin(sales, eq(sales.id, transactions.saleId))
    .where(
      and(
        eq(sales.status, 'IN_PROGRESS'),
        inArray(sales.provider, chargeable),
        isNotNull(sales.providerRef),
        gte(transactions.installmentNumber, 2),
        lte(transactions.dueAt, now),
        inArray(transactions.status, ['INCOMING', 'FAILED']),
      ),
    )
    .orderBy(transactions.dueAt)
    .limit(500);
  if (!candidates.length) return [];
  const latest = await services.db
    .selectDistinctOn([installmentCharges.transactionId])
    .from(installmentCharges)
    .where(
      inArray(
        installmentCharges.transactionId,
        candidates.map((c) => c.id),
      ),
    )
    .orderBy(installmentCharges.transactionId, desc(installmentCharges.attempt));
  const byTransaction = new Map(latest.map((row) => [row.transactionId, row]));
  const due: DueCharge[] = [];
  for (const candidate of candidates) {
    const last = byTransaction.get(candidate.id);
    if (!last) {
      if (candidate.status === 'INCOMING') due.push({ transactionId: candidate.id, attempt: 1 });
    } else if (last.status === 'PENDING') {
      if (!last.leaseUntil || last.leaseUntil <= now) due.push({ transactionId: candidate.id, attempt: last.attempt });
    } else if (last.status === 'DECLINED' && last.attempt < MAX_CHARGE_ATTEMPTS && last.finishedAt && last.finishedAt.getTime() + RETRY_AFTER_MS <= now.getTime()) {
      due.push({ transactionId: candidate.id, attempt: last.attempt + 1 });
    }
  }
  return due;
}

/** The `installments.sweep` job (pg-boss cron): one `installment.charge` job per instalment due. */
export async function sweepInstallments(services: JobServices): Promise<number> {
  const due = await dueInstallmentCharges(services);
  for (const charge of due) {
    // One waiting job per attempt, however many sweeps overlap; the claim below is what guarantees one charge.
    await services.jobs.send('installment.charge', charge, { singletonKey: `${charge.transactionId}:${charge.attempt}` });
  }
  return due.length;
}

export type ChargeOutcome = 'claimed-elsewhere' | 'cancelled' | 'succeeded' | 'processing' | 'declined';

/**
 * The `installment.charge` job: claims the attempt, asks the provider, and passes the answer to applyPaymentEvent
 * (the one place that changes payments). A provider that cannot be reached releases the claim and throws, so the
 * queue retries with backoff; the retry asks with the same idempotency key, so a charge that did go through is
 * not made twice.
 */
export async function chargeInstallmentJob(services: JobServices, input: DueCharge): Promise<ChargeOutcome> {
  const now = services.clock();
  const [transaction] = await services.db.select().from(transactions).where(eq(transactions.id, input.transactionId));
  if (!transaction) return 'cancelled';
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const [claim] = await services.db
    .insert(installmentCharges)
    .values({ transactionId: transaction.id, storeId: transaction.storeId, attempt: input.attempt, status: 'PENDING', leaseUntil })
    .onConflictDoUpdate({
      target: [installmentCharges.transactionId, installmentCharges.attempt],
      set: { leaseUntil },
      setWhere: and(
        eq(installmentCharges.status, 'PENDING'),
        or(sql`${installmentCharges.leaseUntil} is null`, lte(installmentCharges.leaseUntil, now)),
      ),
    })
    .returning({ id: installmentCharges.id });
  if (!claim) return 'claimed-elsewhere';
  const finish = (values: Partial<typeof installmentCharges.$inferInsert>) =>
    services.db
      .update(installmentCharges)
      .set({ leaseUntil: null, finishedAt: now, ...values })
      .where(eq(installmentCharges.id, claim.id));

  const [sale] = await services.db.select().from(sales).where(eq(sales.id, transaction.saleId));
  const [store] = sale ? await services.db.select().from(stores).where(eq(stores.id, sale.storeId)) : [];
  const provider = sale?.provider ? paymentRegistry(services.config).byName(sale.provider) : undefined;
  const stillDue = transaction.status === 'INCOMING' || transaction.status === 'FAILED';
  if (!sale || !store || sale.status !== 'IN_PROGRESS' || !stillDue || !sale.providerRef || !provider?.chargeInstallment || transaction.installmentNumber === null) {
    await finish({ status: 'CANCELLED', error: 'nothing to charge (sale settled, or its provider charges no instalments)' });
    return 'cancelled';
  }
  const [product] = sale.trainingId
    ? await services.db.select({ name: trainings.name }).from(trainings).where(eq(trainings.id, sale.trainingId))
    : sale.bundleId
      ? await services.db.select({ name: bundles.name }).from(bundles).where(eq(bundles.id, sale.bundleId))
      : [];

  let result;
  try {
    result = await provider.chargeInstallment({
      store: paymentStoreOf(store),
      saleId: sale.id,
      checkoutSessionId: sale.providerRef,
      paymentToken: sale.paymentToken,
      installmentNumber: transaction.installmentNumber,
      amountCents: toCents(transaction.amount),
      currency: 'eur',
      description: product?.name ?? 'Formation',
      attempt: input.attempt,
    });
  } catch (error) {
    // Unreachable or refusing: the claim is released (same attempt, same idempotency key) and the queue retries.
    await services.db
      .update(installmentCharges)
      .set({ leaseUntil: null, error: String(error) })
      .where(eq(installmentCharges.id, claim.id));
    throw error;
  }
  if (result.status === 'processing') {
    // A payment on its way (a bank debit): the provider's webhook will tell applyPaymentEvent.
    await finish({ status: 'PROCESSING', chargeRef: result.chargeRef });
    return 'processing';
  }
  const paid = result.status === 'succeeded';
  await applyPaymentEvent(services, {
    provider: provider.name,
    // Our own event id for this attempt; the provider's webhook about the same charge is applied once too.
    eventId: `installment-charge-${claim.id}`,
    saleId: sale.id,
    outcome: paid ? 'PAID' : 'FAILED',
    installmentNumber: transaction.installmentNumber,
    chargeRef: result.chargeRef,
    amountCents: toCents(transaction.amount),
    occurredAt: now,
  });
  await finish({ status: paid ? 'SUCCEEDED' : 'DECLINED', chargeRef: result.chargeRef, declineCode: result.declineCode });
  return paid ? 'succeeded' : 'declined';
}
