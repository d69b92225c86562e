import { setBlockType, toggleMark } from 'prosemirror-commands';
import { redo, undo } from 'prosemirror-history';
import { keymap } from 'prosemirror-keymap';
import { liftListItem, sinkListItem, splitListItem } from 'prosemirror-schema-list';
import type { Command, Plugin } from 'prosemirror-state';
import { toggleBlockquote } from '../commands/toggleBlockquote';
import { toggleHeading } from '../commands/toggleHeading';
import { toggleList } from '../commands/toggleList';
import { descriptionSchema } from '../schema';

/**
 * The editor's shortcuts (Mod is Cmd on a Mac, Ctrl elsewhere), before prosemirror-commands' base keymap
 * (Enter, Backspace, Delete, select all…). The toolbar's tooltips announce the same keys. Tab is left alone
 * so the keyboard can always leave the text box; list items are indented with Mod-] and Mod-[.
 */
export const SHORTCUTS = {
  strong: 'Mod-b',
  em: 'Mod-i',
  link: 'Mod-k',
  heading2: 'Mod-Alt-2',
  heading3: 'Mod-Alt-3',
  paragraph: 'Mod-Alt-0',
  bulletList: 'Shift-Mod-8',
  orderedList: 'Shift-Mod-7',
  blockquote: 'Shift-Mod-b',
  undo: 'Mod-z',
  redo: 'Shift-Mod-z',
} as const;

export interface KeymapOptions {
  /** Mod-k: the view opens its link dialog (a command cannot ask for an address). */
  onLinkShortcut: () => void;
}

export function descriptionKeymap({ onLinkShortcut }: KeymapOptions): Plugin {
  const { marks, nodes } = descriptionSchema;
  const hardBreak: Command = (state, dispatch) => {
    dispatch?.(state.tr.replaceSelectionWith(nodes.hard_break.create()).scrollIntoView());
    return true;
  };
  return keymap({
    [SHORTCUTS.strong]: toggleMark(marks.strong),
    [SHORTCUTS.em]: toggleMark(marks.em),
    [SHORTCUTS.link]: () => {
      onLinkShortcut();
      return true;
    },
    [SHORTCUTS.heading2]: toggleHeading(2),
    [SHORTCUTS.heading3]: toggleHeading(3),
    [SHORTCUTS.paragraph]: setBlockType(nodes.paragraph),
    [SHORTCUTS.bulletList]: toggleList(nodes.bullet_list),
    [SHORTCUTS.orderedList]: toggleList(nodes.ordered_list),
    [SHORTCUTS.blockquote]: toggleBlockquote,
    [SHORTCUTS.undo]: undo,
    [SHORTCUTS.redo]: redo,
    'Mod-y': redo,
    // In a list, Enter makes the next item, and on an empty item leaves the list (splitListItem lifts it).
    Enter: splitListItem(nodes.list_item),
    'Mod-[': liftListItem(nodes.list_item),
    'Mod-]': sinkListItem(nodes.list_item),
    'Shift-Enter': hardBreak,
    'Mod-Enter': hardBreak,
  });
}
