import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createUploadUrl } from '../commands/uploads/createUploadUrl.js';
import { receiveUpload } from '../commands/uploads/receiveUpload.js';
import { uploads } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { closeAfterAnswer } from '../http/lingeringClose.js';
import { messages } from '../http/messages.js';
import { scopeOf, signedIn, type HandlerMap } from '../openapi/handler.js';
import type { Services } from '../services.js';
import { mountScormRuntime } from './scormRuntime.js';
import { OCTET_STREAM, contentDisposition, contentTypeOf, isInline, mediaType, servedContentType } from '../storage/contentTypes.js';
import { watchedBody } from '../storage/incomingBody.js';
import { LocalStorage } from '../storage/localStorage.js';
import { storageUsage } from '../storage/quota.js';
import { assertSafeKey } from '../storage/storage.js';

export const uploadHandlers: HandlerMap = {
  async createTrainingUploadUrl(ctx) {
    return { status: 200, body: await createUploadUrl(ctx.services, signedIn(ctx), ctx.params.trainingUuid, ctx.body) };
  },
  async getStoreStorageUsage(ctx) {
    const usage = await storageUsage(ctx.services, scopeOf(ctx));
    return { status: 200, body: { used_bytes: usage.used, quota_bytes: usage.quota } };
  },
};

/**
 * Stored files are read by unguessable address, without a session (like a public bucket): pictures and SEO
 * images appear on public pages, and lesson media play in <video>/<img> elements that send no token.
 * Everything is sandboxed (an opaque origin: a script in an uploaded HTML page, SVG or SCORM package cannot
 * read the app's storage or call the API as the viewer), only the app's own pages may frame them, and
 * anything but media and PDF is a download.
 *
 * SCORM pages are the exception that shows HTML, and the address they show matters: under the app's own
 * address a teacher could publish a page that looks like ours (a fake sign-in form at
 * https://app/api/v1/files/scorm/…). Hence two policies, by the address a file is read from:
 * - FILES_ORIGIN (another domain routed to this server; see config.ts): the full sandbox packages expect
 *   (forms, pop-ups), framed by the app; nothing but files is served there;
 * - the app's address: no forms and no pop-ups; and once FILES_ORIGIN is set, SCORM files are not served
 *   here at all but redirected there (addresses saved before keep working).
 * Scripts run under both (packages need them), so a page could still send what is typed in it elsewhere:
 * only another domain takes our name off such a page, which is why production should set FILES_ORIGIN.
 */
const SANDBOX = 'sandbox allow-scripts allow-modals allow-downloads';
const APP_ADDRESS_CSP = `${SANDBOX}; frame-ancestors 'self'`;
// frame-ancestors makes browsers ignore X-Frame-Options, so the app may frame files from the files origin.
const filesAddressCsp = (appOrigin: string) => `${SANDBOX} allow-forms allow-popups; frame-ancestors 'self' ${appOrigin}`;
// A package's pages keep the files origin as theirs there, so that they reach the SCORM runtime page that frames
// them (routes/scormRuntime.ts): that origin holds no session and answers nothing but files.
const scormFilesAddressCsp = (appOrigin: string) => `${SANDBOX} allow-same-origin allow-forms allow-popups; frame-ancestors 'self' ${appOrigin}`;

interface FilePolicy {
  /** FILES_ORIGIN, when set. */
  filesOrigin: string | undefined;
  /** Whether this request came through FILES_ORIGIN. */
  onFilesOrigin: boolean;
  appOrigin: string;
}

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

/**
 * The type a stored file is served with. An upload's is the one recorded when its address was made (its
 * declared type, checked against its kind; see createUploadUrl.ts), whatever its name says; a SCORM
 * package's files are ours, written from the archive, and go by their extension; anything else is a download.
 */
async function servedType(services: Services, key: string): Promise<string> {
  if (key.startsWith('scorm/')) return contentTypeOf(key);
  if (!key.startsWith('uploads/')) return OCTET_STREAM;
  const [row] = await services.db.select({ contentType: uploads.contentType }).from(uploads).where(eq(uploads.key, key)).limit(1);
  return row ? servedContentType(row.contentType) : OCTET_STREAM;
}

async function serveFile(services: Services, storage: LocalStorage, request: FastifyRequest, reply: FastifyReply, policy: FilePolicy) {
  let key: string;
  try {
    key = assertSafeKey((request.params as { '*': string })['*']);
  } catch {
    throw notFound(messages.fileNotFound);
  }
  if (key.startsWith('scorm/') && policy.filesOrigin && !policy.onFilesOrigin) return reply.redirect(`${policy.filesOrigin}${request.url}`, 308);
  const size = await storage.sizeOf(key);
  if (size === null) throw notFound(messages.fileNotFound);
  const contentType = await servedType(services, key);
  const range = parseRange(request.headers.range, size);
  const name = key.slice(key.lastIndexOf('/') + 1);
  reply
    .header('content-type', contentType)
    .header('accept-ranges', 'bytes')
    // Keys never get new bytes (a new upload is a new key): cache for good.
    .header('cache-control', 'public, max-age=31536000, immutable')
    // A SCORM package's pages open in the player's frame; its files stay sandboxed like any other.
    .header('content-disposition', contentDisposition(isInline(contentType) || key.startsWith('scorm/') ? 'inline' : 'attachment', name))
    .header('x-frame-options', 'SAMEORIGIN');
  // Chrome's PDF viewer does not run in a sandboxed document; a PDF's scripts never reach our origin anyway.
  if (mediaType(contentType) !== 'application/pdf') {
    const filesCsp = key.startsWith('scorm/') ? scormFilesAddressCsp : filesAddressCsp;
    reply.header('content-security-policy', policy.onFilesOrigin ? filesCsp(policy.appOrigin) : APP_ADDRESS_CSP);
  }
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
  const { storage, config } = services;
  if (!(storage instanceof LocalStorage)) return;
  const filesHost = config.filesOrigin ? new URL(config.filesOrigin).host : null;
  // request.host honours X-Forwarded-Host when TRUST_PROXY is set.
  const viaFilesOrigin = (request: FastifyRequest) => filesHost !== null && request.host.toLowerCase() === filesHost;
  if (filesHost) {
    // Under FILES_ORIGIN this server is a file server: no API and no app pages at that address.
    app.addHook('onRequest', async (request) => {
      if (viaFilesOrigin(request) && !request.url.startsWith(`${prefix}/files/`)) throw notFound();
    });
  }
  const policyOf = (request: FastifyRequest): FilePolicy => ({
    filesOrigin: config.filesOrigin,
    onFilesOrigin: viaFilesOrigin(request),
    appOrigin: new URL(config.appUrl).origin,
  });
  await app.register(async (scope) => {
    // Every body stays an unread stream here, whatever its type: receiveUpload counts and caps it.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.put(`${prefix}/uploads/:uploadId`, async (request, reply) => {
      const query = request.query as { expires?: string; signature?: string };
      const length = request.headers['content-length'];
      const body = watchedBody(request.raw);
      try {
        await receiveUpload(services, storage, {
          uploadId: (request.params as { uploadId: string }).uploadId,
          expires: query.expires,
          signature: query.signature,
          contentType: request.headers['content-type'],
          contentLength: length === undefined ? undefined : Number(length),
          body: body.stream,
        });
      } catch (error) {
        // A client that went away mid-upload gets no answer; the upload address stays usable.
        if (body.clientGone()) return reply.hijack();
        // We stopped reading (refused before the body, or cut off past the cap): answer, then close the
        // connection, so that the rest of the body is not read (and the socket not held) for nothing.
        if (!request.raw.complete) {
          reply.header('connection', 'close');
          closeAfterAnswer(request.raw);
        }
        throw error;
      } finally {
        body.release();
      }
      return reply.code(204).send();
    });
    if (filesHost) mountScormRuntime(scope, prefix, { appOrigin: new URL(config.appUrl).origin, onFilesOrigin: viaFilesOrigin });
    scope.get(`${prefix}/files/*`, (request, reply) => serveFile(services, storage, request, reply, policyOf(request)));
  });
}
