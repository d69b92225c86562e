import { ArrowDown, ArrowUp, Copy, CopyPlus, Ellipsis, ExternalLink, Eye, Gem, Pencil, Plus, Trash2 } from 'lucide-react';
import { Button as RACButton } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { ADDABLE_ITEM_TYPES, isTypeAllowed, type Creator } from '../../../../machines/itemCreation/itemTypes';
import type { TrainingItemNode } from '../../../api/trainingItemsApi';
import { Button } from '../../../components/ui/Button';
import { Menu, MenuItem, MenuSeparator } from '../../../components/ui/Menu';
import { contentMessages as m } from './contentMessages';
import { isPreviewable, ITEM_TYPE_VIEW } from './itemTypeView';
import { useTreeController } from './treeController';

const ICON = { size: 16, 'aria-hidden': true } as const;

/**
 * The "…" menu of a section or an item: edit (a section's dialog, an item's name), preview, duplicate here or
 * into another training, "Monter" / "Descendre" (the keyboard alternative to dragging; shown when the entry can
 * move that way), delete. Its items are built when it opens, so they read the tree as it is then.
 */
export function EntryMenu({ node }: { node: TrainingItemNode }) {
  const intl = useIntl();
  const tree = useTreeController();
  const section = node.type === 'SECTION';
  const label = intl.formatMessage(section ? m.sectionActions : m.itemActions, { name: node.name });
  return (
    <Menu
      aria-label={label}
      trigger={
        <RACButton className="ui-icon-button item-tree__menu-button" aria-label={label} data-testid={`tree-menu-${node.id}`}>
          <Ellipsis {...ICON} />
        </RACButton>
      }
    >
      <MenuItem id="edit" icon={<Pencil {...ICON} />} onAction={() => tree.run({ kind: 'edit', node })}>
        {intl.formatMessage(section ? m.edit : m.rename)}
      </MenuItem>
      {isPreviewable(node.type) && (
        <MenuItem id="preview" icon={<Eye {...ICON} />} onAction={() => tree.run({ kind: 'preview', node })}>
          {intl.formatMessage(tree.canPreview() ? m.preview : m.previewUnavailable)}
        </MenuItem>
      )}
      {node.type === 'SCORM' && (
        <MenuItem id="openScorm" icon={<ExternalLink {...ICON} />} onAction={() => tree.run({ kind: 'openScorm', node })}>
          {intl.formatMessage(m.openScorm)}
        </MenuItem>
      )}
      <MenuItem id="duplicate" icon={<Copy {...ICON} />} onAction={() => tree.run({ kind: 'duplicate', node })}>
        {intl.formatMessage(m.duplicate)}
      </MenuItem>
      <MenuItem id="duplicateElsewhere" icon={<CopyPlus {...ICON} />} onAction={() => tree.run({ kind: 'duplicateElsewhere', node })}>
        {intl.formatMessage(m.duplicateElsewhere)}
      </MenuItem>
      {tree.canMove(node, 'up') && (
        <MenuItem id="up" icon={<ArrowUp {...ICON} />} onAction={() => tree.run({ kind: 'move', node, direction: 'up' })}>
          {intl.formatMessage(m.moveUp)}
        </MenuItem>
      )}
      {tree.canMove(node, 'down') && (
        <MenuItem id="down" icon={<ArrowDown {...ICON} />} onAction={() => tree.run({ kind: 'move', node, direction: 'down' })}>
          {intl.formatMessage(m.moveDown)}
        </MenuItem>
      )}
      <MenuSeparator />
      <MenuItem id="delete" icon={<Trash2 {...ICON} />} onAction={() => tree.run({ kind: 'delete', node })}>
        {intl.formatMessage(m.delete)}
      </MenuItem>
    </Menu>
  );
}

/** The "Ajouter" menu of a section: one entry per type, a gem on the types the plan does not include. */
export function AddItemMenu({ section, creator }: { section: TrainingItemNode; creator: Creator }) {
  const intl = useIntl();
  const tree = useTreeController();
  return (
    <Menu
      aria-label={intl.formatMessage(m.addItemMenu, { name: section.name })}
      placement="bottom start"
      trigger={
        <Button variant="secondary" size="sm" icon={<Plus {...ICON} />} data-testid={`tree-add-${section.id}`}>
          {intl.formatMessage(m.addItem)}
        </Button>
      }
    >
      {ADDABLE_ITEM_TYPES.map((type) => {
        const { icon: Icon, label } = ITEM_TYPE_VIEW[type];
        const locked = !isTypeAllowed(type, creator);
        return (
          <MenuItem
            key={type}
            id={type}
            icon={<Icon {...ICON} />}
            textValue={intl.formatMessage(label)}
            onAction={() => tree.run({ kind: 'add', itemType: type, section })}
            data-testid={`tree-add-type-${type}`}
          >
            <span className="item-tree__add-label">
              {intl.formatMessage(label)}
              {locked && (
                <span className="item-tree__gem" title={intl.formatMessage(m.locked)} data-testid="plan-gem">
                  <Gem size={14} aria-hidden="true" />
                  <span className="visually-hidden">{intl.formatMessage(m.locked)}</span>
                </span>
              )}
            </span>
          </MenuItem>
        );
      })}
    </Menu>
  );
}
