import { eq } from 'drizzle-orm';
import { stores } from '../db/schema.js';
import type { Services } from '../services.js';

/**
 * The store a sponsor code names: its subdomain, in any case. Subdomains are stored lower-case (the contract's
 * pattern), so the code is lowered and matched on the subdomain's own unique index, never by scanning the stores.
 */
export async function sponsorStoreIdOf(services: Services, code: string | undefined): Promise<string | null> {
  const subdomain = code?.trim().toLowerCase();
  if (!subdomain) return null;
  const [sponsor] = await services.db.select({ id: stores.id }).from(stores).where(eq(stores.subdomain, subdomain)).limit(1);
  return sponsor?.id ?? null;
}
