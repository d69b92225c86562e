/**
 * The few things a page says about itself, read from its HTML as text (never run, never turned into a DOM):
 * <title>, and the og:title, og:description, og:image, og:site_name and description meta tags.
 */
export interface PageMetadata {
  title: string | null;
  description: string | null;
  image: string | null;
  site_name: string | null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Plain text of at most `max` characters: entities decoded, tags and control characters out, spaces collapsed. */
function text(value: string | undefined, max: number): string | null {
  if (value === undefined) return null;
  const clean = decodeEntities(value.replace(/<[^>]*>/g, ' '))
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean ? [...clean].slice(0, max).join('') : null;
}

/** An absolute http(s) address (relative ones resolved against the page), or null. */
function address(value: string | undefined, base: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(decodeEntities(value.trim()), base);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.toString().length <= 2048 ? url.toString() : null;
  } catch {
    return null;
  }
}

const ATTRIBUTE = /([a-z:-]+)\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

export function pageMetadata(html: string, pageUrl: string): PageMetadata {
  const meta = new Map<string, string>();
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    const attributes = new Map<string, string>();
    for (const match of tag.matchAll(ATTRIBUTE)) attributes.set(match[1]!.toLowerCase(), match[3] ?? match[4] ?? match[5] ?? '');
    const key = (attributes.get('property') ?? attributes.get('name'))?.toLowerCase();
    const content = attributes.get('content');
    if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
  }
  const title = /<title\b[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  return {
    title: text(meta.get('og:title') ?? title, 512),
    description: text(meta.get('og:description') ?? meta.get('description'), 2000),
    image: address(meta.get('og:image') ?? meta.get('og:image:url'), pageUrl),
    site_name: text(meta.get('og:site_name'), 256),
  };
}
