import { nodes } from 'prosemirror-schema-basic';

/** `<blockquote>` around blocks: a testimonial or a quotation on the sales page. */
export const blockquote = nodes.blockquote;
