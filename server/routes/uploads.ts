import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createUploadUrl } from '../commands/uploads/createUploadUrl.js';
import { receiveUpload } from '../commands/uploads/receiveUpload.js';
import { notFound } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { signedIn, type HandlerMap } from '../openapi/handler.js';
import type { Services } from '../services.js';
import { contentTypeOf, isInline, mediaType } from '../storage/contentTypes.js';
import { LocalStorage } from '../storage/localStorage.js';
import { assertSafeKey } from '../storage/storage.js';

export const uploadHandlers: HandlerMap = {
  async createTrainingUploadUrl(ctx) {
    return { status: 200, body: await createUploadUrl(ctx.services, signedIn(ctx), ctx.params.trainingUuid, ctx.body) };
  },
};

/**
 * Stored files are read by unguessable address, without a session (like a public bucket): pictures and SEO
 * images appear on public pages, and lesson media play in <video>/<img> elements that send no token.
 * Everything is sandboxed (an opaque origin: a script in an uploaded HTML page, SVG or SCORM package cannot
 * read the app's storage or call the API as the viewer), only the app's own pages may frame them, and
 * anything but media and PDF is a download.
 */
const FILE_CSP = "sandbox allow-scripts allow-forms allow-popups allow-modals allow-downloads; frame-ancestors 'self'";

/** A single `bytes=a-b` range (what video players ask for); null for none, 'unsatisfiable' when out of the file. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

async function serveFile(storage: LocalStorage, request: FastifyRequest, reply: FastifyReply) {
  let key: string;
  try {
    key = assertSafeKey((request.params as { '*': string })['*']);
  } catch {
    throw notFound(messages.fileNotFound);
  }
  const size = await storage.sizeOf(key);
  if (size === null) throw notFound(messages.fileNotFound);
  const contentType = contentTypeOf(key);
  const range = parseRange(request.headers.range, size);
  const name = key.slice(key.lastIndexOf('/') + 1);
  reply
    .header('content-type', contentType)
    .header('accept-ranges', 'bytes')
    // Keys never get new bytes (a new upload is a new key): cache for good.
    .header('cache-control', 'public, max-age=31536000, immutable')
    // A SCORM package's pages open in the player's frame; its files stay sandboxed like any other.
    .header('content-disposition', `${isInline(contentType) || key.startsWith('scorm/') ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('x-frame-options', 'SAMEORIGIN');
  // Chrome's PDF viewer does not run in a sandboxed document; a PDF's scripts never reach our origin anyway.
  if (mediaType(contentType) !== 'application/pdf') reply.header('content-security-policy', FILE_CSP);
  if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${size}`).send();
  const part = range ?? (size === 0 ? null : { start: 0, end: size - 1 });
  if (!part) return reply.code(200).header('content-length', '0').send('');
  const file = await storage.get(key, part);
  if (!file) throw notFound(messages.fileNotFound);
  if (range) reply.code(206).header('content-range', `bytes ${part.start}-${part.end}/${size}`);
  return reply.header('content-length', String(part.end - part.start + 1)).send(file.body);
}

/**
 * With local storage this server is the bucket: PUT /api/v1/uploads/{uploadId}?expires=…&signature=… takes
 * the bytes of an upload address (raw body, any type, streamed; see receiveUpload) and GET
 * /api/v1/files/<key> reads files out. Outside the contract: their bodies are files, not JSON. With S3
 * neither exists (the bucket does both).
 */
export async function mountStorageRoutes(app: FastifyInstance, services: Services, prefix: string) {
  const { storage } = services;
  if (!(storage instanceof LocalStorage)) return;
  await app.register(async (scope) => {
    // Every body stays an unread stream here, whatever its type: receiveUpload counts and caps it.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.put(`${prefix}/uploads/:uploadId`, async (request, reply) => {
      const query = request.query as { expires?: string; signature?: string };
      const length = request.headers['content-length'];
      try {
        await receiveUpload(services, storage, {
          uploadId: (request.params as { uploadId: string }).uploadId,
          expires: query.expires,
          signature: query.signature,
          contentType: request.headers['content-type'],
          contentLength: length === undefined ? undefined : Number(length),
          body: request.raw,
        });
      } catch (error) {
        // A client that went away mid-upload gets no answer; the upload address stays usable.
        if (request.raw.destroyed && !request.raw.complete) return reply.hijack();
        throw error;
      }
      return reply.code(204).send();
    });
    scope.get(`${prefix}/files/*`, (request, reply) => serveFile(storage, request, reply));
  });
}
