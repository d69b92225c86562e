import path from 'node:path';

/**
 * Just enough of imsmanifest.xml: the SCORM version and the launch page. Not a general XML parser: tags,
 * attributes and text, comments/CDATA/declarations skipped, no entities beyond the five predefined ones,
 * no DTD (so no external entity can ever be fetched). Element and attribute names are compared without
 * namespace prefix and case (`adlcp:scormType` and `adlcp:scormtype` both appear in the wild).
 */
interface XmlElement {
  name: string;
  attributes: Map<string, string>;
  children: XmlElement[];
  text: string;
}

export interface ScormManifest {
  version: '1.2' | '2004';
  /** The launch page, relative to the manifest's folder, with its query and fragment ("index.html?x=1"). */
  href: string;
  /** The default organization's title, when it has one. */
  title: string | null;
}

export class ManifestError extends Error {
  constructor(readonly reason: 'unreadable' | 'version' | 'launch') {
    super(`manifest: ${reason}`);
  }
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1).toLowerCase();
const decodeEntities = (value: string) =>
  value.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-f]+);/gi, (whole, entity: string) => {
    const named: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };
    if (named[entity.toLowerCase()]) return named[entity.toLowerCase()]!;
    const code = entity[1]?.toLowerCase() === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });

/** A manifest larger than this is refused before it is parsed (real ones are a few KiB to a few hundred). */
export const MANIFEST_MAX_BYTES = 1024 * 1024;

/** Real manifests nest items a few levels deep; thousands of levels are only there to cost memory. */
const MAX_DEPTH = 200;
const unreadable = () => new ManifestError('unreadable');
const isSpace = (char: string | undefined) => char === ' ' || char === '\t' || char === '\n' || char === '\r';
const isNameStart = (char: string | undefined) => char !== undefined && ((char >= 'A' && char <= 'Z') || (char >= 'a' && char <= 'z') || char === '_');
const isNameChar = (char: string | undefined) => isNameStart(char) || (char !== undefined && ((char >= '0' && char <= '9') || char === ':' || char === '.' || char === '-'));

/**
 * Index just past the first `close` at or after `from`. A construct that never closes is unreadable at
 * once: searching again from every later position (what a lazy regex such as /<!--[\s\S]*?-->/g does on
 * an unclosed comment) would make the parse quadratic in the manifest's size.
 */
function skipPast(text: string, close: string, from: number): number {
  const end = text.indexOf(close, from);
  if (end === -1) throw unreadable();
  return end + close.length;
}

function skipSpaces(text: string, from: number): number {
  let at = from;
  while (isSpace(text[at])) at++;
  return at;
}

/** `<!DOCTYPE name …>` or `<!DOCTYPE name … [ internal subset ]>`: skipped whole, never read (no entity is defined). */
function skipDoctype(text: string, from: number): number {
  let at = from;
  while (at < text.length && text[at] !== '>' && text[at] !== '[') at++;
  if (at >= text.length) throw unreadable();
  if (text[at] === '>') return at + 1;
  // The subset ends at the first "]" followed by optional spaces and ">"; each "]" is looked at once.
  for (let close = text.indexOf(']', at); close !== -1; close = text.indexOf(']', close + 1)) {
    const after = skipSpaces(text, close + 1);
    if (text[after] === '>') return after + 1;
  }
  throw unreadable();
}

interface Tag {
  end: number;
  closing: boolean;
  name: string;
  attributes: Map<string, string>;
  selfClosing: boolean;
}

const attributeKey = (raw: string) => {
  const lower = raw.toLowerCase();
  return lower === 'xml:base' || lower.startsWith('xmlns') ? lower : localName(raw);
};

/** A start, end or empty-element tag opening at `from` ("<"), read one character at a time. */
function readTag(text: string, from: number): Tag {
  let at = skipSpaces(text, from + 1);
  const closing = text[at] === '/';
  if (closing) at = skipSpaces(text, at + 1);
  if (!isNameStart(text[at])) throw unreadable();
  const nameStart = at;
  while (isNameChar(text[at])) at++;
  const name = localName(text.slice(nameStart, at));
  const attributes = new Map<string, string>();
  for (;;) {
    const spaced = at;
    at = skipSpaces(text, at);
    const char = text[at];
    if (char === '>') return { end: at + 1, closing, name, attributes, selfClosing: false };
    if (char === '/' && !closing) {
      at = skipSpaces(text, at + 1);
      if (text[at] !== '>') throw unreadable();
      return { end: at + 1, closing, name, attributes, selfClosing: true };
    }
    // An attribute: only in a start tag, and after a space.
    if (closing || at === spaced || char === undefined) throw unreadable();
    const keyStart = at;
    while (at < text.length && !isSpace(text[at]) && text[at] !== '=' && text[at] !== '/' && text[at] !== '>') at++;
    const key = text.slice(keyStart, at);
    at = skipSpaces(text, at);
    if (!key) throw unreadable();
    if (text[at] !== '=') throw unreadable();
    at = skipSpaces(text, at + 1);
    const quote = text[at];
    if (quote !== '"' && quote !== "'") throw unreadable();
    const valueEnd = text.indexOf(quote, at + 1);
    if (valueEnd === -1) throw unreadable();
    attributes.set(attributeKey(key), decodeEntities(text.slice(at + 1, valueEnd)));
    at = valueEnd + 1;
  }
}

/**
 * One pass over the text, in time linear in its length whatever it holds: each "<" starts a construct
 * whose end is found with one forward search, and the scan goes on after it.
 */
function parseXml(source: string): XmlElement {
  const text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  const root: XmlElement = { name: '#document', attributes: new Map(), children: [], text: '' };
  const stack: XmlElement[] = [root];
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf('<', at);
    const current = stack.at(-1)!;
    if (open !== at) current.text += decodeEntities(text.slice(at, open === -1 ? text.length : open));
    if (open === -1) break;
    if (text.startsWith('<!--', open)) at = skipPast(text, '-->', open + 4);
    else if (text.startsWith('<?', open)) at = skipPast(text, '?>', open + 2);
    else if (text.startsWith('<![CDATA[', open)) {
      at = skipPast(text, ']]>', open + 9);
      current.text += text.slice(open + 9, at - 3);
    } else if (text.slice(open, open + 9).toUpperCase() === '<!DOCTYPE') at = skipDoctype(text, open + 9);
    else {
      const tag = readTag(text, open);
      at = tag.end;
      if (tag.closing) {
        if (stack.length < 2 || current.name !== tag.name) throw unreadable();
        stack.pop();
        continue;
      }
      const element: XmlElement = { name: tag.name, attributes: tag.attributes, children: [], text: '' };
      current.children.push(element);
      if (!tag.selfClosing) stack.push(element);
      if (stack.length > MAX_DEPTH) throw unreadable();
    }
  }
  if (stack.length !== 1) throw unreadable();
  const manifest = root.children.find((child) => child.name === 'manifest');
  if (!manifest) throw unreadable();
  return manifest;
}

const childrenNamed = (element: XmlElement | undefined, name: string) => element?.children.filter((child) => child.name === name) ?? [];
const childNamed = (element: XmlElement | undefined, name: string) => childrenNamed(element, name)[0];

/** Every element under `element`, depth first in document order; a stack, not recursion, so depth costs nothing. */
function* descendants(element: XmlElement): Generator<XmlElement> {
  const pending = element.children.slice().reverse();
  for (let next = pending.pop(); next; next = pending.pop()) {
    yield next;
    for (let index = next.children.length - 1; index >= 0; index--) pending.push(next.children[index]!);
  }
}

/** 1.2 or 2004, from <schemaversion> ("1.2", "2004 3rd Edition", "CAM 1.3"), else from the namespaces used. */
function versionOf(manifest: XmlElement): ScormManifest['version'] {
  let declared = '';
  for (const element of descendants(manifest)) {
    if (element.name !== 'schemaversion') continue;
    declared = element.text.trim();
    break;
  }
  if (/^1\.2$/.test(declared)) return '1.2';
  if (/2004|cam\s*1\.3|^1\.3$/i.test(declared)) return '2004';
  const namespaces = [...manifest.attributes.entries()]
    .filter(([key]) => key.startsWith('xmlns') || key === 'schemalocation')
    .map(([, value]) => value)
    .join(' ');
  if (/adlcp_rootv1p2/i.test(namespaces)) return '1.2';
  if (/adlcp_v1p3|adlseq_v1p3|adlnav_v1p3/i.test(namespaces)) return '2004';
  throw new ManifestError('version');
}

/** A relative reference joined onto xml:base values; null when it leaves the package (absolute, scheme). */
function joinReference(bases: (string | undefined)[], href: string): string | null {
  const parts = [...bases.filter((base): base is string => Boolean(base)), href];
  if (parts.some((part) => /^[a-z][a-z0-9+.-]*:/i.test(part) || part.startsWith('/') || part.includes('\\'))) return null;
  return parts.reduce((joined, part) => (joined === '' || joined.endsWith('/') ? joined + part : `${joined}/${part}`), '');
}

/**
 * The launch page: the first item of the default organization (depth first) pointing at a resource with an
 * href; else the first SCO resource with an href; else the first resource with one.
 */
function launchOf(manifest: XmlElement): { href: string; title: string | null } {
  const organizations = childNamed(manifest, 'organizations');
  const all = childrenNamed(organizations, 'organization');
  const defaultId = organizations?.attributes.get('default');
  const organization = all.find((o) => o.attributes.get('identifier') === defaultId) ?? all[0];
  const title = childNamed(organization, 'title')?.text.trim() || null;

  const resourcesElement = childNamed(manifest, 'resources');
  const resources = childrenNamed(resourcesElement, 'resource');
  // Once per resource, however many items point at it: an href may be long.
  const hrefs = new Map<XmlElement, string | null>();
  const hrefOf = (resource: XmlElement) => {
    if (hrefs.has(resource)) return hrefs.get(resource)!;
    const href = resource.attributes.get('href')?.trim();
    const bases = [manifest.attributes.get('xml:base'), resourcesElement?.attributes.get('xml:base'), resource.attributes.get('xml:base')];
    const joined = href ? joinReference(bases, href) : null;
    hrefs.set(resource, joined);
    return joined;
  };

  // Looked up by identifier in a map (the first of a name wins): a search per item would be quadratic.
  const byIdentifier = new Map<string, XmlElement>();
  for (const resource of resources) {
    const identifier = resource.attributes.get('identifier');
    if (identifier !== undefined && !byIdentifier.has(identifier)) byIdentifier.set(identifier, resource);
  }
  function* candidates() {
    if (organization) {
      for (const element of descendants(organization)) {
        const ref = element.name === 'item' ? element.attributes.get('identifierref') : undefined;
        const resource = ref === undefined ? undefined : byIdentifier.get(ref);
        if (resource) yield resource;
      }
    }
    for (const resource of resources) if (resource.attributes.get('scormtype')?.toLowerCase() === 'sco') yield resource;
    yield* resources;
  }
  for (const resource of candidates()) {
    const href = hrefOf(resource);
    if (href) return { href, title };
  }
  throw new ManifestError('launch');
}

export function readManifest(source: string): ScormManifest {
  const manifest = parseXml(source);
  return { version: versionOf(manifest), ...launchOf(manifest) };
}

/**
 * The file a launch href opens inside the package (`folder` is where the manifest sits, '' at the root):
 * its path without query or fragment, URL-decoded and normalised; null when it would leave the package.
 */
export function launchFile(folder: string, href: string): string | null {
  const pathPart = href.split(/[?#]/)[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathPart);
  } catch {
    return null;
  }
  const joined = path.posix.normalize(folder + decoded);
  if (joined.startsWith('../') || joined === '..' || joined.startsWith('/') || joined.endsWith('/')) return null;
  return joined;
}
