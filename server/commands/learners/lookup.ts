import { and, asc, eq, sql } from 'drizzle-orm';
import type { CustomerRow } from '../../auth/learnerSession.js';
import type { StoreRow } from '../../auth/session.js';
import { companies, customers, storeResources, storeSocialLinks } from '../../db/schema.js';
import { presentSchool, presentSchoolName } from '../../presenters/learner.js';
import type { Services } from '../../services.js';
import { normaliseEmail } from '../users.js';

/** The learner of `store` with this address (one `customers` row per person and school), whatever its case. */
export async function findLearner(services: Services, store: StoreRow, email: string): Promise<CustomerRow | undefined> {
  const [row] = await services.db
    .select()
    .from(customers)
    .where(and(eq(customers.storeId, store.id), eq(sql`lower(${customers.email})`, normaliseEmail(email))))
    .limit(1);
  return row;
}

async function companyName(services: Pick<Services, 'db'>, store: StoreRow) {
  const [company] = await services.db.select({ name: companies.name }).from(companies).where(eq(companies.storeId, store.id)).limit(1);
  return company?.name ?? null;
}

/** A school's name as learners see it (e-mails, page titles): its company's, else its subdomain. */
export async function schoolName(services: Pick<Services, 'db'>, store: StoreRow) {
  return presentSchoolName(store, await companyName(services, store));
}

/** A school's public face (GET /school/stores/{subdomain}): its name, social links, resources and legal pages. */
export async function schoolView(services: Pick<Services, 'db'>, store: StoreRow) {
  const [name, socialLinks, resources] = await Promise.all([
    companyName(services, store),
    services.db.select().from(storeSocialLinks).where(eq(storeSocialLinks.storeId, store.id)).orderBy(asc(storeSocialLinks.position), asc(storeSocialLinks.id)),
    services.db.select().from(storeResources).where(eq(storeResources.storeId, store.id)).orderBy(asc(storeResources.position), asc(storeResources.id)),
  ]);
  return presentSchool(store, name, { socialLinks, resources });
}

