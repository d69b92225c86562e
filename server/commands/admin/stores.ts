import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import { stores, users } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { presentAdminStore } from '../../presenters/admin.js';
import type { Services } from '../../services.js';
import { offsetOf, pageEnvelope, type PageRequest } from '../trainingLearners/paging.js';

type Capabilities = components['schemas']['UpdateStoreCapabilitiesBody'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** LIKE's own characters in what the admin typed are taken literally. */
const likePrefix = (q: string) => `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Which stores a search names: the uuid itself, or a subdomain or an owner's e-mail starting with `q` (case
 * folded). Both prefixes are index ranges (text_pattern_ops btrees), so no search reads every store.
 */
function matching(q: string | undefined): SQL | undefined {
  const needle = q?.trim().toLowerCase();
  if (!needle) return undefined;
  if (UUID.test(needle)) return eq(stores.id, needle);
  const prefix = likePrefix(needle);
  return sql`(${stores.subdomain} like ${prefix} or ${stores.id} in (
    select ${users.storeId} from ${users} where lower(${users.email}) like ${prefix} and ${users.role} = 'OWNER'))`;
}

/** The owner of each store (the first one, should a store ever have two). */
async function ownersOf(services: Services, storeIds: string[]) {
  if (storeIds.length === 0) return new Map<string, typeof users.$inferSelect>();
  const rows = await services.db
    .select()
    .from(users)
    .where(and(sql`${users.storeId} in ${storeIds}`, eq(users.role, 'OWNER')))
    .orderBy(users.createdAt);
  const owners = new Map<string, typeof users.$inferSelect>();
  for (const row of rows) if (!owners.has(row.storeId)) owners.set(row.storeId, row);
  return owners;
}

/** GET /admin/stores: a page of stores, newest first, with their flags and owner. */
export async function listAdminStores(services: Services, options: { q?: string } & PageRequest) {
  const where = matching(options.q);
  const [total] = await services.db.select({ n: count() }).from(stores).where(where);
  const offset = offsetOf(options);
  const rows =
    offset < (total?.n ?? 0)
      ? await services.db.select().from(stores).where(where).orderBy(desc(stores.createdAt), desc(stores.id)).limit(options.perPage).offset(offset)
      : [];
  const owners = await ownersOf(services, rows.map((row) => row.id));
  return pageEnvelope(options, total?.n ?? 0, rows.map((row) => presentAdminStore(row, owners.get(row.id) ?? null)));
}

/**
 * PUT /admin/stores/{uuid}/capabilities: the flags sent, merged into the stored ones in one statement (jsonb ||),
 * so two admins changing different flags at the same moment both keep their change.
 */
export async function updateStoreCapabilities(services: Services, storeId: string, changes: Capabilities) {
  const [updated] = await services.db
    .update(stores)
    .set({ enterpriseCapabilities: sql`${stores.enterpriseCapabilities} || ${JSON.stringify(changes)}::jsonb` })
    .where(eq(stores.id, storeId))
    .returning();
  if (!updated) throw notFound();
  const owners = await ownersOf(services, [updated.id]);
  return presentAdminStore(updated, owners.get(updated.id) ?? null);
}
