import { Plugin } from 'prosemirror-state';

/**
 * Keeps an empty paragraph after a table or a rule that ends the document, so the cursor can always go below
 * it. The HTML written drops it again (a trailing empty paragraph is never saved).
 */
export function trailingParagraph(): Plugin {
  return new Plugin({
    appendTransaction(_, __, state) {
      const last = state.doc.lastChild;
      const { paragraph } = state.schema.nodes;
      if (!paragraph || last === null || last.isTextblock) return null;
      if (last.type.name !== 'table' && last.type.name !== 'horizontal_rule') return null;
      return state.tr.insert(state.doc.content.size, paragraph.create()).setMeta('addToHistory', false);
    },
  });
}
