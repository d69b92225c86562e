import type { Command } from 'prosemirror-state';

/** Inserts a horizontal rule in place of the selection (a separator between two parts of a lesson). */
export const insertHorizontalRule: Command = (state, dispatch) => {
  const { horizontal_rule: rule } = state.schema.nodes;
  if (!rule) return false;
  const { $from } = state.selection;
  // Allowed where a block may stand: not inside a heading's or a paragraph's inline content alone.
  const index = $from.index($from.depth - 1);
  if (!$from.node($from.depth - 1).canReplaceWith(index, index, rule)) return false;
  dispatch?.(state.tr.replaceSelectionWith(rule.create()).scrollIntoView());
  return true;
};

/** Inserts `text` (an emoji picked in the dropdown) at the selection, keeping the marks typed there. */
export function insertText(text: string): Command {
  return (state, dispatch) => {
    if (text === '') return false;
    const { $from } = state.selection;
    if (!$from.parent.inlineContent) return false;
    dispatch?.(state.tr.insertText(text).scrollIntoView());
    return true;
  };
}
