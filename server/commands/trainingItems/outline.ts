import { and, asc, eq, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import type { Database } from '../../db/client.js';
import { trainingItems } from '../../db/schema.js';

export type TrainingItemNode = components['schemas']['TrainingItemNode'];

/** The outline's columns of one item plus its two counters, as one row of `outlineRows`. */
export type OutlineRow = Omit<TrainingItemNode, 'children'>;

/**
 * Every item of a training with its counters, in one query. The counters are correlated sub-queries on
 * indexed columns (resources by item, submissions by item and status): cheaper than grouping the two
 * tables whole, and a 500-item outline stays one round trip. With `parentId`, only that section's children.
 */
export async function outlineRows(db: Database, trainingId: string, parentId?: number): Promise<OutlineRow[]> {
  return db
    .select({
      id: trainingItems.id,
      type: trainingItems.type,
      name: trainingItems.name,
      draft: trainingItems.draft,
      parent_id: trainingItems.parentId,
      position: trainingItems.position,
      // Written out with aliases: drizzle leaves a lone table's columns unqualified, and an unqualified "id"
      // inside the sub-query would be the sub-query's own.
      resources_count: sql<number>`(select count(*)::int from training_item_resources r where r.training_item_id = "training_items"."id")`,
      assignments_to_validate_count: sql<number>`(select count(*)::int from assignment_submissions s
        where s.training_item_id = "training_items"."id" and s.status = 'PENDING_TEACHER')`,
    })
    .from(trainingItems)
    .where(and(eq(trainingItems.trainingId, trainingId), parentId === undefined ? undefined : eq(trainingItems.parentId, parentId)))
    .orderBy(asc(trainingItems.position), asc(trainingItems.id));
}

/**
 * Flat rows (sorted by position) → the tree: top-level items in order, each SECTION with its children in
 * order. Sections stay top level (the contract); other items sit in a section or, when the contract allows it
 * (a lesson duplicated into another training lands at the top), at the top. A row whose parent is not among
 * the rows (never expected: the foreign key cascades) is shown at the top rather than lost.
 */
export function assembleOutline(rows: readonly OutlineRow[]): TrainingItemNode[] {
  const nodes = new Map<number, TrainingItemNode>(rows.map((row) => [row.id, { ...row, children: [] }]));
  const top: TrainingItemNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parent_id === null ? undefined : nodes.get(row.parent_id);
    (parent ? parent.children : top).push(node);
  }
  return top;
}

/** GET …/training_items, the outline part of GET /trainings/{id}, and the answer of a reorder. */
export async function loadOutline(services: { db: Database }, trainingId: string): Promise<TrainingItemNode[]> {
  return assembleOutline(await outlineRows(services.db, trainingId));
}
