import { and, asc, eq, sql } from 'drizzle-orm';
import type { components, operations } from '../../../src/api/schema.gen.js';
import { trainingItemResources, trainingItems } from '../../db/schema.js';
import { invalid, notFound } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { presentResource } from '../../presenters/trainingItem.js';
import type { Services } from '../../services.js';
import { trainingOf } from '../catalogue/scope.js';
import { arrivedUpload } from '../uploads/arrivedUpload.js';
import { requireSameSet } from '../bundles/order.js';
import { cleanAddress } from './blocks.js';
import { itemOf, MAX_SERIAL, type Transaction } from './items.js';

type ResourceInput = operations['createTrainingItemResource']['requestBody']['content']['application/json'];
type ResourceBody = components['schemas']['Resource'];

/** More files and links than this on one lesson is a client gone wrong. */
export const MAX_ITEM_RESOURCES = 100;

/** Holds the item's row while its resources change, so two additions at once never share a position. */
const lockItem = (tx: Transaction, itemId: number) => tx.select({ id: trainingItems.id }).from(trainingItems).where(eq(trainingItems.id, itemId)).for('update');

const resourcesOf = (tx: Transaction, itemId: number) =>
  tx.select().from(trainingItemResources).where(eq(trainingItemResources.trainingItemId, itemId)).orderBy(asc(trainingItemResources.position), asc(trainingItemResources.id));

/**
 * FILE: the `file_url` of a RESOURCE upload of this training that has arrived; its size and type are the
 * upload's (what the client says is not believed). LINK: any absolute http(s) address, no size.
 */
async function resourceValues(services: Services, trainingId: string, storeId: string, input: ResourceInput) {
  if (input.type === 'LINK') {
    const url = cleanAddress(input.url);
    if (!url) throw invalid({ url: [messages.uri] });
    return { url, size: null, mimeType: null };
  }
  const upload = await arrivedUpload(services, storeId, trainingId, 'RESOURCE', input.url);
  if (!upload) throw invalid({ url: [messages.resourceNotUploaded] });
  return { url: input.url, size: upload.size, mimeType: upload.contentType };
}

/** POST …/training_items/{id}/resources: a file or a link, added last. */
export async function addResource(services: Services, storeId: string, trainingUuid: string, itemId: number, input: ResourceInput): Promise<ResourceBody> {
  const training = await trainingOf(services, storeId, trainingUuid);
  const item = await itemOf(services.db, training.id, itemId);
  const name = input.name.trim();
  if (!name) throw invalid({ name: [messages.required] });
  const values = await resourceValues(services, training.id, storeId, input);
  const row = await services.db.transaction(async (tx) => {
    await lockItem(tx, item.id);
    const existing = await resourcesOf(tx, item.id);
    if (existing.length >= MAX_ITEM_RESOURCES) throw invalid({ url: [messages.tooManyResources(MAX_ITEM_RESOURCES)] });
    const position = existing.reduce((max, resource) => Math.max(max, resource.position + 1), 0);
    const [inserted] = await tx
      .insert(trainingItemResources)
      .values({ trainingItemId: item.id, name, type: input.type, ...values, position })
      .returning();
    return inserted!;
  });
  return presentResource(row);
}

/** DELETE …/resources/{resourceId}: a resource of this item (404 otherwise); the ones after it move up. */
export async function removeResource(services: Services, storeId: string, trainingUuid: string, itemId: number, resourceId: number): Promise<void> {
  const training = await trainingOf(services, storeId, trainingUuid);
  const item = await itemOf(services.db, training.id, itemId);
  if (!Number.isSafeInteger(resourceId) || resourceId > MAX_SERIAL) throw notFound();
  await services.db.transaction(async (tx) => {
    await lockItem(tx, item.id);
    const [removed] = await tx
      .delete(trainingItemResources)
      .where(and(eq(trainingItemResources.id, resourceId), eq(trainingItemResources.trainingItemId, item.id)))
      .returning();
    if (!removed) throw notFound();
    await tx
      .update(trainingItemResources)
      .set({ position: sql`${trainingItemResources.position} - 1` })
      .where(and(eq(trainingItemResources.trainingItemId, item.id), sql`${trainingItemResources.position} > ${removed.position}`));
  });
}

/** PUT …/resources/reordering: every resource of the item, once, in the new order (a partial list is 422). */
export async function reorderResources(services: Services, storeId: string, trainingUuid: string, itemId: number, ids: readonly number[]): Promise<ResourceBody[]> {
  const training = await trainingOf(services, storeId, trainingUuid);
  const item = await itemOf(services.db, training.id, itemId);
  const rows = await services.db.transaction(async (tx) => {
    await lockItem(tx, item.id);
    const current = await resourcesOf(tx, item.id);
    requireSameSet(current.map((r) => String(r.id)), ids.map(String), 'ids', messages.resourcesIncomplete);
    for (const [position, id] of ids.entries()) {
      await tx.update(trainingItemResources).set({ position }).where(eq(trainingItemResources.id, id));
    }
    return resourcesOf(tx, item.id);
  });
  return rows.map(presentResource);
}
