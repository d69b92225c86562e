import { eq, sql } from 'drizzle-orm';
import { affiliationVisits, stores } from '../db/schema.js';
import type { Services } from '../services.js';

/**
 * Counts a visit from a sponsor link. The code names the sponsor store by its subdomain. An unknown code is
 * dropped without a word (the answer is the same, so nothing is revealed, and strangers cannot fill the table).
 */
export async function recordAffiliationVisit(services: Services, code: string) {
  const [sponsor] = await services.db
    .select({ id: stores.id })
    .from(stores)
    .where(eq(sql`lower(${stores.subdomain})`, code.trim().toLowerCase()))
    .limit(1);
  if (!sponsor) return;
  await services.db.insert(affiliationVisits).values({ code: code.trim(), sponsorStoreId: sponsor.id, visitedAt: services.clock() });
}
