import type { ReorderGroup, ReorderOrder } from '../../../../machines/reorder/reorder.order';
import type { OutlinePlacement, TrainingItemNode } from '../../../api/trainingItemsApi';

/**
 * The item tree as the reorder machine keeps it: the top-level group (key null: sections and the rare item
 * placed at the top) and one group per section (key = the section's id), ids as strings. Pure helpers shared by
 * the tree, its drag and keyboard moves, and its tests.
 */

/** The order of an outline (GET /trainings/{uuid} `items`): top level, then every section's children. */
export function orderOf(items: readonly TrainingItemNode[]): ReorderOrder {
  const groups: ReorderGroup[] = [{ key: null, ids: items.map((item) => String(item.id)) }];
  for (const item of items) {
    if (item.type === 'SECTION') groups.push({ key: String(item.id), ids: item.children.map((child) => String(child.id)) });
  }
  return groups;
}

/** Every node of the outline by id (string), sections and their children alike. */
export function indexNodes(items: readonly TrainingItemNode[]): Map<string, TrainingItemNode> {
  const nodes = new Map<string, TrainingItemNode>();
  for (const item of items) {
    nodes.set(String(item.id), item);
    for (const child of item.children) nodes.set(String(child.id), child);
  }
  return nodes;
}

/** One top-level entry on screen: a section with the items shown in it, or an item at the top (children null). */
export interface TreeEntry {
  node: TrainingItemNode;
  children: TrainingItemNode[] | null;
}

/**
 * The tree to draw from the order shown (the machine's, maybe not saved yet) and the nodes known. An id of the
 * order without a node (deleted meanwhile) is skipped; a node the order does not list yet (created meanwhile)
 * comes last in its parent, so nothing the server has is ever hidden.
 */
export function arrange(order: ReorderOrder, items: readonly TrainingItemNode[]): TreeEntry[] {
  const nodes = indexNodes(items);
  const listed = new Set(order.flatMap((group) => group.ids));
  const pick = (ids: readonly string[]) => ids.flatMap((id) => nodes.get(id) ?? []);
  const childrenOf = new Map(order.filter((group) => group.key !== null).map((group) => [group.key!, pick(group.ids)]));
  const top = pick(order.find((group) => group.key === null)?.ids ?? []);
  for (const item of items) if (!listed.has(String(item.id))) top.push(item);
  return top.map((node) => {
    if (node.type !== 'SECTION') return { node, children: null };
    const children = childrenOf.get(String(node.id)) ?? [];
    for (const child of node.children) if (!listed.has(String(child.id))) children.push(child);
    return { node, children };
  });
}

/** PUT …/training_items/reordering's body: every item with its parent (null at the top) and its position there. */
export function placements(order: ReorderOrder): OutlinePlacement[] {
  return order.flatMap((group) =>
    group.ids.map((id, position) => ({ id: Number(id), parent_id: group.key === null ? null : Number(group.key), position })),
  );
}

const isSection = (order: ReorderOrder, id: string) => order.some((group) => group.key === id);
const groupOf = (order: ReorderOrder, id: string) => order.find((group) => group.ids.includes(id));

/**
 * The order after moving `id` into the group `toKey`, just before `beforeId` (at the end when null or not
 * there): what a drop reports, read from the DOM's new neighbours rather than indexes, so ids not drawn cannot
 * shift it. The same order when the move is not allowed (unknown id or group, a section into a section).
 */
export function moveBefore(order: ReorderOrder, id: string, toKey: string | null, beforeId: string | null): ReorderOrder {
  if (!groupOf(order, id) || !order.some((group) => group.key === toKey)) return order;
  if (toKey !== null && isSection(order, id)) return order;
  return order.map((group) => {
    const ids = group.ids.filter((other) => other !== id);
    if (group.key !== toKey) return ids.length === group.ids.length ? group : { key: group.key, ids };
    const at = beforeId === null ? -1 : ids.indexOf(beforeId);
    ids.splice(at === -1 ? ids.length : at, 0, id);
    return { key: group.key, ids };
  });
}

export type StepDirection = 'up' | 'down';

/**
 * The keyboard alternative to dragging ("Monter" / "Descendre"): one place up or down in its group; an item at
 * the edge of its section goes to the end of the previous section (up) or the start of the next one (down).
 * Sections and items at the top move among the top level. Null when there is nowhere to go.
 */
export function stepMove(order: ReorderOrder, id: string, direction: StepDirection): ReorderOrder | null {
  const group = groupOf(order, id);
  if (!group) return null;
  const index = group.ids.indexOf(id);
  const neighbour = group.ids[direction === 'up' ? index - 1 : index + 1];
  if (neighbour !== undefined) {
    const before = direction === 'up' ? neighbour : (group.ids[index + 2] ?? null);
    return moveBefore(order, id, group.key, before);
  }
  if (group.key === null) return null;
  // At the edge of a section: into the nearest section before (up) or after (down) it.
  const top = order.find((g) => g.key === null)?.ids ?? [];
  const sections = top.filter((other) => isSection(order, other));
  const target = sections[sections.indexOf(group.key) + (direction === 'up' ? -1 : 1)];
  if (target === undefined) return null;
  const targetIds = order.find((g) => g.key === target)?.ids ?? [];
  return moveBefore(order, id, target, direction === 'up' ? null : (targetIds[0] ?? null));
}

/**
 * About a screen and a half of rows (sections count as one): a big tree draws the items of those entries in its
 * first frame; the sections after them draw their header at once and their items when they come within a screen
 * of the viewport (TreeRows.tsx, useNearScreen), so what is on screen paints first and a 500-item tree never lays
 * out 500 rows. Drag and the menus' moves work on every row drawn; a tree this short or shorter draws at once.
 */
export const FIRST_PAINT_ROWS = 40;

/** How many top-level entries (sections with their items, or loose items) make the first frame. */
export function firstPaintEntries(entries: readonly TreeEntry[], rows = FIRST_PAINT_ROWS): number {
  let drawn = 0;
  for (let i = 0; i < entries.length; i++) {
    drawn += 1 + (entries[i]!.children?.length ?? 0);
    if (drawn >= rows) return i + 1;
  }
  return entries.length;
}
