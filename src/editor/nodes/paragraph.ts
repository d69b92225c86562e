import { nodes } from 'prosemirror-schema-basic';

/**
 * `<p>`. Listed first in the schema, so it is the default block: loose text and unknown wrappers (`<div>`,
 * `<section>`) pasted or stored elsewhere become paragraphs.
 */
export const paragraph = nodes.paragraph;
