import { certificateAvailable } from '../certificates/certificates.js';
import Bowser from 'bowser';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import type { LearnerAuth } from '../../auth/learnerSession.js';
import { customerConnections, customerTrainings, customers, itemProgress, trainings } from '../../db/schema.js';
import { followedTraining } from '../../policies/schoolScope.js';
import { presentTrainingRef, standingOf } from '../../presenters/customer.js';
import type { Services } from '../../services.js';
import { lastTouched, learnerView, presentLearnerOutline, progressPercent } from './learnerOutline.js';

type LearnerTrainingBody = components['schemas']['LearnerTraining'];
type LearnerTrainingDetailBody = components['schemas']['LearnerTrainingDetail'];
type DeviceType = components['schemas']['DeviceType'];

/** A visit within this time of the last one in the same training is the same connection. */
export const CONNECTION_GAP_MS = 30 * 60_000;

/** The contract's DeviceType from a User-Agent header (bowser); TVs count as desktops, no header as UNKNOWN. */
export function deviceTypeOf(userAgent: string | undefined): DeviceType {
  if (!userAgent) return 'UNKNOWN';
  switch (Bowser.parse(userAgent).platform.type) {
    case 'mobile':
      return 'MOBILE';
    case 'tablet':
      return 'TABLET';
    case 'desktop':
    case 'tv':
      return 'DESKTOP';
    case 'bot':
      return 'BOT';
    default:
      return 'UNKNOWN';
  }
}

/**
 * GET me/trainings: the learner's enrolments in this school (blocked ones flagged, abandoned carts left out),
 * last opened first, each with where to resume (the item opened last).
 */
export async function listMyTrainings(services: Services, learner: LearnerAuth): Promise<LearnerTrainingBody[]> {
  const rows = await services.db
    .select({ enrolment: customerTrainings, training: trainings })
    .from(customerTrainings)
    .innerJoin(trainings, eq(trainings.id, customerTrainings.trainingId))
    .where(
      and(
        eq(customerTrainings.customerId, learner.customer.id),
        eq(trainings.storeId, learner.store.id),
        inArray(customerTrainings.customerType, ['STUDENT', 'BLOCKED']),
      ),
    )
    .orderBy(sql`${customerTrainings.lastConnectionAt} desc nulls last`, desc(customerTrainings.enrolledAt), asc(trainings.name));
  const ids = rows.map((row) => row.enrolment.id);
  const last = ids.length
    ? await services.db
        .selectDistinctOn([itemProgress.customerTrainingId], { enrolment: itemProgress.customerTrainingId, item: itemProgress.trainingItemId })
        .from(itemProgress)
        .where(inArray(itemProgress.customerTrainingId, ids))
        .orderBy(itemProgress.customerTrainingId, desc(itemProgress.updatedAt))
    : [];
  const now = services.clock();
  return rows.map(({ enrolment, training }) => {
    const standing = standingOf(enrolment, now);
    return {
      training: presentTrainingRef(training),
      summary: training.summary,
      customer_type: standing.customerType,
      blocked_reason: standing.blockedReason,
      progress: enrolment.progress,
      last_item_id: last.find((entry) => entry.enrolment === enrolment.id)?.item ?? null,
      enrolled_at: enrolment.enrolledAt.toISOString(),
      expires_at: enrolment.expiresAt?.toISOString() ?? null,
      completed_at: enrolment.completedAt?.toISOString() ?? null,
      certificate_available: certificateAvailable(training, enrolment),
    };
  });
}

/**
 * GET me/trainings/{slug}: the outline with each item's state. A blocked or expired learner gets it too, every
 * item locked (BLOCKED), so the page can say why. Opening a training is a connection (statistics' active
 * learners): recorded with the device, once per half hour and training.
 */
export async function getMyTraining(services: Services, learner: LearnerAuth, ref: string, userAgent: string | undefined): Promise<LearnerTrainingDetailBody> {
  const { training, enrolment, standing } = await followedTraining(services, learner, ref);
  const now = services.clock();
  const view = await learnerView(services.db, training, enrolment, now);
  const blocked = standing.customerType === 'BLOCKED';
  // A connection within the last half hour is this one: the enrolment just read says so without a transaction.
  const recent = enrolment.lastConnectionAt && now.getTime() - enrolment.lastConnectionAt.getTime() < CONNECTION_GAP_MS;
  if (!blocked && !recent) await recordConnection(services, learner, training.id, enrolment.id, userAgent, now);
  const last = lastTouched(view);
  return {
    training: presentTrainingRef(training),
    customer_type: standing.customerType,
    blocked_reason: standing.blockedReason,
    progress: progressPercent(view.order, (id) => Boolean(view.progress.get(id)?.completedAt)),
    last_item_id: last !== null && view.order.some((item) => item.id === last) ? last : (view.order[0]?.id ?? null),
    items: presentLearnerOutline(view, blocked),
  };
}

async function recordConnection(services: Services, learner: LearnerAuth, trainingId: string, enrolmentId: string, userAgent: string | undefined, now: Date) {
  await services.db.transaction(async (tx) => {
    // The enrolment's row serialises two tabs opening the training at once: one connection, not two.
    const [enrolment] = await tx
      .select({ last: customerTrainings.lastConnectionAt })
      .from(customerTrainings)
      .where(eq(customerTrainings.id, enrolmentId))
      .for('update');
    if (enrolment?.last && now.getTime() - enrolment.last.getTime() < CONNECTION_GAP_MS) return;
    await tx.insert(customerConnections).values({
      customerId: learner.customer.id,
      trainingId,
      at: now,
      deviceType: deviceTypeOf(userAgent),
      userAgent: userAgent?.slice(0, 512) ?? null,
    });
    await tx.update(customerTrainings).set({ lastConnectionAt: now }).where(eq(customerTrainings.id, enrolmentId));
    await tx.update(customers).set({ lastConnectionAt: now }).where(eq(customers.id, learner.customer.id));
  });
}
