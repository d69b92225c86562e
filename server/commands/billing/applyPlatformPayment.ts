import { and, eq, sql } from 'drizzle-orm';
import { paymentEvents, platformInvoiceCounters, platformInvoices, platformOrders, stores } from '../../db/schema.js';
import type { Database } from '../../db/client.js';
import type { PlatformPaymentEvent } from '../../payments/provider.js';
import type { Services } from '../../services.js';
import { recordSponsorCommission } from '../sponsorship/sponsorship.js';
import { periodEnd, vatInside, type Frequency } from '../../../shared/planPricing.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type OrderRow = typeof platformOrders.$inferSelect;

export type PlatformApplyOutcome = { kind: 'replay' } | { kind: 'unknown-order' } | { kind: 'ignored'; order: OrderRow } | { kind: 'applied'; order: OrderRow };

const PLAN_LABEL = { PERCENT: 'Découverte', PERK: 'PERK', PRO: 'PRO', EXPERT: 'EXPERT' } as const;
const FREQUENCY_LABEL: Record<Frequency, string> = { MONTHLY: 'mensuel', YEARLY: 'annuel' };
const day = (date: Date) => date.toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' });

/**
 * The one place where the platform's payment news changes a store's plan, period and seats, like applyPaymentEvent
 * for sales. Safe under replays and any delivery order:
 * - the event id is recorded first (payment_events, no sale), in the same transaction as its effects: a replay is seen;
 * - the order row, then the store row, are locked, so two events of one order (or two orders of one store) apply one
 *   after the other, and seats are added to the locked row (never a lost update);
 * - a PAID order never goes back (a late FAILED or ABANDONED is ignored); a PAID after FAILED or ABANDONED still
 *   applies, since the money was taken;
 * - the invoice is written with the payment, numbered from the year's counter row in the same transaction (no gap,
 *   no duplicate, whatever the concurrency).
 */
export async function applyPlatformPaymentEvent(services: Pick<Services, 'db' | 'clock'>, event: PlatformPaymentEvent): Promise<PlatformApplyOutcome> {
  return services.db.transaction(async (tx) => {
    const [order] = await tx.select().from(platformOrders).where(eq(platformOrders.id, event.orderId)).for('update');
    if (!order) return { kind: 'unknown-order' };
    const recorded = await tx
      .insert(paymentEvents)
      .values({ provider: event.provider, eventId: event.eventId, saleId: null, type: `PLATFORM_${event.outcome}`, receivedAt: services.clock() })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (!recorded.length) return { kind: 'replay' };
    if (order.status === 'PAID') return { kind: 'ignored', order };
    if (event.outcome !== 'PAID') {
      if (order.status !== 'PENDING') return { kind: 'ignored', order };
      const [updated] = await tx.update(platformOrders).set({ status: event.outcome }).where(eq(platformOrders.id, order.id)).returning();
      return { kind: 'applied', order: updated! };
    }
    return { kind: 'applied', order: await markPaid(tx, order, event.occurredAt) };
  });
}

/** The order is paid: the store's plan, period, seats or AI credits change, and its invoice is written. */
export async function markPaid(tx: Tx, order: OrderRow, now: Date): Promise<OrderRow> {
  const [store] = await tx.select().from(stores).where(eq(stores.id, order.storeId)).for('update');
  if (!store) throw new Error(`store ${order.storeId} of platform order ${order.id} is gone`);
  let description: string;
  if (order.kind === 'AI_CREDITS') {
    // A credit pack: the bought credits are paid credits, the gift pack credits (spent first); added to the locked row.
    const credits = order.aiCredits ?? 0;
    const gift = order.aiGiftCredits ?? 0;
    await tx
      .update(stores)
      .set({ aiPaidCredits: sql`${stores.aiPaidCredits} + ${credits}`, aiPackCredits: sql`${stores.aiPackCredits} + ${gift}` })
      .where(eq(stores.id, store.id));
    description = `Pack de crédits IA ${order.aiCreditPack ?? ''} : ${credits} crédits${gift ? ` + ${gift} offerts` : ''}`;
  } else if (order.kind === 'PLAN' && order.plan && order.frequency) {
    const end = new Date(periodEnd(now.getTime(), order.frequency));
    await tx
      .update(stores)
      .set({ plan: order.plan, planFrequency: order.frequency, planPeriodEnd: end, planPeriodCents: order.periodCents, planCancelAtPeriodEnd: false })
      .where(eq(stores.id, store.id));
    description = `${order.renewalOf ? 'Renouvellement de l’abonnement' : 'Abonnement'} ${PLAN_LABEL[order.plan]} ${FREQUENCY_LABEL[order.frequency]}, du ${day(now)} au ${day(end)}`;
    // A renewal renews the paid seats too, on the same invoice (README, platform billing).
    if (order.seats) description += `, ${order.seats} compte${order.seats > 1 ? 's' : ''} utilisateur${order.seats > 1 ? 's' : ''} supplémentaire${order.seats > 1 ? 's' : ''}`;
  } else {
    const seats = order.seats ?? 0;
    await tx
      .update(stores)
      .set({ paidUserAccounts: sql`${stores.paidUserAccounts} + ${seats}` })
      .where(eq(stores.id, store.id));
    const until = store.planPeriodEnd ? ` jusqu'au ${day(store.planPeriodEnd)}` : '';
    description = `${seats} compte${seats > 1 ? 's' : ''} utilisateur${seats > 1 ? 's' : ''} supplémentaire${seats > 1 ? 's' : ''}${until}`;
  }
  if (order.discountKind) description += order.discountKind === 'LAUNCH' ? ' (remise de lancement)' : ' (offre de septembre)';
  if (order.creditCents > 0) description += `, déduction de la période en cours ${(order.creditCents / 100).toFixed(2).replace('.', ',')} €`;
  const [updated] = await tx.update(platformOrders).set({ status: 'PAID', paidAt: now }).where(and(eq(platformOrders.id, order.id))).returning();
  const year = now.getUTCFullYear();
  const [counter] = await tx
    .insert(platformInvoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: platformInvoiceCounters.year, set: { last: sql`${platformInvoiceCounters.last} + 1` } })
    .returning({ last: platformInvoiceCounters.last });
  await recordSponsorCommission(tx, store, order, now);
  await tx.insert(platformInvoices).values({
    storeId: store.id,
    orderId: order.id,
    number: `F${year}-${String(counter!.last).padStart(6, '0')}`,
    description: description.slice(0, 256),
    amountCents: order.amountCents,
    vatCents: vatInside(order.amountCents),
    issuedAt: now,
    paidAt: now,
  });
  return updated!;
}
