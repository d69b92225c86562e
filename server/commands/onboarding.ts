import { eq, sql } from 'drizzle-orm';
import type { components } from '../../src/api/schema.gen.js';
import { companies, stores, trainings } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import type { Services } from '../services.js';
import { isCompanyFilled } from './companies.js';

type Milestone = components['schemas']['OnboardingMilestone'];

/**
 * The home checklist, computed from the store as it is now (nothing is ticked by hand):
 * - SUBDOMAIN: the owner chose the subdomain (sign-up makes one up from the first name), i.e. saved it once;
 * - CUSTOMIZE: the customization page was saved once, or a logo or favicon is set;
 * - FIRST_TRAINING: the store has a training;
 * - COMPANY: the company has a name and a postal address (what an invoice needs);
 * - STRIPE: a payment account is connected.
 * One query, so the home page does not wait on five.
 */
export async function listOnboardingMilestones(services: Services, storeId: string): Promise<Milestone[]> {
  const [row] = await services.db
    .select({
      subdomainSetAt: stores.subdomainSetAt,
      customizedAt: stores.customizedAt,
      logo: stores.logo,
      favicon: stores.favicon,
      stripeAccountId: stores.stripeAccountId,
      hasTraining: sql<boolean>`exists (select 1 from ${trainings} where ${trainings.storeId} = ${stores.id})`,
      name: companies.name,
      addressLine1: companies.addressLine1,
      postalCode: companies.postalCode,
      city: companies.city,
    })
    .from(stores)
    .leftJoin(companies, eq(companies.storeId, stores.id))
    .where(eq(stores.id, storeId))
    .limit(1);
  if (!row) throw notFound();
  return [
    { key: 'SUBDOMAIN', completed: row.subdomainSetAt !== null },
    { key: 'CUSTOMIZE', completed: row.customizedAt !== null || Boolean(row.logo) || Boolean(row.favicon) },
    { key: 'FIRST_TRAINING', completed: Boolean(row.hasTraining) },
    { key: 'COMPANY', completed: isCompanyFilled(row) },
    { key: 'STRIPE', completed: Boolean(row.stripeAccountId) },
  ];
}
