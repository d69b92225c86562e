import { nodes } from 'prosemirror-schema-basic';

/** Inline text, the only leaf that carries marks. */
export const text = nodes.text;
