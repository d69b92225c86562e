import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { bundleTrainings, sales, trainings } from '../../db/schema.js';
import { presentBundle, type BundleParts, type BundleRow, type BundleTrainingRow } from '../../presenters/bundle.js';
import type { Services } from '../../services.js';
import { schedulesOf } from '../catalogue/paymentSchedules.js';
import { bundleOf } from '../catalogue/scope.js';

/**
 * Bundles as the API answers them, however many: three queries for the whole set (trainings, payment
 * schedules, buyers), never one per bundle. The rows must already be the caller's store's.
 */
export async function presentBundles(services: Services, rows: readonly BundleRow[]) {
  const ids = rows.map((row) => row.id);
  const [trainingsBy, schedulesBy, buyersBy] = await Promise.all([
    trainingsOf(services, ids),
    schedulesOf(services, 'bundleId', ids),
    buyersOf(services, rows[0]?.storeId, ids),
  ]);
  return rows.map((row) => {
    const parts: BundleParts = {
      trainings: trainingsBy.get(row.id) ?? [],
      schedules: schedulesBy.get(row.id) ?? [],
      customersCount: buyersBy.get(row.id) ?? 0,
    };
    return presentBundle(row, parts);
  });
}

export async function presentOneBundle(services: Services, row: BundleRow) {
  const [body] = await presentBundles(services, [row]);
  return body!;
}

/** GET /bundles/{bundleUuid}: one bundle of the store (404 for another store's). */
export async function getBundle(services: Services, storeId: string, bundleUuid: string) {
  return presentOneBundle(services, await bundleOf(services, storeId, bundleUuid));
}

/** Each bundle's trainings in the bundle's item order (ties, from concurrent additions, by date then id). */
async function trainingsOf(services: Services, bundleIds: string[]) {
  const byBundle = new Map<string, BundleTrainingRow[]>();
  if (!bundleIds.length) return byBundle;
  const rows = await services.db
    .select({ bundleId: bundleTrainings.bundleId, id: trainings.id, slug: trainings.slug, name: trainings.name, picture: trainings.picture })
    .from(bundleTrainings)
    .innerJoin(trainings, eq(trainings.id, bundleTrainings.trainingId))
    .where(inArray(bundleTrainings.bundleId, bundleIds))
    .orderBy(asc(bundleTrainings.position), asc(bundleTrainings.createdAt), asc(trainings.id));
  for (const { bundleId, ...training } of rows) byBundle.set(bundleId, [...(byBundle.get(bundleId) ?? []), training]);
  return byBundle;
}

/** Sales meaning a customer bought the bundle: paid, or paying by instalments (as for trainings). */
export const BUYING_SALE_STATUSES = ['PAID', 'IN_PROGRESS', 'INCOMING'] as const;

/**
 * customers_count: the distinct customers who bought the bundle (or are paying for it by instalments).
 * Learners enrolled in each of its trainings one by one did not buy the pack, so they are not counted.
 */
async function buyersOf(services: Services, storeId: string | undefined, bundleIds: string[]) {
  const byBundle = new Map<string, number>();
  if (!storeId || !bundleIds.length) return byBundle;
  const rows = await services.db
    .select({ bundleId: sales.bundleId, count: sql<number>`count(distinct ${sales.customerId})`.mapWith(Number) })
    .from(sales)
    // sales has no bundle index: the store's index narrows the scan to one store's sales.
    .where(and(eq(sales.storeId, storeId), inArray(sales.bundleId, bundleIds), inArray(sales.status, [...BUYING_SALE_STATUSES])))
    .groupBy(sales.bundleId);
  for (const row of rows) if (row.bundleId) byBundle.set(row.bundleId, row.count);
  return byBundle;
}
