import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import swaggerUi from 'swagger-ui-dist';

const page = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>API — Plateforme de formation</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="docs"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`;

const init = `window.ui = SwaggerUIBundle({ url: '/api/v1/openapi.json', dom_id: '#docs', deepLinking: true, persistAuthorization: true });`;

/** The contract rendered for people at /api/docs, with Swagger UI served from the npm package (no CDN). */
export async function mountApiDocs(app: FastifyInstance) {
  await app.register(fastifyStatic, { root: swaggerUi.getAbsoluteFSPath(), prefix: '/api/docs/assets/', decorateReply: false });
  app.get('/api/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
  app.get('/api/docs/init.js', async (_request, reply) => reply.type('application/javascript').send(init));
}
