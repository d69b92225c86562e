import type { MarkType } from 'prosemirror-model';
import type { Command, EditorState } from 'prosemirror-state';
import { safeHref } from '../safeHref';
import { markRangeAt } from './selectionQueries';

const linkType = (state: EditorState): MarkType | undefined => state.schema.marks.link;

/** Where the link under the selection is, and its address (a cursor inside or at the edge of a link counts). */
export function linkAt(state: EditorState): { from: number; to: number; href: string } | null {
  const link = linkType(state);
  if (!link) return null;
  const { empty, from, to, $from } = state.selection;
  if (empty) {
    const range = markRangeAt($from, link);
    return range === null ? null : { from: range.from, to: range.to, href: range.attrs.href as string };
  }
  let found = null as string | null;
  state.doc.nodesBetween(from, to, (node) => {
    const mark = found === null ? link.isInSet(node.marks) : undefined;
    if (mark) found = mark.attrs.href as string;
  });
  return found === null ? null : { from, to, href: found };
}

/** Whether the link dialog has something to act on: selected text, or a link under the cursor. */
export function canLink(state: EditorState): boolean {
  return !state.selection.empty || linkAt(state) !== null;
}

/**
 * Links the selection (or the whole link under the cursor) to `href`. With a bare cursor outside any link,
 * the address itself is inserted as the link's text. Refused (false) for an address that is not safe.
 */
export function setLink(href: string): Command {
  return (state, dispatch) => {
    const safe = safeHref(href);
    const link = linkType(state);
    if (safe === null || !link) return false;
    const mark = link.create({ href: safe });
    const target = state.selection.empty ? linkAt(state) : state.selection;
    if (!dispatch) return true;
    if (target === null) {
      const { from } = state.selection;
      dispatch(state.tr.insertText(safe, from).addMark(from, from + safe.length, mark).scrollIntoView());
    } else {
      dispatch(state.tr.removeMark(target.from, target.to, link).addMark(target.from, target.to, mark).scrollIntoView());
    }
    return true;
  };
}

/** Removes the link from the selection, or the whole link under the cursor. */
export const removeLink: Command = (state, dispatch) => {
  const range = state.selection.empty ? linkAt(state) : state.selection;
  const link = linkType(state);
  if (range === null || !link || !state.doc.rangeHasMark(range.from, range.to, link)) return false;
  dispatch?.(state.tr.removeMark(range.from, range.to, link).scrollIntoView());
  return true;
};
