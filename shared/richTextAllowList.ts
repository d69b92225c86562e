/**
 * Exactly the HTML the rich-text editor writes, as plain data (no DOM): the editor's output filter
 * (src/editor/html.ts) and the server's cleaner of every rich-text field read the same lists, so what the
 * editor saves is what the server keeps, and nothing else is ever stored. Shaped like sanitize-html's options
 * (`allowedTags`, `allowedAttributes`, `allowedSchemes`), which the server uses.
 */
export interface RichTextAllowList {
  /** Element names, lower case. */
  readonly allowedTags: readonly string[];
  /** Attributes allowed per element; an element not listed keeps none. */
  readonly allowedAttributes: Readonly<Record<string, readonly string[]>>;
  /** URL schemes allowed in `href` (without the colon). */
  readonly allowedSchemes: readonly string[];
}

/** Training and bundle descriptions (the description preset): headings 2 and 3, lists, quotations, bold, italic, links. */
export const DESCRIPTION_ALLOW_LIST: RichTextAllowList = {
  allowedTags: ['p', 'h2', 'h3', 'ul', 'ol', 'li', 'blockquote', 'br', 'strong', 'em', 'a'],
  allowedAttributes: { a: ['href'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
};

/**
 * Everything the editor can write (the lesson preset, and any smaller set of tools): headings 2 to 6,
 * lists, quotations, rules, tables (merged cells keep `colspan` / `rowspan`), bold, italic, underline,
 * strike, inline code, links.
 */
export const RICH_TEXT_ALLOW_LIST: RichTextAllowList = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'blockquote',
    'br',
    'hr',
    'table',
    'tbody',
    'tr',
    'th',
    'td',
    'strong',
    'em',
    'u',
    's',
    'code',
    'a',
  ],
  allowedAttributes: { a: ['href'], ol: ['start'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
};
