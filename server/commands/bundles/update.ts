import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { operations } from '../../../src/api/schema.gen.js';
import { bundles, sales } from '../../db/schema.js';
import { conflict } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import type { Services } from '../../services.js';
import { cleanDescription } from '../catalogue/descriptionHtml.js';
import { mergedJson } from '../catalogue/jsonMerge.js';
import { lockPositions } from '../catalogue/positionLock.js';
import { bundleOf } from '../catalogue/scope.js';
import { requireWebAddresses } from '../catalogue/webAddress.js';
import { requiredName } from '../trainings/create.js';
import { isUniqueViolation } from '../trainings/slug.js';
import { BUYING_SALE_STATUSES, presentOneBundle } from './load.js';

export type BundleUpdate = operations['updateBundle']['requestBody']['content']['application/json'];
type BundleChanges = PgUpdateSetSource<typeof bundles>;

/** An empty or blank text clears the field rather than storing spaces. */
const textOrNull = (value: string | null) => (value?.trim() ? value : null);

/**
 * PUT /bundles/{uuid}: only the fields sent change; inside `seo_data`, only the keys sent. Pictures must be web
 * addresses (422). Renaming keeps the slug (published links stay valid); a slug another bundle of the store
 * uses answers 409.
 */
export async function updateBundle(services: Services, storeId: string, bundleUuid: string, input: BundleUpdate) {
  const bundle = await bundleOf(services, storeId, bundleUuid);
  requireWebAddresses({ picture: input.picture, 'seo_data.image': input.seo_data?.image });

  const set: BundleChanges = { updatedAt: services.clock() };
  if (input.name !== undefined) set.name = requiredName(input.name);
  if (input.summary !== undefined) set.summary = input.summary === null ? null : textOrNull(input.summary.trim());
  if (input.description !== undefined) set.description = cleanDescription(input.description);
  if (input.picture !== undefined) set.picture = input.picture;
  if (input.status !== undefined) set.status = input.status;
  // Merged by PostgreSQL in the update: two editors changing different SEO fields at once both keep theirs.
  if (input.seo_data !== undefined) set.seoData = mergedJson(bundles.seoData, input.seo_data);
  if (input.slug !== undefined && input.slug !== bundle.slug) {
    const [taken] = await services.db
      .select({ id: bundles.id })
      .from(bundles)
      .where(and(eq(bundles.storeId, storeId), eq(bundles.slug, input.slug), ne(bundles.id, bundle.id)))
      .limit(1);
    if (taken) throw slugTaken();
    set.slug = input.slug;
  }

  try {
    const [row] = await services.db.update(bundles).set(set).where(eq(bundles.id, bundle.id)).returning();
    return presentOneBundle(services, row!);
  } catch (error) {
    // Another request took the slug between the check and the write.
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

const slugTaken = () => conflict(messages.bundleSlugTaken, { slug: [messages.bundleSlugTaken] });

/**
 * DELETE /bundles/{uuid}. A bundle someone bought, or is paying for, stays (409): its sales, invoices and statistics name it;
 * hiding it is the way out. Learners keep their trainings either way (enrolments belong to trainings).
 * The bundles after it move up one place so that `order` stays 0…n-1.
 */
export async function deleteBundle(services: Services, storeId: string, bundleUuid: string) {
  await services.db.transaction(async (tx) => {
    // The orders after it move up: creations (which read the last order) wait until that is done.
    await lockPositions(tx, 'bundles', storeId);
    const bundle = await bundleOf({ ...services, db: tx }, storeId, bundleUuid);
    const [paid] = await tx
      .select({ id: sales.id })
      .from(sales)
      .where(and(eq(sales.storeId, storeId), eq(sales.bundleId, bundle.id), inArray(sales.status, [...BUYING_SALE_STATUSES])))
      .limit(1);
    if (paid) throw conflict(messages.bundleHasBuyers);
    await tx.delete(bundles).where(eq(bundles.id, bundle.id));
    await tx
      .update(bundles)
      .set({ order: sql`${bundles.order} - 1` })
      .where(and(eq(bundles.storeId, storeId), gt(bundles.order, bundle.order)));
  });
}
