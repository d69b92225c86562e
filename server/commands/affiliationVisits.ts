import { affiliationVisits } from '../db/schema.js';
import type { Services } from '../services.js';
import { sponsorStoreIdOf } from './sponsorCode.js';

/**
 * Counts a visit from a sponsor link. The code names the sponsor store by its subdomain. An unknown code is
 * dropped without a word (the answer is the same, so nothing is revealed, and strangers cannot fill the table).
 */
export async function recordAffiliationVisit(services: Services, code: string) {
  const sponsorStoreId = await sponsorStoreIdOf(services, code);
  if (!sponsorStoreId) return;
  await services.db.insert(affiliationVisits).values({ code: code.trim(), sponsorStoreId, visitedAt: services.clock() });
}
