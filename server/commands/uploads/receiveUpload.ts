import type { Readable } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import { stores, uploads } from '../../db/schema.js';
import { HttpError, forbidden, conflict, invalid, notFound } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import type { Services } from '../../services.js';
import { mediaType } from '../../storage/contentTypes.js';
import type { LocalStorage } from '../../storage/localStorage.js';
import { quotaFull, storageUsage, type StorageUsage } from '../../storage/quota.js';
import { StorageTooLargeError } from '../../storage/storage.js';
import { takeUploadSlot } from './uploadSlots.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 100) / 100;

export const tooLarge = (limit: number) =>
  new HttpError(413, 'VALIDATION_FAILED', messages.fileTooLarge(megabytes(limit)), { file: [messages.fileTooLarge(megabytes(limit))] });

export interface IncomingUpload {
  uploadId: string;
  expires: string | undefined;
  signature: string | undefined;
  contentType: string | undefined;
  contentLength: number | undefined;
  body: Readable;
}

/**
 * The PUT of a local-storage upload address (what S3 does for its presigned addresses): the signature and
 * expiry (403), the upload row (404), one use only (409: the row is claimed before writing, so two
 * concurrent PUTs cannot both write), the announced Content-Type (422), then the bytes, counted while they
 * stream and cut off past the cap (413, nothing kept). Sets the upload's size and uploaded_at. At most
 * MAX_CONCURRENT_UPLOADS_PER_USER uploads of one user stream at once (429 past that, uploadSlots.ts).
 */
export async function receiveUpload(services: Services, storage: LocalStorage, incoming: IncomingUpload): Promise<{ size: number }> {
  const check = storage.checkUpload(incoming.uploadId, incoming.expires, incoming.signature, services.clock());
  if (check !== 'valid' || !UUID.test(incoming.uploadId)) throw forbidden(messages.uploadLinkInvalid);
  const [row] = await services.db.select().from(uploads).where(eq(uploads.id, incoming.uploadId)).limit(1);
  if (!row) throw notFound();
  if (row.uploadedAt) throw conflict(messages.uploadAlreadyDone);
  if (mediaType(incoming.contentType ?? '') !== mediaType(row.contentType)) {
    throw invalid({ 'content-type': [messages.uploadContentTypeMismatch(row.contentType)] });
  }
  if (incoming.contentLength !== undefined && incoming.contentLength > row.maxSize) throw tooLarge(row.maxSize);
  // The store's quota: the body is also held to the room left, and refused past it (413 with the figures).
  const [store] = await services.db.select({ id: stores.id, plan: stores.plan }).from(stores).where(eq(stores.id, row.storeId)).limit(1);
  const usage = await storageUsage(services, store!);
  const room = Math.max(0, usage.quota - usage.used);
  if (incoming.contentLength !== undefined && incoming.contentLength > room) throw quotaFull(usage, 'file', 413);

  // Taken before the claim, so that a refused PUT (429) leaves the address usable.
  const release = takeUploadSlot(row.userId ?? row.customerId ?? row.storeId);
  try {
    return await claimAndStore(services, storage, row, incoming.body, { room, usage });
  } finally {
    release();
  }
}

async function claimAndStore(
  services: Services,
  storage: LocalStorage,
  row: typeof uploads.$inferSelect,
  body: Readable,
  quota: { room: number; usage: StorageUsage },
): Promise<{ size: number }> {
  const [claimed] = await services.db
    .update(uploads)
    .set({ uploadedAt: services.clock() })
    .where(and(eq(uploads.id, row.id), isNull(uploads.uploadedAt)))
    .returning({ id: uploads.id });
  if (!claimed) throw conflict(messages.uploadAlreadyDone);
  try {
    const { size } = await storage.put(row.key, body, { contentType: row.contentType, maxBytes: Math.min(row.maxSize, quota.room) });
    await services.db.update(uploads).set({ size, uploadedAt: services.clock() }).where(eq(uploads.id, row.id));
    return { size };
  } catch (error) {
    // The address stays usable for another try (until it expires).
    await services.db.update(uploads).set({ uploadedAt: null }).where(eq(uploads.id, row.id));
    if (error instanceof StorageTooLargeError) throw quota.room < row.maxSize ? quotaFull(quota.usage, 'file', 413) : tooLarge(row.maxSize);
    throw error;
  }
}
