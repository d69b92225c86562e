import { and, eq, sql } from 'drizzle-orm';
import type { CustomerRow } from '../../auth/learnerSession.js';
import type { StoreRow } from '../../auth/session.js';
import { companies, customers } from '../../db/schema.js';
import { presentSchool } from '../../presenters/learner.js';
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

/** A school's public face (GET /school/stores/{subdomain}); its name is its company's, else its subdomain. */
export async function schoolView(services: Services, store: StoreRow) {
  const [company] = await services.db.select({ name: companies.name }).from(companies).where(eq(companies.storeId, store.id)).limit(1);
  return presentSchool(store, company?.name ?? null);
}

