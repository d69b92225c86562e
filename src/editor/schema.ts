import { Schema } from 'prosemirror-model';
import { em } from './marks/em';
import { link } from './marks/link';
import { strong } from './marks/strong';
import { blockquote } from './nodes/blockquote';
import { bulletList } from './nodes/bulletList';
import { doc } from './nodes/doc';
import { hardBreak } from './nodes/hardBreak';
import { heading } from './nodes/heading';
import { listItem } from './nodes/listItem';
import { orderedList } from './nodes/orderedList';
import { paragraph } from './nodes/paragraph';
import { text } from './nodes/text';

/**
 * The rich text of a sales page (training and bundle descriptions): paragraphs, headings 2-3, bullet and
 * numbered lists, quotations, line breaks; bold, italic and safe links. What is not here cannot be typed,
 * pasted or loaded: the schema is the allow-list.
 */
export const descriptionSchema = new Schema({
  // Order matters: the first block (paragraph) is the default one.
  nodes: {
    doc,
    paragraph,
    heading,
    bullet_list: bulletList,
    ordered_list: orderedList,
    list_item: listItem,
    blockquote,
    text,
    hard_break: hardBreak,
  },
  // Order matters too: marks nest in this order when serialised (<a><strong>…</strong></a>).
  marks: { link, strong, em },
});

export type DescriptionSchema = typeof descriptionSchema;
