import type { Database } from './client.js';
import { platformOrders, sponsorCommissions, stores, users } from './schema.js';
import { SPONSOR_COMMISSION_PERCENT, vatInside } from '../../shared/planPricing.js';

const DAY_MS = 86_400_000;

/**
 * Own affiliation of the demo (issue 16): a trainer signed up with the demo store's referral link and paid a yearly
 * PRO plan 40 days ago with the test provider, so the demo owner has a commission past the hold days, AVAILABLE,
 * enough for a payout request (/affiliation/revenus) that the platform admin pays in /admin/operations.
 */
export async function seedSponsorship(db: Database, input: { sponsorStoreId: string; passwordHash: string; now: Date }) {
  const paidAt = new Date(input.now.getTime() - 40 * DAY_MS);
  const [godchild] = await db
    .insert(stores)
    .values({
      subdomain: 'atelier-filleul',
      plan: 'PRO',
      planFrequency: 'YEARLY',
      planPeriodEnd: new Date(paidAt.getTime() + 365 * DAY_MS),
      planPeriodCents: 49_000,
      godFather: 'demo',
      sponsorStoreId: input.sponsorStoreId,
      subdomainSetAt: paidAt,
      createdAt: paidAt,
    })
    .returning();
  await db.insert(users).values({
    storeId: godchild!.id,
    email: 'filleul@demo.test',
    firstname: 'Bastien',
    lastname: 'Filleul',
    role: 'OWNER',
    passwordHash: input.passwordHash,
    emailVerifiedAt: paidAt,
    createdAt: paidAt,
  });
  const [order] = await db
    .insert(platformOrders)
    .values({ storeId: godchild!.id, kind: 'PLAN', plan: 'PRO', frequency: 'YEARLY', grossCents: 49_000, periodCents: 49_000, amountCents: 49_000, status: 'PAID', provider: 'TEST', createdAt: paidAt, paidAt })
    .returning();
  const baseCents = order!.amountCents - vatInside(order!.amountCents);
  await db.insert(sponsorCommissions).values({
    sponsorStoreId: input.sponsorStoreId,
    godchildStoreId: godchild!.id,
    orderId: order!.id,
    baseCents,
    amountCents: Math.round((baseCents * SPONSOR_COMMISSION_PERCENT) / 100),
    rate: SPONSOR_COMMISSION_PERCENT,
    createdAt: paidAt,
  });
}
