import { setBlockType, toggleMark } from 'prosemirror-commands';
import { redo, undo } from 'prosemirror-history';
import { keymap } from 'prosemirror-keymap';
import type { Schema } from 'prosemirror-model';
import { liftListItem, sinkListItem, splitListItem } from 'prosemirror-schema-list';
import type { Command, Plugin } from 'prosemirror-state';
import { goToNextCell } from 'prosemirror-tables';
import { insertHorizontalRule } from '../commands/insert';
import { toggleBlockquote } from '../commands/toggleBlockquote';
import { toggleHeading } from '../commands/toggleHeading';
import { toggleList } from '../commands/toggleList';
import type { RichTextTool } from '../tools';

/**
 * The editor's shortcuts (Mod is Cmd on a Mac, Ctrl elsewhere), before prosemirror-commands' base keymap
 * (Enter, Backspace, Delete, select all…). The toolbar's tooltips announce the same keys; a tool missing here has
 * no shortcut. Tab is left alone outside tables so the keyboard can always leave the text box (in a table it
 * moves to the next cell, and out of the text box after the last one); list items are indented with Mod-] and Mod-[.
 */
export const SHORTCUTS = {
  strong: 'Mod-b',
  em: 'Mod-i',
  underline: 'Mod-u',
  strike: 'Shift-Mod-s',
  code: 'Mod-e',
  link: 'Mod-k',
  paragraph: 'Mod-Alt-0',
  heading2: 'Mod-Alt-2',
  heading3: 'Mod-Alt-3',
  heading4: 'Mod-Alt-4',
  heading5: 'Mod-Alt-5',
  heading6: 'Mod-Alt-6',
  bulletList: 'Shift-Mod-8',
  orderedList: 'Shift-Mod-7',
  blockquote: 'Shift-Mod-b',
  horizontalRule: 'Mod-Alt-r',
  undo: 'Mod-z',
  redo: 'Shift-Mod-z',
} as const satisfies Partial<Record<RichTextTool, string>>;

export interface KeymapOptions {
  /** Mod-k: the view opens its link dialog (a command cannot ask for an address). */
  onLinkShortcut: () => void;
}

/** The shortcuts of the tools of `schema` (a tool whose node or mark the schema lacks has none). */
export function richTextKeymap(schema: Schema, { onLinkShortcut }: KeymapOptions): Plugin {
  const { marks, nodes } = schema;
  const hardBreak: Command = (state, dispatch) => {
    dispatch?.(state.tr.replaceSelectionWith(nodes.hard_break!.create()).scrollIntoView());
    return true;
  };
  const bindings: Record<string, Command> = {};
  const bind = (key: string, command: Command, when: unknown) => {
    if (when) bindings[key] = command;
  };
  for (const name of ['strong', 'em', 'underline', 'strike', 'code'] as const) bind(SHORTCUTS[name], toggleMark(marks[name]!), marks[name]);
  bind(
    SHORTCUTS.link,
    () => {
      onLinkShortcut();
      return true;
    },
    marks.link,
  );
  bind(SHORTCUTS.paragraph, setBlockType(nodes.paragraph!), true);
  const levels = (nodes.heading?.spec.parseDOM ?? []).map((rule) => (rule.attrs as { level: number }).level);
  for (const level of [2, 3, 4, 5, 6] as const) bind(SHORTCUTS[`heading${level}`], toggleHeading(level), levels.includes(level));
  bind(SHORTCUTS.bulletList, toggleList('bullet_list'), nodes.bullet_list);
  bind(SHORTCUTS.orderedList, toggleList('ordered_list'), nodes.ordered_list);
  bind(SHORTCUTS.blockquote, toggleBlockquote, nodes.blockquote);
  bind(SHORTCUTS.horizontalRule, insertHorizontalRule, nodes.horizontal_rule);
  Object.assign(bindings, { [SHORTCUTS.undo]: undo, [SHORTCUTS.redo]: redo, 'Mod-y': redo });
  if (nodes.list_item) {
    // In a list, Enter makes the next item, and on an empty item leaves the list (splitListItem lifts it).
    Object.assign(bindings, { Enter: splitListItem(nodes.list_item), 'Mod-[': liftListItem(nodes.list_item), 'Mod-]': sinkListItem(nodes.list_item) });
  }
  if (nodes.table) Object.assign(bindings, { Tab: goToNextCell(1), 'Shift-Tab': goToNextCell(-1) });
  Object.assign(bindings, { 'Shift-Enter': hardBreak, 'Mod-Enter': hardBreak });
  return keymap(bindings);
}
