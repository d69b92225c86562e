import { Plugin } from 'prosemirror-state';
import { syncSelectionFromDom } from '../syncSelection';

/**
 * Reads the browser's selection before a key acts on ProseMirror's. ProseMirror learns that End, Home or a
 * Shift+arrow moved the selection from the asynchronous `selectionchange` event; a key pressed before that
 * event ran (keys a few milliseconds apart on a loaded machine, a macro, assistive technology) would act on
 * the old selection: Enter after End replaced the word still selected instead of opening a new line.
 */
export function selectionBeforeKeys(): Plugin {
  return new Plugin({
    props: {
      handleKeyDown(view, event) {
        // During composition the DOM belongs to the input method; ProseMirror reads it when it ends.
        if (!event.isComposing && event.keyCode !== 229 && !view.composing) syncSelectionFromDom(view);
        return false;
      },
    },
  });
}
