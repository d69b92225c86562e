import type { components } from '../../src/api/schema.gen.js';
import type { discountCodes } from '../db/schema.js';

type DiscountCodeBody = components['schemas']['DiscountCode'];
type BuyableRefBody = components['schemas']['BuyableRef'];
export type DiscountCodeRow = typeof discountCodes.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A promo code with the trainings and bundles it applies to (none: everything). */
export function presentDiscountCode(row: DiscountCodeRow, buyables: BuyableRefBody[]): DiscountCodeBody {
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    value: row.value,
    buyables,
    max_uses: row.maxUses,
    uses_count: row.usesCount,
    starts_at: iso(row.startsAt),
    ends_at: iso(row.endsAt),
    created_at: row.createdAt.toISOString(),
  };
}
