import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { StoreRow } from '../../auth/session.js';
import type { Database } from '../../db/client.js';
import { discountCodeBuyables, discountCodes } from '../../db/schema.js';
import { invalid } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import type { Buyable } from './buyable.js';

type Db = Database | Parameters<Parameters<Database['transaction']>[0]>[0];
export type DiscountCodeRow = typeof discountCodes.$inferSelect;

const notUsable = () => invalid({ discount_code: [messages.promoCodeNotUsable] });

/**
 * The store's promo code with this text (case-insensitive), if usable now for this buyable: started, not ended,
 * a use left (`uses_count` counts paid orders and unpaid ones still holding a use), and meant for it (no
 * buyables listed = every training and bundle). Otherwise 422 on `discount_code` ("promo code not usable").
 */
export async function usableCode(db: Db, store: StoreRow, text: string, buyable: Buyable, now: Date): Promise<DiscountCodeRow> {
  const [code] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.storeId, store.id), sql`upper(${discountCodes.code}) = upper(${text.trim()})`));
  if (!code) throw notUsable();
  if (code.startsAt && code.startsAt.getTime() > now.getTime()) throw notUsable();
  if (code.endsAt && code.endsAt.getTime() <= now.getTime()) throw notUsable();
  if (code.maxUses !== null && code.usesCount >= code.maxUses) throw notUsable();
  const targets = await db.select().from(discountCodeBuyables).where(eq(discountCodeBuyables.discountCodeId, code.id));
  const meant = targets.some((t) => (buyable.type === 'TRAINING' ? t.trainingId === buyable.id : t.bundleId === buyable.id));
  if (targets.length && !meant) throw notUsable();
  return code;
}

/**
 * Takes one use of the code for an order, in the order's transaction: one conditional UPDATE, so of many
 * checkouts racing for the last use exactly one gets it (the others: 422, and their transaction rolls back).
 * The use is given back by applyPaymentEvent when the order fails or is abandoned.
 */
export async function takeCodeUse(tx: Db, code: DiscountCodeRow) {
  const taken = await tx
    .update(discountCodes)
    .set({ usesCount: sql`${discountCodes.usesCount} + 1` })
    .where(and(eq(discountCodes.id, code.id), or(isNull(discountCodes.maxUses), sql`${discountCodes.usesCount} < ${discountCodes.maxUses}`)))
    .returning({ id: discountCodes.id });
  if (!taken.length) throw notUsable();
}
