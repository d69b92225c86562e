import { useEffect, useRef, type ReactNode } from 'react';
import Sortable from 'sortablejs';
import type { ReorderPlace } from '../../machines/reorder/reorder.order';
import './SortableList.css';

export interface SortableListProps {
  /** The rows (every child is one): `li` elements with stable React keys. */
  children: ReactNode;
  /** The group this list shows in the order (null for a flat list, a section's id in a tree). */
  groupKey?: string | null;
  /** Lists sharing a name exchange rows (a tree's sections); without one, rows stay in this list. */
  group?: string;
  /** Drag turned off (reading roles, narrow screens, while searching). */
  disabled?: boolean;
  /** The row moved: where from and where to (the index counted after removal, as in moveInOrder). */
  onMove: (from: ReorderPlace, to: ReorderPlace) => void;
  /** The drag handle inside each row (a CSS selector); rows drag from anywhere without one. */
  handle?: string;
  className?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

const keyOf = (element: HTMLElement): string | null => element.dataset.groupKey ?? null;

/**
 * A list whose rows can be dragged (sortablejs). React keeps owning the DOM: when a drag ends, the
 * moved row is put back where React rendered it and `onMove` reports the move, so the new order comes
 * back through state (the reorder machine) and React moves the row itself.
 */
export function SortableList({ children, groupKey = null, group, disabled = false, onMove, handle, className, ...rest }: SortableListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  // The latest callback without re-creating the Sortable instance on each render.
  const onMoveRef = useRef(onMove);
  useEffect(() => {
    onMoveRef.current = onMove;
  });

  useEffect(() => {
    const element = listRef.current;
    if (!element) return;
    const sortable = Sortable.create(element, {
      animation: 150,
      // Pointer events instead of native drag and drop: the same behaviour in every browser (and in tests).
      forceFallback: true,
      fallbackOnBody: true,
      handle,
      group,
      ghostClass: 'sortable-list__ghost',
      chosenClass: 'sortable-list__chosen',
      onEnd(event) {
        const { item, from, to, oldIndex, newIndex } = event;
        if (oldIndex === undefined || newIndex === undefined) return;
        // Undo sortablejs's DOM move: React renders the new order from state.
        const sameList = from === to;
        // Moved down in the same list, the row still sits after its old place: skip over it.
        const reference = sameList && oldIndex > newIndex ? from.children[oldIndex + 1] : from.children[oldIndex];
        from.insertBefore(item, reference ?? null);
        if (sameList && oldIndex === newIndex) return;
        onMoveRef.current({ key: keyOf(from), index: oldIndex }, { key: keyOf(to), index: newIndex });
      },
    });
    return () => sortable.destroy();
  }, [group, handle]);

  useEffect(() => {
    const element = listRef.current;
    if (element) Sortable.get(element)?.option('disabled', disabled);
  }, [disabled]);

  return (
    <ul
      ref={listRef}
      className={['sortable-list', disabled ? null : 'sortable-list--enabled', className].filter(Boolean).join(' ')}
      data-group-key={groupKey ?? undefined}
      {...rest}
    >
      {children}
    </ul>
  );
}

/** The grip a row is dragged by (pointer only: keyboard users move rows from the row's menu). */
export function DragHandle({ className }: { className?: string }) {
  return (
    <span className={['sortable-handle', className].filter(Boolean).join(' ')} aria-hidden="true" data-drag-handle>
      <svg viewBox="0 0 16 16" width="16" height="16" fill="currentColor" focusable="false">
        <circle cx="5.5" cy="3.5" r="1.25" />
        <circle cx="10.5" cy="3.5" r="1.25" />
        <circle cx="5.5" cy="8" r="1.25" />
        <circle cx="10.5" cy="8" r="1.25" />
        <circle cx="5.5" cy="12.5" r="1.25" />
        <circle cx="10.5" cy="12.5" r="1.25" />
      </svg>
    </span>
  );
}
