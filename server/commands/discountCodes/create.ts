import { and, eq, inArray } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import { bundles, discountCodeBuyables, discountCodes, trainings } from '../../db/schema.js';
import { conflict, invalid } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import type { Services } from '../../services.js';

type Input = {
  code: string;
  type: 'PERCENTAGE' | 'AMOUNT';
  value: number;
  buyables?: { type: 'TRAINING' | 'BUNDLE'; uuid: string }[];
  max_uses?: number | null;
  starts_at?: string | null;
  ends_at?: string | null;
};

/**
 * MINIMAL createDiscountCode, written by the checkout branch only so its API tests can make promo codes (the
 * server runs in another process). The promo-code CRUD of `/reductions` replaces it: at merge, keep theirs.
 */
export async function createDiscountCode(services: Services, storeId: string, input: Input): Promise<components['schemas']['DiscountCode']> {
  if (input.type === 'PERCENTAGE' && input.value > 100) throw invalid({ value: [messages.maximum(100)] });
  const wanted = input.buyables ?? [];
  const ids = (type: 'TRAINING' | 'BUNDLE') => wanted.filter((b) => b.type === type).map((b) => b.uuid);
  const ownTrainings = ids('TRAINING').length
    ? await services.db.select({ id: trainings.id, name: trainings.name }).from(trainings).where(and(eq(trainings.storeId, storeId), inArray(trainings.id, ids('TRAINING'))))
    : [];
  const ownBundles = ids('BUNDLE').length
    ? await services.db.select({ id: bundles.id, name: bundles.name }).from(bundles).where(and(eq(bundles.storeId, storeId), inArray(bundles.id, ids('BUNDLE'))))
    : [];
  if (ownTrainings.length + ownBundles.length !== new Set(wanted.map((b) => `${b.type}:${b.uuid}`)).size) throw invalid({ buyables: [messages.buyableUnavailable] });
  return services.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(discountCodes)
      .values({
        storeId,
        code: input.code,
        type: input.type,
        value: input.value,
        maxUses: input.max_uses ?? null,
        startsAt: input.starts_at ? new Date(input.starts_at) : null,
        endsAt: input.ends_at ? new Date(input.ends_at) : null,
        createdAt: services.clock(),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(messages.conflict, { code: [messages.conflict] });
    const links = [...ownTrainings.map((t) => ({ discountCodeId: row.id, trainingId: t.id })), ...ownBundles.map((b) => ({ discountCodeId: row.id, bundleId: b.id }))];
    if (links.length) await tx.insert(discountCodeBuyables).values(links);
    return {
      id: row.id,
      code: row.code,
      type: row.type,
      value: row.value,
      buyables: [...ownTrainings.map((t) => ({ type: 'TRAINING' as const, uuid: t.id, name: t.name })), ...ownBundles.map((b) => ({ type: 'BUNDLE' as const, uuid: b.id, name: b.name }))],
      max_uses: row.maxUses,
      uses_count: row.usesCount,
      starts_at: row.startsAt?.toISOString() ?? null,
      ends_at: row.endsAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
    };
  });
}
