import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { operations } from '../../../src/api/schema.gen.js';
import { bundles, sales } from '../../db/schema.js';
import { conflict, invalid, type FieldErrors } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import type { Services } from '../../services.js';
import { bundleOf } from '../catalogue/scope.js';
import { requiredName } from '../trainings/create.js';
import { isUniqueViolation } from '../trainings/slug.js';
import { BUYING_SALE_STATUSES, presentOneBundle } from './load.js';

export type BundleUpdate = operations['updateBundle']['requestBody']['content']['application/json'];
type BundleChanges = Partial<typeof bundles.$inferInsert>;

/** Pictures are shown in <img> on the sales pages: only web addresses, whatever else a URI may be. */
const isWebAddress = (value: string | null | undefined) => value == null || /^https?:\/\//i.test(value);

/** An empty or blank text clears the field rather than storing spaces. */
const textOrNull = (value: string | null) => (value?.trim() ? value : null);

function checkAddresses(input: BundleUpdate): FieldErrors {
  const errors: FieldErrors = {};
  if (!isWebAddress(input.picture)) errors.picture = [messages.webAddressOnly];
  if (!isWebAddress(input.seo_data?.image)) errors['seo_data.image'] = [messages.webAddressOnly];
  return errors;
}

/**
 * PUT /bundles/{uuid}: only the fields sent change; inside `seo_data`, only the keys sent. Renaming keeps the
 * slug (published links stay valid); a slug another bundle of the store uses answers 409.
 */
export async function updateBundle(services: Services, storeId: string, bundleUuid: string, input: BundleUpdate) {
  const bundle = await bundleOf(services, storeId, bundleUuid);
  const errors = checkAddresses(input);
  if (Object.keys(errors).length) throw invalid(errors);

  const set: BundleChanges = { updatedAt: services.clock() };
  if (input.name !== undefined) set.name = requiredName(input.name);
  if (input.summary !== undefined) set.summary = input.summary === null ? null : textOrNull(input.summary.trim());
  if (input.description !== undefined) set.description = textOrNull(input.description);
  if (input.picture !== undefined) set.picture = input.picture;
  if (input.status !== undefined) set.status = input.status;
  if (input.seo_data !== undefined) set.seoData = { ...bundle.seoData, ...input.seo_data };
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
