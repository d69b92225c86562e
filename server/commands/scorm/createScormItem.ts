import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AuthContext } from '../../auth/session.js';
import { scormPackages } from '../../db/schema.js';
import { invalid } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import type { UploadedFile } from '../../openapi/multipart.js';
import type { TrainingItemBody } from '../../presenters/trainingItem.js';
import type { Services } from '../../services.js';
import { contentTypeOf } from '../../storage/contentTypes.js';
import { reserveStorage } from '../../storage/quota.js';
import { trainingOf } from '../catalogue/scope.js';
import { appendItem, checkParent } from '../trainingItems/create.js';
import { itemDetail } from '../trainingItems/items.js';
import { checkItemTypes } from '../trainingItems/planGate.js';
import { MANIFEST_MAX_BYTES, ManifestError, launchFile, readManifest, type ScormManifest } from './manifest.js';
import { DEFAULT_ZIP_LIMITS, inspectZip, unpackZip } from './zipPackage.js';

export interface ScormUpload {
  /** A section of the training; empty or absent for the top level. */
  parent_id?: string;
  /** The item's title; the manifest's organization title, else the file's name, when absent. */
  name?: string;
  file: UploadedFile;
}

const MANIFEST = /^([^/]+\/)?imsmanifest\.xml$/i;
/** macOS adds resource forks under __MACOSX/ when zipping: never part of the package. */
const isJunk = (name: string) => name.startsWith('__MACOSX/');
const SCORM_URL_MAX = 2048;
const fileError = (message: Parameters<typeof invalid>[0][string][number]) => invalid({ file: [message] });

/**
 * Where the manifest is: imsmanifest.xml at the root of the archive, or (when the package was zipped with
 * its folder, a common slip) in the archive's one top folder. Answers that folder ('' for the root).
 */
export function manifestFolder(names: string[]): { manifest: string; folder: string } | null {
  const candidates = names.filter((name) => MANIFEST.test(name) && !isJunk(name));
  const atRoot = candidates.find((name) => !name.includes('/'));
  if (atRoot) return { manifest: atRoot, folder: '' };
  const topFolders = new Set(names.filter((name) => !isJunk(name)).map((name) => name.split('/')[0]));
  if (candidates.length !== 1 || topFolders.size !== 1) return null;
  const manifest = candidates[0]!;
  return { manifest, folder: manifest.slice(0, manifest.lastIndexOf('/') + 1) };
}

function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  return bytes.toString('utf8');
}

function parseManifest(bytes: Buffer): ScormManifest {
  try {
    return readManifest(decodeText(bytes));
  } catch (error) {
    if (!(error instanceof ManifestError)) throw error;
    throw fileError(error.reason === 'version' ? messages.scormUnknownVersion : error.reason === 'launch' ? messages.scormNoLaunch : messages.scormBadManifest);
  }
}

/** "Module 1 — Sécurité.zip" → "Module 1 — Sécurité". */
const nameFromFile = (filename: string) => filename.replace(/\.zip$/i, '').trim();

/** A package checked and unpacked into its own folder, not yet launched by any item. */
export interface UnpackedPackage {
  scormUrl: string;
  specificContent: string;
  /** The manifest's organization title, if any. */
  title: string | null;
  /** Removes the folder and its quota row: for a caller whose item write failed. */
  discard: () => Promise<void>;
}

/**
 * The zip, checked whole before anything is unpacked (zipPackage.ts) → the manifest (version, launch page present
 * in the package) → the store's storage quota (its unpacked size must fit, storage/quota.ts) → the files,
 * unpacked under scorm/<store>/<package id>/. A package folder is new on every upload, so a replaced package never
 * mixes with the old one; if unpacking fails, the folder is removed.
 */
export async function unpackPackage(services: Services, auth: AuthContext, file: UploadedFile): Promise<UnpackedPackage> {
  const limits = { ...DEFAULT_ZIP_LIMITS, maxUnpackedBytes: services.config.scormMaxUnpackedSize };
  const { files, read, unpackedBytes } = await inspectZip(file.path, limits, (name) => MANIFEST.test(name) && !isJunk(name), MANIFEST_MAX_BYTES);
  const located = manifestFolder(files.map((entry) => entry.name));
  if (!located) throw fileError(messages.scormNoManifest);
  // inspectZip reads no more than that; a bigger manifest is no real package's.
  if (files.some((entry) => entry.name === located.manifest && entry.size > MANIFEST_MAX_BYTES)) {
    throw fileError(messages.scormManifestTooLarge(MANIFEST_MAX_BYTES / (1024 * 1024)));
  }
  const manifest = parseManifest(read.get(located.manifest)!);
  const launch = launchFile(located.folder, manifest.href);
  if (!launch || !files.some((entry) => entry.name === launch)) throw fileError(messages.scormNoLaunch);

  const { storage } = services;
  const packageId = randomUUID();
  const prefix = `scorm/${auth.store.id}/${packageId}`;
  const suffix = manifest.href.slice(manifest.href.split(/[?#]/)[0]!.length);
  const scormUrl = storage.url(`${prefix}/${launch}`) + suffix;
  if (scormUrl.length > SCORM_URL_MAX) throw fileError(messages.scormNoLaunch);
  // The store's storage quota holds the whole package; its bytes are counted from now on (quota.ts).
  await reserveStorage(services, auth.store, unpackedBytes, 'file', (tx) => tx.insert(scormPackages).values({ id: packageId, storeId: auth.store.id, size: unpackedBytes }));
  const discard = async () => {
    await storage.deletePrefix(prefix).catch(() => undefined);
    await services.db.delete(scormPackages).where(eq(scormPackages.id, packageId));
  };
  try {
    await unpackZip(
      file.path,
      (name) => !isJunk(name),
      async (name, stream, size) => {
        await storage.put(`${prefix}/${name}`, stream, { contentType: contentTypeOf(name), size, maxBytes: size });
      },
    );
  } catch (error) {
    await discard();
    throw error;
  }
  return { scormUrl, specificContent: JSON.stringify({ entry_point: launch + suffix, version: manifest.version }), title: manifest.title || null, discard };
}

/**
 * POST /trainings/{uuid}/training_items/scorm (multipart: type SCORM, parent_id, name, file).
 * Order: unknown training 404 → plan 403 (EXPERT; the binder checks x-plans first) → parent 422 → the package
 * (unpackPackage) → the item, a draft, last in its parent, with scorm_url = the launch page's address and
 * specific_content {entry_point, version}. If the item cannot be written, the folder is removed.
 */
export async function createScormItem(services: Services, auth: AuthContext, trainingUuid: string, input: ScormUpload): Promise<TrainingItemBody> {
  const training = await trainingOf(services, auth.store.id, trainingUuid);
  checkItemTypes(['SCORM'], { plan: auth.store.plan, isPlatformAdmin: auth.user.isAdmin });
  const parentId = input.parent_id ? Number(input.parent_id) : null;
  await checkParent(services.db, training.id, 'SCORM', parentId);
  const unpacked = await unpackPackage(services, auth, input.file);
  try {
    const name = (input.name?.trim() || unpacked.title || nameFromFile(input.file.filename) || 'Paquet SCORM').slice(0, 128);
    const row = await appendItem(services, training.id, { type: 'SCORM', name, parentId, draft: true, scormUrl: unpacked.scormUrl, specificContent: unpacked.specificContent });
    return await itemDetail(services.db, row);
  } catch (error) {
    await unpacked.discard();
    throw error;
  }
}
