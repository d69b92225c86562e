import { and, asc, count, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import type { AuthContext } from '../../auth/session.js';
import type { Database } from '../../db/client.js';
import { sponsorCommissions, sponsorPayouts, stores, users } from '../../db/schema.js';
import { conflict, invalid, notFound } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { reachesStore } from '../../policies/policy.js';
import type { Services } from '../../services.js';
import { eurosOf } from '../../../shared/pricing.js';
import { SPONSOR_COMMISSION_HOLD_DAYS, SPONSOR_PAYOUT_MINIMUM } from '../../../shared/planPricing.js';
import { isHttpLink } from '../../../shared/validation.js';
import { notify } from '../notifications.js';
import { offsetOf, pageEnvelope, type PageRequest } from '../trainingLearners/paging.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type PayoutBody = components['schemas']['SponsorPayout'];
export type SponsorPayoutInput = components['schemas']['RequestSponsorPayoutBody'];

const DAY_MS = 86_400_000;
const MINIMUM_CENTS = Math.round(SPONSOR_PAYOUT_MINIMUM * 100);

const payoutColumns = { payout: sponsorPayouts, subdomain: stores.subdomain };

function presentPayout({ payout, subdomain }: { payout: typeof sponsorPayouts.$inferSelect; subdomain: string }): PayoutBody {
  return {
    id: payout.id,
    sponsor: { uuid: payout.sponsorStoreId, subdomain },
    amount: eurosOf(payout.amountCents),
    commissions_count: payout.commissionsCount,
    status: payout.status,
    invoice_url: payout.invoiceUrl,
    payment_information: payout.paymentInformation,
    requested_at: payout.requestedAt.toISOString(),
    paid_at: payout.paidAt?.toISOString() ?? null,
  };
}

/** The commissions a payout may take now: AVAILABLE (past the hold days), not paid, in no payout yet. */
function claimable(storeId: string, now: Date) {
  return and(
    eq(sponsorCommissions.sponsorStoreId, storeId),
    isNull(sponsorCommissions.payoutId),
    isNull(sponsorCommissions.paidAt),
    lte(sponsorCommissions.createdAt, new Date(now.getTime() - SPONSOR_COMMISSION_HOLD_DAYS * DAY_MS)),
  );
}

async function availableCents(db: Database | Tx, storeId: string, now: Date) {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${sponsorCommissions.amountCents}), 0)`.mapWith(Number), n: count() })
    .from(sponsorCommissions)
    .where(claimable(storeId, now));
  return { cents: row?.cents ?? 0, count: Number(row?.n ?? 0) };
}

/** GET /users/me/godchildren/payouts: the store's payout requests, newest first, with what may be asked for now. */
export async function listSponsorPayouts(services: Pick<Services, 'db' | 'clock'>, storeId: string, page: PageRequest) {
  const where = eq(sponsorPayouts.sponsorStoreId, storeId);
  const [[total], rows, available] = await Promise.all([
    services.db.select({ n: count() }).from(sponsorPayouts).where(where),
    services.db
      .select(payoutColumns)
      .from(sponsorPayouts)
      .innerJoin(stores, eq(stores.id, sponsorPayouts.sponsorStoreId))
      .where(where)
      .orderBy(desc(sponsorPayouts.requestedAt), desc(sponsorPayouts.id))
      .limit(page.perPage)
      .offset(offsetOf(page)),
    availableCents(services.db, storeId, services.clock()),
  ]);
  return { ...pageEnvelope(page, Number(total?.n ?? 0), rows.map(presentPayout)), available: eurosOf(available.cents), minimum: SPONSOR_PAYOUT_MINIMUM };
}

/**
 * POST /users/me/godchildren/payouts. The sponsor store's row is locked while the available commissions are summed
 * and taken, so two requests at once cannot both take them; the partial unique index keeps one PENDING payout per
 * store (the second: 409). The platform admins are told.
 */
export async function requestSponsorPayout(services: Pick<Services, 'db' | 'clock'>, storeId: string, input: SponsorPayoutInput) {
  const invoiceUrl = input.invoice_url.trim();
  if (!invoiceUrl || !isHttpLink(invoiceUrl)) throw invalid({ invoice_url: [messages.webAddressOnly] });
  const information = input.payment_information.trim();
  if (!information) throw invalid({ payment_information: [messages.required] });
  const now = services.clock();
  return services.db.transaction(async (tx) => {
    const [store] = await tx.select({ id: stores.id, subdomain: stores.subdomain }).from(stores).where(eq(stores.id, storeId)).for('update');
    if (!store) throw notFound();
    const pending = await tx
      .select({ id: sponsorPayouts.id })
      .from(sponsorPayouts)
      .where(and(eq(sponsorPayouts.sponsorStoreId, storeId), eq(sponsorPayouts.status, 'PENDING')))
      .limit(1);
    if (pending.length) throw conflict(messages.payoutAlreadyPending);
    const available = await availableCents(tx, storeId, now);
    if (available.cents < MINIMUM_CENTS) throw invalid({ amount: [messages.sponsorPayoutBelowMinimum(SPONSOR_PAYOUT_MINIMUM, eurosOf(available.cents))] });
    const [payout] = await tx
      .insert(sponsorPayouts)
      .values({ sponsorStoreId: storeId, amountCents: available.cents, commissionsCount: available.count, invoiceUrl, paymentInformation: information, requestedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!payout) throw conflict(messages.payoutAlreadyPending);
    await tx.update(sponsorCommissions).set({ payoutId: payout.id }).where(claimable(storeId, now));
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.isAdmin, true));
    const amount = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(eurosOf(payout.amountCents));
    for (const { id } of admins) {
      await notify(
        { db: tx, clock: services.clock },
        { userId: id, type: 'SPONSOR_PAYOUT_REQUESTED', template: `${store.subdomain} demande le versement de ${amount} de commissions de parrainage`, data: { entity_uuid: storeId } },
      );
    }
    return presentPayout({ payout, subdomain: store.subdomain });
  });
}

/** GET /admin/sponsor-payouts: every store's payouts, PENDING first (oldest first), then PAID (newest first). */
export async function listAdminSponsorPayouts(services: Pick<Services, 'db'>, query: PageRequest & { status?: 'PENDING' | 'PAID' }) {
  const where = query.status ? eq(sponsorPayouts.status, query.status) : undefined;
  const [[total], rows] = await Promise.all([
    services.db.select({ n: count() }).from(sponsorPayouts).where(where),
    services.db
      .select(payoutColumns)
      .from(sponsorPayouts)
      .innerJoin(stores, eq(stores.id, sponsorPayouts.sponsorStoreId))
      .where(where)
      .orderBy(
        sql`case when ${sponsorPayouts.status} = 'PENDING' then 0 else 1 end`,
        sql`case when ${sponsorPayouts.status} = 'PENDING' then ${sponsorPayouts.requestedAt} end asc`,
        desc(sponsorPayouts.paidAt),
        asc(sponsorPayouts.id),
      )
      .limit(query.perPage)
      .offset(offsetOf(query)),
  ]);
  return pageEnvelope(query, Number(total?.n ?? 0), rows.map(presentPayout));
}

/**
 * POST /admin/sponsor-payouts/{payoutId}/paid: the payout and its commissions PAID in one transaction. The update is
 * conditional on PENDING, so two admins at once get one 200 and one 409.
 */
export async function markSponsorPayoutPaid(services: Pick<Services, 'db' | 'clock'>, actor: AuthContext['user'], payoutId: number) {
  const now = services.clock();
  return services.db.transaction(async (tx) => {
    const [existing] = await tx.select(payoutColumns).from(sponsorPayouts).innerJoin(stores, eq(stores.id, sponsorPayouts.sponsorStoreId)).where(eq(sponsorPayouts.id, payoutId));
    if (!existing || !reachesStore(actor, existing.payout.sponsorStoreId)) throw notFound();
    const [payout] = await tx
      .update(sponsorPayouts)
      .set({ status: 'PAID', paidAt: now, paidByUserId: actor.id })
      .where(and(eq(sponsorPayouts.id, payoutId), eq(sponsorPayouts.status, 'PENDING')))
      .returning();
    if (!payout) throw conflict(messages.sponsorPayoutAlreadyPaid);
    await tx.update(sponsorCommissions).set({ paidAt: now }).where(eq(sponsorCommissions.payoutId, payout.id));
    return presentPayout({ payout, subdomain: existing.subdomain });
  });
}
