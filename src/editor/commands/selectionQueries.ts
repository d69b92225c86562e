import type { MarkType, Node as ProseMirrorNode, NodeType, ResolvedPos } from 'prosemirror-model';
import type { EditorState } from 'prosemirror-state';

/** Whether the mark applies to the selection: the next typed character's marks for a cursor, any text of a range. */
export function isMarkActive(state: EditorState, type: MarkType): boolean {
  const { empty, $from, from, to } = state.selection;
  if (empty) return type.isInSet(state.storedMarks ?? $from.marks()) !== undefined;
  return state.doc.rangeHasMark(from, to, type);
}

/** The innermost ancestor of the selection's start whose type is one of `types`, with its position. */
export function ancestorOfType(state: EditorState, types: readonly NodeType[]): { node: ProseMirrorNode; pos: number; depth: number } | null {
  const { $from, to } = state.selection;
  for (let depth = $from.depth; depth > 0; depth -= 1) {
    const node = $from.node(depth);
    // The whole selection must be inside it, or the ancestor only describes part of what is selected.
    if (types.includes(node.type) && to <= $from.end(depth)) return { node, pos: $from.before(depth), depth };
  }
  return null;
}

/** The range of text carrying the same mark of `type` as the cursor (just before or after it), or null. */
export function markRangeAt($pos: ResolvedPos, type: MarkType): { from: number; to: number; attrs: ProseMirrorNode['attrs'] } | null {
  const { parent, parentOffset } = $pos;
  let found = parent.childAfter(parentOffset);
  let mark = found.node ? type.isInSet(found.node.marks) : undefined;
  if (!mark) {
    found = parent.childBefore(parentOffset);
    mark = found.node ? type.isInSet(found.node.marks) : undefined;
  }
  if (!mark || !found.node) return null;
  const start = $pos.start();
  let first = found.index;
  let from = start + found.offset;
  while (first > 0 && mark.isInSet(parent.child(first - 1).marks)) {
    first -= 1;
    from -= parent.child(first).nodeSize;
  }
  let last = found.index;
  let to = start + found.offset + found.node.nodeSize;
  while (last + 1 < parent.childCount && mark.isInSet(parent.child(last + 1).marks)) {
    last += 1;
    to += parent.child(last).nodeSize;
  }
  return { from, to, attrs: mark.attrs };
}
