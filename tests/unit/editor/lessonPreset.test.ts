// @vitest-environment jsdom
import { toggleMark } from 'prosemirror-commands';
import { TextSelection, type Command, type EditorState } from 'prosemirror-state';
import { CellSelection } from 'prosemirror-tables';
import { describe, expect, it } from 'vitest';
import emojiData from 'emojibase-data/fr/data.json';
import emojiMessages from 'emojibase-data/fr/messages.json';
import { DESCRIPTION_ALLOW_LIST, RICH_TEXT_ALLOW_LIST } from '../../../shared/richTextAllowList';
import { insertHorizontalRule, insertText } from '../../../src/editor/commands/insert';
import { canLink } from '../../../src/editor/commands/link';
import { inTable, insertTable, TABLE_COMMANDS } from '../../../src/editor/commands/table';
import { setParagraph, toggleHeading } from '../../../src/editor/commands/toggleHeading';
import { toolbarStateOf } from '../../../src/editor/commands/toolbarState';
import { emojiGroupsOf, type EmojibaseEntry, type EmojibaseMessages } from '../../../src/editor/emoji/emojiGroups';
import { createRichTextState } from '../../../src/editor/editorState';
import { allowListOf, hasUnsupportedContent, parseHtml, serialiseHtml } from '../../../src/editor/html';
import { descriptionSchema, lessonSchema, schemaFor } from '../../../src/editor/schema';
import { ALL_TOOLS, normaliseTools, RICH_TEXT_TOOLS } from '../../../src/editor/tools';

const options = { onLinkShortcut: () => undefined };

/** A lesson-preset state holding `html`, the cursor in the first text block containing `text` (or at the start). */
function lessonState(html: string, text?: string): EditorState {
  const state = createRichTextState(html, lessonSchema, options);
  if (text === undefined) return state;
  let at = -1;
  state.doc.descendants((node, pos) => {
    if (at === -1 && node.isText && node.text!.includes(text)) at = pos + node.text!.indexOf(text);
  });
  if (at === -1) throw new Error(`"${text}" not in ${html}`);
  return state.apply(state.tr.setSelection(TextSelection.create(state.doc, at)));
}

function run(state: EditorState, command: Command): EditorState | null {
  let next: EditorState | null = null;
  const applied = command(state, (tr) => {
    next = state.apply(tr);
  });
  return applied ? next : null;
}

const roundTrip = (html: string) => serialiseHtml(parseHtml(html, lessonSchema));

describe('presets', () => {
  it('the description keeps exactly its set; the lesson has every tool of the spec', () => {
    expect([...RICH_TEXT_TOOLS.description].sort()).toEqual(['blockquote', 'bulletList', 'em', 'heading2', 'heading3', 'link', 'orderedList', 'redo', 'strong', 'undo']);
    expect([...RICH_TEXT_TOOLS.lesson].sort()).toEqual(
      [
        'heading2',
        'heading3',
        'heading4',
        'heading5',
        'heading6',
        'strong',
        'em',
        'strike',
        'underline',
        'code',
        'paragraph',
        'bulletList',
        'orderedList',
        'link',
        'emoji',
        'blockquote',
        'horizontalRule',
        'table',
        'undo',
        'redo',
      ].sort(),
    );
    expect(normaliseTools(['redo', 'strong', 'strong', 'table'])).toEqual(['strong', 'table', 'redo']);
  });

  it('the tools decide the schema; one schema per set of tools', () => {
    expect(Object.keys(descriptionSchema.nodes)).toEqual(['doc', 'paragraph', 'heading', 'bullet_list', 'ordered_list', 'list_item', 'blockquote', 'text', 'hard_break']);
    expect(Object.keys(descriptionSchema.marks)).toEqual(['link', 'strong', 'em']);
    expect(Object.keys(lessonSchema.nodes)).toEqual(expect.arrayContaining(['heading', 'horizontal_rule', 'table', 'table_row', 'table_cell', 'table_header']));
    expect(Object.keys(lessonSchema.marks)).toEqual(['link', 'strong', 'em', 'underline', 'strike', 'code']);
    expect(schemaFor(['strong', 'em'])).toBe(schemaFor(['em', 'strong', 'em']));
    expect(schemaFor(['strong']).nodes.table).toBeUndefined();
    // A post editor without tables drops a pasted table to its text.
    expect(serialiseHtml(parseHtml('<table><tr><td>a</td></tr></table>', schemaFor(['strong'])))).toBe('<p>a</p>');
    expect(schemaFor(ALL_TOOLS)).toBe(lessonSchema);
  });
});

describe('lesson HTML round trip', () => {
  const full =
    '<h2>Deux</h2><h3>Trois</h3><h4>Quatre</h4><h5>Cinq</h5><h6>Six</h6>' +
    '<p><strong>gras</strong> <em>italique</em> <u>souligné</u> <s>barré</s> <code>npm test</code> <a href="https://exemple.fr">lien</a><br>ligne</p>' +
    '<ul><li><p>puce</p></li></ul><ol start="3"><li><p>trois</p></li></ol><blockquote><p>citation</p></blockquote><hr>' +
    '<table><tbody><tr><th><p>En-tête</p></th><td colspan="2"><p>fusion</p></td></tr><tr><td><p>a</p></td><td><p>b</p></td><td><p>c</p></td></tr></tbody></table>';

  it('is stable: what it writes reads back the same, every element of the preset included', () => {
    expect(roundTrip(full)).toBe(full);
    expect(roundTrip(roundTrip(full))).toBe(full);
  });

  it('writes only what the shared allow-list holds, and the allow-list holds nothing the editor cannot write', () => {
    const template = document.createElement('template');
    template.innerHTML = roundTrip(full);
    const written = new Set([...template.content.querySelectorAll('*')].map((element) => element.localName));
    expect([...written].sort()).toEqual([...RICH_TEXT_ALLOW_LIST.allowedTags].sort());
    for (const element of template.content.querySelectorAll('*')) {
      for (const attribute of element.getAttributeNames()) expect(RICH_TEXT_ALLOW_LIST.allowedAttributes[element.localName]).toContain(attribute);
    }
    expect(allowListOf(lessonSchema)).toBe(RICH_TEXT_ALLOW_LIST);
    expect(allowListOf(descriptionSchema)).toBe(DESCRIPTION_ALLOW_LIST);
  });

  it('keeps every heading level; an <h1> becomes a level 2', () => {
    expect(roundTrip('<h1>Un</h1><h6>Six</h6>')).toBe('<h2>Un</h2><h6>Six</h6>');
    // The description still maps h4-h6 onto h3.
    expect(serialiseHtml(parseHtml('<h5>Cinq</h5>'))).toBe('<h3>Cinq</h3>');
  });

  it('reads <del>, <strike>, <b>, <i> and styles as the marks the editor writes', () => {
    expect(roundTrip('<p><del>a</del> <strike>b</strike> <span style="text-decoration: underline">c</span> <b>d</b></p>')).toBe('<p><s>a</s> <s>b</s> <u>c</u> <strong>d</strong></p>');
  });

  it('drops scripts, handlers, styles and unsafe links from tables too', () => {
    const html = roundTrip('<table><tr><td style="color:red" onclick="alert(1)" data-colwidth="100"><a href="javascript:alert(1)">x</a><script>alert(1)</script><img src=x onerror=alert(1)></td></tr></table>');
    expect(html).toBe('<table><tbody><tr><td><p>x</p></td></tr></tbody></table>');
  });

  it('drops trailing empty paragraphs, writes nothing for an empty document, keeps a table without text', () => {
    expect(roundTrip('<p>texte</p><p></p><p></p>')).toBe('<p>texte</p>');
    expect(roundTrip('<p></p><p>texte</p>')).toBe('<p></p><p>texte</p>');
    expect(roundTrip('<p></p>')).toBe('');
    expect(roundTrip('<p> </p><p></p>')).toBe('');
    expect(roundTrip('<hr>')).toBe('<hr>');
    expect(roundTrip('<table><tr><td></td></tr></table>')).toBe('<table><tbody><tr><td><p></p></td></tr></tbody></table>');
  });

  it('knows what the lesson schema keeps when warning of unsupported content', () => {
    expect(hasUnsupportedContent('<table><tr><td>x</td></tr></table><u>u</u>', lessonSchema)).toBe(false);
    expect(hasUnsupportedContent('<img src="x.png">', lessonSchema)).toBe(true);
  });
});

describe('commands of the full toolbar', () => {
  it('headings 4 to 6 and back to a paragraph', () => {
    const h5 = run(lessonState('<p>Titre</p>', 'Titre'), toggleHeading(5))!;
    expect(serialiseHtml(h5.doc)).toBe('<h5>Titre</h5>');
    expect(toolbarStateOf(h5)).toMatchObject({ heading: 5, paragraph: false });
    const back = run(h5, setParagraph)!;
    expect(serialiseHtml(back.doc)).toBe('<p>Titre</p>');
    expect(toolbarStateOf(back).paragraph).toBe(true);
  });

  it('strike, underline and code toggle on the selection and show in the toolbar', () => {
    let state = lessonState('<p>un deux</p>', 'deux');
    state = state.apply(state.tr.setSelection(TextSelection.create(state.doc, state.selection.from, state.selection.from + 4)));
    for (const [mark, tag] of [
      ['strike', 's'],
      ['underline', 'u'],
      ['code', 'code'],
    ] as const) {
      const next = run(state, toggleMark(lessonSchema.marks[mark]))!;
      expect(serialiseHtml(next.doc)).toBe(`<p>un <${tag}>deux</${tag}></p>`);
      expect(toolbarStateOf(next)[mark]).toBe(true);
    }
  });

  it('a horizontal rule goes between blocks, with a paragraph kept after it to type in', () => {
    const state = lessonState('<p>avant</p>');
    const ruled = run(state.apply(state.tr.setSelection(TextSelection.create(state.doc, 6))), insertHorizontalRule)!;
    expect(ruled.doc.lastChild?.type.name).toBe('paragraph');
    expect(serialiseHtml(ruled.doc)).toBe('<p>avant</p><hr>');
  });

  it('an emoji is inserted at the cursor with the marks typed there', () => {
    const state = lessonState('<p><strong>Bravo</strong> !</p>', ' !');
    const next = run(state, insertText('🎉'))!;
    expect(serialiseHtml(next.doc)).toBe('<p><strong>Bravo🎉</strong> !</p>');
    expect(run(state, insertText(''))).toBeNull();
  });

  it('the link form has something to link: selected text or a link under the cursor', () => {
    expect(canLink(lessonState('<p>texte</p>', 'texte'))).toBe(false);
    expect(canLink(lessonState('<p><a href="https://a.fr">texte</a></p>', 'xte'))).toBe(true);
    const state = lessonState('<p>texte</p>', 'texte');
    expect(canLink(state.apply(state.tr.setSelection(TextSelection.create(state.doc, 1, 3))))).toBe(true);
  });
});

describe('tables', () => {
  it('a new table is 3 rows by 3 columns of plain cells (no header row), the cursor in its first cell', () => {
    const state = run(lessonState('<p>avant</p>', 'avant'), insertTable)!;
    const table = state.doc.child(1);
    expect(table.type.name).toBe('table');
    expect(table.childCount).toBe(3);
    table.forEach((row) => {
      expect(row.childCount).toBe(3);
      row.forEach((cell) => expect(cell.type.name).toBe('table_cell'));
    });
    expect(state.selection.$from.node(-1).type.name).toBe('table_cell');
    expect(inTable(state)).toBe(true);
    // The paragraph kept after a last table is not written.
    expect(serialiseHtml(state.doc)).toBe(`<p>avant</p><table><tbody>${'<tr><td><p></p></td><td><p></p></td><td><p></p></td></tr>'.repeat(3)}</tbody></table>`);
  });

  it('an empty paragraph is replaced by the table; no table inside a table', () => {
    const state = run(lessonState('<p>avant</p><p></p>'), (s, d) => {
      const end = s.doc.content.size - 1;
      return insertTable(s.apply(s.tr.setSelection(TextSelection.create(s.doc, end))), d);
    });
    expect(state).not.toBeNull();
    expect(state!.doc.child(1).type.name).toBe('table');
    expect(insertTable(state!)).toBe(false);
  });

  it('the table tools show only while the cursor is in a table, and each acts on it', () => {
    const outside = lessonState('<p>texte</p>', 'texte');
    const outsideState = toolbarStateOf(outside);
    expect(outsideState.table).toBe(false);
    for (const action of Object.keys(TABLE_COMMANDS) as Array<keyof typeof TABLE_COMMANDS>) expect(outsideState.can[action]).toBe(false);
    expect(outsideState.can.table).toBe(true);

    const inside = run(outside, insertTable)!;
    const insideState = toolbarStateOf(inside);
    expect(insideState.table).toBe(true);
    expect(insideState.can).toMatchObject({ table: false, deleteTable: true, addColumnBefore: true, addColumnAfter: true, deleteColumn: true, addRowBefore: true, addRowAfter: true, deleteRow: true, mergeCells: false });

    const shape = (state: EditorState) => {
      const table = state.doc.child(1);
      const rows: number[] = [];
      table.forEach((row) => rows.push(row.childCount));
      return rows;
    };
    expect(shape(run(inside, TABLE_COMMANDS.addColumnAfter)!)).toEqual([4, 4, 4]);
    expect(shape(run(inside, TABLE_COMMANDS.addColumnBefore)!)).toEqual([4, 4, 4]);
    expect(shape(run(inside, TABLE_COMMANDS.deleteColumn)!)).toEqual([2, 2, 2]);
    expect(shape(run(inside, TABLE_COMMANDS.addRowBefore)!)).toEqual([3, 3, 3, 3]);
    expect(shape(run(inside, TABLE_COMMANDS.addRowAfter)!)).toEqual([3, 3, 3, 3]);
    expect(shape(run(inside, TABLE_COMMANDS.deleteRow)!)).toEqual([3, 3]);
    const deleted = run(inside, TABLE_COMMANDS.deleteTable)!;
    expect(deleted.doc.toJSON().content.map((node: { type: string }) => node.type)).not.toContain('table');

    // Two cells selected: merge.
    // Positions pointing at the first two cells: after the paragraph, inside the table, inside its first row.
    const table = inside.doc.child(1);
    const firstCell = inside.doc.resolve(inside.doc.child(0).nodeSize + 2);
    const secondCell = inside.doc.resolve(firstCell.pos + table.child(0).child(0).nodeSize);
    const selected = inside.apply(inside.tr.setSelection(new CellSelection(firstCell, secondCell)));
    expect(toolbarStateOf(selected).can.mergeCells).toBe(true);
    const merged = run(selected, TABLE_COMMANDS.mergeCells)!;
    expect(serialiseHtml(merged.doc)).toContain('<td colspan="2">');
  });
});

describe('emoji groups', () => {
  it('map emojibase-data onto the spec groups, in order, without skin-tone variants', () => {
    const groups = emojiGroupsOf(emojiData as unknown as EmojibaseEntry[], emojiMessages as unknown as EmojibaseMessages);
    expect(groups.map((group) => group.key)).toEqual(['faces', 'gestures', 'people', 'morePeople', 'objects']);
    const find = (key: string) => groups.find((group) => group.key === key)!.emojis.map((emoji) => emoji.emoji);
    expect(find('faces')[0]).toBe('😀');
    expect(find('gestures')).toContain('\u{1F44D}\u{FE0F}');
    expect(find('people')).toContain('🧑‍🏫');
    expect(find('morePeople')).toContain('🧘');
    expect(find('objects')).toContain('💡');
    expect(groups.flatMap((group) => group.emojis).some((emoji) => /\u{1F3FB}/u.test(emoji.emoji))).toBe(false);
    const grinning = groups[0]!.emojis[0]!;
    expect(grinning.label).toBe('visage rieur');
  });
});
