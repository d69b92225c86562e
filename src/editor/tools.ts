/**
 * The tools a rich-text editor can show, and the presets of each use. The tools also decide the schema (what
 * can be typed, pasted or loaded) and so the HTML an editor writes: an editor without the table tool cannot
 * hold a table. Order here is the toolbar's order; `TOOL_GROUPS` puts separators between groups.
 */
export const TOOL_GROUPS = [
  ['strong', 'em', 'strike', 'underline', 'code'],
  ['paragraph', 'heading2', 'heading3', 'heading4', 'heading5', 'heading6'],
  ['bulletList', 'orderedList', 'blockquote', 'horizontalRule'],
  ['link', 'emoji', 'table'],
  ['undo', 'redo'],
] as const;

export type RichTextTool = (typeof TOOL_GROUPS)[number][number];

export const ALL_TOOLS: readonly RichTextTool[] = TOOL_GROUPS.flat();

/** The heading tools and their level. */
export const HEADING_TOOLS = { heading2: 2, heading3: 3, heading4: 4, heading5: 5, heading6: 6 } as const satisfies Partial<Record<RichTextTool, number>>;

/**
 * Presets: `description` is the sales page of a training or a bundle (its set has not changed since the first
 * editor: bold, italic, two heading levels, lists, quotation, link, history); `lesson` is everything (a lesson's
 * rich-text blocks; community posts and e-mail templates pick from it).
 */
export const RICH_TEXT_TOOLS = {
  description: ['strong', 'em', 'heading2', 'heading3', 'bulletList', 'orderedList', 'blockquote', 'link', 'undo', 'redo'],
  lesson: ALL_TOOLS,
} as const satisfies Record<string, readonly RichTextTool[]>;

/** `tools` in toolbar order, without duplicates or unknown names. */
export function normaliseTools(tools: readonly RichTextTool[]): RichTextTool[] {
  const wanted = new Set(tools);
  return ALL_TOOLS.filter((tool) => wanted.has(tool));
}
