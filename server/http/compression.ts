import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';

/** Bodies under this many bytes go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;

/** Text the server writes per request: JSON above all, and the few HTML, script and style answers (API docs, dev mailbox). */
const COMPRESSIBLE = /^(?:text\/(?!event-stream)[\w.+-]+|application\/(?:javascript|(?:[\w.-]+\+)?(?:json|xml))|image\/svg\+xml)\s*(?:;|$)/i;

/**
 * Compresses what the server writes per request (the API's JSON, the API docs, the dev mailbox) above the
 * threshold, brotli or gzip by the client's Accept-Encoding (with Vary). Must be registered before the routes
 * it covers (it hooks them as they are declared). Not covered:
 * - the built app's files: compressed once at build time and sent as such (server/app.ts), or sent plain when
 *   compressing did not pay;
 * - stored files and uploads (`/files/…`, `/uploads/…`): files are served as a bucket serves them, with
 *   byte ranges and exact lengths;
 * - request bodies: nothing is decompressed on the way in (an upload is stored as the bytes it came as).
 */
export async function compressResponses(app: FastifyInstance, apiPrefix: string) {
  const files = [`${apiPrefix}/files/`, `${apiPrefix}/uploads/`];
  const compressed = (url: string) => (url === '/api' || url.startsWith('/api/') || url.startsWith('/__dev')) && !files.some((prefix) => url.startsWith(prefix));
  // Runs before the plugin's own onRoute hook (added below), which leaves routes that say `compress: false` alone.
  app.addHook('onRoute', (route) => {
    if (!compressed(route.url)) route.compress ??= false;
  });
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
    customTypes: COMPRESSIBLE,
    globalDecompression: false,
  });
}
