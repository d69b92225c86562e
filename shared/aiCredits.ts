/**
 * The AI assistant's prices (spec 9) and costs (our design), in one place for the server and the pages.
 *
 * - Packs S, M, L: list price 19 / 39 / 99 € shown struck through, charged at the promo price 12 / 24 / 60 €
 *   (VAT included); 40 / 80 / 200 credits, plus a gift of 0 / 20 / 50 credits.
 * - Where the credits go (our design; the spec names the two balances only): a pack's bought credits are
 *   `paid_credits`, its gift is `pack_credits`. Pack credits are spent first (spec 9), so the bonus goes before
 *   what was paid for.
 * - What a text costs (our design): a few title ideas 1 credit, a value proposition 2, an outline 3, a whole
 *   sales page 5: roughly the length of what is written.
 */
export type AiContentType = 'title_ideas' | 'value_proposition' | 'outline' | 'sales_page';
export type AiCreditPackName = 'S' | 'M' | 'L';

export const AI_CONTENT_TYPES: readonly AiContentType[] = ['title_ideas', 'value_proposition', 'outline', 'sales_page'];

export const AI_CONTENT_COSTS: Record<AiContentType, number> = { title_ideas: 1, value_proposition: 2, outline: 3, sales_page: 5 };

export interface AiCreditPackOffer {
  pack: AiCreditPackName;
  listPriceCents: number;
  priceCents: number;
  credits: number;
  giftCredits: number;
}

export const AI_CREDIT_PACKS: readonly AiCreditPackOffer[] = [
  { pack: 'S', listPriceCents: 1_900, priceCents: 1_200, credits: 40, giftCredits: 0 },
  { pack: 'M', listPriceCents: 3_900, priceCents: 2_400, credits: 80, giftCredits: 20 },
  { pack: 'L', listPriceCents: 9_900, priceCents: 6_000, credits: 200, giftCredits: 50 },
];

export const aiCreditPack = (pack: AiCreditPackName): AiCreditPackOffer => AI_CREDIT_PACKS.find((offer) => offer.pack === pack)!;

/**
 * How a cost is taken from the two balances: pack credits first, then paid ones. Null when the two do not cover it.
 * The server does the same in one conditional UPDATE (server/commands/ai/credits.ts); this is what the pages show.
 */
export function splitCost(balance: { pack: number; paid: number }, cost: number): { pack: number; paid: number } | null {
  if (balance.pack + balance.paid < cost) return null;
  const pack = Math.min(balance.pack, cost);
  return { pack, paid: cost - pack };
}
