import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { S3Config } from '../config.js';
import { OCTET_STREAM, contentDisposition, contentTypeOf, isInline } from './contentTypes.js';
import { byteLimit } from './localStorage.js';
import { StorageTooLargeError, assertSafeKey, keyToUrlPath, type PresignOptions, type Storage, type StoredObject } from './storage.js';

const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

const xmlText = (value: string) =>
  value.replace(/&(lt|gt|quot|apos|amp);/g, (_, entity: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[entity]!);

/**
 * The headers an upload is stored, and then served, with. A bucket answers reads with the headers the object
 * was stored with and no CSP of ours, so anything that should not show in the page (HTML, SVG, scripts: all
 * but media and PDF, see isInline) is stored as a download of a neutral type, as local storage serves it.
 */
export function uploadHeaders(key: string, contentType: string): Record<string, string> {
  if (isInline(contentType)) return { 'Content-Type': contentType };
  return { 'Content-Type': OCTET_STREAM, 'Content-Disposition': contentDisposition('attachment', key.slice(key.lastIndexOf('/') + 1)) };
}

/**
 * An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Scaleway…), signed with SigV4 by aws4fetch and
 * addressed path-style (`<endpoint>/<bucket>/<key>`), which every one of them accepts.
 *
 * Upload addresses sign Content-Type and Content-Length (and Content-Disposition for downloads, see
 * uploadHeaders), so the bucket itself refuses a file of another type or size than the one announced: that
 * is how the size limits hold without our server in the way (createTrainingUploadUrl therefore asks for the
 * size on S3). Reads are public addresses under
 * S3_PUBLIC_URL: the bucket (or the CDN in front of it) must allow public reads; keys are unguessable.
 */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  private readonly client: AwsClient;

  constructor(private readonly config: S3Config) {
    // No automatic retry: a streamed body cannot be sent twice.
    this.client = new AwsClient({ accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, region: config.region, service: 's3', retries: 0 });
  }

  private objectUrl(key: string) {
    return `${this.config.endpoint}/${encodeURIComponent(this.config.bucket)}/${keyToUrlPath(key)}`;
  }

  async put(key: string, body: Readable | Buffer, options: { contentType: string; size?: number; maxBytes?: number }) {
    const limit = Math.min(options.size ?? Infinity, options.maxBytes ?? Infinity);
    let payload: Buffer | WebReadableStream;
    let length: number;
    if (Buffer.isBuffer(body)) {
      if (body.length > limit) throw new StorageTooLargeError(limit);
      payload = body;
      length = body.length;
    } else if (options.size !== undefined) {
      // S3 needs the length up front; the counter stops a stream that runs past it.
      const counter = byteLimit(limit);
      payload = Readable.toWeb(body.pipe(counter.stream)) as WebReadableStream;
      body.once('error', (error) => counter.stream.destroy(error));
      length = options.size;
    } else {
      const chunks: Buffer[] = [];
      let total = 0;
      for await (const chunk of body) {
        total += (chunk as Buffer).length;
        if (total > limit) throw new StorageTooLargeError(limit);
        chunks.push(chunk as Buffer);
      }
      payload = Buffer.concat(chunks);
      length = total;
    }
    const response = await this.client.fetch(this.objectUrl(key), {
      method: 'PUT',
      body: payload as BodyInit,
      headers: { 'content-type': options.contentType, 'content-length': String(length) },
    });
    if (!response.ok) throw new Error(`S3 PUT ${key} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    return { size: length };
  }

  async get(key: string, range?: { start: number; end: number }): Promise<StoredObject | null> {
    const response = await this.client.fetch(this.objectUrl(key), { headers: range ? { range: `bytes=${range.start}-${range.end}` } : {} });
    if (response.status === 404) return null;
    if (!response.ok || !response.body) throw new Error(`S3 GET ${key} answered ${response.status}`);
    const total = /\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1] ?? response.headers.get('content-length') ?? '0';
    return {
      body: Readable.fromWeb(response.body as WebReadableStream),
      size: Number(total),
      contentType: response.headers.get('content-type') ?? contentTypeOf(key),
    };
  }

  async delete(key: string) {
    const response = await this.client.fetch(this.objectUrl(key), { method: 'DELETE' });
    if (!response.ok && response.status !== 404) throw new Error(`S3 DELETE ${key} answered ${response.status}`);
  }

  async deletePrefix(prefix: string) {
    let token: string | undefined;
    do {
      const query = new URLSearchParams({ 'list-type': '2', prefix: `${assertSafeKey(prefix)}/` });
      if (token) query.set('continuation-token', token);
      const response = await this.client.fetch(`${this.config.endpoint}/${encodeURIComponent(this.config.bucket)}?${query}`);
      if (!response.ok) throw new Error(`S3 list ${prefix} answered ${response.status}`);
      const xml = await response.text();
      const keys = [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => xmlText(match[1]!));
      for (const key of keys) await this.delete(key);
      token = /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1];
      token = token ? xmlText(token) : undefined;
    } while (token);
  }

  url(key: string) {
    return `${this.config.publicUrl}/${keyToUrlPath(key)}`;
  }

  async presignPut(key: string, options: PresignOptions) {
    const seconds = Math.max(1, Math.min(MAX_PRESIGN_SECONDS, Math.ceil((options.expiresAt.getTime() - Date.now()) / 1000)));
    // Signed, so the bucket refuses a PUT that sends other values (the client sends exactly these).
    const sent = uploadHeaders(key, options.contentType);
    const headers: Record<string, string> = Object.fromEntries(Object.entries(sent).map(([name, value]) => [name.toLowerCase(), value]));
    if (options.size !== undefined) headers['content-length'] = String(options.size);
    const signed = await this.client.sign(`${this.objectUrl(key)}?X-Amz-Expires=${seconds}`, {
      method: 'PUT',
      headers,
      aws: { signQuery: true, allHeaders: true },
    });
    // Content-Length is set by the browser from the file itself; the others are the client's to send.
    return { url: signed.url, headers: sent };
  }
}
