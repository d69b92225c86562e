import type { Database } from './client.js';
import { discountCodes } from './schema.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * What the demo needs to sell (issue 11): the store is marked for the built-in test payment provider
 * (`feature_options.test_payments`, set on the store row by seedDemo) and has a welcome promo code, 10 % off
 * everything, without a use limit or dates, for the checkout's "Appliquer".
 */
export const DEMO_PROMO_CODE = 'BIENVENUE10';

export async function seedPromoCodes(tx: Tx, { storeId, now }: { storeId: string; now: Date }) {
  await tx.insert(discountCodes).values({ storeId, code: DEMO_PROMO_CODE, type: 'PERCENTAGE', value: 10, maxUses: null, createdAt: now });
}
