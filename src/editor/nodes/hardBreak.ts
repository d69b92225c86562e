import { nodes } from 'prosemirror-schema-basic';

/** `<br>`: a line break inside a paragraph (Shift-Enter). */
export const hardBreak = nodes.hard_break;
