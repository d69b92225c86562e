import { Schema, type MarkSpec, type NodeSpec } from 'prosemirror-model';
import { code } from './marks/code';
import { em } from './marks/em';
import { link } from './marks/link';
import { strike } from './marks/strike';
import { strong } from './marks/strong';
import { underline } from './marks/underline';
import { blockquote } from './nodes/blockquote';
import { bulletList } from './nodes/bulletList';
import { doc } from './nodes/doc';
import { hardBreak } from './nodes/hardBreak';
import { headingSpec, type HeadingLevel } from './nodes/heading';
import { horizontalRule } from './nodes/horizontalRule';
import { listItem } from './nodes/listItem';
import { orderedList } from './nodes/orderedList';
import { paragraph } from './nodes/paragraph';
import { tableNodeSpecs } from './nodes/table';
import { text } from './nodes/text';
import { HEADING_TOOLS, normaliseTools, RICH_TEXT_TOOLS, type RichTextTool } from './tools';

/**
 * The schema of an editor showing `tools`: paragraphs, text and line breaks always; headings of the levels
 * offered, lists, quotations, rules, tables; bold, italic, strike, underline, code and safe links when their
 * tool shows. What is not here cannot be typed, pasted or loaded: the schema is the allow-list. One schema per
 * set of tools (cached), so documents of two editors with the same tools share it.
 */
export function schemaFor(tools: readonly RichTextTool[]): Schema {
  const wanted = normaliseTools(tools);
  const key = wanted.join(',');
  const cached = cache.get(key);
  if (cached) return cached;
  const has = (tool: RichTextTool) => wanted.includes(tool);
  const levels = wanted.flatMap((tool) => (tool in HEADING_TOOLS ? [HEADING_TOOLS[tool as keyof typeof HEADING_TOOLS] as HeadingLevel] : []));
  const lists = has('bulletList') || has('orderedList');
  // Order matters: the first block (paragraph) is the default one.
  const nodes: Record<string, NodeSpec> = { doc, paragraph };
  if (levels.length > 0) nodes.heading = headingSpec(levels);
  if (lists) Object.assign(nodes, { bullet_list: bulletList, ordered_list: orderedList, list_item: listItem });
  if (has('blockquote')) nodes.blockquote = blockquote;
  if (has('horizontalRule')) nodes.horizontal_rule = horizontalRule;
  if (has('table')) Object.assign(nodes, tableNodeSpecs);
  Object.assign(nodes, { text, hard_break: hardBreak });
  // Order matters too: marks nest in this order when serialised (<a><strong>…</strong></a>).
  const marks: Record<string, MarkSpec> = {};
  if (has('link')) marks.link = link;
  if (has('strong')) marks.strong = strong;
  if (has('em')) marks.em = em;
  if (has('underline')) marks.underline = underline;
  if (has('strike')) marks.strike = strike;
  if (has('code')) marks.code = code;
  const schema = new Schema({ nodes, marks });
  cache.set(key, schema);
  return schema;
}

const cache = new Map<string, Schema>();

/**
 * The rich text of a sales page (training and bundle descriptions): paragraphs, headings 2-3, bullet and
 * numbered lists, quotations, line breaks; bold, italic and safe links.
 */
export const descriptionSchema = schemaFor(RICH_TEXT_TOOLS.description) as Schema<
  'doc' | 'paragraph' | 'heading' | 'bullet_list' | 'ordered_list' | 'list_item' | 'blockquote' | 'text' | 'hard_break',
  'link' | 'strong' | 'em'
>;

/** Everything the editor knows (the lesson preset). */
export const lessonSchema = schemaFor(RICH_TEXT_TOOLS.lesson) as Schema<
  | 'doc'
  | 'paragraph'
  | 'heading'
  | 'bullet_list'
  | 'ordered_list'
  | 'list_item'
  | 'blockquote'
  | 'horizontal_rule'
  | 'table'
  | 'table_row'
  | 'table_cell'
  | 'table_header'
  | 'text'
  | 'hard_break',
  'link' | 'strong' | 'em' | 'underline' | 'strike' | 'code'
>;

export type DescriptionSchema = typeof descriptionSchema;
