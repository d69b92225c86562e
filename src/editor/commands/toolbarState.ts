import { redoDepth, undoDepth } from 'prosemirror-history';
import type { EditorState } from 'prosemirror-state';
import type { HeadingLevel } from '../nodes/heading';
import { insertHorizontalRule } from './insert';
import { linkAt } from './link';
import { isMarkActive } from './selectionQueries';
import { inTable, insertTable, TABLE_COMMANDS, type TableAction } from './table';
import { isInBlockquote, toggleBlockquote } from './toggleBlockquote';
import { headingLevelOf, isParagraph, setParagraph, toggleHeading } from './toggleHeading';
import { listTypeOf, toggleList } from './toggleList';

/** What the toolbar shows for an editor state: which buttons are on, and which can act here at all. */
export interface ToolbarState {
  strong: boolean;
  em: boolean;
  strike: boolean;
  underline: boolean;
  code: boolean;
  heading: HeadingLevel | null;
  paragraph: boolean;
  bulletList: boolean;
  orderedList: boolean;
  blockquote: boolean;
  link: boolean;
  /** The cursor is in a table: the table tools show. */
  table: boolean;
  can: {
    heading2: boolean;
    heading3: boolean;
    heading4: boolean;
    heading5: boolean;
    heading6: boolean;
    paragraph: boolean;
    bulletList: boolean;
    orderedList: boolean;
    blockquote: boolean;
    horizontalRule: boolean;
    table: boolean;
    undo: boolean;
    redo: boolean;
  } & Record<TableAction, boolean>;
}

const markActive = (state: EditorState, name: string) => {
  const type = state.schema.marks[name];
  return type !== undefined && isMarkActive(state, type);
};

/** Read from the state alone (commands run without dispatch answer "could I?"), so the view only renders it. */
export function toolbarStateOf(state: EditorState): ToolbarState {
  const { nodes } = state.schema;
  const listType = listTypeOf(state);
  const table = inTable(state);
  const tableCan = Object.fromEntries(Object.entries(TABLE_COMMANDS).map(([name, command]) => [name, table && command(state)])) as Record<TableAction, boolean>;
  return {
    strong: markActive(state, 'strong'),
    em: markActive(state, 'em'),
    strike: markActive(state, 'strike'),
    underline: markActive(state, 'underline'),
    code: markActive(state, 'code'),
    heading: headingLevelOf(state),
    paragraph: isParagraph(state),
    bulletList: listType !== null && listType === nodes.bullet_list,
    orderedList: listType !== null && listType === nodes.ordered_list,
    blockquote: isInBlockquote(state),
    // A cursor touching a link counts: the link dialog then edits that link.
    link: linkAt(state) !== null,
    table,
    can: {
      heading2: toggleHeading(2)(state),
      heading3: toggleHeading(3)(state),
      heading4: toggleHeading(4)(state),
      heading5: toggleHeading(5)(state),
      heading6: toggleHeading(6)(state),
      paragraph: setParagraph(state) || isParagraph(state),
      bulletList: toggleList('bullet_list')(state),
      orderedList: toggleList('ordered_list')(state),
      blockquote: toggleBlockquote(state),
      horizontalRule: insertHorizontalRule(state),
      table: insertTable(state),
      undo: undoDepth(state) > 0,
      redo: redoDepth(state) > 0,
      ...tableCan,
    },
  };
}

/** Whether two toolbar states show the same thing (every flag and every "can"), so the toolbar need not render. */
export function sameToolbarState(a: ToolbarState, b: ToolbarState): boolean {
  for (const key of Object.keys(a) as (keyof ToolbarState)[]) if (key !== 'can' && a[key] !== b[key]) return false;
  for (const key of Object.keys(a.can) as (keyof ToolbarState['can'])[]) if (a.can[key] !== b.can[key]) return false;
  return true;
}
