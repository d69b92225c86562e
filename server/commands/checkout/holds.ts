import { and, asc, eq, gt, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bundleTrainings, customerTrainings, sales, trainings } from '../../db/schema.js';
import { forbidden } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { applyPaymentEvent } from '../../payments/applyPaymentEvent.js';
import type { Services } from '../../services.js';
import type { Buyable } from './buyable.js';

type Db = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * How long an unpaid order holds its seat(s) and its promo-code use: long enough for a card form or a PayPal
 * log-in, short enough that an abandoned tab does not keep a seat of a small class for long.
 */
export const HOLD_MS = 30 * 60 * 1000;

/** Enrolments that take a seat: abandoned carts do not (they are not learners yet). */
const SEATED = ['STUDENT', 'BLOCKED'] as const;

/** Locks the rows of the trainings a purchase opens, in one order (ids), so racing checkouts queue up and never deadlock. */
export async function lockTrainings(tx: Db, buyable: Buyable) {
  const ids = buyable.trainings.map((t) => t.id);
  await tx.select({ id: trainings.id }).from(trainings).where(inArray(trainings.id, ids)).orderBy(asc(trainings.id)).for('update');
}

/**
 * Refuses a buyer who already follows everything the buyable opens (403 ALREADY_ENROLLED) or is blocked in one of
 * its trainings (403 LEARNER_BLOCKED); answers the trainings where the buyer has no seat yet.
 */
export async function trainingsToSeat(db: Db, buyable: Buyable, customerId: string | null) {
  if (!customerId) return buyable.trainings;
  const rows = await db
    .select({ trainingId: customerTrainings.trainingId, type: customerTrainings.customerType })
    .from(customerTrainings)
    .where(and(eq(customerTrainings.customerId, customerId), inArray(customerTrainings.trainingId, buyable.trainings.map((t) => t.id))));
  if (rows.some((r) => r.type === 'BLOCKED')) throw forbidden(messages.learnerBlocked, 'LEARNER_BLOCKED');
  const seated = new Set(rows.filter((r) => r.type === 'STUDENT').map((r) => r.trainingId));
  const left = buyable.trainings.filter((t) => !seated.has(t.id));
  if (!left.length) throw forbidden(messages.alreadyLearner, 'ALREADY_ENROLLED');
  return left;
}

/**
 * 403 "training full" when one of `toSeat` has no seat left: its learners (STUDENT or BLOCKED) plus the unpaid
 * orders still holding a seat (holds_until in the future; a bundle's order holds one in each of its trainings)
 * reach max_customers. Exact only under `lockTrainings` (checkout); the quote calls it without, to warn early.
 */
export async function assertSeats(db: Db, toSeat: Buyable['trainings'], now: Date) {
  for (const training of toSeat) {
    if (training.maxCustomers === null) continue;
    const [seated] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(customerTrainings)
      .where(and(eq(customerTrainings.trainingId, training.id), inArray(customerTrainings.customerType, [...SEATED])));
    const bundlesOfTraining = db.select({ id: bundleTrainings.bundleId }).from(bundleTrainings).where(eq(bundleTrainings.trainingId, training.id));
    const [held] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(sales)
      .where(and(gt(sales.holdsUntil, now), or(eq(sales.trainingId, training.id), inArray(sales.bundleId, bundlesOfTraining))));
    if ((seated?.n ?? 0) + (held?.n ?? 0) >= training.maxCustomers) throw forbidden(messages.checkoutTrainingFull, 'TRAINING_FULL');
  }
}

/**
 * Lazily gives up unpaid orders whose hold expired (no job queue yet: issue 16 brings one): each becomes ABANDONED
 * through applyPaymentEvent (event `expiry:<sale>`), which frees its promo-code use and records the abandoned cart.
 * Called by checkout and quote for the store (at most `limit` orders a call), and by getCheckoutOrder for its order.
 */
export async function sweepExpiredHolds(services: Pick<Services, 'db' | 'clock' | 'jobs'>, where: { storeId: string } | { saleId: string }, limit = 50) {
  const now = services.clock();
  const expired = await services.db
    .select({ id: sales.id, provider: sales.provider })
    .from(sales)
    .where(
      and(
        'storeId' in where ? eq(sales.storeId, where.storeId) : eq(sales.id, where.saleId),
        eq(sales.status, 'DRAFT'),
        isNotNull(sales.holdsUntil),
        lte(sales.holdsUntil, now),
      ),
    )
    .limit(limit);
  for (const sale of expired) {
    await applyPaymentEvent(services, { provider: sale.provider ?? 'TEST', eventId: `expiry:${sale.id}`, saleId: sale.id, outcome: 'ABANDONED', occurredAt: now });
  }
}

/**
 * The buyer's own unpaid orders of the same buyable, still holding a seat, are given up when they check out
 * again (event `superseded:<sale>`): a learner coming back from a closed payment tab is not turned away by
 * their own hold on the last seat.
 */
export async function supersedePendingOrders(services: Pick<Services, 'db' | 'clock' | 'jobs'>, customerId: string, buyable: Buyable) {
  const now = services.clock();
  const pending = await services.db
    .select({ id: sales.id, provider: sales.provider })
    .from(sales)
    .where(
      and(
        eq(sales.customerId, customerId),
        eq(sales.status, 'DRAFT'),
        gt(sales.holdsUntil, now),
        buyable.type === 'TRAINING' ? eq(sales.trainingId, buyable.id) : eq(sales.bundleId, buyable.id),
      ),
    );
  for (const sale of pending) {
    await applyPaymentEvent(services, { provider: sale.provider ?? 'TEST', eventId: `superseded:${sale.id}`, saleId: sale.id, outcome: 'ABANDONED', occurredAt: now });
  }
}
