import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { assignmentSubmissions, trainingItemResources, trainingItems, trainings } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { presentTrainingItem, type TrainingItemBody } from '../../presenters/trainingItem.js';
import { storedBlocks } from './blocks.js';
import { outlineRows } from './outline.js';

export type ItemRow = typeof trainingItems.$inferSelect;
export type ItemType = ItemRow['type'];
/** A transaction of `Database` (drizzle's transactions are databases too, so helpers take either). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Item ids are `serial` (int4): a larger number from a URL or a body must find nothing, not make PostgreSQL fail. */
export const MAX_SERIAL = 2_147_483_647;

/** The item `itemId` of the training, or 404: an item of another training (or store) does not exist here. */
export async function itemOf(db: Database, trainingId: string, itemId: number): Promise<ItemRow> {
  if (!Number.isSafeInteger(itemId) || itemId > MAX_SERIAL) throw notFound();
  const [row] = await db
    .select()
    .from(trainingItems)
    .where(and(eq(trainingItems.id, itemId), eq(trainingItems.trainingId, trainingId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/**
 * Every change to a training's outline (create, delete, duplicate, reorder) first locks the training's row:
 * two editors adding items at once would otherwise read the same "last position", and a reorder could be
 * checked against an outline that changes before it is written.
 */
export async function lockOutline(tx: Transaction, trainingId: string): Promise<void> {
  await tx.select({ id: trainings.id }).from(trainings).where(eq(trainings.id, trainingId)).for('update');
}

/** The position after the last item of `parentId` (null: the top level); 0 in an empty parent. */
export async function nextPosition(db: Database, trainingId: string, parentId: number | null): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${trainingItems.position}) + 1, 0)::int` })
    .from(trainingItems)
    .where(and(eq(trainingItems.trainingId, trainingId), parentId === null ? isNull(trainingItems.parentId) : eq(trainingItems.parentId, parentId)));
  return row?.next ?? 0;
}

/** Shifts the siblings at `fromPosition` and after by `delta` (+1 to make room, -1 to close a gap). */
export async function shiftSiblings(db: Database, trainingId: string, parentId: number | null, fromPosition: number, delta: 1 | -1): Promise<void> {
  await db
    .update(trainingItems)
    .set({ position: sql`${trainingItems.position} + ${delta}` })
    .where(
      and(
        eq(trainingItems.trainingId, trainingId),
        parentId === null ? isNull(trainingItems.parentId) : eq(trainingItems.parentId, parentId),
        sql`${trainingItems.position} >= ${fromPosition}`,
      ),
    );
}

/** An item as the editor reads it: its resources, its waiting assignments, and a section's children. */
export async function itemDetail(db: Database, row: ItemRow): Promise<TrainingItemBody> {
  const [resources, [pending], children] = await Promise.all([
    db.select().from(trainingItemResources).where(eq(trainingItemResources.trainingItemId, row.id)).orderBy(asc(trainingItemResources.position), asc(trainingItemResources.id)),
    db
      .select({ n: count() })
      .from(assignmentSubmissions)
      .where(and(eq(assignmentSubmissions.trainingItemId, row.id), eq(assignmentSubmissions.status, 'PENDING_TEACHER'))),
    row.type === 'SECTION' ? outlineRows(db, row.trainingId, row.id) : Promise.resolve([]),
  ]);
  return presentTrainingItem(row, {
    blocks: storedBlocks(row.content),
    resources,
    assignmentsToValidate: pending?.n ?? 0,
    children: children.map((child) => ({ ...child, children: [] })),
  });
}
