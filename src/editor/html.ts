import DOMPurify, { type Config } from 'dompurify';
import { DOMParser, DOMSerializer, type Node as ProseMirrorNode } from 'prosemirror-model';
import { descriptionSchema } from './schema';

/**
 * HTML ↔ document for the description editor. Both ways go through DOMPurify: on the way in (stored
 * descriptions, pasted HTML) before the schema's parser reads it, so nothing active ever reaches a live DOM;
 * on the way out with an allow-list of exactly what the schema writes, so what is saved is safe to render
 * even if a schema rule were wrong.
 */

const OUTPUT: Config = {
  ALLOWED_TAGS: ['p', 'h2', 'h3', 'ul', 'ol', 'li', 'blockquote', 'br', 'strong', 'em', 'a'],
  ALLOWED_ATTR: ['href', 'start'],
  // The regexp checks every attribute not declared URI-safe: `start` (a number) is declared so.
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  ADD_URI_SAFE_ATTR: ['start'],
};

const parser = DOMParser.fromSchema(descriptionSchema);
const serializer = DOMSerializer.fromSchema(descriptionSchema);

/** Any HTML, made inert: DOMPurify's default profile (no scripts, handlers, javascript: addresses, frames). */
export function sanitiseIncomingHtml(html: string): string {
  return DOMPurify.sanitize(html);
}

/** Stored or pasted HTML → a document of the description schema (what the schema cannot hold is dropped). */
export function parseHtml(html: string): ProseMirrorNode {
  const fragment = DOMPurify.sanitize(html, { RETURN_DOM_FRAGMENT: true });
  return parser.parse(fragment);
}

/** A document → the HTML to save; '' when it holds no text (the description is then removed, not an empty <p>). */
export function serialiseHtml(doc: ProseMirrorNode): string {
  if (doc.textContent.trim() === '') return '';
  const container = document.createElement('div');
  container.appendChild(serializer.serializeFragment(doc.content, { document }));
  return DOMPurify.sanitize(container.innerHTML, OUTPUT);
}

/** Wrappers with no meaning of their own: their content is kept, so losing them loses nothing. */
const NEUTRAL_TAGS = new Set(['div', 'span', 'section', 'article', 'header', 'footer', 'main']);

/** The element names the schema reads (from its parse rules, so this follows the schema). */
const READ_TAGS = new Set(
  [...Object.values(descriptionSchema.nodes), ...Object.values(descriptionSchema.marks)]
    .flatMap((type) => type.spec.parseDOM ?? [])
    .flatMap((rule) => ('tag' in rule && typeof rule.tag === 'string' ? [/^[a-z0-9]+/i.exec(rule.tag)?.[0].toLowerCase() ?? ''] : [])),
);

/**
 * Whether stored HTML holds elements the editor drops (images, tables, videos, underline…), so the page can
 * warn that saving will remove them. Read in an inert template: nothing in it loads or runs.
 */
export function hasUnsupportedContent(html: string): boolean {
  const template = document.createElement('template');
  template.innerHTML = html;
  return [...template.content.querySelectorAll('*')].some((element) => {
    const tag = element.localName;
    return !READ_TAGS.has(tag) && !NEUTRAL_TAGS.has(tag);
  });
}
