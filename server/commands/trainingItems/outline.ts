import { sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import type { Database } from '../../db/client.js';

export type TrainingItemNode = components['schemas']['TrainingItemNode'];

/** The outline's columns of one item plus its two counters, as one row of `outlineRows`. */
export type OutlineRow = Omit<TrainingItemNode, 'children'>;

/**
 * Every item of a training with its counters, in one query. The counters are grouped once over the
 * training's own items and joined (a correlated sub-query per row and counter cost twice as much on a
 * 500-item outline). With `parentId`, only that section's children.
 */
export async function outlineRows(db: Database, trainingId: string, parentId?: number): Promise<OutlineRow[]> {
  const onlyChildren = parentId === undefined ? sql`` : sql`and ti.parent_id = ${parentId}`;
  const result = await db.execute(sql`
    select ti.id, ti.type, ti.name, ti.draft, ti.parent_id, ti.position,
      coalesce(r.n, 0)::int as resources_count, coalesce(s.n, 0)::int as assignments_to_validate_count
    from training_items ti
    left join (
      select r.training_item_id, count(*) as n from training_item_resources r
      join training_items i on i.id = r.training_item_id where i.training_id = ${trainingId} group by 1
    ) r on r.training_item_id = ti.id
    left join (
      select s.training_item_id, count(*) as n from assignment_submissions s
      join training_items i on i.id = s.training_item_id
      where i.training_id = ${trainingId} and s.status = 'PENDING_TEACHER' group by 1
    ) s on s.training_item_id = ti.id
    where ti.training_id = ${trainingId} ${onlyChildren}
    order by ti.position, ti.id`);
  return (result as unknown as { rows: OutlineRow[] }).rows;
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

/** GET …/training_items and the outline part of GET /trainings/{id}. */
export async function loadOutline(services: { db: Database }, trainingId: string): Promise<TrainingItemNode[]> {
  return assembleOutline(await outlineRows(services.db, trainingId));
}

/** The outline read in the learner's order: each top-level item, a section followed by its children. */
export function outlineOrder<T extends { children: T[] }>(nodes: readonly T[]): T[] {
  return nodes.flatMap((node) => [node, ...outlineOrder(node.children)]);
}
