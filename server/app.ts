import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { mountApiDocs } from './http/apiDocs.js';
import { HttpError } from './http/errors.js';
import { bindOperations } from './openapi/bind.js';
import { loadDocument, type OpenApiDocument } from './openapi/document.js';
import type { HandlerMap } from './openapi/handler.js';
import { handlers as defaultHandlers } from './routes/handlers.js';
import { mountDevMailbox } from './dev/mailbox.js';
import type { Services } from './services.js';

export const API_PREFIX = '/api/v1';

export interface AppOptions {
  document?: OpenApiDocument;
  handlers?: HandlerMap;
  logger?: boolean;
}

export async function buildApp(services: Services, options: AppOptions = {}): Promise<FastifyInstance> {
  const { config } = services;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: process.env.TRUST_PROXY === '1',
    bodyLimit: 1024 * 1024,
  });
  const document = options.document ?? loadDocument();

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.status).send(error.toEnvelope());
    }
    // Fastify's own 4xx (malformed JSON, wrong content type, oversize body) become the same envelope.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const status = error.statusCode === 413 ? 413 : 422;
      const message = status === 413 ? 'La requête est trop volumineuse.' : 'Le corps de la requête est illisible (JSON attendu).';
      return reply.code(status).send({ message, code: 'VALIDATION_FAILED', errors: { body: [message] } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Une erreur interne est survenue. Rechargez la page ou contactez le support.', code: 'INTERNAL_ERROR' });
  });

  bindOperations(app, document, options.handlers ?? defaultHandlers, services, API_PREFIX);
  app.get(`${API_PREFIX}/openapi.json`, async () => document);
  await mountApiDocs(app);
  if (config.devMailbox) mountDevMailbox(app, services);

  const staticDir = config.staticDir ?? path.resolve('dist/client');
  const indexFile = path.join(staticDir, 'index.html');
  const spaShell = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  if (spaShell) {
    await app.register(fastifyStatic, { root: staticDir, prefix: '/', wildcard: false, index: false, maxAge: '1y', immutable: true });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const wantsApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/__dev');
    // Client-side routes get the SPA shell; everything under /api answers the JSON envelope.
    if (!wantsApi && spaShell && request.method === 'GET') {
      return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(spaShell);
    }
    return reply.code(404).send({ message: "Cette page n'existe pas.", code: 'NOT_FOUND' });
  });

  return app;
}
