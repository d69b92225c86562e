import sanitizeHtml from 'sanitize-html';

/**
 * The sales-page description as stored: exactly what the editor writes (src/editor/html.ts, OUTPUT), whoever
 * sends it. The editor already cleans both ways, but the API is open to any client (integrations, scripts),
 * and the learner area and the public sales pages render this HTML as is: nothing active may be stored.
 * Other headings become the two the editor knows, b/i their meaningful twins; any other element is dropped
 * with its text kept (script, style and the like lose their content too).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'ul', 'ol', 'li', 'blockquote', 'br', 'strong', 'em', 'a'],
  allowedAttributes: { a: ['href'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  transformTags: {
    h1: 'h2',
    div: 'p',
    h4: 'h3',
    h5: 'h3',
    h6: 'h3',
    b: 'strong',
    i: 'em',
    ol: (tagName, attribs): sanitizeHtml.Tag => {
      const start = attribs.start ?? '';
      return { tagName, attribs: /^\d{1,6}$/.test(start) ? { start } : {} };
    },
  },
};

const TEXT_ONLY: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} };

/** Clean HTML, or null when nothing readable is left (a description of empty paragraphs is no description). */
export function cleanDescription(html: string | null): string | null {
  if (html === null) return null;
  const clean = sanitizeHtml(html, OPTIONS).trim();
  return sanitizeHtml(clean, TEXT_ONLY).trim() === '' ? null : clean;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/**
 * What a learner writes where plain text is shown (comments, feedback): any markup dropped (script and style
 * with their content), the text kept, trimmed. The result is text, never HTML: views show it as text.
 */
export const plainText = (html: string): string =>
  sanitizeHtml(html, TEXT_ONLY)
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!)
    .trim();
