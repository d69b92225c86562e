import type { MarkSpec } from 'prosemirror-model';

/** Strikethrough: `<s>`, read also from `<del>`, `<strike>` and `text-decoration: line-through`. */
export const strike: MarkSpec = {
  parseDOM: [{ tag: 's' }, { tag: 'del' }, { tag: 'strike' }, { style: 'text-decoration', getAttrs: (value) => (/(^|\s)line-through(\s|$)/.test(value) ? null : false) }],
  toDOM: () => ['s', 0],
};
