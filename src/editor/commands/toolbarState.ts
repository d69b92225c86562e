import { redoDepth, undoDepth } from 'prosemirror-history';
import type { EditorState } from 'prosemirror-state';
import type { HeadingLevel } from '../nodes/heading';
import { descriptionSchema } from '../schema';
import { linkAt } from './link';
import { isMarkActive } from './selectionQueries';
import { isInBlockquote, toggleBlockquote } from './toggleBlockquote';
import { headingLevelOf, toggleHeading } from './toggleHeading';
import { listTypeOf, toggleList } from './toggleList';

/** What the toolbar shows for an editor state: which buttons are on, and which can act here at all. */
export interface ToolbarState {
  strong: boolean;
  em: boolean;
  heading: HeadingLevel | null;
  bulletList: boolean;
  orderedList: boolean;
  blockquote: boolean;
  link: boolean;
  can: { heading2: boolean; heading3: boolean; bulletList: boolean; orderedList: boolean; blockquote: boolean; undo: boolean; redo: boolean };
}

/** Read from the state alone (commands run without dispatch answer "could I?"), so the view only renders it. */
export function toolbarStateOf(state: EditorState): ToolbarState {
  const { marks, nodes } = descriptionSchema;
  const listType = listTypeOf(state);
  return {
    strong: isMarkActive(state, marks.strong),
    em: isMarkActive(state, marks.em),
    heading: headingLevelOf(state),
    bulletList: listType === nodes.bullet_list,
    orderedList: listType === nodes.ordered_list,
    blockquote: isInBlockquote(state),
    // A cursor touching a link counts: the link dialog then edits that link.
    link: linkAt(state) !== null,
    can: {
      heading2: toggleHeading(2)(state),
      heading3: toggleHeading(3)(state),
      bulletList: toggleList(nodes.bullet_list)(state),
      orderedList: toggleList(nodes.ordered_list)(state),
      blockquote: toggleBlockquote(state),
      undo: undoDepth(state) > 0,
      redo: redoDepth(state) > 0,
    },
  };
}
