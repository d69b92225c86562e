import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { uploads } from '../../db/schema.js';
import type { Database } from '../../db/client.js';
import type { Services } from '../../services.js';

type UploadType = (typeof uploads.$inferSelect)['type'];

/**
 * The upload of `type` for the training whose public address is `url`, once its bytes have arrived (S3 takes
 * them without us: its uploads count from the presigned request, whose size is set then); null otherwise. What
 * the client says about the file (size, type) is never believed: the upload's record is. Inside a transaction,
 * pass it as `db` (PGlite has one connection: a query beside an open transaction waits for it forever).
 */
export async function arrivedUpload(services: Services, storeId: string, trainingId: string, type: UploadType, url: string, db: Database = services.db) {
  const candidates = await db
    .select({ key: uploads.key, size: uploads.size, contentType: uploads.contentType, uploadedAt: uploads.uploadedAt })
    .from(uploads)
    .where(and(eq(uploads.storeId, storeId), eq(uploads.trainingId, trainingId), eq(uploads.type, type)));
  const upload = candidates.find((row) => services.storage.url(row.key) === url);
  const arrived = upload && (upload.uploadedAt !== null || (services.storage.kind === 's3' && upload.size !== null));
  return arrived ? upload : null;
}

/**
 * The learner's own assignment file whose public address is `url`, once its bytes have arrived; null
 * otherwise (another learner's upload, another store's, a team upload, or one never sent).
 */
export const arrivedLearnerUpload = (services: Services, storeId: string, customerId: string, url: string, db: Database = services.db) =>
  arrivedAmong(services, and(eq(uploads.storeId, storeId), eq(uploads.customerId, customerId), eq(uploads.type, 'ASSIGNMENT'))!, url, db);

/** The user's own avatar image (createStoreUploadUrl's AVATAR purpose, or createMyAvatarUploadUrl which is the same) whose public address is `url`, once arrived; else null. */
export const arrivedAvatarUpload = (services: Services, storeId: string, userId: string, url: string) =>
  arrivedAmong(services, and(eq(uploads.storeId, storeId), eq(uploads.userId, userId), isNull(uploads.trainingId), isNull(uploads.customerId), eq(uploads.type, 'IMAGE'))!, url, services.db);

/** A file the team uploaded for the store itself (createStoreUploadUrl, e.g. a RESOURCE) whose public address is `url`, once arrived; else null. */
export const arrivedStoreUpload = (services: Services, storeId: string, type: UploadType, url: string) =>
  arrivedAmong(services, and(eq(uploads.storeId, storeId), isNull(uploads.trainingId), isNull(uploads.customerId), eq(uploads.type, type))!, url, services.db);

async function arrivedAmong(services: Services, where: SQL, url: string, db: Database) {
  const candidates = await db.select({ key: uploads.key, size: uploads.size, contentType: uploads.contentType, uploadedAt: uploads.uploadedAt }).from(uploads).where(where);
  const upload = candidates.find((row) => services.storage.url(row.key) === url);
  const arrived = upload && (upload.uploadedAt !== null || (services.storage.kind === 's3' && upload.size !== null));
  return arrived ? upload : null;
}
