import { eq } from 'drizzle-orm';
import { bundles } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { addPaymentSchedule, removePaymentSchedule, type PaymentScheduleInput } from '../catalogue/paymentSchedules.js';
import { bundleOf } from '../catalogue/scope.js';

const MAX_SERIAL = 2_147_483_647;

/** The price shown with the bundle changed: so did the bundle. */
const touch = (services: Services, bundleId: string) => services.db.update(bundles).set({ updatedAt: services.clock() }).where(eq(bundles.id, bundleId));

/** POST /bundles/{uuid}/payment_schedules: rules shared with trainings (which fields each type needs); added last. */
export async function createBundlePaymentSchedule(services: Services, storeId: string, bundleUuid: string, input: PaymentScheduleInput) {
  const bundle = await bundleOf(services, storeId, bundleUuid);
  const schedule = await addPaymentSchedule(services, { bundleId: bundle.id }, input);
  await touch(services, bundle.id);
  return schedule;
}

/** DELETE /bundles/{uuid}/payment_schedules/{id}: a schedule of another bundle, or of a training, is 404. */
export async function deleteBundlePaymentSchedule(services: Services, storeId: string, bundleUuid: string, scheduleId: number) {
  const bundle = await bundleOf(services, storeId, bundleUuid);
  // Ids are `serial`: a larger number from the URL would make PostgreSQL fail instead of finding nothing.
  if (scheduleId > MAX_SERIAL) throw notFound();
  await removePaymentSchedule(services, { bundleId: bundle.id }, scheduleId);
  await touch(services, bundle.id);
}
