import { setBlockType } from 'prosemirror-commands';
import type { Command, EditorState } from 'prosemirror-state';
import type { HeadingLevel } from '../nodes/heading';
import { descriptionSchema } from '../schema';

/** The heading level of the selected text block(s), or null when it is not a heading (or mixed). */
export function headingLevelOf(state: EditorState): HeadingLevel | null {
  const { $from, $to } = state.selection;
  const { heading } = descriptionSchema.nodes;
  if ($from.parent.type !== heading || !$from.sameParent($to)) return null;
  return $from.parent.attrs.level as HeadingLevel;
}

/** Makes the selected blocks headings of `level`, or paragraphs again when they already are. */
export function toggleHeading(level: HeadingLevel): Command {
  return (state, dispatch) => {
    const { heading, paragraph } = descriptionSchema.nodes;
    if (headingLevelOf(state) === level) return setBlockType(paragraph)(state, dispatch);
    return setBlockType(heading, { level })(state, dispatch);
  };
}
