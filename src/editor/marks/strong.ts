import { marks } from 'prosemirror-schema-basic';

/** Bold: `<strong>`, read also from `<b>` and `font-weight: bold` (text pasted from word processors). */
export const strong = marks.strong;
