import { and, eq, sql } from 'drizzle-orm';
import type { LearnerAuth } from '../auth/learnerSession.js';
import type { AuthContext, StoreRow } from '../auth/session.js';
import { communityMembers, communitySpaces } from '../db/schema.js';
import { forbidden, notFound } from '../http/errors.js';
import { messages } from '../http/messages.js';
import type { Services } from '../services.js';
import { inGroup } from './roles.js';

/**
 * Who acts in the community (spec 4 "context USER or CUSTOMER"): a team member (back-office session) or a
 * learner (learner-area session; the binder resolves it, policies/schoolScope.ts resolveSharedScope), always
 * in one store. Store admins (OWNER, ADMIN, platform admins) manage everything; ANALYST reads only.
 */
export interface Viewer {
  store: StoreRow;
  kind: 'USER' | 'CUSTOMER';
  /** The user's or the learner's uuid. */
  id: string;
  userId: string | null;
  customerId: string | null;
  /** OWNER or ADMIN of the store, or a platform admin: "team admins". */
  isStoreAdmin: boolean;
  /** ANALYST: reads what they may see, writes nothing. */
  readOnly: boolean;
  /** Platform admins pass plan rules, as for x-plans. */
  isPlatformAdmin: boolean;
}

/** The community's caller, once its store's community is known to be on (403 COMMUNITY_DISABLED otherwise). */
export function viewerOf(ctx: { auth: AuthContext | null; learner: LearnerAuth | null; store: StoreRow | null }): Viewer {
  const store = ctx.learner?.store ?? ctx.store;
  if (!store) throw new Error('community operation without a store');
  if (!store.communityEnabled) throw forbidden(messages.communityDisabled, 'COMMUNITY_DISABLED');
  if (ctx.learner) {
    const id = ctx.learner.customer.id;
    return { store, kind: 'CUSTOMER', id, userId: null, customerId: id, isStoreAdmin: false, readOnly: false, isPlatformAdmin: false };
  }
  if (!ctx.auth) throw new Error('community operation without a caller');
  const { user } = ctx.auth;
  return {
    store,
    kind: 'USER',
    id: user.id,
    userId: user.id,
    customerId: null,
    isStoreAdmin: user.isAdmin || inGroup('managers', user.role),
    readOnly: !user.isAdmin && user.role === 'ANALYST',
    isPlatformAdmin: user.isAdmin,
  };
}

/** Writes of one's own (posts, comments, reports, subscriptions): refused to read-only roles. */
export function assertMayWrite(viewer: Viewer) {
  if (viewer.readOnly) throw forbidden(messages.communityReadOnlyRole);
}

/** Collections and spaces are created, and the community ordered, by store admins only. */
export function assertStoreAdmin(viewer: Viewer) {
  if (!viewer.isStoreAdmin) throw forbidden(messages.communityManagersOnly);
}

/** "Can manage community entity": a store admin, or the entity's creator (who still has a writing role). */
export function manages(viewer: Viewer, entity: { ownerUserId: string | null }): boolean {
  if (viewer.kind !== 'USER' || viewer.readOnly) return false;
  return viewer.isStoreAdmin || (entity.ownerUserId !== null && entity.ownerUserId === viewer.userId);
}

export function assertManages(viewer: Viewer, entity: { ownerUserId: string | null }) {
  if (!manages(viewer, entity)) throw forbidden(messages.communityManagersOnly);
}

export type SpaceRow = typeof communitySpaces.$inferSelect;
export type MemberRow = typeof communityMembers.$inferSelect;

/** Sees a space the way its managers do (drafts, scheduled posts, hidden member lists): admins and its creator. */
export function seesAsManager(viewer: Viewer, space: Pick<SpaceRow, 'ownerUserId'>): boolean {
  return viewer.kind === 'USER' && (viewer.isStoreAdmin || (space.ownerUserId !== null && space.ownerUserId === viewer.userId));
}

/**
 * Spec 4 "Space state": DRAFT only for team admins and the creator; VISIBLE listed to everyone; PRIVATE listed
 * only to its members (and managers). A space the viewer may not see does not exist for them (404).
 */
export function seesSpace(viewer: Viewer, space: Pick<SpaceRow, 'ownerUserId' | 'state'>, member: unknown): boolean {
  if (seesAsManager(viewer, space)) return true;
  if (space.state === 'DRAFT') return false;
  return space.state === 'VISIBLE' || Boolean(member);
}

/** The content (posts, comments, members) opens to managers and to members of a space that is not a draft. */
export function opensSpace(viewer: Viewer, space: Pick<SpaceRow, 'ownerUserId' | 'state'>, member: unknown): boolean {
  return seesAsManager(viewer, space) || (Boolean(member) && space.state !== 'DRAFT');
}

/** The viewer's own membership rows: `coalesce(user_id, customer_id)` is the person (the unique index's key). */
export const isPerson = (viewer: Pick<Viewer, 'id'>) => sql`coalesce(${communityMembers.userId}, ${communityMembers.customerId}) = ${viewer.id}`;

export interface SpaceAccess {
  space: SpaceRow;
  member: MemberRow | null;
  /** Managers: store admins and the creator (and not read-only). */
  manages: boolean;
  seesAsManager: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A space of the viewer's store the viewer may see, with their membership: every operation naming a space (or
 * something in it) goes through here. Another store's space, or one the viewer may not see, answers 404.
 */
export async function spaceFor(services: Pick<Services, 'db'>, viewer: Viewer, spaceId: string, lock = false): Promise<SpaceAccess> {
  if (!UUID.test(spaceId)) throw notFound();
  const query = services.db
    .select({ space: communitySpaces, member: communityMembers })
    .from(communitySpaces)
    .leftJoin(communityMembers, and(eq(communityMembers.spaceId, communitySpaces.id), isPerson(viewer)))
    .where(and(eq(communitySpaces.id, spaceId.toLowerCase()), eq(communitySpaces.storeId, viewer.store.id)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: communitySpaces }) : await query;
  if (!row || !seesSpace(viewer, row.space, row.member)) throw notFound();
  return { space: row.space, member: row.member, manages: manages(viewer, row.space), seesAsManager: seesAsManager(viewer, row.space) };
}

/** `spaceFor`, and its content must be open to the viewer (403 "no access, contact the trainer"). */
export async function openSpaceFor(services: Pick<Services, 'db'>, viewer: Viewer, spaceId: string): Promise<SpaceAccess> {
  const access = await spaceFor(services, viewer, spaceId);
  if (!opensSpace(viewer, access.space, access.member)) throw forbidden(messages.spaceNoAccess, 'SPACE_NO_ACCESS');
  return access;
}

/** A space's management: 404 when unseen, 403 when seen but not managed. */
export async function managedSpaceFor(services: Pick<Services, 'db'>, viewer: Viewer, spaceId: string): Promise<SpaceAccess> {
  const access = await spaceFor(services, viewer, spaceId);
  if (!access.manages) throw forbidden(messages.communityManagersOnly);
  return access;
}
