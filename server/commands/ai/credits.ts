import { and, count, eq, sql, sum } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import { AI_CONTENT_COSTS, AI_CREDIT_PACKS, aiCreditPack, type AiCreditPackName } from '../../../shared/aiCredits.js';
import type { StoreRow } from '../../auth/session.js';
import { aiContents, stores } from '../../db/schema.js';
import { aiProvider } from '../../ai/registry.js';
import type { Services } from '../../services.js';
import { placePlatformOrder, type Buyer } from '../billing/subscription.js';

type AiCreditsBody = components['schemas']['AiCredits'];

/** Credits taken for one text, from each balance: what is given back if the text does not end. */
export interface TakenCredits {
  pack: number;
  paid: number;
}

/**
 * Takes `cost` credits from the store, pack credits first, then paid ones (spec 9), or answers null when the two
 * balances do not cover it. Safe under concurrency: the store row is locked, and the update itself is conditional
 * (`WHERE pack + paid >= cost`), so two texts asked at once never take the same credit and no balance goes below 0.
 */
export async function takeCredits(services: Pick<Services, 'db'>, storeId: string, cost: number): Promise<TakenCredits | null> {
  return services.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ pack: stores.aiPackCredits, paid: stores.aiPaidCredits })
      .from(stores)
      .where(eq(stores.id, storeId))
      .for('update');
    if (!row || row.pack + row.paid < cost) return null;
    const pack = Math.min(row.pack, cost);
    const paid = cost - pack;
    const updated = await tx
      .update(stores)
      .set({ aiPackCredits: sql`${stores.aiPackCredits} - ${pack}`, aiPaidCredits: sql`${stores.aiPaidCredits} - ${paid}` })
      .where(and(eq(stores.id, storeId), sql`${stores.aiPackCredits} >= ${pack}`, sql`${stores.aiPaidCredits} >= ${paid}`))
      .returning({ id: stores.id });
    return updated.length ? { pack, paid } : null;
  });
}

/** Gives back what takeCredits took, to the balances it came from (a text that failed or was cancelled). */
export async function giveBackCredits(services: Pick<Services, 'db'>, storeId: string, taken: TakenCredits): Promise<void> {
  await services.db
    .update(stores)
    .set({ aiPackCredits: sql`${stores.aiPackCredits} + ${taken.pack}`, aiPaidCredits: sql`${stores.aiPaidCredits} + ${taken.paid}` })
    .where(eq(stores.id, storeId));
}

const euros = (cents: number) => cents / 100;

export async function getAiCredits(services: Services, storeId: string): Promise<AiCreditsBody> {
  const [[store], [usage]] = await Promise.all([
    services.db.select({ pack: stores.aiPackCredits, paid: stores.aiPaidCredits }).from(stores).where(eq(stores.id, storeId)),
    services.db.select({ contents: count(), credits: sum(aiContents.creditsUsed) }).from(aiContents).where(eq(aiContents.storeId, storeId)),
  ]);
  return {
    pack_credits: store?.pack ?? 0,
    paid_credits: store?.paid ?? 0,
    costs: { ...AI_CONTENT_COSTS },
    packs: AI_CREDIT_PACKS.map((offer) => ({
      pack: offer.pack,
      list_price: euros(offer.listPriceCents),
      price: euros(offer.priceCents),
      credits: offer.credits,
      gift_credits: offer.giftCredits,
    })),
    usage: { contents: Number(usage?.contents ?? 0), credits_used: Number(usage?.credits ?? 0) },
    provider_configured: aiProvider(services.config) !== null,
  };
}

/** An order for a pack at its promo price (spec 9), paid through the platform's provider like a plan. */
export async function buyAiCreditPack(services: Services, store: StoreRow, buyer: Buyer, pack: AiCreditPackName) {
  const offer = aiCreditPack(pack);
  const gift = offer.giftCredits ? ` + ${offer.giftCredits} offerts` : '';
  return placePlatformOrder(
    services,
    store,
    buyer,
    {
      kind: 'AI_CREDITS',
      plan: null,
      frequency: null,
      aiCreditPack: pack,
      aiCredits: offer.credits,
      aiGiftCredits: offer.giftCredits,
      grossCents: offer.listPriceCents,
      discountCents: offer.listPriceCents - offer.priceCents,
      amountCents: offer.priceCents,
    },
    `Pack de crédits IA ${pack} (${offer.credits} crédits${gift})`,
    '/assistant-ia/tableau-de-bord',
  );
}
