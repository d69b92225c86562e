import { and, asc, eq, sql } from 'drizzle-orm';
import type { components, operations } from '../../src/api/schema.gen.js';
import type { Database } from '../db/client.js';
import { storeResources } from '../db/schema.js';
import { invalid, notFound } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { presentResource } from '../presenters/trainingItem.js';
import type { Services } from '../services.js';
import { requireSameSet } from './bundles/order.js';
import { lockPositions } from './catalogue/positionLock.js';
import { cleanAddress } from './trainingItems/blocks.js';
import { MAX_SERIAL } from './trainingItems/items.js';
import { arrivedStoreUpload } from './uploads/arrivedUpload.js';

type ResourceInput = operations['createStoreResource']['requestBody']['content']['application/json'];
type ResourceBody = components['schemas']['Resource'];

/** The most resources a store offers in its learner area's footer (our design, as a lesson's). */
export const MAX_STORE_RESOURCES = 100;

const resourcesOf = (db: Database, storeId: string) =>
  db.select().from(storeResources).where(eq(storeResources.storeId, storeId)).orderBy(asc(storeResources.position), asc(storeResources.id));

/** GET /stores/{storeUuid}/resources: in position order. */
export async function listStoreResources(services: Services, storeId: string): Promise<ResourceBody[]> {
  return (await resourcesOf(services.db, storeId)).map(presentResource);
}

/**
 * FILE: the `file_url` of an arrived RESOURCE upload of this store (createStoreUploadUrl); its size and type are the
 * upload's, never the client's. LINK: an absolute http(s) address, no size.
 */
async function resourceValues(services: Services, storeId: string, input: ResourceInput) {
  if (input.type === 'LINK') {
    const url = cleanAddress(input.url);
    if (!url) throw invalid({ url: [messages.webAddressOnly] });
    return { url, size: null, mimeType: null };
  }
  const upload = await arrivedStoreUpload(services, storeId, 'RESOURCE', input.url);
  if (!upload) throw invalid({ url: [messages.storeResourceNotUploaded] });
  return { url: input.url, size: upload.size, mimeType: upload.contentType };
}

/** POST /stores/{storeUuid}/resources: added last, positions taken in turn (one advisory lock per store's list). */
export async function createStoreResource(services: Services, storeId: string, input: ResourceInput): Promise<ResourceBody> {
  const name = input.name.trim();
  if (!name) throw invalid({ name: [messages.required] });
  const values = await resourceValues(services, storeId, input);
  const row = await services.db.transaction(async (tx) => {
    await lockPositions(tx, 'storeResources', storeId);
    const existing = await resourcesOf(tx, storeId);
    if (existing.length >= MAX_STORE_RESOURCES) throw invalid({ url: [messages.tooManyResources(MAX_STORE_RESOURCES)] });
    const position = existing.reduce((max, resource) => Math.max(max, resource.position + 1), 0);
    const [inserted] = await tx
      .insert(storeResources)
      .values({ storeId, name, type: input.type, ...values, position, createdAt: services.clock() })
      .returning();
    return inserted!;
  });
  return presentResource(row);
}

/** DELETE /stores/{storeUuid}/resources/{id}: a resource of this store (404 otherwise); the ones after it move up. */
export async function deleteStoreResource(services: Services, storeId: string, resourceId: number): Promise<void> {
  if (!Number.isSafeInteger(resourceId) || resourceId > MAX_SERIAL) throw notFound();
  await services.db.transaction(async (tx) => {
    await lockPositions(tx, 'storeResources', storeId);
    const [removed] = await tx
      .delete(storeResources)
      .where(and(eq(storeResources.id, resourceId), eq(storeResources.storeId, storeId)))
      .returning();
    if (!removed) throw notFound();
    await tx
      .update(storeResources)
      .set({ position: sql`${storeResources.position} - 1` })
      .where(and(eq(storeResources.storeId, storeId), sql`${storeResources.position} > ${removed.position}`));
  });
}

/** PUT /stores/{storeUuid}/resources/reordering: every resource of the store, once, in the new order (else 422). */
export async function reorderStoreResources(services: Services, storeId: string, ids: readonly number[]): Promise<ResourceBody[]> {
  const rows = await services.db.transaction(async (tx) => {
    await lockPositions(tx, 'storeResources', storeId);
    const current = await resourcesOf(tx, storeId);
    requireSameSet(current.map((r) => String(r.id)), ids.map(String), 'ids', messages.resourcesIncomplete);
    for (const [position, id] of ids.entries()) {
      await tx.update(storeResources).set({ position }).where(and(eq(storeResources.id, id), eq(storeResources.storeId, storeId)));
    }
    return resourcesOf(tx, storeId);
  });
  return rows.map(presentResource);
}
