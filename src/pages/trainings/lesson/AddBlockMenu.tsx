import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import { Plus } from 'lucide-react';
import { Menu, MenuItem, Popover } from 'react-aria-components';
import { BLOCK_TYPES, type BlockType } from '../../../../shared/lessonBlocks';
import { blockTypeMessages } from '../../../blocks/blockMessages';
import { lessonEditorMessages as m } from './lessonEditorMessages';

/** Where the menu of block types is open: after which block (null: at the top), from which button. */
export interface AddBlockTarget {
  after: string | null;
  /** The button at the end of the list rather than the one under a block. */
  atEnd: boolean;
  trigger: HTMLButtonElement;
  /** Opened from the keyboard (Enter or Space): the first type takes focus, as a menu button does. */
  fromKeyboard: boolean;
}

/**
 * "Ajouter un bloc" under every block and at the end: a plain button (a lesson of 200 blocks draws 200 of them, so
 * they carry no react-aria machinery of their own); pressing it opens the list's one AddBlockPopover beside it.
 */
export function AddBlockButton({ after, compact = false, isDisabled, isOpen, onOpen }: { after: string | null; compact?: boolean; isDisabled: boolean; isOpen: boolean; onOpen: (target: AddBlockTarget) => void }) {
  const intl = useIntl();
  return (
    <div className={compact ? 'add-block add-block--compact' : 'add-block'}>
      <button
        type="button"
        className={`ui-button ui-button--${compact ? 'ghost' : 'secondary'} ui-button--sm lesson-plain-button`}
        disabled={isDisabled}
        data-disabled={isDisabled || undefined}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        data-testid="add-block"
        // A click made by the keyboard (Enter, Space) has no pointer position: detail is 0.
        onClick={(event: MouseEvent<HTMLButtonElement>) => onOpen({ after, atEnd: !compact, trigger: event.currentTarget, fromKeyboard: event.detail === 0 })}
      >
        <span className="ui-button__label">
          <Plus size={16} aria-hidden="true" />
          {intl.formatMessage(m.addBlock)}
        </span>
      </button>
    </div>
  );
}

/**
 * The menu of block types (react-aria Menu: arrows, type-ahead, Enter, Échap), one for the whole list, shown under
 * the AddBlockButton that opened it; focus goes back to that button when it closes.
 */
export function AddBlockPopover({ target, onAdd, onClose }: { target: AddBlockTarget | null; onAdd: (type: BlockType, after: string | null) => void; onClose: () => void }) {
  const intl = useIntl();
  // The popover keeps its anchor while it closes (its exit animation), after `target` is gone.
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const [shown, setShown] = useState<AddBlockTarget | null>(null);
  if (target !== null && target !== shown) setShown(target);
  if (target !== null) triggerRef.current = target.trigger;
  const menuRef = useRef<HTMLDivElement>(null);
  // Opened from the keyboard, the first type takes focus (a menu button's Enter): in the frame after the popover
  // and the menu placed their own focus on mount (the menu's items are collected after its first render).
  useEffect(() => {
    if (!target?.fromKeyboard) return;
    const frame = requestAnimationFrame(() => menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus());
    return () => cancelAnimationFrame(frame);
  }, [target]);
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen={target !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      placement="bottom start"
      aria-label={intl.formatMessage(m.addBlock)}
      className="ui-menu__popover"
      offset={6}
    >
      <Menu
        ref={menuRef}
        aria-label={intl.formatMessage(m.addBlock)}
        className="ui-menu"
        autoFocus={shown?.fromKeyboard ? 'first' : true}
        onAction={(key) => onAdd(key as BlockType, shown?.after ?? null)}
        onClose={onClose}
      >
        {BLOCK_TYPES.map((type) => (
          <MenuItem key={type} id={type} className="ui-menu__item">
            <span className="ui-menu__label">{intl.formatMessage(blockTypeMessages[type])}</span>
          </MenuItem>
        ))}
      </Menu>
    </Popover>
  );
}
