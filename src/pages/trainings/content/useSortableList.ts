import { useEffect, useRef, type RefObject } from 'react';
import Sortable from 'sortablejs';

/** What a drop reports: the item, the list it landed in (null: the top level) and the item now after it. */
export interface TreeDrop {
  id: string;
  toKey: string | null;
  beforeId: string | null;
}

/** Every list of the tree shares one sortablejs group so items can move between sections. */
const GROUP = 'item-tree';
const isSection = (element: HTMLElement) => element.dataset.kind === 'SECTION';

/** The id of the first tree entry after `element` in its list, or null at the end. */
function nextId(element: Element): string | null {
  for (let next = element.nextElementSibling; next; next = next.nextElementSibling) {
    const id = (next as HTMLElement).dataset.treeId;
    if (id) return id;
  }
  return null;
}

/**
 * Binds sortablejs to one list of the tree (`<ul>` of `<li data-tree-id data-kind>`): the top level
 * (`groupKey` null: sections and items, dragged by their `[data-drag-handle="top"]`) or a section's items
 * (dragged by `[data-drag-handle="item"]`). Sections never leave the top level; items move between sections
 * (and out of the top level into one), never back to the top.
 *
 * React owns the DOM: on drop, the moved element is put back where it was and the drop is reported, so the
 * reorder machine's new order is what React draws (never sortablejs's own move). Fallback (pointer-event)
 * dragging is forced so dragging behaves the same in every browser and in browser tests.
 */
export function useSortableList(listRef: RefObject<HTMLUListElement | null>, groupKey: string | null, enabled: boolean, onDrop: (drop: TreeDrop) => void) {
  const onDropRef = useRef(onDrop);
  const enabledRef = useRef(enabled);
  useEffect(() => {
    onDropRef.current = onDrop;
    enabledRef.current = enabled;
  });

  const sortableRef = useRef<Sortable | null>(null);
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const top = groupKey === null;
    const sortable = Sortable.create(list, {
      group: {
        name: GROUP,
        // A section stays in the top level; an item may leave any list.
        pull: (_to, _from, dragged) => !isSection(dragged),
        // Items belong in chapters: the top level takes nothing from elsewhere (an item already there, from a
        // duplication into this training, still moves within it); a section's list takes items only.
        put: (_to, _from, dragged) => !top && !isSection(dragged),
      },
      handle: top ? '[data-drag-handle="top"]' : '[data-drag-handle="item"]',
      draggable: '>li',
      animation: 150,
      forceFallback: true,
      fallbackOnBody: true,
      fallbackTolerance: 4,
      swapThreshold: 0.65,
      emptyInsertThreshold: 24,
      ghostClass: 'item-tree__ghost',
      chosenClass: 'item-tree__chosen',
      disabled: !enabledRef.current,
      onEnd: (event) => {
        const { item, from, to, oldIndex } = event;
        const id = item.dataset.treeId;
        const toKey = to.dataset.groupKey ?? '';
        const beforeId = nextId(item);
        // Undo sortablejs's DOM move: React draws the order the machine accepts.
        item.remove();
        from.insertBefore(item, from.children[oldIndex ?? 0] ?? null);
        if (id) onDropRef.current({ id, toKey: toKey === '' ? null : toKey, beforeId });
      },
    });
    sortableRef.current = sortable;
    return () => {
      sortable.destroy();
      sortableRef.current = null;
    };
  }, [listRef, groupKey]);

  useEffect(() => {
    sortableRef.current?.option('disabled', !enabled);
  }, [enabled]);
}
