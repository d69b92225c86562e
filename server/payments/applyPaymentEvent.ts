import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { bundleTrainings, bundles, customerTrainings, customers, discountCodes, paymentEvents, sales, trainings, transactions, users } from '../db/schema.js';
import { ROLE_GROUPS } from '../policies/roles.js';
import { customerDisplayName } from '../presenters/customer.js';
import { creditCommission } from '../commands/affiliates/program.js';
import { notify } from '../commands/notifications.js';
import type { Services } from '../services.js';
import type { JobQueue } from '../jobs/queue.js';
import { customerPayload, emitWebhookEvent } from '../commands/webhooks/webhooks.js';
import { queueListSubscriptions } from '../commands/emailProviders/emailProviders.js';
import type { PaymentEvent } from './provider.js';
import { autoJoinLearners } from '../commands/community/autoJoin.js';
import { learnerKeys } from '../db/learnerKeys.js';
import { creditState, issueCreditNote, issueInvoice } from '../commands/invoices/issue.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type SaleRow = typeof sales.$inferSelect;
type TransactionRow = typeof transactions.$inferSelect;

export type ApplyOutcome =
  /** Already applied (same provider and event id): nothing changed. */
  | { kind: 'replay' }
  /** No sale of ours carries this id (another platform's event on a shared account, a deleted store). */
  | { kind: 'unknown-sale' }
  /** Recorded, but it changed nothing (a late ABANDONED after PAID, a second PAID for a paid payment). */
  | { kind: 'ignored'; sale: SaleRow }
  | { kind: 'applied'; sale: SaleRow; enrolled: boolean };

const DAY_MS = 86_400_000;
/** The statuses of a sale still waiting for its first payment. */
const AWAITING = ['DRAFT'] as const;

/**
 * The one place where money news changes the database: a sale's payments, its status, the enrolment it buys
 * and the holds it had on a seat or a promo-code use. Safe under replays and any delivery order:
 * - the event id is inserted first, in the same transaction as its effects, so a second delivery is a replay;
 * - the sale row is locked, so two different events of one sale apply one after the other;
 * - the affiliate's commission is written with the first payment only, and its unique sale id makes it once;
 * - effects are guarded by the current status (a PAID payment never goes back to FAILED; an ABANDONED after
 *   PAID is ignored; a PAID after ABANDONED or FAILED still enrols, since the money was taken);
 * - each payment taken gets its invoice, and each refund its credit note, numbered from the store's counter row in
 *   this same transaction (server/commands/invoices/issue.ts): no gap, no duplicate, whatever the concurrency;
 * - a saved payment method (PayPal's vault token, on a PAID or a VAULTED event) is kept on the sale, once.
 *
 * Sale statuses (our reading of spec 3's list): DRAFT until the first payment, PAID when everything due is paid,
 * IN_PROGRESS while instalments remain (the later ones are INCOMING transactions), FAILED when the first payment
 * failed, ABANDONED when the learner left the provider's page. A failed later instalment marks that transaction
 * FAILED and leaves the sale IN_PROGRESS.
 */
export async function applyPaymentEvent(services: Pick<Services, 'db' | 'clock' | 'jobs'>, event: PaymentEvent): Promise<ApplyOutcome> {
  return services.db.transaction(async (tx) => {
    const [sale] = await tx.select().from(sales).where(eq(sales.id, event.saleId)).for('update');
    if (!sale) return { kind: 'unknown-sale' };
    const recorded = await tx
      .insert(paymentEvents)
      .values({ provider: event.provider, eventId: event.eventId, saleId: sale.id, type: event.outcome, receivedAt: services.clock() })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (!recorded.length) return { kind: 'replay' };
    // The payment method saved for the later instalments (PayPal's vault token): the first one the sale hears of stays.
    const saved = event.paymentToken && !sale.paymentToken ? await tx.update(sales).set({ paymentToken: event.paymentToken }).where(eq(sales.id, sale.id)).returning() : [];
    if (event.outcome === 'VAULTED') return saved[0] ? { kind: 'applied', sale: saved[0], enrolled: false } : { kind: 'ignored', sale };

    const payments = await tx.select().from(transactions).where(eq(transactions.saleId, sale.id)).orderBy(asc(transactions.installmentNumber), asc(transactions.id));
    const byId = event.transactionId ? payments.find((p) => p.id === event.transactionId) : undefined;
    const byCharge = (event.outcome === 'REFUNDED' || event.outcome === 'REFUND_FAILED') && event.chargeRef ? payments.find((p) => p.providerRef === event.chargeRef) : undefined;
    const payment = byId ?? byCharge ?? pick(payments, event.installmentNumber ?? null);
    if (!payment) return { kind: 'ignored', sale };
    const now = event.occurredAt;

    if (event.outcome === 'PAID') {
      if (payment.status === 'PAID') return { kind: 'ignored', sale };
      await tx
        .update(transactions)
        .set({ status: 'PAID', paidAt: now, providerRef: payment.providerRef ?? (await unusedChargeRef(tx, event)) })
        .where(eq(transactions.id, payment.id));
      await issueInvoice(tx, sale, payment, now);
      const paidNow = payments.filter((p) => p.status === 'PAID').length + 1;
      const firstPayment = sale.paidAt === null;
      const status = paidNow >= payments.length ? 'PAID' : 'IN_PROGRESS';
      if (firstPayment && (sale.status === 'ABANDONED' || sale.status === 'FAILED')) await retakeDiscountUse(tx, sale);
      const [updated] = await tx
        .update(sales)
        .set({ status, paidAt: sale.paidAt ?? now, holdsUntil: null })
        .where(eq(sales.id, sale.id))
        .returning();
      if (firstPayment) {
        const enrolled = await enrol(tx, sale, now);
        await creditCommission(tx, updated!, now);
        await notifyTeam({ db: tx, clock: services.clock }, updated!);
        await emitSaleEvents(tx, services.jobs, updated!, enrolled, now);
      }
      return { kind: 'applied', sale: updated!, enrolled: firstPayment };
    }

    if (event.outcome === 'REFUNDED') {
      // Money given back: the invoice is credited up to what was refunded so far; the sale, the payment and the access stay.
      if (payment.status !== 'PAID') return { kind: 'ignored', sale };
      const note = await issueCreditNote(tx, payment, now, event.refundedTotalCents ?? null);
      const { invoicedCents, creditedCents } = await creditState(tx, payment.id);
      if (invoicedCents > 0 && creditedCents >= invoicedCents && payment.refundStatus !== 'REFUNDED') {
        await tx.update(transactions).set({ refundStatus: 'REFUNDED' }).where(eq(transactions.id, payment.id));
      }
      return note ? { kind: 'applied', sale, enrolled: false } : { kind: 'ignored', sale };
    }

    if (event.outcome === 'REFUND_FAILED') {
      // Only a refund the team asked and still waits for: one made from the dashboard is not ours to show.
      if (payment.refundStatus !== 'PENDING') return { kind: 'ignored', sale };
      await tx.update(transactions).set({ refundStatus: 'FAILED' }).where(eq(transactions.id, payment.id));
      return { kind: 'applied', sale, enrolled: false };
    }

    // FAILED or ABANDONED: a payment already taken stays taken.
    if (payment.status === 'PAID') return { kind: 'ignored', sale };
    const firstOfSale = payment.id === payments[0]!.id && sale.paidAt === null;
    if (!firstOfSale) {
      // A later instalment that failed: the learner keeps the access, the team sees the failed payment.
      if (event.outcome === 'ABANDONED') return { kind: 'ignored', sale };
      await tx.update(transactions).set({ status: 'FAILED' }).where(eq(transactions.id, payment.id));
      return { kind: 'applied', sale, enrolled: false };
    }
    if (!(AWAITING as readonly string[]).includes(sale.status)) return { kind: 'ignored', sale };
    await tx.update(transactions).set({ status: event.outcome }).where(eq(transactions.saleId, sale.id));
    const [updated] = await tx.update(sales).set({ status: event.outcome, holdsUntil: null }).where(eq(sales.id, sale.id)).returning();
    await releaseDiscountUse(tx, sale);
    if (event.outcome === 'ABANDONED') await markAbandonedCart(tx, services.jobs, sale, now);
    return { kind: 'applied', sale: updated!, enrolled: false };
  });
}

/**
 * The provider's charge id to keep on the payment, unless another payment already carries it (the unique index
 * would refuse it): a provider never reuses one, but a bad delivery must not turn into a 500 and a retry loop.
 */
async function unusedChargeRef(tx: Tx, event: PaymentEvent): Promise<string | null> {
  if (!event.chargeRef) return null;
  const [taken] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.provider, event.provider), eq(transactions.providerRef, event.chargeRef)))
    .limit(1);
  return taken ? null : event.chargeRef;
}

/** The checkout's own payment is the first row (number 1, or null for a one-time payment); later ones by number. */
function pick(payments: TransactionRow[], installmentNumber: number | null): TransactionRow | undefined {
  if (installmentNumber === null || installmentNumber <= 1) return payments[0];
  return payments.find((p) => p.installmentNumber === installmentNumber);
}

const codeOf = (sale: SaleRow) => and(eq(discountCodes.storeId, sale.storeId), sql`upper(${discountCodes.code}) = upper(${sale.discountCode})`);

/** The unpaid order held one use of its promo code since checkout; it gives it back. */
async function releaseDiscountUse(tx: Tx, sale: SaleRow) {
  if (!sale.discountCode) return;
  await tx
    .update(discountCodes)
    .set({ usesCount: sql`${discountCodes.usesCount} - 1` })
    .where(and(codeOf(sale), sql`${discountCodes.usesCount} > 0`));
}

/** Money arrived after the order was given up: the use counts again, as far as the code's limit allows. */
async function retakeDiscountUse(tx: Tx, sale: SaleRow) {
  if (!sale.discountCode) return;
  await tx
    .update(discountCodes)
    .set({ usesCount: sql`${discountCodes.usesCount} + 1` })
    .where(and(codeOf(sale), or(isNull(discountCodes.maxUses), sql`${discountCodes.usesCount} < ${discountCodes.maxUses}`)));
}

/** The trainings a sale opens: the training, or every training of the bundle. */
async function trainingsOf(tx: Tx, sale: SaleRow) {
  if (sale.trainingId) {
    return tx.select({ id: trainings.id, name: trainings.name, accessDurationDays: trainings.accessDurationDays }).from(trainings).where(eq(trainings.id, sale.trainingId));
  }
  if (!sale.bundleId) return [];
  return tx
    .select({ id: trainings.id, name: trainings.name, accessDurationDays: trainings.accessDurationDays })
    .from(bundleTrainings)
    .innerJoin(trainings, eq(trainings.id, bundleTrainings.trainingId))
    .where(eq(bundleTrainings.bundleId, sale.bundleId));
}

/**
 * Enrols the buyer (CLASSIC) once per paid order (also a free order, by checkout, in its own transaction). The seat was held by the order since checkout, so the limit
 * is not checked again: a paid learner is never turned away. An abandoned cart becomes an enrolment; a learner
 * already enrolled keeps their enrolment (a blocked one stays blocked: the team decides).
 */
export async function enrol(tx: Tx, sale: SaleRow, now: Date): Promise<{ id: string; name: string }[]> {
  const opened = await trainingsOf(tx, sale);
  for (const training of opened) {
    const expiresAt = training.accessDurationDays ? new Date(now.getTime() + training.accessDurationDays * DAY_MS) : null;
    await tx
      .insert(customerTrainings)
      .values({ ...learnerKeys(sale.customerId), trainingId: training.id, customerType: 'STUDENT', enrollmentType: 'CLASSIC', enrolledAt: now, expiresAt })
      .onConflictDoUpdate({
        target: [customerTrainings.customerId, customerTrainings.trainingId],
        set: { customerType: 'STUDENT', enrollmentType: 'CLASSIC', enrolledAt: now, expiresAt },
        setWhere: eq(customerTrainings.customerType, 'ABANDONED_CART'),
      });
  }
  // The community's auto-add spaces (ALL, and TRAININGS naming one of these) take the new learner in.
  if (opened.length) await autoJoinLearners(tx, [sale.customerId]);
  return opened.map(({ id, name }) => ({ id, name }));
}

/**
 * The outgoing webhooks' SALE_CREATED and TRAINING_ENROLLED (one per training the sale opened), written in the
 * sale's transaction with their `webhook.deliver` jobs (server/commands/webhooks).
 */
export async function emitSaleEvents(tx: Tx, jobs: JobQueue, sale: SaleRow, enrolled: { id: string; name: string }[], now: Date) {
  const [customer] = await tx.select().from(customers).where(eq(customers.id, sale.customerId));
  const buyer = customer ? customerPayload(customer) : { id: sale.customerId };
  await emitWebhookEvent(tx, jobs, {
    storeId: sale.storeId,
    event: 'SALE_CREATED',
    at: now,
    data: {
      sale: { id: sale.id, amount: sale.amount, discount_code: sale.discountCode, status: sale.status, payment_schedule_type: sale.paymentScheduleType, training_id: sale.trainingId, bundle_id: sale.bundleId, paid_at: sale.paidAt?.toISOString() ?? null },
      customer: buyer,
    },
  });
  for (const training of enrolled) {
    await emitWebhookEvent(tx, jobs, { storeId: sale.storeId, event: 'TRAINING_ENROLLED', at: now, data: { training, customer: buyer, sale_id: sale.id, enrolled_at: now.toISOString() } });
  }
  // The learner joins the trainings' mailing lists at the store's e-mail service (a job each, after the commit).
  if (enrolled.length) {
    const rows = await tx
      .select({ id: customerTrainings.id })
      .from(customerTrainings)
      .where(and(eq(customerTrainings.customerId, sale.customerId), inArray(customerTrainings.trainingId, enrolled.map((t) => t.id)), eq(customerTrainings.customerType, 'STUDENT')));
    await queueListSubscriptions(tx, jobs, sale.storeId, rows.map((row) => row.id));
  }
}

/**
 * An order left unpaid: the learner shows as an abandoned cart of the training(s), unless already a learner; the
 * store's ABANDONED_CART webhooks hear of it when at least one training got a new abandoned cart.
 */
async function markAbandonedCart(tx: Tx, jobs: JobQueue, sale: SaleRow, now: Date) {
  const left: { id: string; name: string }[] = [];
  for (const training of await trainingsOf(tx, sale)) {
    const inserted = await tx
      .insert(customerTrainings)
      .values({ ...learnerKeys(sale.customerId), trainingId: training.id, customerType: 'ABANDONED_CART', enrollmentType: 'CLASSIC', enrolledAt: now })
      .onConflictDoNothing()
      .returning({ id: customerTrainings.id });
    if (inserted.length) left.push({ id: training.id, name: training.name });
  }
  if (!left.length) return;
  const [customer] = await tx.select().from(customers).where(eq(customers.id, sale.customerId));
  await emitWebhookEvent(tx, jobs, {
    storeId: sale.storeId,
    event: 'ABANDONED_CART',
    at: now,
    data: {
      sale: { id: sale.id, amount: sale.amount, training_id: sale.trainingId, bundle_id: sale.bundleId, created_at: sale.createdAt.toISOString() },
      customer: customer ? customerPayload(customer) : { id: sale.customerId },
      trainings: left,
    },
  });
}

/** SALE_CREATED for the people who see sales (owner, admins, analysts). Also used by checkout for a free order. */
export async function notifyTeam(services: Pick<Services, 'db' | 'clock'>, sale: SaleRow) {
  const [customer] = await services.db.select().from(customers).where(eq(customers.id, sale.customerId));
  const [product] = sale.trainingId
    ? await services.db.select({ name: trainings.name }).from(trainings).where(eq(trainings.id, sale.trainingId))
    : sale.bundleId
      ? await services.db.select({ name: bundles.name }).from(bundles).where(eq(bundles.id, sale.bundleId))
      : [];
  const recipients = await services.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.storeId, sale.storeId), inArray(users.role, [...ROLE_GROUPS.analysts])));
  const who = customer ? customerDisplayName(customer) : 'Un apprenant';
  const amount = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(sale.amount);
  for (const { id } of recipients) {
    await notify(services, {
      userId: id,
      type: 'SALE_CREATED',
      template: `${who} a acheté « ${product?.name ?? 'une offre supprimée'} » (${amount})`,
      data: { uuid: sale.id, customer_uuid: sale.customerId, ...(sale.trainingId ? { training_uuid: sale.trainingId } : {}) },
    });
  }
}
