import DOMPurify, { type Config } from 'dompurify';
import { DOMParser, DOMSerializer, type Node as ProseMirrorNode, type Schema } from 'prosemirror-model';
import { DESCRIPTION_ALLOW_LIST, RICH_TEXT_ALLOW_LIST, type RichTextAllowList } from '../../shared/richTextAllowList';
import { descriptionSchema } from './schema';

/**
 * HTML ↔ document for the rich-text editor. Both ways go through DOMPurify: on the way in (stored HTML,
 * pasted HTML) before the schema's parser reads it, so nothing active ever reaches a live DOM; on the way out
 * with an allow-list of exactly what the schema writes (shared/richTextAllowList, which the server's cleaner
 * reads too), so what is saved is safe to render even if a schema rule were wrong.
 */

function outputConfig(list: RichTextAllowList): Config {
  return {
    ALLOWED_TAGS: [...list.allowedTags],
    ALLOWED_ATTR: [...new Set(Object.values(list.allowedAttributes).flat())],
    // The regexp checks every attribute not declared URI-safe: the numbers (start, colspan, rowspan) are declared so.
    ALLOWED_URI_REGEXP: new RegExp(`^(?:${list.allowedSchemes.join('|')}):`, 'i'),
    ADD_URI_SAFE_ATTR: ['start', 'colspan', 'rowspan'],
    // Nothing but the listed attributes: no data-* either (a resized column's data-colwidth).
    ALLOW_DATA_ATTR: false,
  };
}

const DESCRIPTION_OUTPUT = outputConfig(DESCRIPTION_ALLOW_LIST);
const RICH_TEXT_OUTPUT = outputConfig(RICH_TEXT_ALLOW_LIST);

/** The allow-list of what an editor of `schema` writes: the description's own, or the full one. */
export function allowListOf(schema: Schema): RichTextAllowList {
  return schema === descriptionSchema ? DESCRIPTION_ALLOW_LIST : RICH_TEXT_ALLOW_LIST;
}

const parsers = new WeakMap<Schema, DOMParser>();
const serializers = new WeakMap<Schema, DOMSerializer>();
function parserOf(schema: Schema): DOMParser {
  let parser = parsers.get(schema);
  if (!parser) parsers.set(schema, (parser = DOMParser.fromSchema(schema)));
  return parser;
}
function serializerOf(schema: Schema): DOMSerializer {
  let serializer = serializers.get(schema);
  if (!serializer) serializers.set(schema, (serializer = DOMSerializer.fromSchema(schema)));
  return serializer;
}

/** Any HTML, made inert: DOMPurify's default profile (no scripts, handlers, javascript: addresses, frames). */
export function sanitiseIncomingHtml(html: string): string {
  return DOMPurify.sanitize(html);
}

/** Stored or pasted HTML → a document of `schema` (what the schema cannot hold is dropped). */
export function parseHtml(html: string, schema: Schema = descriptionSchema): ProseMirrorNode {
  const fragment = DOMPurify.sanitize(html, { RETURN_DOM_FRAGMENT: true });
  return parserOf(schema).parse(fragment);
}

/** Blocks that say something without text: a rule, a table (even with empty cells). */
const hasContentWithoutText = (doc: ProseMirrorNode) => {
  let found = false;
  doc.descendants((node) => {
    if (node.type.name === 'horizontal_rule' || node.type.name === 'table') found = true;
    return !found;
  });
  return found;
};

/**
 * A document → the HTML to save. Empty paragraphs at the end are dropped (spec: the output drops an empty
 * paragraph: the one ProseMirror keeps below a table, the one left by a last Enter); '' when the document holds
 * nothing (no text, no rule, no table), so an emptied field is removed, not saved as an empty <p>.
 */
export function serialiseHtml(doc: ProseMirrorNode): string {
  if (doc.textContent.trim() === '' && !hasContentWithoutText(doc)) return '';
  const { schema } = doc.type;
  let end = doc.childCount;
  while (end > 1 && isEmptyParagraph(doc.child(end - 1))) end -= 1;
  const content = doc.content.cut(0, doc.content.size - sizeAfter(doc, end));
  const container = document.createElement('div');
  container.appendChild(serializerOf(schema).serializeFragment(content, { document }));
  return DOMPurify.sanitize(container.innerHTML, schema === descriptionSchema ? DESCRIPTION_OUTPUT : RICH_TEXT_OUTPUT);
}

const isEmptyParagraph = (node: ProseMirrorNode) => node.type.name === 'paragraph' && node.content.size === 0;
/** The size of the children of `doc` from index `from` on. */
const sizeAfter = (doc: ProseMirrorNode, from: number) => {
  let size = 0;
  for (let index = from; index < doc.childCount; index += 1) size += doc.child(index).nodeSize;
  return size;
};

/** Wrappers with no meaning of their own: their content is kept, so losing them loses nothing. */
const NEUTRAL_TAGS = new Set(['div', 'span', 'section', 'article', 'header', 'footer', 'main', 'tbody', 'thead', 'tfoot']);

const readTags = new WeakMap<Schema, Set<string>>();
/** The element names the schema reads (from its parse rules, so this follows the schema). */
function readTagsOf(schema: Schema): Set<string> {
  let tags = readTags.get(schema);
  if (!tags) {
    tags = new Set(
      [...Object.values(schema.nodes), ...Object.values(schema.marks)]
        .flatMap((type) => type.spec.parseDOM ?? [])
        .flatMap((rule) => ('tag' in rule && typeof rule.tag === 'string' ? [/^[a-z0-9]+/i.exec(rule.tag)?.[0].toLowerCase() ?? ''] : [])),
    );
    readTags.set(schema, tags);
  }
  return tags;
}

/**
 * Whether stored HTML holds elements the editor of `schema` drops (images, tables, videos, underline…), so the
 * page can warn that saving will remove them. Read in an inert template: nothing in it loads or runs.
 */
export function hasUnsupportedContent(html: string, schema: Schema = descriptionSchema): boolean {
  const template = document.createElement('template');
  template.innerHTML = html;
  const tags = readTagsOf(schema);
  return [...template.content.querySelectorAll('*')].some((element) => {
    const tag = element.localName;
    return !tags.has(tag) && !NEUTRAL_TAGS.has(tag);
  });
}
