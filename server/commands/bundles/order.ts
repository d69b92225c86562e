import { asc, eq, sql } from 'drizzle-orm';
import { bundles } from '../../db/schema.js';
import { invalid } from '../../http/errors.js';
import { messages, type Text } from '../../http/messages.js';
import type { Services } from '../../services.js';
import { lockPositions } from '../catalogue/positionLock.js';
import { presentBundles } from './load.js';

/** A uuid[] literal passed as ONE parameter (drizzle would spread a JS array into a list); uuids are checked by the contract. */
export const uuidArray = (values: readonly string[]) => sql`${`{${values.join(',')}}`}::uuid[]`;

/** Is `wanted` exactly the set `current` (the contract already refused duplicates)? */
function sameSet(current: readonly string[], wanted: readonly string[]) {
  const known = new Set(current);
  return wanted.length === known.size && wanted.every((id) => known.has(id));
}

export function requireSameSet(current: readonly string[], wanted: readonly string[], field: string, text: Text) {
  if (!sameSet(current, wanted)) throw invalid({ [field]: [text] });
}

/**
 * POST /bundles/order: the full list of the store's bundles in their new order; `order` becomes each one's
 * index. A partial list is refused (422) rather than guessed at: the client always holds the whole list,
 * and a list missing a bundle created meanwhile in another tab must not silently place it. The store's
 * bundles are locked while the list is compared and written, so a concurrent reorder waits its turn.
 */
export async function reorderBundles(services: Services, storeId: string, bundleUuids: readonly string[]) {
  const rows = await services.db.transaction(async (tx) => {
    // A bundle being created waits, so it is either in the list compared here or placed after it.
    await lockPositions(tx, 'bundles', storeId);
    const current = await tx.select({ id: bundles.id }).from(bundles).where(eq(bundles.storeId, storeId)).for('update');
    requireSameSet(
      current.map((row) => row.id),
      bundleUuids,
      'bundle_uuids',
      messages.bundlesOrderIncomplete,
    );
    await tx.execute(sql`
      update ${bundles} set "order" = wanted.position - 1
      from unnest(${uuidArray(bundleUuids)}) with ordinality as wanted(id, position)
      where ${bundles.id} = wanted.id and ${bundles.storeId} = ${storeId}`);
    return tx.select().from(bundles).where(eq(bundles.storeId, storeId)).orderBy(asc(bundles.order), asc(bundles.id));
  });
  return { data: await presentBundles(services, rows) };
}
