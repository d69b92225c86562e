import type { components } from '../../../src/api/schema.gen.js';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { StoreRow } from '../../auth/session.js';
import type { Database } from '../../db/client.js';
import { affiliateCommissions, affiliatePayouts, affiliates, customers, sales, stores } from '../../db/schema.js';
import { invalid } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { schoolOrigin } from '../../http/schoolHost.js';
import { presentAffiliate, type AffiliateRow, type PayoutRow } from '../../presenters/affiliate.js';
import type { Services } from '../../services.js';
import { centsOf, eurosOf } from '../../../shared/pricing.js';
import { schoolPath } from '../../../shared/schoolPaths.js';
import { DEFAULT_TZ } from '../trainingLearners/period.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Db = Database | Tx;
const DAY_MS = 86_400_000;

/** A new tracking code: REF- and 10 characters of an unambiguous alphabet (about 50 bits). */
export function newAffiliateCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(10);
  return `REF-${Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')}`;
}

/** The affiliate's tracking link: the school's home page with `?ref=` (the storefront keeps the code). */
export function affiliateLink(config: Services['config'], store: StoreRow, code: string): string {
  return `${schoolOrigin(config, store)}${schoolPath(store.subdomain, 'home', { ref: code })}`;
}

/** A period of days (YYYY-MM-DD, Paris time, both included) over a timestamp column, as the ledger reads it. */
export function periodOf(column: SQL | typeof affiliateCommissions.createdAt, period: { begin?: string; end?: string }): SQL | undefined {
  if (period.begin && period.end && period.begin > period.end) throw invalid({ begin: [messages.periodReversed] });
  const midnight = (day: string, plusDays = 0) => sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${DEFAULT_TZ})`;
  return and(
    period.begin ? sql`${column} >= ${midnight(period.begin)}` : undefined,
    period.end ? sql`${column} < ${midnight(period.end, 1)}` : undefined,
  );
}

export interface Figures {
  visits_count: number;
  sales_count: number;
  revenue: number;
  commissions_total: number;
  commissions_paid: number;
  balance: number;
}

/**
 * The figures of one affiliate or of the whole program (customerId null), commissions filtered by their day when
 * a period is given. Sums in cents (integers), given back in euros. The balance is what the affiliate may ask
 * for now: commissions older than the payout delay, less what was paid or is being asked for (never below 0).
 */
export async function figuresOf(db: Db, store: StoreRow, customerId: string | null, now: Date, period: { begin?: string; end?: string } = {}): Promise<Figures> {
  const mine = customerId ? eq(affiliateCommissions.affiliateCustomerId, customerId) : undefined;
  const matured = new Date(now.getTime() - store.affiliationMinPayoutDelayDays * DAY_MS);
  const [commissions] = await db
    .select({
      count: sql<number>`count(*)::int`,
      revenue: sql<number>`coalesce(sum(round(${sales.amount} * 100)), 0)::bigint`,
      total: sql<number>`coalesce(sum(round(${affiliateCommissions.amount} * 100)), 0)::bigint`,
      matured: sql<number>`coalesce(sum(round(${affiliateCommissions.amount} * 100)) filter (where ${affiliateCommissions.createdAt} <= ${matured}), 0)::bigint`,
    })
    .from(affiliateCommissions)
    .innerJoin(sales, eq(sales.id, affiliateCommissions.saleId))
    .where(and(eq(affiliateCommissions.storeId, store.id), mine, periodOf(affiliateCommissions.createdAt, period)));
  const [payouts] = await db
    .select({
      paid: sql<number>`coalesce(sum(round(${affiliatePayouts.amount} * 100)) filter (where ${affiliatePayouts.status} = 'PAID'), 0)::bigint`,
      pending: sql<number>`coalesce(sum(round(${affiliatePayouts.amount} * 100)) filter (where ${affiliatePayouts.status} = 'PENDING'), 0)::bigint`,
    })
    .from(affiliatePayouts)
    .where(and(eq(affiliatePayouts.storeId, store.id), customerId ? eq(affiliatePayouts.customerId, customerId) : undefined));
  const [visits] = await db
    .select({ n: sql<number>`coalesce(sum(${affiliates.visitsCount}), 0)::int` })
    .from(affiliates)
    .where(and(eq(affiliates.storeId, store.id), customerId ? eq(affiliates.customerId, customerId) : undefined));
  // Balance over all time (a period filters the figures shown, not what is owed).
  const [owed] = period.begin || period.end ? await db
    .select({ matured: sql<number>`coalesce(sum(round(${affiliateCommissions.amount} * 100)) filter (where ${affiliateCommissions.createdAt} <= ${matured}), 0)::bigint` })
    .from(affiliateCommissions)
    .where(and(eq(affiliateCommissions.storeId, store.id), mine)) : [commissions!];
  const paidCents = Number(payouts!.paid);
  return {
    visits_count: Number(visits!.n),
    sales_count: Number(commissions!.count),
    revenue: eurosOf(Number(commissions!.revenue)),
    commissions_total: eurosOf(Number(commissions!.total)),
    commissions_paid: eurosOf(paidCents),
    balance: eurosOf(Math.max(0, Number(owed!.matured) - paidCents - Number(payouts!.pending))),
  };
}

/** The affiliate's pending payout request, if any. */
export async function pendingPayoutOf(db: Db, storeId: string, customerId: string): Promise<PayoutRow | null> {
  const [row] = await db
    .select()
    .from(affiliatePayouts)
    .where(and(eq(affiliatePayouts.storeId, storeId), eq(affiliatePayouts.customerId, customerId), eq(affiliatePayouts.status, 'PENDING')))
    .limit(1);
  return row ?? null;
}

const PERSON = { id: customers.id, email: customers.email, firstname: customers.firstname, lastname: customers.lastname, picture: customers.picture };

/** The contract's Affiliate for rows of this store (figures and pending request included). */
export async function affiliateViews(services: Pick<Services, 'db' | 'config' | 'clock'>, store: StoreRow, rows: AffiliateRow[]) {
  if (!rows.length) return [];
  const people = await services.db
    .select(PERSON)
    .from(customers)
    .where(inArray(customers.id, rows.map((r) => r.customerId)));
  const byId = new Map(people.map((p) => [p.id, p]));
  const now = services.clock();
  const views = [];
  for (const row of rows) {
    const figures = await figuresOf(services.db, store, row.customerId, now);
    const pending = await pendingPayoutOf(services.db, store.id, row.customerId);
    views.push(presentAffiliate(row, byId.get(row.customerId)!, affiliateLink(services.config, store, row.code), figures, pending));
  }
  return views;
}

export async function affiliateRowOf(db: Db, storeId: string, customerId: string): Promise<AffiliateRow | null> {
  const [row] = await db
    .select()
    .from(affiliates)
    .where(and(eq(affiliates.storeId, storeId), eq(affiliates.customerId, customerId.toLowerCase())))
    .limit(1);
  return row ?? null;
}

/** A new affiliate row for a customer of the store; null when they already are one (the primary key decides under races). */
export async function insertAffiliate(db: Db, storeId: string, customerId: string, commissionRate: number | null, now: Date): Promise<AffiliateRow | null> {
  const [row] = await db
    .insert(affiliates)
    .values({ storeId, customerId, code: newAffiliateCode(), commissionRate, createdAt: now })
    .onConflictDoNothing({ target: affiliates.customerId })
    .returning();
  return row ?? null;
}

/** The commission on `amountCents` at `rate` percent, in integer cents rounded half up (rate kept to hundredths). */
export function commissionCents(amountCents: number, rate: number): number {
  const basisPoints = Math.round(rate * 100);
  return Math.floor((amountCents * basisPoints + 5_000) / 10_000);
}

/** A REF- link visit the browser kept and sends with the checkout. */
export type AffiliateVisit = NonNullable<components['schemas']['CheckoutBody']['affiliate_codes']>[number];

/**
 * Which affiliate a checkout credits (or null): among the REF- codes the browser kept, those visited within the
 * link validity (and not in the future, give or take a minute of clock drift) that name an ACTIVE affiliate of
 * this store other than the buyer; then the first or the last visit, as the program's terms say. A CLOSED
 * program credits nobody.
 */
export async function attributedAffiliate(db: Db, store: StoreRow, buyerId: string, visits: AffiliateVisit[] | undefined, now: Date): Promise<string | null> {
  if (!visits?.length || store.affiliationStatus === 'CLOSED') return null;
  const oldest = now.getTime() - store.affiliationLinkValidityDays * DAY_MS;
  const dated = visits
    .map((v) => ({ code: v.code.trim().toUpperCase(), at: Date.parse(v.visited_at) }))
    .filter((v) => Number.isFinite(v.at) && v.at >= oldest && v.at <= now.getTime() + 60_000);
  if (!dated.length) return null;
  const known = await db
    .select({ code: affiliates.code, customerId: affiliates.customerId })
    .from(affiliates)
    .where(and(eq(affiliates.storeId, store.id), eq(affiliates.status, 'ACTIVE'), inArray(affiliates.code, [...new Set(dated.map((v) => v.code))])));
  const byCode = new Map(known.filter((a) => a.customerId !== buyerId).map((a) => [a.code, a.customerId]));
  const eligible = dated.filter((v) => byCode.has(v.code)).sort((a, b) => a.at - b.at);
  const chosen = store.affiliationAttribution === 'FIRST' ? eligible[0] : eligible.at(-1);
  return chosen ? byCode.get(chosen.code)! : null;
}

/**
 * Called by applyPaymentEvent when a sale's first payment arrives, inside its transaction (the sale row locked):
 * the commission of the sale's affiliate, once (the unique sale id refuses a second one whatever the replays).
 * Nothing when the program is CLOSED by now, the affiliate was removed or suspended meanwhile, or nothing was paid.
 * The rate is the affiliate's own, else the program's; the base is the sale's total after discount.
 */
export async function creditCommission(tx: Tx, sale: typeof sales.$inferSelect, now: Date): Promise<void> {
  if (!sale.affiliateCustomerId) return;
  const [store] = await tx.select().from(stores).where(eq(stores.id, sale.storeId));
  if (!store || store.affiliationStatus === 'CLOSED') return;
  const affiliate = await affiliateRowOf(tx, store.id, sale.affiliateCustomerId);
  if (!affiliate || affiliate.status !== 'ACTIVE' || affiliate.customerId === sale.customerId) return;
  const rate = affiliate.commissionRate ?? store.affiliationCommissionRate;
  const cents = commissionCents(centsOf(sale.amount), rate);
  if (cents <= 0) return;
  await tx
    .insert(affiliateCommissions)
    .values({ storeId: store.id, affiliateCustomerId: affiliate.customerId, saleId: sale.id, rate, amount: eurosOf(cents), createdAt: now })
    .onConflictDoNothing({ target: affiliateCommissions.saleId });
}
