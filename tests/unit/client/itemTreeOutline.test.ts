import { describe, expect, it } from 'vitest';
import type { TrainingItemNode } from '../../../src/api/trainingItemsApi';
import { arrange, FIRST_PAINT_ROWS, firstPaintEntries, indexNodes, moveBefore, orderOf, placements, stepMove } from '../../../src/pages/trainings/content/outline';
import { isRearrangement } from '../../../machines/reorder/reorder.order';

const node = (id: number, type: TrainingItemNode['type'], parent: number | null, children: TrainingItemNode[] = []): TrainingItemNode => ({
  id,
  type,
  name: `#${id}`,
  draft: false,
  parent_id: parent,
  position: 0,
  resources_count: 0,
  assignments_to_validate_count: 0,
  children,
});

// Section 1 (lessons 11, 12), section 2 (quiz 21), a lesson 30 at the top, section 3 (empty).
const outline: TrainingItemNode[] = [
  node(1, 'SECTION', null, [node(11, 'GENERIC', 1), node(12, 'VIDEO', 1)]),
  node(2, 'SECTION', null, [node(21, 'QUIZ', 2)]),
  node(30, 'GENERIC', null),
  node(3, 'SECTION', null),
];
const order = orderOf(outline);
const ids = (o: ReturnType<typeof orderOf>) => Object.fromEntries(o.map((g) => [String(g.key), g.ids.join(',')]));

describe('the item tree outline', () => {
  it('orderOf: the top level, then one group per section, ids as strings', () => {
    expect(order).toEqual([
      { key: null, ids: ['1', '2', '30', '3'] },
      { key: '1', ids: ['11', '12'] },
      { key: '2', ids: ['21'] },
      { key: '3', ids: [] },
    ]);
    expect([...indexNodes(outline).keys()].sort()).toEqual(['1', '11', '12', '2', '21', '3', '30'].sort());
  });

  it('placements: every item with its parent and position, as the reordering endpoint takes them', () => {
    expect(placements(order)).toEqual([
      { id: 1, parent_id: null, position: 0 },
      { id: 2, parent_id: null, position: 1 },
      { id: 30, parent_id: null, position: 2 },
      { id: 3, parent_id: null, position: 3 },
      { id: 11, parent_id: 1, position: 0 },
      { id: 12, parent_id: 1, position: 1 },
      { id: 21, parent_id: 2, position: 0 },
    ]);
  });

  it('moveBefore: within a section, across sections, to the end, into an empty section and out to the top', () => {
    expect(ids(moveBefore(order, '12', '1', '11'))).toMatchObject({ 1: '12,11' });
    expect(ids(moveBefore(order, '11', '2', '21'))).toMatchObject({ 1: '12', 2: '11,21' });
    expect(ids(moveBefore(order, '11', '2', null))).toMatchObject({ 1: '12', 2: '21,11' });
    expect(ids(moveBefore(order, '21', '3', null))).toMatchObject({ 2: '', 3: '21' });
    expect(ids(moveBefore(order, '30', '1', '12'))).toMatchObject({ null: '1,2,3', 1: '11,30,12' });
    expect(ids(moveBefore(order, '11', null, '2'))).toMatchObject({ null: '1,11,2,30,3', 1: '12' });
    expect(ids(moveBefore(order, '3', null, '1'))).toMatchObject({ null: '3,1,2,30' });
    for (const next of [moveBefore(order, '11', '2', '21'), moveBefore(order, '3', null, '1')]) expect(isRearrangement(order, next)).toBe(true);
  });

  it('moveBefore refuses a section inside a section, unknown ids and unknown groups (same order back)', () => {
    expect(moveBefore(order, '2', '1', null)).toBe(order);
    expect(moveBefore(order, '99', '1', null)).toBe(order);
    expect(moveBefore(order, '11', '99', null)).toBe(order);
  });

  it('stepMove: up and down in a group; at a section edge into the neighbouring section; null at the ends', () => {
    expect(ids(stepMove(order, '12', 'up')!)).toMatchObject({ 1: '12,11' });
    expect(ids(stepMove(order, '11', 'down')!)).toMatchObject({ 1: '12,11' });
    // 12 is last of section 1: down goes first into section 2; 21 (only one of section 2) up goes last into section 1.
    expect(ids(stepMove(order, '12', 'down')!)).toMatchObject({ 1: '11', 2: '12,21' });
    expect(ids(stepMove(order, '21', 'up')!)).toMatchObject({ 1: '11,12,21', 2: '' });
    // 21 down skips the lesson at the top and lands in section 3.
    expect(ids(stepMove(order, '21', 'down')!)).toMatchObject({ 2: '', 3: '21' });
    expect(stepMove(order, '11', 'up')).toBeNull();
    expect(ids(stepMove(order, '2', 'up')!)).toMatchObject({ null: '2,1,30,3' });
    expect(stepMove(order, '1', 'up')).toBeNull();
    expect(stepMove(order, '3', 'down')).toBeNull();
    expect(ids(stepMove(order, '30', 'down')!)).toMatchObject({ null: '1,2,3,30' });
    expect(stepMove(order, '99', 'down')).toBeNull();
  });

  it('arrange draws the order shown, skips ids without a node, and shows nodes the order does not list yet', () => {
    const moved = moveBefore(order, '11', '2', null);
    const tree = arrange(moved, outline);
    expect(tree.map((entry) => [entry.node.id, entry.children?.map((c) => c.id) ?? null])).toEqual([
      [1, [12]],
      [2, [21, 11]],
      [30, null],
      [3, []],
    ]);
    // 12 deleted and 40 created (in section 3) since the order was taken; a new section 4 too.
    const later = [
      node(1, 'SECTION', null, [node(11, 'GENERIC', 1)]),
      node(2, 'SECTION', null, [node(21, 'QUIZ', 2)]),
      node(30, 'GENERIC', null),
      node(3, 'SECTION', null, [node(40, 'TASKS', 3)]),
      node(4, 'SECTION', null),
    ];
    expect(arrange(order, later).map((entry) => [entry.node.id, entry.children?.map((c) => c.id) ?? null])).toEqual([
      [1, [11]],
      [2, [21]],
      [30, null],
      [3, [40]],
      [4, []],
    ]);
  });
});

describe('the first frame of a big tree', () => {
  const entries = arrange(order, outline); // rows: section 1 + 2 items, section 2 + 1, lesson 30, section 3
  it('draws top-level entries until the rows reach the limit, the entry that reaches it included', () => {
    expect(firstPaintEntries(entries, 3)).toBe(1);
    expect(firstPaintEntries(entries, 4)).toBe(2);
    expect(firstPaintEntries(entries, 6)).toBe(3);
    expect(firstPaintEntries(entries, 7)).toBe(4);
  });
  it('draws a short tree whole, and an empty one is nothing', () => {
    expect(firstPaintEntries(entries)).toBe(entries.length);
    expect(firstPaintEntries([])).toBe(0);
  });
  it('a 500-item tree of 20-item sections shows two sections first', () => {
    const big = Array.from({ length: 25 }, (_, s) => node(1000 + s, 'SECTION', null, Array.from({ length: 20 }, (_, i) => node(2000 + s * 20 + i, 'GENERIC', 1000 + s))));
    expect(FIRST_PAINT_ROWS).toBe(40);
    expect(firstPaintEntries(arrange(orderOf(big), big))).toBe(2);
  });
});
