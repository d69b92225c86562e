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

function parseXml(source: string): XmlElement {
  const text = source
    .replace(/^\uFEFF/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\?[\s\S]*?\?>/g, '')
    .replace(/<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/gi, '')
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, data: string) => data.replace(/&/g, '&amp;').replace(/</g, '&lt;'));
  const root: XmlElement = { name: '#document', attributes: new Map(), children: [], text: '' };
  const stack: XmlElement[] = [root];
  const tag = /<\s*(\/?)\s*([A-Za-z_][\w:.-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)\s*>/g;
  let last = 0;
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    const between = text.slice(last, match.index);
    if (between.includes('<')) throw new ManifestError('unreadable');
    stack.at(-1)!.text += decodeEntities(between);
    last = tag.lastIndex;
    const [, closing, rawName, rawAttributes, selfClosing] = match;
    const name = localName(rawName!);
    if (closing) {
      if (stack.length < 2 || stack.at(-1)!.name !== name) throw new ManifestError('unreadable');
      stack.pop();
      continue;
    }
    const attributes = new Map<string, string>();
    for (const attribute of rawAttributes!.matchAll(/([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      const key = attribute[1]!.toLowerCase() === 'xml:base' ? 'xml:base' : attribute[1]!.toLowerCase().startsWith('xmlns') ? attribute[1]!.toLowerCase() : localName(attribute[1]!);
      attributes.set(key, decodeEntities(attribute[2] ?? attribute[3] ?? ''));
    }
    const element: XmlElement = { name, attributes, children: [], text: '' };
    stack.at(-1)!.children.push(element);
    if (!selfClosing) stack.push(element);
  }
  if (text.slice(last).includes('<') || stack.length !== 1) throw new ManifestError('unreadable');
  const manifest = root.children.find((child) => child.name === 'manifest');
  if (!manifest) throw new ManifestError('unreadable');
  return manifest;
}

const childrenNamed = (element: XmlElement | undefined, name: string) => element?.children.filter((child) => child.name === name) ?? [];
const childNamed = (element: XmlElement | undefined, name: string) => childrenNamed(element, name)[0];

function* descendants(element: XmlElement): Generator<XmlElement> {
  for (const child of element.children) {
    yield child;
    yield* descendants(child);
  }
}

/** 1.2 or 2004, from <schemaversion> ("1.2", "2004 3rd Edition", "CAM 1.3"), else from the namespaces used. */
function versionOf(manifest: XmlElement): ScormManifest['version'] {
  const declared = [...descendants(manifest)].find((element) => element.name === 'schemaversion')?.text.trim() ?? '';
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
  const hrefOf = (resource: XmlElement | undefined) => {
    const href = resource?.attributes.get('href')?.trim();
    if (!resource || !href) return null;
    return joinReference([manifest.attributes.get('xml:base'), resourcesElement?.attributes.get('xml:base'), resource.attributes.get('xml:base')], href);
  };

  const candidates: XmlElement[] = [];
  if (organization) {
    for (const element of descendants(organization)) {
      const ref = element.name === 'item' ? element.attributes.get('identifierref') : undefined;
      const resource = ref ? resources.find((r) => r.attributes.get('identifier') === ref) : undefined;
      if (resource) candidates.push(resource);
    }
  }
  candidates.push(...resources.filter((r) => r.attributes.get('scormtype')?.toLowerCase() === 'sco'), ...resources);
  for (const resource of candidates) {
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
