import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

/** One key space per ordered list, so that creating a training never waits for a bundle's price list. */
const LISTS = {
  /** A store's trainings (`position`). */
  trainings: 727_101,
  /** A store's bundles (`order`). */
  bundles: 727_102,
  /** The payment schedules of one training or bundle (`position`). */
  paymentSchedules: 727_103,
  /** A store's own resources (customisation, `position`). */
  storeResources: 727_104,
} as const;

/**
 * Serialises, until the transaction ends, the writes that place rows of one ordered list ("last + 1", or
 * shifting the rows after a copy): two requests at the same moment would otherwise read the same last
 * position. `ownerId` is the list's owner (the store, or the training or bundle of a price list). An
 * advisory lock rather than a row lock on the owner: every insert that references a store or a training
 * takes a key-share lock on its row and would wait behind a FOR UPDATE. Different owners may share a
 * hash; they then merely take turns.
 */
export async function lockPositions(tx: Database, list: keyof typeof LISTS, ownerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LISTS[list]}::int, hashtext(${ownerId}))`);
}
