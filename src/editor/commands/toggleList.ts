import { liftListItem, wrapInList } from 'prosemirror-schema-list';
import type { NodeType } from 'prosemirror-model';
import type { Command, EditorState } from 'prosemirror-state';
import { ancestorOfType } from './selectionQueries';

const listTypes = (state: EditorState) => [state.schema.nodes.bullet_list, state.schema.nodes.ordered_list].filter((type) => type !== undefined);

/** The type of the innermost list around the selection (bullet or ordered), or null. */
export function listTypeOf(state: EditorState): NodeType | null {
  return ancestorOfType(state, listTypes(state))?.node.type ?? null;
}

/**
 * The list button: outside a list, wraps the selected blocks in one; in a list of this type, lifts the
 * selected items out of it; in a list of the other type, turns that list into this type. `listType` is the
 * name of the list node (`bullet_list`, `ordered_list`), so one command serves every schema.
 */
export function toggleList(listType: NodeType | 'bullet_list' | 'ordered_list'): Command {
  return (state, dispatch) => {
    const type = typeof listType === 'string' ? state.schema.nodes[listType] : state.schema.nodes[listType.name];
    const item = state.schema.nodes.list_item;
    if (!type || !item) return false;
    const list = ancestorOfType(state, listTypes(state));
    if (list === null) return wrapInList(type)(state, dispatch);
    if (list.node.type === type) return liftListItem(item)(state, dispatch);
    dispatch?.(state.tr.setNodeMarkup(list.pos, type).scrollIntoView());
    return true;
  };
}
