import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { schoolPaths } from '../../shared/schoolPaths.js';
import { WIDGET_BASE } from '../../shared/widgetPaths.js';
import type { StoreRow } from '../auth/session.js';
import { schoolName } from '../commands/learners/lookup.js';
import { getCatalogueTraining, listCatalogueTrainings } from '../commands/storefront/catalogue.js';
import { resolveSchool } from '../policies/schoolScope.js';
import { presentTheme } from '../presenters/user.js';
import type { Services } from '../services.js';
import type { components } from '../../src/api/schema.gen.js';
import { widgetContentSecurityPolicy } from './csp.js';
import { HttpError } from './errors.js';
import { inLocale, localeOf, messages, type Locale } from './messages.js';
import { schoolAddress } from './schoolHost.js';

type Card = components['schemas']['CatalogueTraining'];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The page may be framed by any site (the widgets): no X-Frame-Options, `frame-ancestors *` (app.ts). */
    framable?: boolean;
  }
}

/** How many trainings the catalogue widget lists (the school's own catalogue pages the rest). */
const WIDGET_CATALOGUE_SIZE = 50;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An address the widget may link or show: absolute http(s), else nothing (stored pictures may be paths of this server). */
function absolute(url: string | null | undefined, origin: string): string | null {
  if (!url) return null;
  try {
    const resolved = new URL(url, origin);
    return resolved.protocol === 'https:' || resolved.protocol === 'http:' ? resolved.toString() : null;
  } catch {
    return null;
  }
}

const priceText = (price: number | null, locale: Locale) =>
  !price ? inLocale(messages.widgetFree, locale) : new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'fr-FR', { style: 'currency', currency: 'EUR' }).format(price);

/** The page around a widget: no script at all, the school's primary colour, links opening the school in a new tab. */
function page(locale: Locale, title: string, primary: string, body: string) {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<title>${escapeHtml(title)}</title>
<style>
:root { --widget-primary: ${primary}; color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; padding: 12px; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2933; background: transparent; }
h1 { font-size: 17px; margin: 0 0 12px; }
ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 12px; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); }
.card { border: 1px solid #d9e2ec; border-radius: 8px; background: #fff; overflow: hidden; display: flex; flex-direction: column; }
.card img { width: 100%; aspect-ratio: 16 / 9; object-fit: cover; display: block; background: #f0f4f8; }
.card__body { padding: 12px; display: flex; flex-direction: column; gap: 8px; flex: 1; }
.card__name { font-weight: 600; margin: 0; font-size: 16px; }
.card__name a { color: inherit; }
.card__summary { margin: 0; color: #52606d; font-size: 14px; }
.card__foot { margin-top: auto; display: flex; align-items: center; justify-content: space-between; gap: 8px; }
.price { font-weight: 600; }
.button { display: inline-block; padding: 8px 16px; border-radius: 6px; background: var(--widget-primary); color: #fff; text-decoration: none; font-weight: 600; }
.button:focus-visible, a:focus-visible { outline: 3px solid #1f2933; outline-offset: 2px; }
.muted { color: #52606d; }
</style>
</head>
<body>
${body}
</body>
</html>`;
}

/** The platform's teal when the school kept the default; the school's own primary colour otherwise. */
const DEFAULT_PRIMARY = '#0f766e';
const primaryOf = (store: StoreRow) => presentTheme(store).primary_color ?? DEFAULT_PRIMARY;

const newTab = 'target="_blank" rel="noopener"';

function cardHtml(card: Card, locale: Locale, origin: string, at: (path: string) => string, store: StoreRow, withBuy: boolean) {
  const picture = absolute(card.picture, origin);
  const pageUrl = at(schoolPaths.training(store.subdomain, card.slug));
  const action =
    withBuy && card.enrollment_open
      ? `<a class="button" data-testid="widget-buy" href="${escapeHtml(at(schoolPaths.checkout(store.subdomain, 'TRAINING', card.uuid)))}" ${newTab}>${escapeHtml(inLocale(messages.widgetBuy, locale))}</a>`
      : withBuy
        ? `<span class="muted">${escapeHtml(inLocale(messages.widgetClosed, locale))}</span>`
        : `<a class="button" href="${escapeHtml(pageUrl)}" ${newTab}>${escapeHtml(inLocale(messages.widgetSee, locale))}</a>`;
  return `<article class="card" data-testid="widget-training">
${picture ? `<img src="${escapeHtml(picture)}" alt="" />` : ''}
<div class="card__body">
<p class="card__name"><a href="${escapeHtml(pageUrl)}" ${newTab}>${escapeHtml(card.name)}</a></p>
${card.summary ? `<p class="card__summary">${escapeHtml(card.summary)}</p>` : ''}
<div class="card__foot"><span class="price">${escapeHtml(priceText(card.price, locale))}</span>${action}</div>
</div>
</article>`;
}

/**
 * The embeddable widgets (issue 16): plain HTML pages without script, made to sit in an iframe on the trainer's own
 * site. `/widget/<subdomain>/formations` lists the school's catalogue; `/widget/<subdomain>/formations/<slug>` is one
 * training with its buy button. Their links open the school (page, checkout) in a new tab: the school's own pages
 * refuse to be framed. Only these pages allow framing (app.ts reads the route's `framable`).
 */
export function mountWidgets(app: FastifyInstance, services: Services) {
  const csp = widgetContentSecurityPolicy(services.config);
  const localeFor = (request: FastifyRequest<{ Querystring: { lang?: string } }>): Locale =>
    request.query.lang === 'en' || request.query.lang === 'fr' ? request.query.lang : localeOf(request.headers['accept-language']);
  const send = (reply: FastifyReply, status: number, html: string) =>
    reply.code(status).header('cache-control', 'no-cache').header('content-security-policy', csp).type('text/html; charset=utf-8').send(html);
  const notAvailable = (reply: FastifyReply, locale: Locale) => {
    const text = inLocale(messages.widgetNotFound, locale);
    return send(reply, 404, page(locale, text, DEFAULT_PRIMARY, `<p class="muted">${escapeHtml(text)}</p>`));
  };
  const schoolOr404 = async (subdomain: string) => {
    try {
      return await resolveSchool(services, subdomain);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    }
  };

  app.get<{ Params: { subdomain: string }; Querystring: { lang?: string } }>(
    `${WIDGET_BASE}/:subdomain/formations`,
    { config: { framable: true } },
    async (request, reply) => {
      const locale = localeFor(request);
      const store = await schoolOr404(request.params.subdomain);
      if (!store) return notAvailable(reply, locale);
      const { origin, address } = schoolAddress(services.config, store);
      const [name, list] = await Promise.all([schoolName(services, store), listCatalogueTrainings(services, store, { page: 1, perPage: WIDGET_CATALOGUE_SIZE, url: new URL(request.url, services.config.appUrl) })]);
      const title = inLocale(messages.widgetCatalogueTitle(name), locale);
      const items = list.data.map((card) => `<li>${cardHtml(card, locale, origin, address, store, false)}</li>`).join('\n');
      const body = `<h1>${escapeHtml(title)}</h1>\n${items ? `<ul>${items}</ul>` : `<p class="muted">${escapeHtml(inLocale(messages.widgetCatalogueEmpty, locale))}</p>`}`;
      return send(reply, 200, page(locale, title, primaryOf(store), body));
    },
  );

  app.get<{ Params: { subdomain: string; slug: string }; Querystring: { lang?: string } }>(
    `${WIDGET_BASE}/:subdomain/formations/:slug`,
    { config: { framable: true } },
    async (request, reply) => {
      const locale = localeFor(request);
      const store = await schoolOr404(request.params.subdomain);
      if (!store) return notAvailable(reply, locale);
      let card: Card;
      try {
        card = await getCatalogueTraining(services, store, request.params.slug, null);
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return notAvailable(reply, locale);
        throw error;
      }
      const { origin, address } = schoolAddress(services.config, store);
      return send(reply, 200, page(locale, card.name, primaryOf(store), cardHtml(card, locale, origin, address, store, true)));
    },
  );
}
