// @vitest-environment jsdom
import { toggleMark } from 'prosemirror-commands';
import { undo } from 'prosemirror-history';
import { type Command, type EditorState, TextSelection } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import { linkAt, removeLink, setLink } from '../../../src/editor/commands/link';
import { toggleBlockquote } from '../../../src/editor/commands/toggleBlockquote';
import { toggleHeading } from '../../../src/editor/commands/toggleHeading';
import { toggleList } from '../../../src/editor/commands/toggleList';
import { sameToolbarState, toolbarStateOf } from '../../../src/editor/commands/toolbarState';
import { createDescriptionState } from '../../../src/editor/editorState';
import { serialiseHtml } from '../../../src/editor/html';
import { descriptionSchema } from '../../../src/editor/schema';

const { marks, nodes } = descriptionSchema;

/** A state holding `html`, with `text` selected (or the cursor placed before it when `cursor` is set). */
function stateWith(html: string, text: string, cursor = false): EditorState {
  const state = createDescriptionState(html, { onLinkShortcut: () => undefined });
  let from = -1;
  state.doc.descendants((node, pos) => {
    if (from === -1 && node.isText && node.text!.includes(text)) from = pos + node.text!.indexOf(text);
  });
  if (from === -1) throw new Error(`"${text}" not in ${html}`);
  return state.apply(state.tr.setSelection(TextSelection.create(state.doc, from, cursor ? from : from + text.length)));
}

/** Runs the command and answers the new HTML, or null when the command does not apply. */
function run(state: EditorState, command: Command): { html: string; state: EditorState } | null {
  let next: EditorState | null = null;
  const applied = command(state, (tr) => {
    next = state.apply(tr);
  });
  if (!applied || next === null) return null;
  return { html: serialiseHtml((next as EditorState).doc), state: next };
}

describe('marks', () => {
  it('bold and italic toggle on the selection and show in the toolbar', () => {
    const bold = run(stateWith('<p>un deux</p>', 'deux'), toggleMark(marks.strong))!;
    expect(bold.html).toBe('<p>un <strong>deux</strong></p>');
    expect(toolbarStateOf(bold.state)).toMatchObject({ strong: true, em: false });
    expect(run(bold.state, toggleMark(marks.strong))!.html).toBe('<p>un deux</p>');
    expect(run(stateWith('<p>un deux</p>', 'un'), toggleMark(marks.em))!.html).toBe('<p><em>un</em> deux</p>');
  });

  it('the toolbar reads the marks at the cursor', () => {
    expect(toolbarStateOf(stateWith('<p>a <strong>gras</strong></p>', 'ras', true))).toMatchObject({ strong: true, em: false });
    expect(toolbarStateOf(stateWith('<p>a <strong>gras</strong></p>', 'a ', true))).toMatchObject({ strong: false });
  });
});

describe('headings', () => {
  it('toggle between heading levels and paragraph', () => {
    const h2 = run(stateWith('<p>Titre</p>', 'Titre', true), toggleHeading(2))!;
    expect(h2.html).toBe('<h2>Titre</h2>');
    expect(toolbarStateOf(h2.state).heading).toBe(2);
    const h3 = run(h2.state, toggleHeading(3))!;
    expect(h3.html).toBe('<h3>Titre</h3>');
    expect(run(h3.state, toggleHeading(3))!.html).toBe('<p>Titre</p>');
  });

  it('are not offered in a list item (its first block must stay a paragraph)', () => {
    const state = stateWith('<ul><li><p>point</p></li></ul>', 'point', true);
    expect(run(state, toggleHeading(2))).toBeNull();
    expect(toolbarStateOf(state).can.heading2).toBe(false);
  });
});

describe('lists', () => {
  it('wrap paragraphs, switch type, and lift out again', () => {
    const bullets = run(stateWith('<p>un</p><p>deux</p>', 'un'), (state, dispatch) =>
      toggleList(nodes.bullet_list)(state.apply(state.tr.setSelection(TextSelection.create(state.doc, 1, state.doc.content.size - 1))), dispatch),
    );
    expect(bullets!.html).toBe('<ul><li><p>un</p></li><li><p>deux</p></li></ul>');
    expect(toolbarStateOf(bullets!.state)).toMatchObject({ bulletList: true, orderedList: false });
    const ordered = run(bullets!.state, toggleList(nodes.ordered_list))!;
    expect(ordered.html).toBe('<ol><li><p>un</p></li><li><p>deux</p></li></ol>');
    expect(toolbarStateOf(ordered.state)).toMatchObject({ bulletList: false, orderedList: true });
    expect(run(ordered.state, toggleList(nodes.ordered_list))!.html).toBe('<p>un</p><p>deux</p>');
  });

  it('lifting one item keeps the others in the list', () => {
    const state = stateWith('<ul><li><p>un</p></li><li><p>deux</p></li></ul>', 'deux', true);
    expect(run(state, toggleList(nodes.bullet_list))!.html).toBe('<ul><li><p>un</p></li></ul><p>deux</p>');
  });
});

describe('quotations', () => {
  it('wrap and unwrap, even around a list', () => {
    const quoted = run(stateWith('<p>avis</p>', 'avis', true), toggleBlockquote)!;
    expect(quoted.html).toBe('<blockquote><p>avis</p></blockquote>');
    expect(toolbarStateOf(quoted.state).blockquote).toBe(true);
    expect(run(quoted.state, toggleBlockquote)!.html).toBe('<p>avis</p>');
    const list = stateWith('<blockquote><ul><li><p>a</p></li></ul></blockquote>', 'a', true);
    expect(run(list, toggleBlockquote)!.html).toBe('<ul><li><p>a</p></li></ul>');
  });
});

describe('links', () => {
  it('link the selection to a safe address only', () => {
    const state = stateWith('<p>voir le site</p>', 'site');
    expect(run(state, setLink('javascript:alert(1)'))).toBeNull();
    const linked = run(state, setLink('https://exemple.fr'))!;
    expect(linked.html).toBe('<p>voir le <a href="https://exemple.fr">site</a></p>');
    expect(toolbarStateOf(linked.state).link).toBe(true);
  });

  it('a cursor in a link edits or removes the whole link', () => {
    const state = stateWith('<p>voir <a href="https://a.fr">le site</a> ici</p>', 'site', true);
    expect(linkAt(state)).toMatchObject({ href: 'https://a.fr' });
    expect(run(state, setLink('mailto:b@b.fr'))!.html).toBe('<p>voir <a href="mailto:b@b.fr">le site</a> ici</p>');
    expect(run(state, removeLink)!.html).toBe('<p>voir le site ici</p>');
  });

  it('a bare cursor outside any link inserts the address as a link', () => {
    const state = stateWith('<p>Écrire</p>', 'Écrire', true);
    const at = state.apply(state.tr.setSelection(TextSelection.create(state.doc, state.doc.content.size - 1)));
    expect(linkAt(at)).toBeNull();
    expect(run(at, removeLink)).toBeNull();
    expect(run(at, setLink('mailto:a@b.fr'))!.html).toBe('<p>Écrire<a href="mailto:a@b.fr">mailto:a@b.fr</a></p>');
  });
});

describe('history', () => {
  it('undo is offered once something changed, and undoes it', () => {
    const state = stateWith('<p>texte</p>', 'texte');
    expect(toolbarStateOf(state).can).toMatchObject({ undo: false, redo: false });
    const bold = run(state, toggleMark(marks.strong))!;
    expect(toolbarStateOf(bold.state).can.undo).toBe(true);
    const undone = run(bold.state, undo)!;
    expect(undone.html).toBe('<p>texte</p>');
    expect(toolbarStateOf(undone.state).can.redo).toBe(true);
  });
});

describe('the toolbar while typing', () => {
  it('shows the same state for a keystroke in plain text, another one when the cursor enters bold or an undo appears', () => {
    const before = stateWith('<p>un mot et <strong>gras</strong></p>', 'mot', true);
    const typed = before.apply(before.tr.insertText('s'));
    const typedAgain = typed.apply(typed.tr.insertText('t'));
    // The first keystroke makes undo possible; the next ones change nothing the toolbar shows.
    expect(sameToolbarState(toolbarStateOf(before), toolbarStateOf(typed))).toBe(false);
    expect(sameToolbarState(toolbarStateOf(typed), toolbarStateOf(typedAgain))).toBe(true);
    const inBold = stateWith('<p>un mot et <strong>gras</strong></p>', 'ras', true);
    expect(sameToolbarState(toolbarStateOf(before), toolbarStateOf(inBold))).toBe(false);
  });
});
