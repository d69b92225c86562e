import { nodes } from 'prosemirror-schema-basic';

/** `<hr>`: a separator between two parts of a lesson. */
export const horizontalRule = nodes.horizontal_rule;
