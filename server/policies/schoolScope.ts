import { and, eq } from 'drizzle-orm';
import { resolveLearnerSession, type LearnerAuth } from '../auth/learnerSession.js';
import { resolveSession, type StoreRow } from '../auth/session.js';
import { customerTrainings, stores, trainings } from '../db/schema.js';
import { forbidden, notFound, unauthenticated } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { standingOf } from '../presenters/customer.js';
import type { Services } from '../services.js';

/** The learner area's operations: every path under `/school/stores/{subdomain}` (spec: the learner area's prefix). */
export const SCHOOL_PREFIX = '/school/stores/{subdomain}';
export const isSchoolPath = (path: string) => path === SCHOOL_PREFIX || path.startsWith(`${SCHOOL_PREFIX}/`);

const SUBDOMAIN = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** The store a `{subdomain}` names; 404 when none does (a malformed one included: it is never looked up). */
export async function resolveSchool(services: Services, subdomain: string | undefined): Promise<StoreRow> {
  if (!subdomain || !SUBDOMAIN.test(subdomain)) throw notFound();
  const [store] = await services.db.select().from(stores).where(eq(stores.subdomain, subdomain)).limit(1);
  if (!store) throw notFound();
  return store;
}

/** What the binder hands a school operation's handler: the school, and the learner when one is signed in to it. */
export interface SchoolScope {
  store: StoreRow;
  learner: LearnerAuth | null;
}

/**
 * Resolves the caller of a learner-area operation, once, in the binder. Learner operations (x-roles CUSTOMER)
 * need a learner session of THIS school: none, an expired one or one of another school answers 401; a
 * back-office session answers 403 (the learner area is not the back office, platform admins included).
 * Public operations resolve the school (404 when unknown) and, when the request carries a learner token of it,
 * the learner (a checkout by a signed-in learner); any other token is ignored there.
 */
export async function resolveSchoolScope(
  services: Services,
  operation: { isPublic: boolean; roles: readonly string[] },
  subdomain: string | undefined,
  authorization: string | undefined,
): Promise<SchoolScope> {
  const learner = authorization ? await resolveLearnerSession(services, authorization) : null;
  const ofThisSchool = learner && learner.store.subdomain === subdomain ? learner : null;
  if (operation.isPublic) return { store: ofThisSchool?.store ?? (await resolveSchool(services, subdomain)), learner: ofThisSchool };
  if (!ofThisSchool) {
    if (!learner && (await resolveSession(services, authorization))) throw forbidden();
    throw unauthenticated();
  }
  if (!operation.roles.includes('CUSTOMER')) throw forbidden();
  return { store: ofThisSchool.store, learner: ofThisSchool };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type FollowedTraining = Awaited<ReturnType<typeof followedTraining>>;

/**
 * The training a learner follows, named in a `me/trainings/{slug}` path by its slug or its uuid (the player's
 * addresses carry the uuid), with the learner's own enrolment and where they stand today. Every learner
 * operation on a training goes through here: a training of another school (or none) answers 404; one the
 * learner does not follow (no enrolment, or an abandoned cart) answers 403 "no access to page". A blocked or
 * expired enrolment is returned (the outline shows why); `openTraining` refuses it.
 */
export async function followedTraining(services: Services, learner: LearnerAuth, ref: string) {
  const byId = UUID.test(ref);
  const [row] = await services.db
    .select({ training: trainings, enrolment: customerTrainings })
    .from(trainings)
    .leftJoin(customerTrainings, and(eq(customerTrainings.trainingId, trainings.id), eq(customerTrainings.customerId, learner.customer.id)))
    .where(and(eq(trainings.storeId, learner.store.id), byId ? eq(trainings.id, ref.toLowerCase()) : eq(trainings.slug, ref)))
    .limit(1);
  if (!row) throw notFound();
  if (!row.enrolment || row.enrolment.customerType === 'ABANDONED_CART') throw forbidden(messages.noAccessToPage);
  return { training: row.training, enrolment: row.enrolment, standing: standingOf(row.enrolment, services.clock()) };
}

/** `followedTraining`, refused (403) when the learner is blocked by the team or their access has expired. */
export async function openTraining(services: Services, learner: LearnerAuth, ref: string) {
  const followed = await followedTraining(services, learner, ref);
  if (followed.standing.customerType === 'BLOCKED') {
    throw forbidden(followed.standing.blockedReason === 'BY_EXPIRATION' ? messages.accessExpired : messages.accessBlockedByTeacher, 'ACCESS_BLOCKED');
  }
  return followed;
}
