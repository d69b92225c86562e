import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { components, operations } from '../../../src/api/schema.gen.js';
import { bundles, discountCodeBuyables, discountCodes, trainings } from '../../db/schema.js';
import { conflict, invalid, notFound, type FieldErrors } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { presentDiscountCode } from '../../presenters/discountCode.js';
import type { Services } from '../../services.js';
import { uuidArray } from '../bundles/order.js';
import { offsetOf, pageEnvelope, type PageRequest } from '../trainingLearners/paging.js';
import { isUniqueViolation } from '../trainings/slug.js';

type DiscountCodeInput = operations['createDiscountCode']['requestBody']['content']['application/json'];
type BuyableRefBody = components['schemas']['BuyableRef'];

/** What the contract's pattern says, checked again here for the French message on the field. */
const CODE_SHAPE = /^[A-Za-z0-9_-]{3,32}$/;

/** The trainings and bundles each code applies to, as the contract's BuyableRef, by code id. */
async function buyablesOf(services: Pick<Services, 'db'>, codeIds: number[]) {
  const byCode = new Map<number, BuyableRefBody[]>(codeIds.map((id) => [id, []]));
  if (!codeIds.length) return byCode;
  const rows = await services.db
    .select({ codeId: discountCodeBuyables.discountCodeId, trainingId: trainings.id, trainingName: trainings.name, bundleId: bundles.id, bundleName: bundles.name })
    .from(discountCodeBuyables)
    .leftJoin(trainings, eq(trainings.id, discountCodeBuyables.trainingId))
    .leftJoin(bundles, eq(bundles.id, discountCodeBuyables.bundleId))
    .where(inArray(discountCodeBuyables.discountCodeId, codeIds))
    .orderBy(asc(discountCodeBuyables.id));
  for (const row of rows) {
    const ref: BuyableRefBody | null = row.trainingId
      ? { type: 'TRAINING', uuid: row.trainingId, name: row.trainingName! }
      : row.bundleId
        ? { type: 'BUNDLE', uuid: row.bundleId, name: row.bundleName! }
        : null;
    if (ref) byCode.get(row.codeId)?.push(ref);
  }
  return byCode;
}

/** GET /discount_codes: a page of the store's codes, newest first; `q` finds codes containing it, any case. */
export async function listDiscountCodes(services: Services, storeId: string, options: { q?: string } & PageRequest) {
  const q = options.q?.trim();
  const where = and(eq(discountCodes.storeId, storeId), q ? sql`strpos(upper(${discountCodes.code}), upper(${q})) > 0` : undefined);
  const [total] = await services.db.select({ n: count() }).from(discountCodes).where(where);
  const offset = offsetOf(options);
  const rows =
    offset < (total?.n ?? 0)
      ? await services.db.select().from(discountCodes).where(where).orderBy(desc(discountCodes.createdAt), desc(discountCodes.id)).limit(options.perPage).offset(offset)
      : [];
  const buyables = await buyablesOf(services, rows.map((row) => row.id));
  return pageEnvelope(options, total?.n ?? 0, rows.map((row) => presentDiscountCode(row, buyables.get(row.id) ?? [])));
}

/** The rules the contract cannot say (field by field, so the form shows each message at its field). */
function checkInput(input: DiscountCodeInput): FieldErrors {
  const errors: FieldErrors = {};
  if (!CODE_SHAPE.test(input.code)) errors.code = [messages.discountCodeShape];
  if (input.type === 'PERCENTAGE' && input.value > 100) errors.value = [messages.discountPercentTooHigh];
  else if (input.type === 'PERCENTAGE' && input.value < 1) errors.value = [messages.discountPercentWhole];
  // Stored with two decimals: 9.999 would silently become 10.00.
  else if (Math.abs(input.value * 100 - Math.round(input.value * 100)) > 1e-6) errors.value = [messages.discountAmountCents];
  if (input.starts_at && input.ends_at && Date.parse(input.ends_at) <= Date.parse(input.starts_at)) errors.ends_at = [messages.discountEndsBeforeStart];
  const seen = new Set<string>();
  (input.buyables ?? []).forEach((buyable, i) => {
    const key = `${buyable.type}:${buyable.uuid.toLowerCase()}`;
    if (seen.has(key)) errors[`buyables.${i}.uuid`] = [messages.discountBuyableTwice];
    seen.add(key);
  });
  return errors;
}

/**
 * The buyables named, each checked to be a training or bundle of the store: another store's uuid reads as an
 * unknown one (422 on its field: the code is not created), so nobody learns what other stores hold.
 */
async function resolveBuyables(services: Pick<Services, 'db'>, storeId: string, buyables: DiscountCodeInput['buyables'] = []) {
  const wanted = (type: 'TRAINING' | 'BUNDLE') => [...new Set(buyables.filter((b) => b.type === type).map((b) => b.uuid.toLowerCase()))];
  const [trainingIds, bundleIds] = [wanted('TRAINING'), wanted('BUNDLE')];
  const known = new Set<string>();
  if (trainingIds.length) {
    const rows = await services.db
      .select({ id: trainings.id })
      .from(trainings)
      .where(and(eq(trainings.storeId, storeId), sql`${trainings.id} = any(${uuidArray(trainingIds)})`));
    for (const row of rows) known.add(`TRAINING:${row.id}`);
  }
  if (bundleIds.length) {
    const rows = await services.db
      .select({ id: bundles.id })
      .from(bundles)
      .where(and(eq(bundles.storeId, storeId), sql`${bundles.id} = any(${uuidArray(bundleIds)})`));
    for (const row of rows) known.add(`BUNDLE:${row.id}`);
  }
  const errors: FieldErrors = {};
  buyables.forEach((buyable, i) => {
    if (!known.has(`${buyable.type}:${buyable.uuid.toLowerCase()}`)) errors[`buyables.${i}.uuid`] = [messages.discountBuyableUnknown];
  });
  if (Object.keys(errors).length) throw invalid(errors);
  return buyables.map((b) => (b.type === 'TRAINING' ? { trainingId: b.uuid.toLowerCase(), bundleId: null } : { trainingId: null, bundleId: b.uuid.toLowerCase() }));
}

/**
 * POST /discount_codes. The code keeps the case it was typed in; it is unique per store whatever its case (the
 * unique index on upper(code) decides between two simultaneous creations: the second answers 409).
 */
export async function createDiscountCode(services: Services, storeId: string, input: DiscountCodeInput) {
  const errors = checkInput(input);
  if (Object.keys(errors).length) throw invalid(errors);
  const taken = () => conflict(messages.discountCodeTaken(input.code), { code: [messages.discountCodeTaken(input.code)] });
  const [existing] = await services.db
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(and(eq(discountCodes.storeId, storeId), sql`upper(${discountCodes.code}) = upper(${input.code})`))
    .limit(1);
  if (existing) throw taken();
  const links = await resolveBuyables(services, storeId, input.buyables);
  try {
    const row = await services.db.transaction(async (tx) => {
      const [code] = await tx
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
        .returning();
      if (links.length) await tx.insert(discountCodeBuyables).values(links.map((link) => ({ ...link, discountCodeId: code!.id })));
      return code!;
    });
    const buyables = await buyablesOf(services, [row.id]);
    return presentDiscountCode(row, buyables.get(row.id) ?? []);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/**
 * DELETE /discount_codes/{id}: one statement, scoped to the store (another store's id is 404). A checkout holding
 * the code's row (its conditional `uses_count` update) finishes first; one that comes after finds no code and
 * refuses it. Sales keep the code's text; an unpaid order's release then changes nothing.
 */
export async function deleteDiscountCode(services: Services, storeId: string, id: number) {
  const deleted = await services.db
    .delete(discountCodes)
    .where(and(eq(discountCodes.id, id), eq(discountCodes.storeId, storeId)))
    .returning({ id: discountCodes.id });
  if (!deleted.length) throw notFound();
}
