import { memo, useEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { GripVertical, Paperclip } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { TrainingItemNode } from '../../../api/trainingItemsApi';
import { contentMessages as m } from './contentMessages';
import { AddItemMenu, EntryMenu } from './ItemMenus';
import { editorPath, ITEM_TYPE_VIEW, submissionsPath } from './itemTypeView';
import type { TreeSettings } from './treeController';
import { useSortableList, type TreeDrop } from './useSortableList';

/** The grip sortablejs drags by; the keyboard moves through "Monter" / "Descendre" in the entry's menu instead. */
function DragHandle({ level, name }: { level: 'top' | 'item'; name: string }) {
  const intl = useIntl();
  return (
    <span className="item-tree__handle" data-drag-handle={level} title={intl.formatMessage(m.dragHandle, { name })} aria-hidden="true">
      <GripVertical size={16} />
    </span>
  );
}

/**
 * One item of the tree: its type icon, its name (a link to its editor, with `parentId`), the draft mark, the
 * resources count and the assignments waiting for correction. Memoised: a 500-item tree redraws only the rows
 * whose node changed (TanStack Query keeps unchanged nodes identical across refetches).
 */
export const TreeItemRow = memo(function TreeItemRow({ node, parentId, settings }: { node: TrainingItemNode; parentId: number | null; settings: TreeSettings }) {
  const intl = useIntl();
  const { icon: Icon, label } = ITEM_TYPE_VIEW[node.type];
  const href = settings.canEdit ? editorPath(settings.trainingUuid, node.type, node.id, parentId) : null;
  return (
    <li className="item-tree__item" data-tree-id={node.id} data-kind={node.type} data-testid={`tree-item-${node.id}`}>
      <div className="item-tree__row">
        {settings.canDrag && <DragHandle level={parentId === null ? 'top' : 'item'} name={node.name} />}
        <span className="item-tree__icon" title={intl.formatMessage(label)}>
          <Icon size={18} aria-hidden="true" />
          <span className="visually-hidden">{intl.formatMessage(label)}</span>
        </span>
        {href ? (
          // A router link rather than the kit's react-aria link: one of 500, it must stay light.
          <Link to={href} className="ui-link item-tree__name" data-testid="tree-item-link">
            {node.name}
          </Link>
        ) : (
          <span className="item-tree__name">{node.name}</span>
        )}
        <span className="item-tree__marks">
          {node.draft && <span className="item-tree__badge item-tree__badge--draft">{intl.formatMessage(m.draft)}</span>}
          {node.resources_count > 0 && (
            <span className="item-tree__meta">
              <Paperclip size={14} aria-hidden="true" />
              {intl.formatMessage(m.resources, { count: node.resources_count })}
            </span>
          )}
          {node.assignments_to_validate_count > 0 &&
            (settings.canEdit ? (
              <Link to={submissionsPath(settings.trainingUuid, node.id, parentId)} className="item-tree__badge item-tree__badge--todo">
                {intl.formatMessage(m.toValidate, { count: node.assignments_to_validate_count })}
              </Link>
            ) : (
              <span className="item-tree__badge item-tree__badge--todo">{intl.formatMessage(m.toValidate, { count: node.assignments_to_validate_count })}</span>
            ))}
        </span>
        {settings.canEdit && <EntryMenu node={node} />}
      </div>
    </li>
  );
});

/** Same nodes (by identity) in the same order: a section whose items did not change is not redrawn. */
const sameNodes = (a: readonly TrainingItemNode[], b: readonly TrainingItemNode[]) => a.length === b.length && a.every((node, i) => node === b[i]);

/** How far from the viewport a deferred section draws its items: a screen above and below, so a scroll finds them drawn. */
const NEAR_SCREEN = '100% 0px';

/**
 * False while `element` is more than a screen away from the viewport, when it starts `deferred`; true for good once
 * it comes near (or at once where the browser cannot tell: no IntersectionObserver).
 */
function useNearScreen(element: RefObject<HTMLElement | null>, deferred: boolean): boolean {
  const [near, setNear] = useState(() => !deferred || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const target = element.current;
    if (near || !target) return;
    const observer = new IntersectionObserver(
      (seen) => {
        if (!seen.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: NEAR_SCREEN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
}

/**
 * A section (chapter): its header with its actions, and its items as a sortable list. `deferred` (a section past
 * the first screen of a big tree, see outline.ts) draws its items once it comes within a screen of the viewport;
 * until then the list keeps their height, so the page's length and the scroll bar are already right.
 */
export const TreeSection = memo(
  function TreeSection({
    node,
    items,
    settings,
    onDrop,
    deferred = false,
  }: {
    node: TrainingItemNode;
    items: readonly TrainingItemNode[];
    settings: TreeSettings;
    onDrop: (drop: TreeDrop) => void;
    deferred?: boolean;
  }) {
    const intl = useIntl();
    const sectionRef = useRef<HTMLLIElement>(null);
    const listRef = useRef<HTMLUListElement>(null);
    const drawn = useNearScreen(sectionRef, deferred);
    useSortableList(listRef, String(node.id), settings.canDrag, onDrop);
    const { icon: Icon } = ITEM_TYPE_VIEW.SECTION;
    const headingId = `tree-section-${node.id}`;
    return (
      <li ref={sectionRef} className="item-tree__section" data-tree-id={node.id} data-kind="SECTION" data-testid={`tree-section-${node.id}`}>
        <div className="item-tree__section-header">
          {settings.canDrag && <DragHandle level="top" name={node.name} />}
          <Icon size={18} aria-hidden="true" className="item-tree__section-icon" />
          <h3 className="item-tree__section-title" id={headingId}>
            {node.name}
          </h3>
          {node.draft && <span className="item-tree__badge item-tree__badge--draft">{intl.formatMessage(m.draft)}</span>}
          <span className="item-tree__count">{intl.formatMessage(m.itemCount, { count: items.length })}</span>
          {settings.canEdit && (
            <span className="item-tree__section-actions">
              <AddItemMenu section={node} creator={settings.creator} />
              <EntryMenu node={node} />
            </span>
          )}
        </div>
        <ul
          ref={listRef}
          className="item-tree__items"
          aria-labelledby={headingId}
          data-group-key={node.id}
          data-empty={intl.formatMessage(settings.canEdit ? m.emptySectionDrop : m.emptySection)}
          data-deferred={drawn ? undefined : ''}
          style={drawn ? undefined : ({ '--item-tree-deferred-rows': items.length } as CSSProperties)}
        >
          {drawn && items.map((item) => <TreeItemRow key={item.id} node={item} parentId={node.id} settings={settings} />)}
        </ul>
      </li>
    );
  },
  (before, after) =>
    before.node === after.node &&
    before.settings === after.settings &&
    before.onDrop === after.onDrop &&
    before.deferred === after.deferred &&
    sameNodes(before.items, after.items),
);
