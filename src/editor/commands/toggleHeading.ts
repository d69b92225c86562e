import { setBlockType } from 'prosemirror-commands';
import type { Command, EditorState } from 'prosemirror-state';
import type { HeadingLevel } from '../nodes/heading';

/** The heading level of the selected text block(s), or null when it is not a heading (or mixed). */
export function headingLevelOf(state: EditorState): HeadingLevel | null {
  const { $from, $to } = state.selection;
  const { heading } = state.schema.nodes;
  if (!heading || $from.parent.type !== heading || !$from.sameParent($to)) return null;
  return $from.parent.attrs.level as HeadingLevel;
}

/** Makes the selected blocks headings of `level`, or paragraphs again when they already are. */
export function toggleHeading(level: HeadingLevel): Command {
  return (state, dispatch) => {
    const { heading, paragraph } = state.schema.nodes;
    if (!heading || !paragraph) return false;
    if (headingLevelOf(state) === level) return setBlockType(paragraph)(state, dispatch);
    return setBlockType(heading, { level })(state, dispatch);
  };
}

/** Makes the selected blocks paragraphs (the "Paragraphe" tool); refused where they already are. */
export const setParagraph: Command = (state, dispatch) => {
  const { paragraph } = state.schema.nodes;
  return paragraph ? setBlockType(paragraph)(state, dispatch) : false;
};

/** Whether the selected text block is a paragraph. */
export function isParagraph(state: EditorState): boolean {
  const { $from, $to } = state.selection;
  return $from.parent.type === state.schema.nodes.paragraph && $from.sameParent($to);
}
