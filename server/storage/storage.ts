import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Two implementations: a local directory (the default, served by this server
 * under /api/v1/files/, uploads PUT to /api/v1/uploads/{id} with a signed, expiring address) and an
 * S3-compatible bucket (presigned PUT addresses, public reads from S3_PUBLIC_URL).
 *
 * Keys are paths of '/'-separated segments ("uploads/<store>/<training>/<id>/name.png"); an upload is served
 * with the type recorded for it, a SCORM package's file by its extension (contentTypes.ts).
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /**
   * Writes an object. A stream longer than `maxBytes` (or than `size` when given) is refused with
   * StorageTooLargeError and leaves nothing behind. Answers the bytes written.
   */
  put(key: string, body: Readable | Buffer, options: { contentType: string; size?: number; maxBytes?: number }): Promise<{ size: number }>;
  /** The object, or the bytes start..end (inclusive) of it; `size` is always the whole object's. */
  get(key: string, range?: { start: number; end: number }): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  /** Removes every object under `prefix/` (a SCORM package that failed half-way). */
  deletePrefix(prefix: string): Promise<void>;
  /** The public read address of a key (stable: it is saved in items, pictures and resources). */
  url(key: string): string;
  /** A one-time upload address: the client PUTs the bytes there with the answered headers. */
  presignPut(key: string, options: PresignOptions): Promise<{ url: string; headers: Record<string, string> }>;
}

export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
}

export interface PresignOptions {
  /** The `uploads` row the address belongs to (local storage routes the PUT through it). */
  uploadId: string;
  contentType: string;
  /** Exact size when the client announced it (S3 then refuses any other length). */
  size?: number;
  maxSize: number;
  expiresAt: Date;
}

export class StorageTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`object larger than ${limit} bytes`);
  }
}

/**
 * A key is built by us, but checked anyway before it reaches a path or an address: relative,
 * '/'-separated, no empty, '.' or '..' segment, no backslash or control character.
 */
export function assertSafeKey(key: string): string {
  const segments = key.split('/');
  const bad =
    key.length === 0 ||
    key.length > 1024 ||
    key.includes('\\') ||
    [...key].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f) ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..');
  if (bad) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
  return key;
}

/** Each segment URL-encoded, the slashes kept: the key as the path of an address. */
export const keyToUrlPath = (key: string) => assertSafeKey(key).split('/').map(encodeURIComponent).join('/');
