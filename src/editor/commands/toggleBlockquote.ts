import { wrapIn } from 'prosemirror-commands';
import type { Command, EditorState } from 'prosemirror-state';
import { ancestorOfType } from './selectionQueries';

/** Whether the selection is inside a quotation. */
export function isInBlockquote(state: EditorState): boolean {
  const { blockquote } = state.schema.nodes;
  return blockquote !== undefined && ancestorOfType(state, [blockquote]) !== null;
}

/**
 * Quotes the selected blocks, or takes them out of the quotation around them. The lift targets the
 * quotation itself (not the innermost wrapper, as prosemirror-commands' `lift` would: in a quoted list
 * that is the list item).
 */
export const toggleBlockquote: Command = (state, dispatch) => {
  const { blockquote } = state.schema.nodes;
  if (!blockquote) return false;
  if (!isInBlockquote(state)) return wrapIn(blockquote)(state, dispatch);
  const { $from, $to } = state.selection;
  const range = $from.blockRange($to, (node) => node.type === blockquote);
  if (range === null) return false;
  dispatch?.(state.tr.lift(range, range.depth - 1).scrollIntoView());
  return true;
};
