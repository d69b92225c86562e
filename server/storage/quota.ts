import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { components } from '../../src/api/schema.gen.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { scormPackages, uploads } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { messages } from '../http/messages.js';

type Plan = components['schemas']['Plan'];

const GiB = 1024 ** 3;

/**
 * Bytes a store may keep in the storage, by plan (the spec gives none; ours, to be revised with the pricing):
 * Découverte 5 Gio, PERK 20 Gio, PRO 100 Gio, EXPERT 500 Gio. STORAGE_QUOTA (bytes) sets one for every store.
 */
export const STORAGE_QUOTA_BY_PLAN: Record<Plan, number> = { PERCENT: 5 * GiB, PERK: 20 * GiB, PRO: 100 * GiB, EXPERT: 500 * GiB };

export const storageQuota = (config: Pick<Config, 'storageQuota'>, plan: Plan) => config.storageQuota ?? STORAGE_QUOTA_BY_PLAN[plan];

/** What a store's files take: its uploads (once received) and its unpacked SCORM packages. */
export async function storageUsed(db: Pick<Database, 'select'>, storeId: string): Promise<number> {
  const [files] = await db
    .select({ bytes: sql<string>`coalesce(sum(${uploads.size}), 0)` })
    .from(uploads)
    .where(and(eq(uploads.storeId, storeId), isNotNull(uploads.size)));
  const [packages] = await db.select({ bytes: sql<string>`coalesce(sum(${scormPackages.size}), 0)` }).from(scormPackages).where(eq(scormPackages.storeId, storeId));
  return Number(files?.bytes ?? 0) + Number(packages?.bytes ?? 0);
}

export interface StorageUsage {
  used: number;
  quota: number;
}

export async function storageUsage(services: { db: Pick<Database, 'select'>; config: Pick<Config, 'storageQuota'> }, store: { id: string; plan: Plan }): Promise<StorageUsage> {
  return { used: await storageUsed(services.db, store.id), quota: storageQuota(services.config, store.plan) };
}

const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;

/** The refusal of bytes that do not fit: on `field` (422), or 413 for a body cut off while it streamed. */
export function quotaFull(usage: StorageUsage, field: string, status: 413 | 422 = 422): HttpError {
  const text = messages.storageQuotaFull(megabytes(usage.used), megabytes(usage.quota));
  return new HttpError(status, 'VALIDATION_FAILED', text, { [field]: [text] });
}

/** Throws quotaFull when `bytes` more would not fit. */
export function assertRoom(usage: StorageUsage, bytes: number, field: string): void {
  if (usage.used + bytes > usage.quota) throw quotaFull(usage, field);
}

/** Advisory-lock key space of the storage reservations (the catalogue's position locks use 727_101…). */
const STORAGE_LOCK = 727_201;

/**
 * Checks that `bytes` fit the store's quota and records them with `record`, one store's reservations taking
 * turns (a transaction-scoped advisory lock): two packages arriving at the same moment would otherwise both
 * read the same room left, and together take more than the quota.
 */
export async function reserveStorage<T>(
  services: { db: Database; config: Pick<Config, 'storageQuota'> },
  store: { id: string; plan: Plan },
  bytes: number,
  field: string,
  record: (tx: Database) => Promise<T>,
): Promise<T> {
  return services.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${STORAGE_LOCK}::int, hashtext(${store.id}))`);
    assertRoom(await storageUsage({ db: tx, config: services.config }, store), bytes, field);
    return record(tx);
  });
}
