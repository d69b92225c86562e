import { SCHOOL_BASE, SCHOOL_PAGES, schoolPath, schoolPaths } from '../../shared/schoolPaths.js';
import type { StoreRow } from '../auth/session.js';
import { schoolName } from '../commands/learners/lookup.js';
import { findCatalogueBundle, findCatalogueTraining } from '../commands/storefront/catalogue.js';
import { HttpError } from './errors.js';
import { resolveSchool } from '../policies/schoolScope.js';
import type { Services } from '../services.js';
import { schoolAddress } from './schoolHost.js';

/** What the HTML shell's head says of a page, and the status it is sent with. */
export interface PageHead {
  status: 200 | 404;
  title: string;
  description?: string | null;
  canonical?: string;
  image?: string | null;
  type?: 'website' | 'product';
  siteName?: string;
  /** The school's own favicon (customisation), in place of the platform's. */
  favicon?: string | null;
}

type Page = { kind: 'home' | 'catalogue' | 'other' } | { kind: 'training' | 'bundle'; slug: string };

/** `/ecole/<subdomain>/<rest>` → the school and which page; null for any other path. */
function parse(path: string): { subdomain: string; page: Page } | null {
  const match = new RegExp(`^${SCHOOL_BASE}/([^/]+)(?:/(.*?))?/?$`).exec(path);
  if (!match) return null;
  const [, subdomain = '', rest = ''] = match;
  const segments = rest ? rest.split('/') : [];
  if (!segments.length) return { subdomain, page: { kind: 'home' } };
  if (segments.length === 1 && segments[0] === SCHOOL_PAGES.catalogue) return { subdomain, page: { kind: 'catalogue' } };
  // The same segments shared/schoolPaths.ts writes for the training and bundle pages.
  const [training, bundle] = [schoolPaths.training('x', 'y'), schoolPaths.bundle('x', 'y')].map((p) => p.split('/').at(-2));
  if (segments.length === 2 && (segments[0] === training || segments[0] === bundle)) {
    let slug: string;
    try {
      slug = decodeURIComponent(segments[1]!);
    } catch {
      return { subdomain, page: { kind: 'other' } };
    }
    return { subdomain, page: { kind: segments[0] === training ? 'training' : 'bundle', slug } };
  }
  return { subdomain, page: { kind: 'other' } };
}

const notFoundHead = (title: string): PageHead => ({ status: 404, title });

/** An image as an absolute address (Open Graph wants one); stored pictures may be paths of this server. */
function absolute(url: string | null | undefined, origin: string): string | null {
  if (!url) return null;
  try {
    const resolved = new URL(url, origin);
    return resolved.protocol === 'https:' || resolved.protocol === 'http:' ? resolved.toString() : null;
  } catch {
    return null;
  }
}

/**
 * The head of a learner-area page (home, catalogue, training, bundle: their own title, description, image and
 * canonical address; other pages: the school's name), or null when `path` is not one. An unknown school,
 * training or bundle (or one not shown: DRAFT, HIDDEN) gives a 404 head: the app still loads and says so.
 */
export async function schoolHead(services: Services, path: string, notFoundTitle: string): Promise<PageHead | null> {
  const parsed = parse(path);
  if (!parsed) return null;
  let store: StoreRow;
  try {
    store = await resolveSchool(services, decodeURIComponent(parsed.subdomain));
  } catch {
    return notFoundHead(notFoundTitle);
  }
  const name = await schoolName(services, store);
  const { origin, address: at } = schoolAddress(services.config, store);
  const storeImage = absolute(store.seoData.image ?? store.logo, origin);
  const favicon = absolute(store.favicon, origin);
  const home = { status: 200 as const, siteName: name, type: 'website' as const, image: storeImage, favicon };
  const { page } = parsed;
  switch (page.kind) {
    case 'home':
      return { ...home, title: store.seoData.title || name, description: store.seoData.description, canonical: at(schoolPath(store.subdomain, 'home')) };
    case 'catalogue':
      return { ...home, title: `Formations – ${name}`, description: store.seoData.description, canonical: at(schoolPath(store.subdomain, 'catalogue')) };
    case 'other':
      return { ...home, title: name };
    case 'training':
    case 'bundle': {
      let row;
      try {
        row = page.kind === 'training' ? await findCatalogueTraining(services, store, page.slug) : await findCatalogueBundle(services, store, page.slug);
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return { ...notFoundHead(notFoundTitle), siteName: name };
        throw error;
      }
      const address = page.kind === 'training' ? schoolPaths.training(store.subdomain, row.slug) : schoolPaths.bundle(store.subdomain, row.slug);
      return {
        status: 200,
        siteName: name,
        favicon,
        type: 'product',
        title: `${row.seoData.title || row.name} – ${name}`,
        description: row.seoData.description || row.summary,
        image: absolute(row.seoData.image ?? row.picture, origin) ?? storeImage,
        canonical: at(address),
      };
    }
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The shell with the page's head: its <title> replaced, the description, canonical and Open Graph tags added. */
export function renderShell(template: string, head: PageHead, ownHostSchool: string | null = null): string {
  const meta = (attribute: 'name' | 'property', key: string, value: string | null | undefined) =>
    value ? `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />` : '';
  const tags = [
    meta('name', 'description', head.description),
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}" />` : '',
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:image', head.image),
    meta('property', 'og:url', head.canonical),
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', head.siteName),
    head.status === 404 ? '<meta name="robots" content="noindex" />' : '',
  ].filter(Boolean);
  // On a school's own host the storefront's entry (src/schoolMain.tsx) routes from the host's root. First in the
  // head: school.html's inline first reads (scripts/inline-first-reads.mjs) run where they stand and must see it.
  const schoolName = meta('name', 'cp-school', ownHostSchool);
  return template
    .replace(/<head>/, (head) => (schoolName ? `${head}\n    ${schoolName}` : head))
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(/<link rel="icon" href="[^"]*" \/>/, (platform) => (head.favicon ? `<link rel="icon" href="${escapeHtml(head.favicon)}" />` : platform))
    .replace('</head>', () => `${tags.map((tag) => `    ${tag}\n`).join('')}  </head>`);
}
