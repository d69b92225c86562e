import { liftListItem, wrapInList } from 'prosemirror-schema-list';
import type { NodeType } from 'prosemirror-model';
import type { Command, EditorState } from 'prosemirror-state';
import { descriptionSchema } from '../schema';
import { ancestorOfType } from './selectionQueries';

const listTypes = () => [descriptionSchema.nodes.bullet_list, descriptionSchema.nodes.ordered_list];

/** The type of the innermost list around the selection (bullet or ordered), or null. */
export function listTypeOf(state: EditorState): NodeType | null {
  return ancestorOfType(state, listTypes())?.node.type ?? null;
}

/**
 * The list button: outside a list, wraps the selected blocks in one; in a list of this type, lifts the
 * selected items out of it; in a list of the other type, turns that list into this type.
 */
export function toggleList(listType: NodeType): Command {
  return (state, dispatch) => {
    const list = ancestorOfType(state, listTypes());
    if (list === null) return wrapInList(listType)(state, dispatch);
    if (list.node.type === listType) return liftListItem(descriptionSchema.nodes.list_item)(state, dispatch);
    dispatch?.(state.tr.setNodeMarkup(list.pos, listType).scrollIntoView());
    return true;
  };
}
