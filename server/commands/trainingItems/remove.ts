import { eq } from 'drizzle-orm';
import { trainingItems } from '../../db/schema.js';
import type { Services } from '../../services.js';
import { trainingOf } from '../catalogue/scope.js';
import { deleteUnusedPackages, scormUrlsOf } from '../scorm/packageCleanup.js';
import { itemOf, lockOutline, shiftSiblings } from './items.js';

/**
 * DELETE …/training_items/{id}: a SECTION goes with its items (the foreign key cascades, and with them
 * learners' progress, submissions and comments on those items); the following siblings move up one place
 * so positions stay 0..n-1. SCORM packages no other item launches are then removed from storage; answers the
 * clean-up failures for the caller to log (the item is gone either way).
 */
export async function removeItem(services: Services, storeId: string, trainingUuid: string, itemId: number): Promise<unknown[]> {
  const training = await trainingOf(services, storeId, trainingUuid);
  const scormUrls = await services.db.transaction(async (tx) => {
    await lockOutline(tx, training.id);
    const row = await itemOf(tx, training.id, itemId);
    const urls = await scormUrlsOf(tx, training.id, row.id);
    await tx.delete(trainingItems).where(eq(trainingItems.id, row.id));
    await shiftSiblings(tx, training.id, row.parentId, row.position + 1, -1);
    return urls;
  });
  return deleteUnusedPackages(services, storeId, scormUrls);
}
