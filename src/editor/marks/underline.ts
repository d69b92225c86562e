import type { MarkSpec } from 'prosemirror-model';

/** Underline: `<u>`, read also from `text-decoration: underline` (text pasted from word processors). */
export const underline: MarkSpec = {
  parseDOM: [{ tag: 'u' }, { style: 'text-decoration', getAttrs: (value) => (/(^|\s)underline(\s|$)/.test(value) ? null : false) }],
  toDOM: () => ['u', 0],
};
