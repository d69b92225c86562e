import { and, asc, eq } from 'drizzle-orm';
import type { StoreRow } from '../../auth/session.js';
import type { Database } from '../../db/client.js';
import { bundleTrainings, bundles, paymentSchedules, trainings } from '../../db/schema.js';
import { forbidden, notFound } from '../../http/errors.js';
import { messages } from '../../http/messages.js';

type Db = Database | Parameters<Parameters<Database['transaction']>[0]>[0];
export type TrainingRow = typeof trainings.$inferSelect;
export type ScheduleRow = typeof paymentSchedules.$inferSelect;
export type BuyableType = 'TRAINING' | 'BUNDLE';

/** A training or a bundle being bought: what it opens and how it may be paid. */
export interface Buyable {
  type: BuyableType;
  id: string;
  name: string;
  /** The trainings it opens: the training itself, or the bundle's trainings. */
  trainings: TrainingRow[];
  schedules: ScheduleRow[];
}

/**
 * What a learner may buy, by status (spec 3's statuses; UNLISTED is reached by its link, not listed).
 * Others (DRAFT, HIDDEN, PRE_LAUNCH; a bundle's DRAFT, HIDDEN) answer 404 "not found or unavailable", like
 * another store's uuid; a CLOSED training answers 403 "registration closed".
 */
const SELLING_TRAININGS: readonly TrainingRow['status'][] = ['PUBLISHED', 'PRE_SALE', 'UNLISTED'];
const SELLING_BUNDLES: readonly string[] = ['PUBLISHED', 'UNLISTED'];

const unavailable = () => notFound(messages.buyableUnavailable);

/** The buyable of this store with its schedules; 404 for another store's uuid or one that is not for sale. */
export async function loadBuyable(db: Db, store: StoreRow, type: BuyableType, uuid: string): Promise<Buyable> {
  if (type === 'TRAINING') {
    const [training] = await db.select().from(trainings).where(and(eq(trainings.id, uuid), eq(trainings.storeId, store.id)));
    if (!training || !(SELLING_TRAININGS.includes(training.status) || training.status === 'CLOSED')) throw unavailable();
    const schedules = await db.select().from(paymentSchedules).where(eq(paymentSchedules.trainingId, training.id)).orderBy(asc(paymentSchedules.position), asc(paymentSchedules.id));
    return { type, id: training.id, name: training.name, trainings: [training], schedules };
  }
  const [bundle] = await db.select().from(bundles).where(and(eq(bundles.id, uuid), eq(bundles.storeId, store.id)));
  if (!bundle || !SELLING_BUNDLES.includes(bundle.status)) throw unavailable();
  const opened = await db
    .select({ training: trainings })
    .from(bundleTrainings)
    .innerJoin(trainings, eq(trainings.id, bundleTrainings.trainingId))
    .where(eq(bundleTrainings.bundleId, bundle.id))
    .orderBy(asc(bundleTrainings.position), asc(trainings.id));
  if (!opened.length) throw unavailable();
  const schedules = await db.select().from(paymentSchedules).where(eq(paymentSchedules.bundleId, bundle.id)).orderBy(asc(paymentSchedules.position), asc(paymentSchedules.id));
  return { type, id: bundle.id, name: bundle.name, trainings: opened.map((row) => row.training), schedules };
}

/**
 * Whether enrolment is open in every training the buyable opens (a bundle's trainings are sold with it whatever
 * their own listing status, but a CLOSED one or one whose enrolment ended stops the bundle's sale too).
 */
export function assertEnrolmentOpen(buyable: Buyable, now: Date) {
  for (const training of buyable.trainings) {
    if (training.status === 'CLOSED') throw forbidden(messages.checkoutRegistrationClosed, 'REGISTRATION_CLOSED');
    if (training.enrollmentEndsAt && training.enrollmentEndsAt.getTime() <= now.getTime()) throw forbidden(messages.enrollmentClosed, 'ENROLLMENT_CLOSED');
  }
}

/** The schedule chosen, among the buyable's (422 on `payment_schedule_id` otherwise); none named: the first. A buyable without any is not for sale (404). */
export function scheduleOf(buyable: Buyable, scheduleId: number | undefined, invalidSchedule: () => Error): ScheduleRow {
  if (!buyable.schedules.length) throw unavailable();
  const schedule = scheduleId === undefined ? buyable.schedules[0] : buyable.schedules.find((s) => s.id === scheduleId);
  if (!schedule) throw invalidSchedule();
  return schedule;
}
