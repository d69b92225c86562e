import { and, eq, inArray, sql } from 'drizzle-orm';
import type { operations } from '../../../src/api/schema.gen.js';
import { bundleTrainings, bundles, trainings } from '../../db/schema.js';
import { invalid } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import type { Services } from '../../services.js';
import { lockPositions } from '../catalogue/positionLock.js';
import { freeSlug, slugify } from '../catalogue/scope.js';
import { requiredName } from '../trainings/create.js';
import { retryOnSlugCollision } from '../trainings/slug.js';
import { presentOneBundle } from './load.js';

export type BundleCreation = operations['createBundle']['requestBody']['content']['application/json'];

/** The given trainings, all of the caller's store, or 422 naming the field. */
async function ownTrainings(services: Services, storeId: string, uuids: readonly string[]) {
  if (!uuids.length) return;
  const found = await services.db
    .select({ id: trainings.id })
    .from(trainings)
    .where(and(eq(trainings.storeId, storeId), inArray(trainings.id, [...uuids])))
    // Kept until the bundle is written: a training deleted meanwhile would otherwise break the insert.
    .for('share');
  if (found.length !== new Set(uuids).size) throw invalid({ training_uuids: [messages.bundleUnknownTrainings] });
}

/**
 * POST /bundles: a DRAFT, last in the store's order, its slug made from the name (base, base-2…), with the
 * given trainings in the given order. Creations in one store take turns (distinct orders and slugs); a rename
 * taking the chosen slug at the same moment makes the creation retry with a fresh one.
 */
export async function createBundle(services: Services, storeId: string, input: BundleCreation) {
  const name = requiredName(input.name);
  const trainingUuids = input.training_uuids ?? [];
  const summary = input.summary?.trim() ? input.summary.trim() : null;

  const row = await retryOnSlugCollision(() =>
    services.db.transaction(async (tx) => {
      // "Last + 1" and the free slug are read under the store's lock, so two creations at once get distinct ones.
      await lockPositions(tx, 'bundles', storeId);
      const slug = await freeSlug({ ...services, db: tx }, bundles, storeId, slugify(name));
      await ownTrainings({ ...services, db: tx }, storeId, trainingUuids);
      const [bundle] = await tx
        .insert(bundles)
        .values({
          storeId,
          name,
          slug,
          summary,
          order: sql`(select coalesce(max(${bundles.order}) + 1, 0) from ${bundles} where ${bundles.storeId} = ${storeId})`,
        })
        .returning();
      if (trainingUuids.length) {
        await tx.insert(bundleTrainings).values(trainingUuids.map((trainingId, position) => ({ bundleId: bundle!.id, trainingId, position })));
      }
      return bundle!;
    }),
  );
  return presentOneBundle(services, row);
}
