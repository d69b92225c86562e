import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import type { Database } from '../../db/client.js';
import { type platformOrders, sponsorCommissions, stores, users } from '../../db/schema.js';
import { displayNameOf } from '../../presenters/user.js';
import type { Services } from '../../services.js';
import { eurosOf } from '../../../shared/pricing.js';
import { SPONSOR_COMMISSION_HOLD_DAYS, SPONSOR_COMMISSION_PERCENT, vatInside } from '../../../shared/planPricing.js';
import { periodOf } from '../affiliates/program.js';
import { offsetOf, pageEnvelope, type PageRequest } from '../trainingLearners/paging.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type GodchildBody = components['schemas']['Godchild'];
type CommissionBody = components['schemas']['Commission'];
type StatsBody = components['schemas']['CommissionStats'];
type Period = { begin?: string; end?: string };

const DAY_MS = 86_400_000;

/**
 * Own affiliation (the platform's sponsorship of stores by stores). Called by markPaid, in the transaction that
 * marks a platform order paid: when the paying store signed up with a sponsor's code, the sponsor earns the
 * affiliate percent of what was paid, VAT excluded. The order's unique key makes it once per order whatever the
 * replays. A store never sponsors itself.
 */
export async function recordSponsorCommission(tx: Tx, store: typeof stores.$inferSelect, order: typeof platformOrders.$inferSelect, now: Date) {
  if (!store.sponsorStoreId || store.sponsorStoreId === store.id) return;
  const baseCents = order.amountCents - vatInside(order.amountCents);
  if (baseCents <= 0) return;
  await tx
    .insert(sponsorCommissions)
    .values({
      sponsorStoreId: store.sponsorStoreId,
      godchildStoreId: store.id,
      orderId: order.id,
      baseCents,
      amountCents: Math.round((baseCents * SPONSOR_COMMISSION_PERCENT) / 100),
      rate: SPONSOR_COMMISSION_PERCENT,
      createdAt: now,
    })
    .onConflictDoNothing();
}

/** PENDING for the hold days after the payment, then AVAILABLE until the platform pays it. */
function statusOf(row: { createdAt: Date; paidAt: Date | null }, now: Date): CommissionBody['status'] {
  if (row.paidAt) return 'PAID';
  return now.getTime() - row.createdAt.getTime() < SPONSOR_COMMISSION_HOLD_DAYS * DAY_MS ? 'PENDING' : 'AVAILABLE';
}

/** The godchild stores' columns and their owner (the store's first OWNER) for the Godchild shape. */
const godchildColumns = {
  id: stores.id,
  subdomain: stores.subdomain,
  plan: stores.plan,
  planFrequency: stores.planFrequency,
  createdAt: stores.createdAt,
  firstname: users.firstname,
  lastname: users.lastname,
  displayName: users.displayName,
  commissionsCents: sql<number>`(select coalesce(sum(${sponsorCommissions.amountCents}), 0) from ${sponsorCommissions} where ${sponsorCommissions.godchildStoreId} = ${stores.id} and ${sponsorCommissions.sponsorStoreId} = ${stores.sponsorStoreId})`.mapWith(Number),
};
interface GodchildRow {
  id: string;
  subdomain: string;
  plan: GodchildBody['plan'];
  planFrequency: 'MONTHLY' | 'YEARLY' | null;
  createdAt: Date;
  firstname: string | null;
  lastname: string | null;
  displayName: string | null;
  commissionsCents: number;
}

const ownerJoin = and(eq(users.storeId, stores.id), eq(users.role, 'OWNER'));

function presentGodchild(row: GodchildRow): GodchildBody {
  return {
    uuid: row.id,
    display_name: displayNameOf({ firstname: row.firstname ?? '', lastname: row.lastname, displayName: row.displayName }).slice(0, 130) || row.subdomain,
    subdomain: row.subdomain,
    plan: row.plan,
    // A paid plan's billing frequency; Découverte and PERK have none.
    billing_frequency: row.planFrequency,
    created_at: row.createdAt.toISOString(),
    commissions_total: eurosOf(row.commissionsCents),
  };
}

/** GET /users/me/godchildren: the stores signed up with this store's sponsor code, newest first. */
export async function listGodchildren(services: Pick<Services, 'db'>, storeId: string, page: PageRequest) {
  const where = eq(stores.sponsorStoreId, storeId);
  const [{ total } = { total: 0 }] = await services.db.select({ total: count() }).from(stores).where(where);
  const rows = await services.db
    .selectDistinctOn([stores.createdAt, stores.id], godchildColumns)
    .from(stores)
    .leftJoin(users, ownerJoin)
    .where(where)
    .orderBy(desc(stores.createdAt), desc(stores.id), users.createdAt)
    .limit(page.perPage)
    .offset(offsetOf(page));
  return pageEnvelope(page, Number(total), rows.map(presentGodchild));
}

/** GET /users/me/godchildren/commissions: this store's sponsorship commissions, newest first, by day of creation. */
export async function listGodchildCommissions(services: Pick<Services, 'db' | 'clock'>, storeId: string, period: Period, page: PageRequest) {
  const where = and(eq(sponsorCommissions.sponsorStoreId, storeId), periodOf(sql`${sponsorCommissions.createdAt}`, period));
  const [{ total } = { total: 0 }] = await services.db.select({ total: count() }).from(sponsorCommissions).where(where);
  const rows = await services.db
    .selectDistinctOn([sponsorCommissions.createdAt, sponsorCommissions.id], { commission: sponsorCommissions, godchild: godchildColumns })
    .from(sponsorCommissions)
    .innerJoin(stores, eq(stores.id, sponsorCommissions.godchildStoreId))
    .leftJoin(users, ownerJoin)
    .where(where)
    .orderBy(desc(sponsorCommissions.createdAt), desc(sponsorCommissions.id), users.createdAt)
    .limit(page.perPage)
    .offset(offsetOf(page));
  const now = services.clock();
  const data = rows.map(({ commission, godchild }): CommissionBody => ({
    id: commission.id,
    godchild: presentGodchild(godchild),
    amount: eurosOf(commission.amountCents),
    base_amount: eurosOf(commission.baseCents),
    rate: commission.rate,
    status: statusOf(commission, now),
    created_at: commission.createdAt.toISOString(),
  }));
  return pageEnvelope(page, Number(total), data);
}

/**
 * GET /users/me/godchildren/commissions/stats: over the period (days of Paris, both included; open ends allowed),
 * the godchildren who signed up, those who paid at least once, and the commissions by status.
 */
export async function getGodchildCommissionStats(services: Pick<Services, 'db' | 'clock'>, storeId: string, period: Period): Promise<StatsBody> {
  const now = services.clock();
  const holdStart = new Date(now.getTime() - SPONSOR_COMMISSION_HOLD_DAYS * DAY_MS);
  const inPeriod = and(eq(sponsorCommissions.sponsorStoreId, storeId), periodOf(sql`${sponsorCommissions.createdAt}`, period));
  const [[signedUp], [figures]] = await Promise.all([
    services.db
      .select({ n: count() })
      .from(stores)
      .where(and(eq(stores.sponsorStoreId, storeId), periodOf(sql`${stores.createdAt}`, period))),
    services.db
      .select({
        paying: sql<number>`count(distinct ${sponsorCommissions.godchildStoreId})`.mapWith(Number),
        total: sql<number>`coalesce(sum(${sponsorCommissions.amountCents}), 0)`.mapWith(Number),
        paid: sql<number>`coalesce(sum(${sponsorCommissions.amountCents}) filter (where ${isNotNull(sponsorCommissions.paidAt)}), 0)`.mapWith(Number),
        pending: sql<number>`coalesce(sum(${sponsorCommissions.amountCents}) filter (where ${and(isNull(sponsorCommissions.paidAt), sql`${sponsorCommissions.createdAt} > ${holdStart}`)}), 0)`.mapWith(Number),
      })
      .from(sponsorCommissions)
      .where(inPeriod),
  ]);
  return {
    begin: period.begin ?? null,
    end: period.end ?? null,
    godchildren_count: Number(signedUp?.n ?? 0),
    paying_godchildren_count: figures?.paying ?? 0,
    commissions_total: eurosOf(figures?.total ?? 0),
    commissions_pending: eurosOf(figures?.pending ?? 0),
    commissions_paid: eurosOf(figures?.paid ?? 0),
  };
}
