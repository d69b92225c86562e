import { marks } from 'prosemirror-schema-basic';

/** Italic: `<em>`, read also from `<i>` and `font-style: italic`. */
export const em = marks.em;
