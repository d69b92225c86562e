import { TextSelection } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';

/**
 * Brings the editor state's selection up to the browser's before a toolbar button or Mod-k acts on it.
 * ProseMirror learns of keyboard selection changes from the asynchronous `selectionchange` event, which it
 * ignores once the text box lost focus: a button pressed (or a dialog opened) right after Shift+arrow would
 * otherwise act on the selection from before.
 */
export function syncSelectionFromDom(view: EditorView): void {
  const selection = view.dom.ownerDocument.getSelection();
  if (!selection || !selection.anchorNode || !selection.focusNode) return;
  if (!view.dom.contains(selection.anchorNode) || !view.dom.contains(selection.focusNode)) return;
  let anchor: number;
  let head: number;
  try {
    anchor = view.posAtDOM(selection.anchorNode, selection.anchorOffset);
    head = view.posAtDOM(selection.focusNode, selection.focusOffset);
  } catch {
    return;
  }
  const current = view.state.selection;
  if (current.anchor === anchor && current.head === head) return;
  // Only text selections come from the keyboard this way; node selections are ProseMirror's own.
  if (!(current instanceof TextSelection)) return;
  view.dispatch(view.state.tr.setSelection(TextSelection.between(view.state.doc.resolve(anchor), view.state.doc.resolve(head))));
}
