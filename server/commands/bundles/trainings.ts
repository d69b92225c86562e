import { and, count, eq, gt, sql } from 'drizzle-orm';
import { bundleTrainings, bundles } from '../../db/schema.js';
import { conflict, notFound } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import type { Services } from '../../services.js';
import { trainingOf } from '../catalogue/scope.js';
import { presentOneBundle } from './load.js';
import { requireSameSet, uuidArray } from './order.js';

/** The contract's cap on a bundle's item list (creation and reordering send at most this many uuids). */
export const MAX_BUNDLE_TRAININGS = 100;

type BundleRow = typeof bundles.$inferSelect;

/**
 * Runs a change of a bundle's trainings in a transaction holding the bundle's row lock, so that two changes of
 * one bundle never interleave (positions stay 0…n-1), then answers the bundle. Another store's bundle is 404.
 * The bundle's updated_at moves: its content changed.
 */
async function changeTrainings(services: Services, storeId: string, bundleUuid: string, change: (tx: Services, bundle: BundleRow) => Promise<void>) {
  const row = await services.db.transaction(async (db) => {
    const tx = { ...services, db };
    const [bundle] = await db
      .select()
      .from(bundles)
      .where(and(eq(bundles.id, bundleUuid), eq(bundles.storeId, storeId)))
      .for('update');
    if (!bundle) throw notFound();
    await change(tx, bundle);
    const [touched] = await db.update(bundles).set({ updatedAt: services.clock() }).where(eq(bundles.id, bundle.id)).returning();
    return touched!;
  });
  return presentOneBundle(services, row);
}

/** POST /bundles/{uuid}/trainings/{trainingUuid}: added last; already in it is 409, and so is a full bundle. */
export function addBundleTraining(services: Services, storeId: string, bundleUuid: string, trainingUuid: string) {
  return changeTrainings(services, storeId, bundleUuid, async (tx, bundle) => {
    const training = await trainingOf(tx, storeId, trainingUuid);
    const [state] = await tx.db
      .select({
        size: count(),
        already: sql<boolean>`coalesce(bool_or(${bundleTrainings.trainingId} = ${training.id}), false)`,
        next: sql<number>`coalesce(max(${bundleTrainings.position}) + 1, 0)`.mapWith(Number),
      })
      .from(bundleTrainings)
      .where(eq(bundleTrainings.bundleId, bundle.id));
    if (state?.already) throw conflict(messages.bundleTrainingAlreadyIn);
    if ((state?.size ?? 0) >= MAX_BUNDLE_TRAININGS) throw conflict(messages.bundleFull(MAX_BUNDLE_TRAININGS));
    await tx.db.insert(bundleTrainings).values({ bundleId: bundle.id, trainingId: training.id, position: state?.next ?? 0 });
  });
}

/** DELETE /bundles/{uuid}/trainings/{trainingUuid}: the trainings after it move up; not in the bundle is 404. */
export function removeBundleTraining(services: Services, storeId: string, bundleUuid: string, trainingUuid: string) {
  return changeTrainings(services, storeId, bundleUuid, async (tx, bundle) => {
    const training = await trainingOf(tx, storeId, trainingUuid);
    const [removed] = await tx.db
      .delete(bundleTrainings)
      .where(and(eq(bundleTrainings.bundleId, bundle.id), eq(bundleTrainings.trainingId, training.id)))
      .returning({ position: bundleTrainings.position });
    if (!removed) throw notFound();
    await tx.db
      .update(bundleTrainings)
      .set({ position: sql`${bundleTrainings.position} - 1` })
      .where(and(eq(bundleTrainings.bundleId, bundle.id), gt(bundleTrainings.position, removed.position)));
  });
}

/**
 * POST /bundles/{uuid}/items/order: `item_uuids` are the bundle's training uuids, all of them and only them,
 * in the new order (422 otherwise: a partial list cannot say where the others go).
 */
export function reorderBundleTrainings(services: Services, storeId: string, bundleUuid: string, trainingUuids: readonly string[]) {
  return changeTrainings(services, storeId, bundleUuid, async (tx, bundle) => {
    const current = await tx.db.select({ id: bundleTrainings.trainingId }).from(bundleTrainings).where(eq(bundleTrainings.bundleId, bundle.id));
    requireSameSet(
      current.map((row) => row.id),
      trainingUuids,
      'item_uuids',
      messages.bundleItemsOrderIncomplete,
    );
    await tx.db.execute(sql`
      update ${bundleTrainings} set position = wanted.position - 1
      from unnest(${uuidArray(trainingUuids)}) with ordinality as wanted(id, position)
      where ${bundleTrainings.trainingId} = wanted.id and ${bundleTrainings.bundleId} = ${bundle.id}`);
  });
}
