import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import { paymentSchedules } from '../../db/schema.js';
import { invalid, notFound, type FieldErrors } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import type { Services } from '../../services.js';
import { lockPositions } from './positionLock.js';

export type PaymentScheduleInput = {
  type: components['schemas']['PaymentScheduleType'];
  price: number;
  installments_count?: number;
  frequency?: components['schemas']['BillingFrequency'];
};
type Owner = { trainingId: string } | { bundleId: string };
type Row = typeof paymentSchedules.$inferSelect;

const ownerColumn = (owner: Owner) => ('trainingId' in owner ? eq(paymentSchedules.trainingId, owner.trainingId) : eq(paymentSchedules.bundleId, owner.bundleId));

export function presentPaymentSchedule(row: Row): components['schemas']['PaymentSchedule'] {
  const installments = row.type === 'INSTALLMENTS' ? row.installmentsCount : null;
  return {
    id: row.id,
    type: row.type,
    price: row.price,
    installments_count: installments,
    frequency: row.type === 'SUBSCRIPTION' ? row.frequency : null,
    // Cents, so 3 x 33.33 is 99.99 and not 99.99000000000001.
    total_price: installments ? Math.round(row.price * 100 * installments) / 100 : row.price,
    created_at: row.createdAt.toISOString(),
  };
}

/** What the schema cannot say: which fields each type needs, and that only a one-time payment may be free. */
export function checkPaymentSchedule(input: PaymentScheduleInput): FieldErrors {
  const errors: FieldErrors = {};
  if (input.type === 'INSTALLMENTS' && input.installments_count === undefined) errors.installments_count = [messages.required];
  if (input.type !== 'INSTALLMENTS' && input.installments_count !== undefined) errors.installments_count = [messages.unexpected];
  if (input.type === 'SUBSCRIPTION' && input.frequency === undefined) errors.frequency = [messages.required];
  if (input.type !== 'SUBSCRIPTION' && input.frequency !== undefined) errors.frequency = [messages.unexpected];
  if (input.type !== 'ONE_TIME' && input.price <= 0) errors.price = [messages.minimum(0.01)];
  // Euros have cents, not fractions of them.
  if (Math.abs(input.price * 100 - Math.round(input.price * 100)) > 1e-6) {
    errors.price = [...(errors.price ?? []), messages.invalidValue];
  }
  return errors;
}

/** Schedules of many trainings or bundles in one query, each list in display order. */
export async function schedulesOf(services: Services, column: 'trainingId' | 'bundleId', ids: string[]) {
  const byOwner = new Map<string, Row[]>();
  if (!ids.length) return byOwner;
  const rows = await services.db
    .select()
    .from(paymentSchedules)
    .where(inArray(paymentSchedules[column], ids))
    .orderBy(asc(paymentSchedules.position), asc(paymentSchedules.id));
  for (const row of rows) {
    const key = row[column]!;
    byOwner.set(key, [...(byOwner.get(key) ?? []), row]);
  }
  return byOwner;
}

/** The owner must already be known to belong to the caller's store. Added last (two additions at once: one after the other). */
export async function addPaymentSchedule(services: Services, owner: Owner, input: PaymentScheduleInput) {
  const errors = checkPaymentSchedule(input);
  if (Object.keys(errors).length) throw invalid(errors);
  const row = await services.db.transaction(async (tx) => {
    await lockPositions(tx, 'paymentSchedules', 'trainingId' in owner ? owner.trainingId : owner.bundleId);
    const [inserted] = await tx
      .insert(paymentSchedules)
      .values({
        ...owner,
        type: input.type,
        price: Math.round(input.price * 100) / 100,
        installmentsCount: input.type === 'INSTALLMENTS' ? input.installments_count : null,
        frequency: input.type === 'SUBSCRIPTION' ? input.frequency : null,
        position: sql`(select coalesce(max(${paymentSchedules.position}) + 1, 0) from ${paymentSchedules} where ${ownerColumn(owner)})`,
      })
      .returning();
    return inserted!;
  });
  return presentPaymentSchedule(row);
}

export async function removePaymentSchedule(services: Services, owner: Owner, scheduleId: number) {
  const deleted = await services.db
    .delete(paymentSchedules)
    .where(and(eq(paymentSchedules.id, scheduleId), ownerColumn(owner)))
    .returning({ id: paymentSchedules.id });
  if (!deleted.length) throw notFound();
}
