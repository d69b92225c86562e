/**
 * The order the reorder machine keeps: a list of groups of ids. A flat list is one group with key
 * null; a tree is the top-level group plus one group per section (key = the section's id), so one
 * machine serves lists and trees. Pure helpers shared by the machine, its views and its tests.
 */

/** One ordered run of ids: the whole list (key null) or the children of one parent. */
export interface ReorderGroup {
  readonly key: string | null;
  readonly ids: readonly string[];
}

export type ReorderOrder = readonly ReorderGroup[];

/** A flat list as an order (one group, key null). */
export const flatOrder = (ids: readonly string[]): ReorderOrder => [{ key: null, ids }];

/** The ids of a flat order (the group with key null, or none). */
export const flatIds = (order: ReorderOrder): readonly string[] => order.find((group) => group.key === null)?.ids ?? [];

/** Same groups, in the same order, holding the same ids in the same order. */
export function sameOrder(a: ReorderOrder, b: ReorderOrder): boolean {
  return (
    a.length === b.length &&
    a.every((group, i) => {
      const other = b[i]!;
      return group.key === other.key && group.ids.length === other.ids.length && group.ids.every((id, j) => other.ids[j] === id);
    })
  );
}

const sortedKeys = (order: ReorderOrder) => order.map((group) => String(group.key)).sort();
const sortedIds = (order: ReorderOrder) => order.flatMap((group) => group.ids).sort();

/**
 * Whether `next` rearranges `current`: the same group keys and the same ids overall (an id may move to
 * another group). A move that adds or loses an id was built on other data and must not be saved.
 */
export function isRearrangement(current: ReorderOrder, next: ReorderOrder): boolean {
  const [keysA, keysB, idsA, idsB] = [sortedKeys(current), sortedKeys(next), sortedIds(current), sortedIds(next)];
  return keysA.length === keysB.length && keysA.every((k, i) => keysB[i] === k) && idsA.length === idsB.length && idsA.every((id, i) => idsB[i] === id);
}

/** Where an id sits: its group's key and its index in that group. */
export interface ReorderPlace {
  key: string | null;
  index: number;
}

/**
 * The order after moving the id at `from` to `to` (the index it takes in its target group, counted
 * after removal, as sortablejs reports `newIndex`). Returns the same order when `from` holds nothing.
 */
export function moveInOrder(order: ReorderOrder, from: ReorderPlace, to: ReorderPlace): ReorderOrder {
  const source = order.find((group) => group.key === from.key);
  const id = source?.ids[from.index];
  if (id === undefined || !order.some((group) => group.key === to.key)) return order;
  const removed = order.map((group) => (group.key === from.key ? { key: group.key, ids: group.ids.filter((_, i) => i !== from.index) } : group));
  return removed.map((group) => {
    if (group.key !== to.key) return group;
    const ids = [...group.ids];
    ids.splice(Math.max(0, Math.min(to.index, ids.length)), 0, id);
    return { key: group.key, ids };
  });
}
