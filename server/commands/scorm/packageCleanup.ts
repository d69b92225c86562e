import { and, eq, isNotNull, like, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { scormPackages, trainingItems, trainings } from '../../db/schema.js';
import type { Services } from '../../services.js';

/** A package's folder in a launch address: …/scorm/<store uuid>/<package uuid>/<launch page>. */
const PACKAGE_IN_URL = /\/scorm\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//i;

/** The storage prefix of the package a SCORM item launches (createScormItem.ts writes it), or null. */
export function packagePrefixOf(scormUrl: string): string | null {
  const match = PACKAGE_IN_URL.exec(scormUrl);
  return match ? `scorm/${match[1]!.toLowerCase()}/${match[2]!.toLowerCase()}` : null;
}

/** The launch addresses of an item and of what it holds (a section's items), or of a whole training. */
export async function scormUrlsOf(db: Pick<Database, 'select'>, trainingId: string, itemId?: number): Promise<string[]> {
  const rows = await db
    .select({ url: trainingItems.scormUrl })
    .from(trainingItems)
    .where(
      and(
        eq(trainingItems.trainingId, trainingId),
        isNotNull(trainingItems.scormUrl),
        itemId === undefined ? undefined : or(eq(trainingItems.id, itemId), eq(trainingItems.parentId, itemId)),
      ),
    );
  return rows.flatMap((row) => (row.url ? [row.url] : []));
}

/**
 * After items left the outline: removes the packages no item of the store launches any more. A duplicated
 * item shares its original's package (copyItems.ts copies the address), so a folder goes only with its last
 * item. Run once the deletion is committed; a storage failure leaves an orphan folder, never a broken item,
 * and is answered for the caller to log rather than failing a deletion that already happened.
 */
export async function deleteUnusedPackages(services: Services, storeId: string, scormUrls: string[]): Promise<unknown[]> {
  const prefixes = [...new Set(scormUrls.map(packagePrefixOf).filter((prefix): prefix is string => prefix !== null))];
  const failures: unknown[] = [];
  for (const prefix of prefixes) {
    // Only the caller's store's packages: the address is data, the store is the session's.
    if (prefix.split('/')[1] !== storeId.toLowerCase()) continue;
    const [used] = await services.db
      .select({ one: sql<number>`1` })
      .from(trainingItems)
      .innerJoin(trainings, eq(trainings.id, trainingItems.trainingId))
      .where(and(eq(trainings.storeId, storeId), like(trainingItems.scormUrl, `%/${prefix}/%`)))
      .limit(1);
    if (used) continue;
    try {
      await services.storage.deletePrefix(prefix);
      // Its bytes no longer count against the store's quota.
      await services.db.delete(scormPackages).where(eq(scormPackages.id, prefix.split('/')[2]!));
    } catch (error) {
      failures.push(error);
    }
  }
  return failures;
}
