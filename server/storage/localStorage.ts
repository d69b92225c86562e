import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentTypeOf } from './contentTypes.js';
import { StorageTooLargeError, assertSafeKey, keyToUrlPath, type PresignOptions, type Storage, type StoredObject } from './storage.js';

export type UploadSignatureCheck = 'valid' | 'expired' | 'invalid';

/** A byte counter that fails the stream as soon as it passes `limit`. */
export function byteLimit(limit: number) {
  let count = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      count += chunk.length;
      if (count > limit) callback(new StorageTooLargeError(limit));
      else callback(null, chunk);
    },
  });
  return { stream, count: () => count };
}

/**
 * Files in a directory (STORAGE_DIR). This server reads them out at /api/v1/files/<key> and takes uploads at
 * /api/v1/uploads/<uploadId>?expires=…&signature=… (HMAC-SHA256 of the method, path and expiry with
 * UPLOAD_SECRET): the same shape as an S3 presigned address, so the client does not know which it talks to.
 */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;

  /**
   * `publicBaseUrl`: the app's API address (uploads are PUT there); `filesBaseUrl`: where files are read, the
   * same server under FILES_ORIGIN when one is set (default: `publicBaseUrl`).
   */
  constructor(private readonly options: { root: string; publicBaseUrl: string; filesBaseUrl?: string; secret: string }) {}

  get root() {
    return this.options.root;
  }

  /** The file of a key; a key can never leave the root (assertSafeKey, and the resolved path is checked). */
  pathOf(key: string): string {
    const root = path.resolve(this.options.root);
    const file = path.resolve(root, ...assertSafeKey(key).split('/'));
    if (!file.startsWith(root + path.sep)) throw new Error(`storage key outside the root: ${key}`);
    return file;
  }

  async put(key: string, body: Readable | Buffer, options: { contentType: string; size?: number; maxBytes?: number }) {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Written aside then renamed: a reader never sees half a file, and a refused stream leaves nothing.
    const partial = `${target}.part-${randomUUID()}`;
    const limit = byteLimit(Math.min(options.size ?? Infinity, options.maxBytes ?? Infinity));
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, limit.stream, createWriteStream(partial));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return { size: limit.count() };
  }

  /** Size of a stored file, or null when there is none. */
  async sizeOf(key: string): Promise<number | null> {
    const info = await stat(this.pathOf(key)).catch(() => null);
    return info?.isFile() ? info.size : null;
  }

  async get(key: string, range?: { start: number; end: number }): Promise<StoredObject | null> {
    const file = this.pathOf(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    return { body: createReadStream(file, range), size: info.size, contentType: contentTypeOf(key) };
  }

  async delete(key: string) {
    await rm(this.pathOf(key), { force: true });
  }

  async deletePrefix(prefix: string) {
    await rm(this.pathOf(prefix), { recursive: true, force: true });
  }

  url(key: string) {
    return `${this.options.filesBaseUrl ?? this.options.publicBaseUrl}/files/${keyToUrlPath(key)}`;
  }

  async presignPut(_key: string, options: PresignOptions) {
    const expires = Math.floor(options.expiresAt.getTime() / 1000);
    const signature = this.sign(options.uploadId, expires);
    return {
      url: `${this.options.publicBaseUrl}/uploads/${encodeURIComponent(options.uploadId)}?expires=${expires}&signature=${signature}`,
      headers: { 'Content-Type': options.contentType },
    };
  }

  /** Checks an upload address this storage issued: signature first (timing-safe), then expiry. */
  checkUpload(uploadId: string, expires: string | undefined, signature: string | undefined, now: Date): UploadSignatureCheck {
    if (!expires || !/^\d{1,12}$/.test(expires) || !signature) return 'invalid';
    const expected = Buffer.from(this.sign(uploadId, Number(expires)));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
    return Number(expires) * 1000 < now.getTime() ? 'expired' : 'valid';
  }

  private sign(uploadId: string, expires: number) {
    return createHmac('sha256', this.options.secret).update(`PUT\n/uploads/${uploadId}\n${expires}`).digest('base64url');
  }
}
