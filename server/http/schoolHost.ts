import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SCHOOL_BASE } from '../../shared/schoolPaths.js';
import type { StoreRow } from '../auth/session.js';
import { isReservedSubdomain } from '../commands/reservedSubdomains.js';
import type { Config } from '../config.js';
import { stores } from '../db/schema.js';
import type { Services } from '../services.js';

const LABEL = /^[a-z0-9][a-z0-9-]{0,62}$/;

/**
 * The school a host names, as its subdomain, or null for the app's own host (and any host that is no school).
 * - `<subdomain>.<APP_DOMAIN>`: that subdomain, whether or not a store has it (its pages then say "no school
 *   here"); the platform's reserved names (www, app, api…) are not schools.
 * - a store's custom domain, while `custom_domain_enabled` is on.
 * The host is the request's Host header, or X-Forwarded-Host only when TRUST_PROXY trusts the proxy (Fastify's
 * `request.hostname` reads it so; a forged header from elsewhere is ignored).
 */
export async function schoolOfHost(services: Pick<Services, 'db' | 'config'>, hostname: string): Promise<string | null> {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const { appUrl, appDomain } = services.config;
  if (!host || host === new URL(appUrl).hostname || host === 'localhost' || /^[\d.]+$|^\[|:/.test(host)) return null;
  if (appDomain && host.endsWith(`.${appDomain}`)) {
    const label = host.slice(0, -appDomain.length - 1);
    return LABEL.test(label) && !isReservedSubdomain(label) ? label : null;
  }
  if (host === appDomain) return null;
  const [store] = await services.db
    .select({ subdomain: stores.subdomain })
    .from(stores)
    .where(and(sql`lower(${stores.customDomain}) = ${host}`, eq(stores.customDomainEnabled, true)))
    .limit(1);
  return store?.subdomain ?? null;
}

/**
 * Where a school's pages are published (canonical and Open Graph addresses): its custom domain when enabled,
 * else its subdomain of APP_DOMAIN, else APP_URL.
 */
export function schoolOrigin(config: Pick<Config, 'appUrl' | 'appDomain'>, store: Pick<StoreRow, 'subdomain' | 'customDomain' | 'customDomainEnabled'>): string {
  const app = new URL(config.appUrl);
  if (store.customDomainEnabled && store.customDomain) return `${app.protocol}//${store.customDomain.toLowerCase()}`;
  if (config.appDomain) return `${app.protocol}//${store.subdomain}.${config.appDomain}`;
  return app.origin;
}

/**
 * The published address of a page of the school (a path shared/schoolPaths.ts wrote, `/ecole/<subdomain>/…`):
 * at the root of the school's own host when it has one, under `/ecole/<subdomain>` on APP_URL otherwise.
 */
export function schoolAddress(config: Pick<Config, 'appUrl' | 'appDomain'>, store: Pick<StoreRow, 'subdomain' | 'customDomain' | 'customDomainEnabled'>) {
  const origin = schoolOrigin(config, store);
  const onOwnHost = origin !== new URL(config.appUrl).origin;
  const prefix = `${SCHOOL_BASE}/${store.subdomain}`;
  const address = (path: string) => origin + (onOwnHost && (path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`)) ? path.slice(prefix.length) || '/' : path);
  return { origin, address };
}

/** Paths a school host leaves alone: the API, the dev tools, and files (the built app's assets, robots.txt…). */
const passesThrough = (path: string) => path === '/api' || path.startsWith('/api/') || path.startsWith('/__dev') || /\/[^/]*\.[^/]*$/.test(path);

declare module 'fastify' {
  interface FastifyRequest {
    /** The school whose own host this page request names (mountSchoolHosts), else null. */
    schoolHost: string | null;
  }
}

/**
 * On a school's host, every page address is a page of that school's learner area, at the host's root:
 * `https://demo.example.com/formations/x` is served as the app serves `/ecole/demo/formations/x` (the storefront's
 * entry, told the school in the page; app.ts), and the address bar keeps the host-relative path. An old
 * `/ecole/demo/…` address on that host is redirected (301) to its host-relative form. The back office's pages are
 * never served under a school's name (`/connexion` there is the school's learner login). The API and files pass.
 */
export function mountSchoolHosts(app: FastifyInstance, services: Pick<Services, 'db' | 'config'>) {
  app.decorateRequest('schoolHost', null);
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const [path = '/', query] = request.url.split('?', 2) as [string, string | undefined];
    if (passesThrough(path)) return;
    const subdomain = await schoolOfHost(services, request.hostname);
    if (!subdomain) return;
    request.schoolHost = subdomain;
    const base = `${SCHOOL_BASE}/${subdomain}`;
    if (path !== base && !path.startsWith(`${base}/`)) return;
    return reply.redirect(`${path.slice(base.length) || '/'}${query === undefined ? '' : `?${query}`}`, 301);
  });
}
