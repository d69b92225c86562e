import { Plugin } from 'prosemirror-state';
import { Decoration, DecorationSet } from 'prosemirror-view';

/**
 * Shows `text` in an empty editor (an empty first paragraph, drawn by CSS from `data-placeholder`). It is a
 * hint only: the text box's accessible name comes from its label.
 */
export function placeholder(text: string): Plugin {
  return new Plugin({
    props: {
      decorations: (state) => {
        const { doc } = state;
        const first = doc.firstChild;
        if (doc.childCount !== 1 || first === null || !first.isTextblock || first.content.size > 0) return null;
        return DecorationSet.create(doc, [Decoration.node(0, first.nodeSize, { class: 'rich-text__placeholder', 'data-placeholder': text })]);
      },
    },
  });
}
