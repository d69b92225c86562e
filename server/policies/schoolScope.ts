import { and, eq } from 'drizzle-orm';
import { resolveLearnerSession, type LearnerAuth } from '../auth/learnerSession.js';
import { resolveSession, type StoreRow } from '../auth/session.js';
import { resolvePreviewToken, type PreviewAccess } from '../commands/previewTokens.js';
import { customerTrainings, stores, trainings } from '../db/schema.js';
import { forbidden, HttpError, notFound, unauthenticated } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { standingOf } from '../presenters/customer.js';
import type { Services } from '../services.js';
import { plansAllow } from './policy.js';

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

/**
 * What the binder hands a school operation's handler: the school, and the learner when one is signed in to it, or
 * the team's preview (a `preview_token` query on an operation whose security lists `previewToken`).
 */
export interface SchoolScope {
  store: StoreRow;
  learner: LearnerAuth | null;
  preview?: PreviewAccess | null;
}

/** Operations whose contract accepts the team's preview token (security `previewToken`): getMyTraining, getLesson. */
export const acceptsPreview = (operation: { operation: { security?: unknown[] } }) =>
  Array.isArray(operation.operation.security) &&
  operation.operation.security.some((entry) => Boolean(entry && typeof entry === 'object' && 'previewToken' in entry));

/**
 * Resolves the caller of a learner-area operation, once, in the binder. Learner operations (x-roles CUSTOMER)
 * need a learner session of THIS school: none, an expired one or one of another school answers 401; a
 * back-office session answers 403 (the learner area is not the back office, platform admins included).
 * Public operations resolve the school (404 when unknown) and, when the request carries a learner token of it,
 * the learner (a checkout by a signed-in learner); any other token is ignored there.
 */
export async function resolveSchoolScope(
  services: Services,
  operation: { isPublic: boolean; roles: readonly string[]; operation: { security?: unknown[] } },
  subdomain: string | undefined,
  authorization: string | undefined,
  previewToken?: unknown,
): Promise<SchoolScope> {
  // The team's preview (spec 2 "Aperçu"): the token decides, whatever session comes with it. Unknown, expired or
  // no longer its issuer's to use: 401 "preview link broken" (spec 8). Issued for another store: 403.
  if (previewToken !== undefined && acceptsPreview(operation)) {
    const store = await resolveSchool(services, subdomain);
    const preview = typeof previewToken === 'string' ? await resolvePreviewToken(services, previewToken) : null;
    if (!preview) throw new HttpError(401, 'PREVIEW_LINK_BROKEN', messages.previewLinkBroken);
    if (preview.storeId !== store.id) throw forbidden(messages.previewLinkBroken, 'PREVIEW_OTHER_STORE');
    return { store, learner: null, preview };
  }
  const learner = authorization ? await resolveLearnerSession(services, authorization) : null;
  const ofThisSchool = learner && learner.store.subdomain === subdomain ? learner : null;
  if (operation.isPublic) return { store: ofThisSchool?.store ?? (await resolveSchool(services, subdomain)), learner: ofThisSchool, preview: null };
  if (!ofThisSchool) {
    if (!learner && (await resolveSession(services, authorization))) throw forbidden();
    throw unauthenticated();
  }
  if (!operation.roles.includes('CUSTOMER')) throw forbidden();
  return { store: ofThisSchool.store, learner: ofThisSchool, preview: null };
}

/** The community (`/community/…`): shared by the team and the learners of a school (spec 4: context USER or CUSTOMER). */
export const isSharedPath = (path: string) => path.startsWith('/community/');

/**
 * A community operation called without a back-office session: the learner's session (the same `Authorization:
 * Bearer`, the learner area's token) opens the operations whose x-roles list CUSTOMER, in the learner's own school,
 * under the operation's x-plans for that school's plan; the team's own operations answer the learner 403. No
 * session at all: 401.
 */
export async function resolveSharedScope(
  services: Services,
  operation: { roles: readonly string[]; operation: { 'x-plans'?: readonly string[] } },
  authorization: string | undefined,
): Promise<{ store: StoreRow; learner: LearnerAuth }> {
  const learner = await resolveLearnerSession(services, authorization);
  if (!learner) throw unauthenticated();
  if (!operation.roles.includes('CUSTOMER')) throw forbidden();
  if (!plansAllow(operation.operation['x-plans'], learner.store.plan, false)) throw forbidden(messages.planRequired, 'PLAN_REQUIRED');
  return { store: learner.store, learner };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A training of the school named by its slug or its uuid (the player's addresses carry the uuid). */
const namedTraining = (storeId: string, ref: string) =>
  and(eq(trainings.storeId, storeId), UUID.test(ref) ? eq(trainings.id, ref.toLowerCase()) : eq(trainings.slug, ref));

/**
 * The training a team preview opens (spec 2 "Aperçu"; the binder has checked the token against this school):
 * any training of the school, drafts included; another school's or an unknown one answers 404.
 */
export async function previewedTraining(services: Services, store: StoreRow, ref: string) {
  const [training] = await services.db.select().from(trainings).where(namedTraining(store.id, ref)).limit(1);
  if (!training) throw notFound();
  return training;
}

export type FollowedTraining = Awaited<ReturnType<typeof followedTraining>>;

/**
 * The training a learner follows, named in a `me/trainings/{slug}` path by its slug or its uuid (the player's
 * addresses carry the uuid), with the learner's own enrolment and where they stand today. Every learner
 * operation on a training goes through here: a training of another school (or none) answers 404; one the
 * learner does not follow (no enrolment, or an abandoned cart) answers 403 "no access to page". A blocked or
 * expired enrolment is returned (the outline shows why); `openTraining` refuses it.
 */
export async function followedTraining(services: Services, learner: LearnerAuth, ref: string) {
  const [row] = await services.db
    .select({ training: trainings, enrolment: customerTrainings })
    .from(trainings)
    .leftJoin(customerTrainings, and(eq(customerTrainings.trainingId, trainings.id), eq(customerTrainings.customerId, learner.customer.id)))
    .where(namedTraining(learner.store.id, ref))
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
