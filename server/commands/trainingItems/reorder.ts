import { sql } from 'drizzle-orm';
import type { operations } from '../../../src/api/schema.gen.js';
import { invalid, type FieldErrors } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import type { Services } from '../../services.js';
import { trainingOf } from '../catalogue/scope.js';
import { lockOutline, type ItemRow } from './items.js';
import { assembleOutline, outlineRows, type TrainingItemNode } from './outline.js';

export type OutlineOrder = operations['reorderTrainingItems']['requestBody']['content']['application/json'];
export type OutlineEntry = OutlineOrder['items'][number];
type CurrentItem = Pick<ItemRow, 'id' | 'type' | 'parentId' | 'position'>;

/**
 * The rules of a whole-outline order, checked against the training's items (pure, so unit-testable):
 * 1. every item of the training appears exactly once, and nothing else (else the client worked on a stale
 *    outline: one message asks to reload);
 * 2. a SECTION stays at the top level; another item sits at the top level or in a SECTION of this outline;
 * 3. within each parent the positions are exactly 0..n-1. Strict rather than renumbered: the reorder machine
 *    keeps what it sent as the truth, so the server stores exactly that or refuses it.
 */
export function outlineOrderErrors(current: readonly CurrentItem[], entries: readonly OutlineEntry[]): FieldErrors {
  const byId = new Map(current.map((item) => [item.id, item]));
  const seen = new Set<number>();
  for (const entry of entries) {
    if (!byId.has(entry.id) || seen.has(entry.id)) return { items: [messages.outlineIncomplete] };
    seen.add(entry.id);
  }
  if (seen.size !== byId.size) return { items: [messages.outlineIncomplete] };

  const errors: FieldErrors = {};
  const positions = new Map<number | null, number[]>();
  entries.forEach((entry, i) => {
    const item = byId.get(entry.id)!;
    if (entry.parent_id !== null) {
      const parent = byId.get(entry.parent_id);
      if (item.type === 'SECTION') errors[`items.${i}.parent_id`] = [messages.sectionAtTopLevel];
      else if (!parent) errors[`items.${i}.parent_id`] = [messages.outlineUnknownParent(entry.parent_id)];
      else if (parent.type !== 'SECTION') errors[`items.${i}.parent_id`] = [messages.outlineParentNotSection(entry.parent_id)];
    }
    const list = positions.get(entry.parent_id) ?? [];
    list.push(entry.position);
    positions.set(entry.parent_id, list);
  });
  for (const list of positions.values()) {
    list.sort((a, b) => a - b);
    if (list.some((position, i) => position !== i)) {
      errors.items = [messages.outlinePositions];
      break;
    }
  }
  return errors;
}

/**
 * PUT …/training_items/reordering: validated against the locked outline, then written in ONE statement
 * (`UPDATE … FROM (VALUES …)`) holding only the rows that move, in the same transaction. The answer is the
 * outline read under the lock with the new places applied: what the table now holds, without reading it again.
 */
export async function reorderItems(services: Services, storeId: string, trainingUuid: string, order: OutlineOrder): Promise<TrainingItemNode[]> {
  const training = await trainingOf(services, storeId, trainingUuid);
  return services.db.transaction(async (tx) => {
    await lockOutline(tx, training.id);
    const rows = await outlineRows(tx, training.id);
    const current = rows.map((row) => ({ id: row.id, type: row.type, parentId: row.parent_id, position: row.position }));
    const errors = outlineOrderErrors(current, order.items);
    if (Object.keys(errors).length) throw invalid(errors);

    const places = new Map(order.items.map((entry) => [entry.id, entry]));
    const moved = rows.filter((row) => {
      const entry = places.get(row.id)!;
      return row.parent_id !== entry.parent_id || row.position !== entry.position;
    });
    if (moved.length) {
      const values = sql.join(
        moved.map((row) => sql`(${row.id}::int, ${places.get(row.id)!.parent_id}::int, ${places.get(row.id)!.position}::int)`),
        sql`, `,
      );
      await tx.execute(sql`
        update training_items as t set parent_id = v.parent_id, position = v.position
        from (values ${values}) as v(id, parent_id, position)
        where t.id = v.id and t.training_id = ${training.id}`);
    }
    const placed = rows.map((row) => ({ ...row, parent_id: places.get(row.id)!.parent_id, position: places.get(row.id)!.position }));
    return assembleOutline(placed.sort((a, b) => a.position - b.position || a.id - b.id));
  });
}
