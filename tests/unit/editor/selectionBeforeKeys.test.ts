// @vitest-environment jsdom
import { TextSelection } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { afterEach, describe, expect, it } from 'vitest';
import { createDescriptionState } from '../../../src/editor/editorState';
import { serialiseHtml } from '../../../src/editor/html';
import './jsdomLayout';

let view: EditorView | null = null;
afterEach(() => {
  view?.destroy();
  view = null;
  document.body.innerHTML = '';
});

/** An editor on `<p>abc def</p>` whose state still selects "def" while the browser already moved the caret. */
function editorWithStaleSelection() {
  const mount = document.createElement('div');
  document.body.append(mount);
  const state = createDescriptionState('<p>abc def</p>', { onLinkShortcut: () => undefined });
  view = new EditorView(mount, { state });
  view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 5, 8)));
  // End moved the browser's caret after "def"; its selectionchange event has not run yet.
  const text = view.dom.querySelector('p')!.firstChild!;
  document.getSelection()!.setBaseAndExtent(text, 7, text, 7);
  return view;
}

const keydown = (target: HTMLElement, key: string, init: KeyboardEventInit = {}) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));

describe('selectionBeforeKeys: keys act on the selection the user sees', () => {
  it('Enter right after End opens a new line instead of replacing the word still selected in the state', () => {
    const editor = editorWithStaleSelection();
    keydown(editor.dom, 'Enter', { keyCode: 13 });
    // The document holds the new empty line; the HTML written drops a trailing empty paragraph (spec 5).
    expect(editor.state.doc.toJSON()).toEqual({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'abc def' }] }, { type: 'paragraph' }] });
    expect(serialiseHtml(editor.state.doc)).toBe('<p>abc def</p>');
  });

  it('leaves the selection alone while an input method composes', () => {
    const editor = editorWithStaleSelection();
    keydown(editor.dom, 'Process', { keyCode: 229, isComposing: true });
    expect([editor.state.selection.from, editor.state.selection.to]).toEqual([5, 8]);
  });
});
