import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyMultipart from '@fastify/multipart';
import { mountApiDocs } from './http/apiDocs.js';
import { compressResponses } from './http/compression.js';
import { HttpError } from './http/errors.js';
import { renderShell, schoolHead } from './http/schoolHead.js';
import { mountSchoolHosts } from './http/schoolHost.js';
import { mountWidgets } from './http/widgets.js';
import { SCHOOL_BASE } from '../shared/schoolPaths.js';
import { inLocale, localeOf, messages } from './http/messages.js';
import { bindOperations } from './openapi/bind.js';
import { loadDocument, type OpenApiDocument } from './openapi/document.js';
import type { HandlerMap } from './openapi/handler.js';
import { handlers as defaultHandlers } from './routes/handlers.js';
import { mountDevMailbox } from './dev/mailbox.js';
import { mountStorageRoutes } from './routes/uploads.js';
import type { Services } from './services.js';
import { contentSecurityPolicy, inlineScriptHashes } from './http/csp.js';
import { reportServerError } from './thirdParty/errorReporting.js';
import { thirdPartyMetaTag, withThirdPartyTag } from './thirdParty/shell.js';
import { isGuestEntryPage } from './http/guestPages.js';

export const API_PREFIX = '/api/v1';

export interface AppOptions {
  document?: OpenApiDocument;
  handlers?: HandlerMap;
  logger?: boolean;
}

export async function buildApp(services: Services, options: AppOptions = {}): Promise<FastifyInstance> {
  const { config } = services;
  const serverOptions: FastifyServerOptions = {
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // Activation and reset links carry tokens in their query: logs keep the path only.
            serializers: { req: (request: FastifyRequest) => ({ method: request.method, url: request.url.split('?')[0], ip: request.ip }) },
          },
    // A hop count trusts that many proxies in front of us; a list trusts those addresses only.
    trustProxy: typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // The spec writes GET /pages/?slug=…: the trailing slash is the same route.
    // Path parameters reach the binder, which answers 422 by the contract's maxLength (slugs: 160), rather than
    // Fastify's own 414 past its default of 100 characters.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
  };
  const app = Fastify(serverOptions);

  // Computed once: the storage's origins and exactly those of the configured third-party services (http/csp.ts).
  const staticDir = config.staticDir ?? path.resolve('dist/client');
  // The inline scripts of every HTML shell the build wrote (index.html's and school.html's early reads).
  const shellScripts = ['index.html', 'school.html', 'guest.html'].flatMap((name) => {
    const file = path.join(staticDir, name);
    return existsSync(file) ? inlineScriptHashes(readFileSync(file, 'utf8')) : [];
  });
  const csp = contentSecurityPolicy(config, [...new Set(shellScripts)]);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    // Tokens travel in activation and reset URLs: never send them on as a Referer.
    reply.header('referrer-policy', 'same-origin');
    // Stored files set their own framing and sandbox (routes/uploads.ts): SCORM packages open in the learner area's frame.
    // The widgets (http/widgets.ts) are made to be framed by any site; nothing else may be.
    if (!reply.hasHeader('x-frame-options') && !request.routeOptions.config?.framable) reply.header('x-frame-options', 'DENY');
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', csp);
    }
  });
  const document = options.document ?? loadDocument();

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = localeOf(request.headers['accept-language']);
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.status).send(error.toEnvelope(locale));
    }
    // Fastify's own 4xx (malformed JSON, wrong content type, oversize body) become the same envelope.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const status = error.statusCode === 413 ? 413 : 422;
      const message = inLocale(status === 413 ? messages.tooLarge : messages.unreadableBody, locale);
      return reply.code(status).send({ message, code: 'VALIDATION_FAILED', errors: { body: [message] } });
    }
    request.log.error({ err: error }, 'unhandled error');
    reportServerError(error, { method: request.method, route: request.routeOptions.url });
    return reply.code(500).send({ message: inLocale(messages.internal, locale), code: 'INTERNAL_ERROR' });
  });

  await compressResponses(app, API_PREFIX);
  // A school's own host (its subdomain of APP_DOMAIN, its custom domain) leads to its learner area.
  mountSchoolHosts(app, services);

  // Multipart bodies are read by the binder itself, part by part, with each operation's caps (openapi/multipart.ts).
  await app.register(fastifyMultipart);
  bindOperations(app, document, options.handlers ?? defaultHandlers, services, API_PREFIX);
  await mountStorageRoutes(app, services, API_PREFIX);
  mountWidgets(app, services);
  app.get(`${API_PREFIX}/openapi.json`, async () => document);
  await mountApiDocs(app);
  if (config.devMailbox) await mountDevMailbox(app, services);

  const hasShell = existsSync(path.join(staticDir, 'index.html'));
  if (hasShell) {
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The `.br` and `.gz` siblings written at build time (scripts/precompress.mjs), chosen by Accept-Encoding.
      preCompressed: true,
      // Hashed assets are immutable; the HTML shell (index.html, or its index.html.br…) must be revalidated after every deploy.
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', /\.html(?:\.br|\.gz)?$/.test(filePath) ? 'no-cache' : 'public, max-age=31536000, immutable');
      },
      cacheControl: false,
    });
  }

  // The shell read once: the learner area's pages get their own head in it (schoolHead.ts), without React on the server.
  // The storefront has an entry of its own (school.html, src/schoolMain.tsx), without the back office's shell; the
  // browser-side services' public keys ride in both shells' head when one is configured (thirdParty/shell.ts).
  const thirdPartyTag = thirdPartyMetaTag(config.thirdParty);
  const read = (file: string) => withThirdPartyTag(readFileSync(path.join(staticDir, file), 'utf8'), thirdPartyTag);
  let schoolTemplate: string | undefined;
  let appTemplate: string | undefined;
  const shellTemplate = () => (schoolTemplate ??= read(existsSync(path.join(staticDir, 'school.html')) ? 'school.html' : 'index.html'));
  const appShellTemplate = () => (appTemplate ??= read('index.html'));
  // The sign-in and sign-up pages have a light entry of their own (guest.html), when the build wrote one.
  const hasGuestShell = existsSync(path.join(staticDir, 'guest.html'));
  let guestTemplate: string | undefined;
  const guestShellTemplate = () => (guestTemplate ??= read('guest.html'));

  app.setNotFoundHandler(async (request, reply) => {
    // Judged on the decoded path, as the router matches it: /%5F_dev/… is /__dev/….
    const raw = request.url.split('?')[0] ?? '';
    let url = raw;
    try {
      url = decodeURIComponent(raw);
    } catch {
      // A malformed escape is nobody's route: the raw path decides.
    }
    const wantsApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/__dev');
    // Client-side routes get the SPA shell (HEAD like GET), precompressed like the assets; everything under
    // /api answers the JSON envelope.
    if (!wantsApi && hasShell && (request.method === 'GET' || request.method === 'HEAD')) {
      // A school's home, catalogue, training and bundle pages: real title, description and Open Graph tags for
      // shared links and search engines; 404 for an unknown school or page, with the app that says so.
      // On a school's own host (mountSchoolHosts) every page is that school's, at the host's root.
      const own = request.schoolHost;
      const schoolPage = own ? `${SCHOOL_BASE}/${own}${raw === '/' ? '' : raw.replace(/\/+$/, '')}` : raw;
      const head = await schoolHead(services, schoolPage, inLocale(messages.pageNotFound, localeOf(request.headers['accept-language'])));
      if (head) {
        return reply.code(head.status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(renderShell(shellTemplate(), head, own));
      }
      const guestPage = hasGuestShell && !own && isGuestEntryPage(url);
      if (thirdPartyTag) return reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(guestPage ? guestShellTemplate() : appShellTemplate());
      return reply.code(200).sendFile(guestPage ? 'guest.html' : 'index.html');
    }
    return reply.code(404).send({ message: inLocale(messages.pageNotFound, localeOf(request.headers['accept-language'])), code: 'NOT_FOUND' });
  });

  return app;
}
