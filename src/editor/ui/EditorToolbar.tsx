import type { ReactNode, Ref } from 'react';
import { Bold, Heading2, Heading3, Italic, Link, List, ListOrdered, Quote, Redo2, Undo2 } from 'lucide-react';
import { Button, Separator, ToggleButton, Toolbar, Tooltip, TooltipTrigger } from 'react-aria-components';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { ToolbarState } from '../commands/toolbarState';
import { SHORTCUTS } from '../plugins/descriptionKeymap';
import { ariaShortcut, isMacPlatform, shortcutLabel } from './shortcutLabel';
import { editorMessages as m } from './editorMessages';

/** What a toolbar button does; the editor maps each to a ProseMirror command. */
export type ToolbarAction = 'strong' | 'em' | 'heading2' | 'heading3' | 'bulletList' | 'orderedList' | 'blockquote' | 'undo' | 'redo';

export interface EditorToolbarProps {
  state: ToolbarState;
  isDisabled: boolean;
  /** The id of the text the buttons act on; absent until the text carries it. */
  controls: string | undefined;
  onAction: (action: ToolbarAction) => void;
  onLink: () => void;
  isLinkOpen: boolean;
  linkButtonRef: Ref<HTMLButtonElement>;
}

const ICON = { size: 18, 'aria-hidden': true, focusable: false } as const;
const mac = isMacPlatform();

/**
 * The formatting toolbar (react-aria Toolbar: one Tab stop, arrow keys move between buttons). Toggle
 * buttons show what applies at the selection; buttons that cannot act there are disabled.
 */
export function EditorToolbar({ state, isDisabled, controls, onAction, onLink, isLinkOpen, linkButtonRef }: EditorToolbarProps) {
  const intl = useIntl();
  const { can } = state;
  const toggle = (action: Exclude<ToolbarAction, 'undo' | 'redo'>, label: MessageDescriptor, icon: ReactNode, isSelected: boolean, isAllowed = true) => (
    <Hint label={label} shortcut={SHORTCUTS[action]}>
      <ToggleButton
        className="ui-icon-button rich-text__button"
        aria-label={intl.formatMessage(label)}
        aria-keyshortcuts={ariaShortcut(SHORTCUTS[action], mac)}
        aria-controls={controls}
        isSelected={isSelected}
        isDisabled={isDisabled || !isAllowed}
        onChange={() => onAction(action)}
        data-testid={`editor-${action}`}
      >
        {icon}
      </ToggleButton>
    </Hint>
  );
  const press = (action: 'undo' | 'redo', label: MessageDescriptor, icon: ReactNode, isAllowed: boolean) => (
    <Hint label={label} shortcut={SHORTCUTS[action]}>
      <Button
        className="ui-icon-button rich-text__button"
        aria-label={intl.formatMessage(label)}
        aria-keyshortcuts={ariaShortcut(SHORTCUTS[action], mac)}
        aria-controls={controls}
        isDisabled={isDisabled || !isAllowed}
        onPress={() => onAction(action)}
        data-testid={`editor-${action}`}
      >
        {icon}
      </Button>
    </Hint>
  );
  const linkLabel = state.link ? m.editLink : m.link;

  return (
    <Toolbar className="rich-text__toolbar" aria-label={intl.formatMessage(m.toolbar)} data-testid="editor-toolbar">
      {toggle('strong', m.strong, <Bold {...ICON} />, state.strong)}
      {toggle('em', m.em, <Italic {...ICON} />, state.em)}
      <Separator orientation="vertical" className="rich-text__separator" />
      {toggle('heading2', m.heading2, <Heading2 {...ICON} />, state.heading === 2, can.heading2)}
      {toggle('heading3', m.heading3, <Heading3 {...ICON} />, state.heading === 3, can.heading3)}
      <Separator orientation="vertical" className="rich-text__separator" />
      {toggle('bulletList', m.bulletList, <List {...ICON} />, state.bulletList, can.bulletList)}
      {toggle('orderedList', m.orderedList, <ListOrdered {...ICON} />, state.orderedList, can.orderedList)}
      {toggle('blockquote', m.blockquote, <Quote {...ICON} />, state.blockquote, can.blockquote)}
      <Hint label={linkLabel} shortcut={SHORTCUTS.link}>
        <Button
          ref={linkButtonRef}
          className="ui-icon-button rich-text__button"
          aria-label={intl.formatMessage(linkLabel)}
          aria-keyshortcuts={ariaShortcut(SHORTCUTS.link, mac)}
          aria-haspopup="dialog"
          aria-expanded={isLinkOpen}
          // Not a toggle (it opens a dialog), but drawn like one when the selection is in a link.
          data-active={state.link || undefined}
          isDisabled={isDisabled}
          onPress={onLink}
          data-testid="editor-link"
        >
          <Link {...ICON} />
        </Button>
      </Hint>
      <Separator orientation="vertical" className="rich-text__separator" />
      {press('undo', m.undo, <Undo2 {...ICON} />, can.undo)}
      {press('redo', m.redo, <Redo2 {...ICON} />, can.redo)}
    </Toolbar>
  );
}

/** A tooltip naming the button and its shortcut, shown on hover and keyboard focus. */
function Hint({ label, shortcut, children }: { label: MessageDescriptor; shortcut: string; children: ReactNode }) {
  const intl = useIntl();
  return (
    <TooltipTrigger delay={500}>
      {children}
      <Tooltip className="rich-text__tooltip" offset={6}>
        {intl.formatMessage(label)} <kbd>{shortcutLabel(shortcut, mac, intl.formatMessage(m.shift))}</kbd>
      </Tooltip>
    </TooltipTrigger>
  );
}
