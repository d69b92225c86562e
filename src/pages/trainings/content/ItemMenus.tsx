import { ArrowDown, ArrowUp, Copy, CopyPlus, Ellipsis, ExternalLink, Eye, EyeOff, Gem, Globe, Pencil, Plus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Menu as RACMenu, Popover } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { ADDABLE_ITEM_TYPES, isTypeAllowed, type Creator } from '../../../../machines/itemCreation/itemTypes';
import type { TrainingItemNode } from '../../../api/trainingItemsApi';
import { Button } from '../../../components/ui/Button';
import { Menu, MenuItem, MenuSeparator } from '../../../components/ui/Menu';
import { contentMessages as m } from './contentMessages';
import { isPreviewable, ITEM_TYPE_VIEW } from './itemTypeView';
import { useTreeController, type TreeAction } from './treeController';

const ICON = { size: 16, 'aria-hidden': true } as const;

/**
 * The "…" menu of a section or an item: edit (a section's dialog, an item's name), preview, publish or put back
 * to draft (an item; a section's draft is in its dialog), duplicate here or
 * into another training, "Monter" / "Descendre" (the keyboard alternative to dragging; shown when the entry can
 * move that way), delete.
 *
 * Every row has one, so the row holds a plain button and the react-aria menu (with its popover, focus handling
 * and keyboard navigation) mounts only while open: a 500-item tree draws 500 buttons, not 500 menu triggers.
 * The items are built when it opens, so they read the tree as it is then.
 */
export function EntryMenu({ node }: { node: TrainingItemNode }) {
  const intl = useIntl();
  const triggerRef = useRef<HTMLButtonElement>(null);
  // Open or not, and where focus goes (the first entry when opened from the keyboard, as a menu button does):
  // presentational state of this one widget.
  const [openedWith, setOpenedWith] = useState<'keyboard' | 'pointer' | null>(null);
  const isOpen = openedWith !== null;
  const setOpen = (open: boolean) => !open && setOpenedWith(null);
  const label = intl.formatMessage(node.type === 'SECTION' ? m.sectionActions : m.itemActions, { name: node.name });
  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        className="ui-icon-button item-tree__menu-button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        // A click from the keyboard (Enter, Space) has no pointer position: detail is 0.
        onClick={(event) => setOpenedWith(event.detail === 0 ? 'keyboard' : 'pointer')}
        data-testid={`tree-menu-${node.id}`}
      >
        <Ellipsis {...ICON} />
      </button>
      {isOpen && (
        <Popover triggerRef={triggerRef} isOpen onOpenChange={setOpen} placement="bottom end" offset={6} className="ui-menu__popover" aria-label={label}>
          <EntryMenuItems node={node} label={label} focusFirst={openedWith === 'keyboard'} onClose={() => setOpen(false)} />
        </Popover>
      )}
    </>
  );
}

function EntryMenuItems({ node, label, focusFirst, onClose }: { node: TrainingItemNode; label: string; focusFirst: boolean; onClose: () => void }) {
  const intl = useIntl();
  const tree = useTreeController();
  const section = node.type === 'SECTION';
  const run = (action: TreeAction) => () => {
    onClose();
    tree.run(action);
  };
  return (
    <RACMenu aria-label={label} className="ui-menu" autoFocus={focusFirst ? 'first' : true} onClose={onClose}>
      <MenuItem id="edit" icon={<Pencil {...ICON} />} onAction={run({ kind: 'edit', node })}>
        {intl.formatMessage(section ? m.edit : m.rename)}
      </MenuItem>
      {isPreviewable(node.type) && (
        <MenuItem id="preview" icon={<Eye {...ICON} />} onAction={run({ kind: 'preview', node })}>
          {intl.formatMessage(tree.canPreview() ? m.preview : m.previewUnavailable)}
        </MenuItem>
      )}
      {node.type === 'SCORM' && (
        <MenuItem id="openScorm" icon={<ExternalLink {...ICON} />} onAction={run({ kind: 'openScorm', node })}>
          {intl.formatMessage(m.openScorm)}
        </MenuItem>
      )}
      {!section &&
        (node.draft ? (
          <MenuItem id="publish" icon={<Globe {...ICON} />} onAction={run({ kind: 'publish', node })}>
            {intl.formatMessage(m.publish)}
          </MenuItem>
        ) : (
          <MenuItem id="unpublish" icon={<EyeOff {...ICON} />} onAction={run({ kind: 'unpublish', node })}>
            {intl.formatMessage(m.unpublish)}
          </MenuItem>
        ))}
      <MenuItem id="duplicate" icon={<Copy {...ICON} />} onAction={run({ kind: 'duplicate', node })}>
        {intl.formatMessage(m.duplicate)}
      </MenuItem>
      <MenuItem id="duplicateElsewhere" icon={<CopyPlus {...ICON} />} onAction={run({ kind: 'duplicateElsewhere', node })}>
        {intl.formatMessage(m.duplicateElsewhere)}
      </MenuItem>
      {tree.canMove(node, 'up') && (
        <MenuItem id="up" icon={<ArrowUp {...ICON} />} onAction={run({ kind: 'move', node, direction: 'up' })}>
          {intl.formatMessage(m.moveUp)}
        </MenuItem>
      )}
      {tree.canMove(node, 'down') && (
        <MenuItem id="down" icon={<ArrowDown {...ICON} />} onAction={run({ kind: 'move', node, direction: 'down' })}>
          {intl.formatMessage(m.moveDown)}
        </MenuItem>
      )}
      <MenuSeparator />
      <MenuItem id="delete" icon={<Trash2 {...ICON} />} onAction={run({ kind: 'delete', node })}>
        {intl.formatMessage(m.delete)}
      </MenuItem>
    </RACMenu>
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
