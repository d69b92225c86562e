import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import { communityCollections, communitySpaces } from '../../db/schema.js';
import { forbidden, notFound } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { assertManages, assertStoreAdmin, manages, seesSpace, type Viewer } from '../../policies/community.js';
import { presentCollection } from '../../presenters/community.js';
import type { Services } from '../../services.js';
import { cleanDescription } from '../catalogue/descriptionHtml.js';
import { membershipsOf } from './spaces.js';

type Schemas = components['schemas'];
type CollectionRow = typeof communityCollections.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A collection of the viewer's store (404 otherwise: another store's ids do not exist for the caller). */
export async function collectionOf(services: Pick<Services, 'db'>, viewer: Viewer, id: string): Promise<CollectionRow> {
  if (!UUID.test(id)) throw notFound(messages.unknownCollection);
  const [row] = await services.db
    .select()
    .from(communityCollections)
    .where(and(eq(communityCollections.id, id.toLowerCase()), eq(communityCollections.storeId, viewer.store.id)))
    .limit(1);
  if (!row) throw notFound(messages.unknownCollection);
  return row;
}

/** Collections in position order, each with the uuids of the spaces the viewer may see in it, in order. */
export async function listCollections(services: Services, viewer: Viewer): Promise<Schemas['Collection'][]> {
  const rows = await services.db
    .select()
    .from(communityCollections)
    .where(eq(communityCollections.storeId, viewer.store.id))
    .orderBy(asc(communityCollections.position), asc(communityCollections.createdAt), asc(communityCollections.id));
  if (!rows.length) return [];
  const spaces = await services.db
    .select({ id: communitySpaces.id, collectionId: communitySpaces.collectionId, state: communitySpaces.state, ownerUserId: communitySpaces.ownerUserId })
    .from(communitySpaces)
    .where(and(eq(communitySpaces.storeId, viewer.store.id), inArray(communitySpaces.collectionId, rows.map((r) => r.id))))
    .orderBy(asc(communitySpaces.position), asc(communitySpaces.createdAt), asc(communitySpaces.id));
  const memberOf = await membershipsOf(services, viewer, spaces.map((s) => s.id));
  const groups = new Map<string, string[]>();
  for (const space of spaces) {
    if (!seesSpace(viewer, space, memberOf.get(space.id))) continue;
    groups.set(space.collectionId!, [...(groups.get(space.collectionId!) ?? []), space.id]);
  }
  return rows.map((row) => presentCollection(row, groups.get(row.id) ?? []));
}

async function presentOne(services: Services, viewer: Viewer, row: CollectionRow) {
  return (await listCollections(services, viewer)).find((c) => c.uuid === row.id) ?? presentCollection(row, []);
}

export async function createCollection(services: Services, viewer: Viewer, body: Schemas['CreateCollectionBody']) {
  assertStoreAdmin(viewer);
  const [row] = await services.db.transaction(async (tx) => {
    // New collections go last unless a position is given.
    const [last] = await tx
      .select({ n: sql<number>`coalesce(max(${communityCollections.position}) + 1, 0)`.mapWith(Number) })
      .from(communityCollections)
      .where(eq(communityCollections.storeId, viewer.store.id));
    return tx
      .insert(communityCollections)
      .values({
        storeId: viewer.store.id,
        name: body.name.trim() || body.name,
        description: cleanDescription(body.description ?? null),
        position: body.position ?? last?.n ?? 0,
        ownerUserId: viewer.userId,
      })
      .returning();
  });
  return presentCollection(row!, []);
}

export async function updateCollection(services: Services, viewer: Viewer, id: string, body: Schemas['UpdateCollectionBody']) {
  const row = await collectionOf(services, viewer, id);
  assertManages(viewer, row);
  const [updated] = await services.db
    .update(communityCollections)
    .set({
      ...(body.name !== undefined ? { name: body.name.trim() || body.name } : {}),
      ...(body.description !== undefined ? { description: cleanDescription(body.description) } : {}),
    })
    .where(eq(communityCollections.id, row.id))
    .returning();
  return presentOne(services, viewer, updated!);
}

/** Its spaces stay, standalone (the foreign key sets their collection to null). */
export async function deleteCollection(services: Services, viewer: Viewer, id: string) {
  const row = await collectionOf(services, viewer, id);
  assertManages(viewer, row);
  await services.db.delete(communityCollections).where(eq(communityCollections.id, row.id));
}

/** Every collection named must be the store's (404) and the viewer's to manage (403); positions are written in one transaction. */
export async function reorderCollections(services: Services, viewer: Viewer, body: Schemas['ReorderCollectionsBody']) {
  const ids = body.collections.map((c) => c.uuid.toLowerCase());
  if (new Set(ids).size !== ids.length) throw notFound();
  await services.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(communityCollections)
      .where(and(eq(communityCollections.storeId, viewer.store.id), inArray(communityCollections.id, ids)))
      .for('update');
    if (rows.length !== ids.length) throw notFound(messages.unknownCollection);
    if (!rows.every((row) => manages(viewer, row))) throw forbidden(messages.communityManagersOnly);
    for (const item of body.collections) {
      await tx.update(communityCollections).set({ position: item.position }).where(eq(communityCollections.id, item.uuid.toLowerCase()));
    }
  });
  return listCollections(services, viewer);
}
