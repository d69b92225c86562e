import { eq } from 'drizzle-orm';
import type { AuthContext } from '../../auth/session.js';
import { trainingItems } from '../../db/schema.js';
import { invalid, notFound } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import type { UploadedFile } from '../../openapi/multipart.js';
import type { TrainingItemBody } from '../../presenters/trainingItem.js';
import type { Services } from '../../services.js';
import { trainingOf } from '../catalogue/scope.js';
import { itemDetail, itemOf } from '../trainingItems/items.js';
import { unpackPackage } from './createScormItem.js';
import { deleteUnusedPackages } from './packageCleanup.js';

/** The SCORM item of the path (404 for another training's or store's, 422 on `file` for another type). */
export async function scormItemOf(services: Services, storeId: string, trainingUuid: string, itemId: number) {
  const training = await trainingOf(services, storeId, trainingUuid);
  const row = await itemOf(services.db, training.id, itemId);
  if (row.type !== 'SCORM') throw invalid({ file: [messages.scormNotScormItem] });
  return { training, row };
}

/**
 * POST …/training_items/{id}/scorm: the new package is checked and unpacked like a new one (unpackPackage), then
 * the item launches it. The item's row is locked while its address changes, so two replacements at once each
 * see the other's package as "the old one" and no folder is left behind unused. The old folder goes once no
 * item launches it (deleteUnusedPackages: a duplicate keeps it); the item's `version` stays (the package is not
 * one of the fields an editor saves, so an open editor is not pushed into a conflict).
 */
export async function replaceScormPackage(
  services: Services,
  auth: AuthContext,
  trainingUuid: string,
  itemId: number,
  file: UploadedFile,
): Promise<{ item: TrainingItemBody; cleanupFailures: unknown[] }> {
  const { row } = await scormItemOf(services, auth.store.id, trainingUuid, itemId);
  const unpacked = await unpackPackage(services, auth, file);
  let result;
  try {
    result = await services.db.transaction(async (tx) => {
      const [locked] = await tx.select({ scormUrl: trainingItems.scormUrl }).from(trainingItems).where(eq(trainingItems.id, row.id)).for('update');
      if (!locked) throw notFound();
      const [updated] = await tx
        .update(trainingItems)
        .set({ scormUrl: unpacked.scormUrl, specificContent: unpacked.specificContent, updatedAt: services.clock() })
        .where(eq(trainingItems.id, row.id))
        .returning();
      return { old: locked.scormUrl, updated: updated! };
    });
  } catch (error) {
    await unpacked.discard();
    throw error;
  }
  const cleanupFailures = result.old ? await deleteUnusedPackages(services, auth.store.id, [result.old]) : [];
  return { item: await itemDetail(services.db, result.updated), cleanupFailures };
}
