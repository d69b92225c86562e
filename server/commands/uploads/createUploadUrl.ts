import { randomUUID } from 'node:crypto';
import type { components, operations } from '../../../src/api/schema.gen.js';
import { acceptedExtensions, acceptsContentType, guessContentType, maxUploadSize } from '../../../machines/upload/upload.limits.js';
import type { AuthContext } from '../../auth/session.js';
import { uploads } from '../../db/schema.js';
import { forbidden, invalid } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import type { Services } from '../../services.js';
import { OCTET_STREAM, extensionFor, extensionOf, mediaType } from '../../storage/contentTypes.js';
import { assertRoom, storageUsage } from '../../storage/quota.js';
import { trainingOf } from '../catalogue/scope.js';

type UploadRequest = operations['createTrainingUploadUrl']['requestBody']['content']['application/json'];
type PresignedUrl = components['schemas']['PresignedUrl'];

/** How long an upload address stays usable (checked when the upload starts, so a long upload may finish). */
export const UPLOAD_URL_TTL_MS = 60 * 60 * 1000;

const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 100) / 100;

/**
 * The name a file is stored under: the client's name made safe for paths and addresses, with the extension
 * of its accepted media type (or the client's own for a neutral download: it names the file saved, and never
 * decides how it is served, which is the upload's recorded type, see servedType in routes/uploads.ts).
 */
export function storedFileName(filename: string, contentType: string): string {
  const base = filename
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  const extension = extensionFor(contentType) || extensionOf(filename) || 'bin';
  return `${base || 'fichier'}.${extension}`;
}

/** Who asks for an upload address, and for which training (a learner's assignment file names none). */
export interface UploadOwner {
  store: AuthContext['store'];
  trainingId: string | null;
  userId: string | null;
  customerId: string | null;
  /** Platform admins upload whatever the store's plan (they use the EXPERT limits). */
  anyPlan: boolean;
  /** The store's own pictures (logo, favicon…) name their folder; otherwise the training's or the learner's. */
  folder?: string;
}

/**
 * POST /trainings/{uuid}/urls/presigned. Checks the type's accepted files and its size limit on the store's
 * plan (spec 9, machines/upload/upload.limits.ts), records the upload, and answers where to PUT the bytes.
 * Order: unknown training 404 → plan 403 (assignment files need PRO or EXPERT) → 422 on the fields, then on
 * `size` when it does not fit the store's storage quota (storage/quota.ts).
 */
export async function createUploadUrl(services: Services, auth: AuthContext, trainingUuid: string, input: UploadRequest): Promise<PresignedUrl> {
  const training = await trainingOf(services, auth.store.id, trainingUuid);
  return presignUpload(services, { store: auth.store, trainingId: training.id, userId: auth.user.id, customerId: null, anyPlan: auth.user.isAdmin }, input);
}

/** The checks and the record behind every upload address (the team's, and the learner's in the learner area). */
export async function presignUpload(services: Services, owner: UploadOwner, input: UploadRequest): Promise<PresignedUrl> {
  const maxSize = maxUploadSize(input.type, owner.store.plan);
  if (maxSize === null && !owner.anyPlan) throw forbidden(messages.planRequired, 'PLAN_REQUIRED');
  const limit = maxSize ?? maxUploadSize(input.type, 'EXPERT')!;

  const declared = input.content_type !== undefined ? mediaType(input.content_type) : null;
  // Without a declared type, the name may only pick among the kind's own media types (an image's jpg/png…);
  // any other name gives a neutral download, never the type its extension says (served as is, see servedType).
  const contentType = declared ?? (guessContentType(input.filename) || OCTET_STREAM);
  const field = declared !== null ? 'content_type' : 'filename';
  if (!MEDIA_TYPE.test(contentType)) throw invalid({ [field]: [messages.invalidValue] });
  if (!acceptsContentType(input.type, contentType)) throw invalid({ [field]: [messages.fileTypeRefused(acceptedExtensions(input.type))] });

  if (input.size !== undefined && input.size > limit) throw invalid({ size: [messages.fileTooLarge(megabytes(limit))] });
  // The store's storage quota: the announced size must fit (the PUT is held to the room left, receiveUpload.ts).
  assertRoom(await storageUsage(services, owner.store), input.size ?? 1, 'size');
  // S3 cannot cap a presigned PUT by itself: it is held to the announced length, which must then be given.
  if (input.size === undefined && services.storage.kind === 's3') throw invalid({ size: [messages.fileSizeRequired] });

  const id = randomUUID();
  const folder = owner.folder ?? owner.trainingId ?? (owner.customerId ? `learners/${owner.customerId}` : `users/${owner.userId}`);
  const key = `uploads/${owner.store.id}/${folder}/${id}/${storedFileName(input.filename, contentType === OCTET_STREAM ? '' : contentType)}`;
  const expiresAt = new Date(services.clock().getTime() + UPLOAD_URL_TTL_MS);
  await services.db.insert(uploads).values({
    id,
    storeId: owner.store.id,
    trainingId: owner.trainingId,
    userId: owner.userId,
    customerId: owner.customerId,
    type: input.type,
    key,
    contentType,
    // The cap of this one upload: the announced size when given (S3 holds it to exactly that), else the type's.
    maxSize: input.size ?? limit,
    // With S3 the bucket takes the bytes without us: the announced size (which it holds the PUT to) counts
    // against the quota from now on. Locally the size is set once the bytes are received.
    ...(services.storage.kind === 's3' ? { size: input.size } : {}),
    expiresAt,
  });
  const presigned = await services.storage.presignPut(key, { uploadId: id, contentType, size: input.size, maxSize: limit, expiresAt });
  return {
    upload_url: presigned.url,
    method: 'PUT',
    headers: presigned.headers,
    file_url: services.storage.url(key),
    max_size: limit,
    expires_at: expiresAt.toISOString(),
  };
}
