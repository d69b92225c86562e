import { eq } from 'drizzle-orm';
import { trainingItems } from '../../db/schema.js';
import type { Services } from '../../services.js';
import { trainingOf } from '../catalogue/scope.js';
import { itemOf, lockOutline, shiftSiblings } from './items.js';

/**
 * DELETE …/training_items/{id}: a SECTION goes with its items (the foreign key cascades, and with them
 * learners' progress, submissions and comments on those items); the following siblings move up one place
 * so positions stay 0..n-1.
 */
export async function removeItem(services: Services, storeId: string, trainingUuid: string, itemId: number): Promise<void> {
  const training = await trainingOf(services, storeId, trainingUuid);
  await services.db.transaction(async (tx) => {
    await lockOutline(tx, training.id);
    const row = await itemOf(tx, training.id, itemId);
    await tx.delete(trainingItems).where(eq(trainingItems.id, row.id));
    await shiftSiblings(tx, training.id, row.parentId, row.position + 1, -1);
  });
}
