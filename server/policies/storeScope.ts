import { eq } from 'drizzle-orm';
import type { AuthContext, StoreRow } from '../auth/session.js';
import { stores } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import type { Services } from '../services.js';
import { reachesStore } from './policy.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The store an operation acts on, resolved once by the binder before validation: the caller's own store,
 * or the one a `{storeUuid}` path names. Another store does not exist for the caller (404), except for
 * platform admins, who reach any store that exists (404 otherwise, a malformed uuid included).
 */
export async function resolveStoreScope(services: Services, auth: AuthContext, storeUuid: string | undefined): Promise<StoreRow> {
  if (storeUuid === undefined || storeUuid === auth.store.id) return auth.store;
  if (!reachesStore(auth.user, storeUuid) || !UUID.test(storeUuid)) throw notFound();
  const [store] = await services.db.select().from(stores).where(eq(stores.id, storeUuid.toLowerCase())).limit(1);
  if (!store) throw notFound();
  return store;
}
