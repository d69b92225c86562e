import { marks } from 'prosemirror-schema-basic';

/** Inline code: `<code>` (a command, a file name in a lesson). */
export const code = marks.code;
