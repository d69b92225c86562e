import sanitizeHtml from 'sanitize-html';
import { LESSON_HTML_ATTRIBUTES, LESSON_HTML_TAGS } from '../../../shared/contentBlocks.js';

const SPAN = /^\d{1,3}$/;
const COLUMN_WIDTHS = /^\d{1,5}(,\d{1,5}){0,99}$/;

/** A table cell keeps only spans and column widths that are plain numbers. */
const cell = (tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag => ({
  tagName,
  attribs: Object.fromEntries(
    Object.entries(attribs).filter(([name, value]) => (name === 'data-colwidth' ? COLUMN_WIDTHS.test(value) : SPAN.test(value) && Number(value) > 0)),
  ),
});

/**
 * The lesson editor's allow-list (shared/contentBlocks.ts): what its toolbar writes, nothing active. Headings of
 * level 1 become level 2 (1 is the lesson's title), b/i their meaningful twins, strike/del s; any other element
 * is dropped with its text kept (script, style and the like lose their content too); addresses are http(s) or
 * mailto only, absolute.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...LESSON_HTML_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(LESSON_HTML_ATTRIBUTES).map(([tag, list]) => [tag, [...list]])),
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  transformTags: {
    h1: 'h2',
    div: 'p',
    b: 'strong',
    i: 'em',
    strike: 's',
    del: 's',
    ol: (tagName, attribs): sanitizeHtml.Tag => ({ tagName, attribs: /^\d{1,6}$/.test(attribs.start ?? '') ? { start: attribs.start! } : {} }),
    td: cell,
    th: cell,
  },
};

/**
 * Cleaned HTML by what was sent, most recently used last. The editor saves the whole lesson each time with one
 * block changed, so nearly every rich-text block of a save was cleaned the save before: cleaning is a pure function
 * of its input, and a hit skips sanitize-html (about 0.2 ms a block; 25 text blocks were a fifth of a 200-block
 * save). Bounded in entries and in the size of what it keeps.
 */
const cleaned = new Map<string, string>();
const CACHE_ENTRIES = 2_000;
const CACHE_MAX_HTML = 16_384;

/** Lesson HTML as stored ('' when nothing is left). */
export function cleanLessonHtml(html: string): string {
  const known = cleaned.get(html);
  if (known !== undefined) {
    cleaned.delete(html);
    cleaned.set(html, known);
    return known;
  }
  const clean = sanitizeHtml(html, OPTIONS).trim();
  if (html.length <= CACHE_MAX_HTML) {
    cleaned.set(html, clean);
    if (cleaned.size > CACHE_ENTRIES) cleaned.delete(cleaned.keys().next().value!);
  }
  return clean;
}
