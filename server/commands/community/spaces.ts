import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import { communityCollections, communityMembers, communityPosts, communitySpaceTrainings, communitySpaces, customers, trainings, users } from '../../db/schema.js';
import { forbidden, invalid, notFound } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import {
  assertStoreAdmin,
  isPerson,
  managedSpaceFor,
  manages,
  opensSpace,
  seesSpace,
  spaceFor,
  type MemberRow,
  type SpaceRow,
  type Viewer,
} from '../../policies/community.js';
import { presentMember, presentSpace, type AuthorBody } from '../../presenters/community.js';
import { customerDisplayName } from '../../presenters/customer.js';
import { presentUserRef } from '../../presenters/user.js';
import type { Services } from '../../services.js';
import { cleanDescription } from '../catalogue/descriptionHtml.js';
import { autoJoinSpace } from './autoJoin.js';

type Schemas = components['schemas'];
type Db = Pick<Services, 'db'>;
type Tx = Parameters<Parameters<Services['db']['transaction']>[0]>[0];

/** The viewer's memberships among these spaces, by space. */
export async function membershipsOf(services: Db, viewer: Viewer, spaceIds: string[]): Promise<Map<string, MemberRow>> {
  if (!spaceIds.length) return new Map();
  const rows = await services.db
    .select()
    .from(communityMembers)
    .where(and(inArray(communityMembers.spaceId, spaceIds), isPerson(viewer)));
  return new Map(rows.map((row) => [row.spaceId, row]));
}

/** Spaces as the contract shows them: trainings, counts (counted, never stored: they cannot drift), owner, the viewer's membership. */
async function present(services: Services, viewer: Viewer, rows: SpaceRow[], memberOf: Map<string, MemberRow>): Promise<Schemas['Space'][]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const now = services.clock();
  const [links, counts, owners] = await Promise.all([
    services.db.select().from(communitySpaceTrainings).where(inArray(communitySpaceTrainings.spaceId, ids)),
    Promise.all([
      services.db
        .select({ id: communityMembers.spaceId, n: sql<number>`count(*)`.mapWith(Number) })
        .from(communityMembers)
        .where(inArray(communityMembers.spaceId, ids))
        .groupBy(communityMembers.spaceId),
      services.db
        .select({ id: communityPosts.spaceId, n: sql<number>`count(*)`.mapWith(Number) })
        .from(communityPosts)
        .where(and(inArray(communityPosts.spaceId, ids), lte(communityPosts.publishedAt, now)))
        .groupBy(communityPosts.spaceId),
    ]),
    services.db
      .select({ spaceId: communitySpaces.id, id: users.id, firstname: users.firstname, lastname: users.lastname, displayName: users.displayName, picture: users.picture })
      .from(communitySpaces)
      .innerJoin(users, eq(users.id, communitySpaces.ownerUserId))
      .where(inArray(communitySpaces.id, ids)),
  ]);
  const trainingsOf = new Map<string, string[]>();
  for (const link of links) trainingsOf.set(link.spaceId, [...(trainingsOf.get(link.spaceId) ?? []), link.trainingId]);
  const membersOf = new Map(counts[0].map((c) => [c.id, c.n]));
  const postsOf = new Map(counts[1].map((c) => [c.id, c.n]));
  const ownerOf = new Map(owners.map(({ spaceId, ...user }) => [spaceId, { type: 'USER' as const, ...presentUserRef(user) }]));
  const viewerPerson = await viewerAuthor(services, viewer);
  return rows.map((row) => {
    const member = memberOf.get(row.id) ?? null;
    return presentSpace(row, {
      trainings: trainingsOf.get(row.id) ?? [],
      postsCount: postsOf.get(row.id) ?? 0,
      membersCount: membersOf.get(row.id) ?? 0,
      member: member ? presentMember(member, viewerPerson) : null,
      owner: ownerOf.get(row.id) ?? null,
      isAccessible: opensSpace(viewer, row, member),
    });
  });
}

/** The viewer as an author (name and picture), read once per answer. */
export async function viewerAuthor(services: Db, viewer: Viewer): Promise<AuthorBody | null> {
  if (viewer.kind === 'USER') {
    const [user] = await services.db.select().from(users).where(eq(users.id, viewer.id));
    return user ? { type: 'USER', ...presentUserRef(user) } : null;
  }
  const [customer] = await services.db.select().from(customers).where(eq(customers.id, viewer.id));
  return customer ? { type: 'CUSTOMER', uuid: customer.id, display_name: customerDisplayName(customer), picture: customer.picture } : null;
}

const spaceOrder = [asc(communitySpaces.position), asc(communitySpaces.createdAt), asc(communitySpaces.id)];

/** Every space the viewer may see, in position order (DRAFT for managers only, PRIVATE for its members and managers). */
export async function listSpaces(services: Services, viewer: Viewer) {
  const rows = await services.db.select().from(communitySpaces).where(eq(communitySpaces.storeId, viewer.store.id)).orderBy(...spaceOrder);
  const memberOf = await membershipsOf(services, viewer, rows.map((r) => r.id));
  const seen = rows.filter((row) => seesSpace(viewer, row, memberOf.get(row.id)));
  return present(services, viewer, seen, memberOf);
}

export async function getSpace(services: Services, viewer: Viewer, spaceId: string) {
  const { space, member } = await spaceFor(services, viewer, spaceId);
  return (await present(services, viewer, [space], new Map(member ? [[space.id, member]] : [])))[0]!;
}

/** The collection a body names must be the store's (422 on the field: it is data of the body, not the path). */
async function collectionIdOf(tx: Tx | Services['db'], viewer: Viewer, id: string | null | undefined) {
  if (id === undefined || id === null) return id;
  const [row] = await tx
    .select({ id: communityCollections.id })
    .from(communityCollections)
    .where(and(eq(communityCollections.id, id.toLowerCase()), eq(communityCollections.storeId, viewer.store.id)));
  if (!row) throw invalid({ collection: [messages.unknownCollection] });
  return row.id;
}

async function trainingIdsOf(tx: Tx, viewer: Viewer, ids: string[]) {
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
  if (!wanted.length) return [];
  const rows = await tx
    .select({ id: trainings.id })
    .from(trainings)
    .where(and(inArray(trainings.id, wanted), eq(trainings.storeId, viewer.store.id)));
  if (rows.length !== wanted.length) throw invalid({ trainings: [messages.unknownTraining] });
  return wanted;
}

/**
 * EXPERT-only options (spec 7 "Plan gating", space form): PRIVATE state, LIST forum mode, auto-add by trainings,
 * manual add (global false) and read-only. Checked against what changes, so a store back on PRO keeps editing
 * the names of the spaces it set up on EXPERT. Platform admins pass, as for x-plans.
 */
function checkPlan(viewer: Viewer, before: Partial<SpaceShape>, after: SpaceShape) {
  if (viewer.store.plan === 'EXPERT' || viewer.isPlatformAdmin) return;
  const turnsOn = <K extends keyof SpaceShape>(key: K, expert: (value: SpaceShape[K]) => boolean) => expert(after[key]) && (before[key] === undefined || !expert(before[key]!));
  if (
    turnsOn('state', (s) => s === 'PRIVATE') ||
    turnsOn('type', (t) => t === 'LIST') ||
    turnsOn('trainingCount', (n) => n > 0) ||
    turnsOn('global', (g) => !g) ||
    turnsOn('readonly', (r) => r)
  ) {
    throw forbidden(messages.planRequired, 'PLAN_REQUIRED');
  }
}

interface SpaceShape {
  state: SpaceRow['state'];
  type: SpaceRow['type'];
  global: boolean;
  trainingCount: number;
  readonly: boolean;
}

async function setTrainings(tx: Tx, spaceId: string, ids: string[]) {
  await tx.delete(communitySpaceTrainings).where(eq(communitySpaceTrainings.spaceId, spaceId));
  if (ids.length) await tx.insert(communitySpaceTrainings).values(ids.map((trainingId) => ({ spaceId, trainingId })));
}

/**
 * Creates a space (store admins): defaults DRAFT, CARD, readonly false, show_members true, PUBLISHED_DESC, and
 * auto-add ALL on PRO (manual otherwise). Global spaces take no trainings. The creator is its OWNER member, and
 * every learner the mode names joins at once, those enrolled before the space existed included.
 */
export async function createSpace(services: Services, viewer: Viewer, body: Schemas['CreateSpaceBody']) {
  assertStoreAdmin(viewer);
  const global = body.global ?? viewer.store.plan !== 'EXPERT';
  const requested = global ? [] : (body.trainings ?? []);
  const shape: SpaceShape = { state: body.state, type: body.type, global, trainingCount: requested.length, readonly: body.settings?.readonly ?? false };
  checkPlan(viewer, {}, shape);
  const id = await services.db.transaction(async (tx) => {
    const collectionId = await collectionIdOf(tx, viewer, body.collection);
    const trainingIds = await trainingIdsOf(tx, viewer, requested);
    const [last] = await tx
      .select({ n: sql<number>`coalesce(max(${communitySpaces.position}) + 1, 0)`.mapWith(Number) })
      .from(communitySpaces)
      .where(eq(communitySpaces.storeId, viewer.store.id));
    const [row] = await tx
      .insert(communitySpaces)
      .values({
        storeId: viewer.store.id,
        collectionId: collectionId ?? null,
        name: body.name.trim() || body.name,
        description: cleanDescription(body.description ?? null),
        position: last?.n ?? 0,
        type: body.type,
        state: body.state,
        global,
        readonly: shape.readonly,
        showMembers: body.settings?.show_members ?? true,
        defaultPostSort: body.settings?.default_post_sort ?? 'PUBLISHED_DESC',
        pinned: body.pinned ?? false,
        ownerUserId: viewer.userId,
        createdAt: services.clock(),
      })
      .returning();
    await tx.insert(communityMembers).values({ spaceId: row!.id, userId: viewer.userId, role: 'OWNER', joinedAt: services.clock() });
    await setTrainings(tx, row!.id, trainingIds);
    await autoJoinSpace(tx, row!.id);
    return row!.id;
  });
  return getSpace(services, viewer, id);
}

/** Only the fields sent change (type is fixed: the contract has no such field). A change of mode adds the learners it names. */
export async function updateSpace(services: Services, viewer: Viewer, spaceId: string, body: Schemas['UpdateSpaceBody']) {
  const { space } = await managedSpaceFor(services, viewer, spaceId);
  await services.db.transaction(async (tx) => {
    const [current] = await tx.select().from(communitySpaces).where(eq(communitySpaces.id, space.id)).for('update');
    if (!current) throw notFound();
    const currentTrainings = (await tx.select().from(communitySpaceTrainings).where(eq(communitySpaceTrainings.spaceId, space.id))).map((l) => l.trainingId);
    const global = body.global ?? current.global;
    const requested = global ? [] : (body.trainings ?? currentTrainings);
    checkPlan(
      viewer,
      { state: current.state, type: current.type, global: current.global, trainingCount: currentTrainings.length, readonly: current.readonly },
      { state: body.state ?? current.state, type: current.type, global, trainingCount: requested.length, readonly: body.settings?.readonly ?? current.readonly },
    );
    const collectionId = await collectionIdOf(tx, viewer, body.collection);
    const trainingIds = await trainingIdsOf(tx, viewer, requested);
    await tx
      .update(communitySpaces)
      .set({
        ...(body.name !== undefined ? { name: body.name.trim() || body.name } : {}),
        ...(body.description !== undefined ? { description: cleanDescription(body.description) } : {}),
        ...(collectionId !== undefined ? { collectionId } : {}),
        ...(body.state !== undefined ? { state: body.state } : {}),
        ...(body.pinned !== undefined ? { pinned: body.pinned } : {}),
        global,
        ...(body.settings?.readonly !== undefined ? { readonly: body.settings.readonly } : {}),
        ...(body.settings?.show_members !== undefined ? { showMembers: body.settings.show_members } : {}),
        ...(body.settings?.default_post_sort !== undefined ? { defaultPostSort: body.settings.default_post_sort } : {}),
      })
      .where(eq(communitySpaces.id, space.id));
    const sameTrainings = trainingIds.length === currentTrainings.length && trainingIds.every((id) => currentTrainings.includes(id));
    if (!sameTrainings) await setTrainings(tx, space.id, trainingIds);
    if ((global && !current.global) || !sameTrainings) await autoJoinSpace(tx, space.id);
  });
  return getSpace(services, viewer, space.id);
}

/** With its posts, comments, members and reports (foreign keys cascade). */
export async function deleteSpace(services: Services, viewer: Viewer, spaceId: string) {
  const { space } = await managedSpaceFor(services, viewer, spaceId);
  await services.db.delete(communitySpaces).where(eq(communitySpaces.id, space.id));
}

/** Moves spaces (position, collection) in one transaction: every space and collection must be the store's (404), every space the viewer's to manage (403). */
export async function reorderSpaces(services: Services, viewer: Viewer, body: Schemas['ReorderSpacesBody']) {
  const ids = body.groups.map((g) => g.uuid.toLowerCase());
  if (new Set(ids).size !== ids.length) throw notFound();
  await services.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(communitySpaces)
      .where(and(eq(communitySpaces.storeId, viewer.store.id), inArray(communitySpaces.id, ids)))
      .for('update');
    if (rows.length !== ids.length) throw notFound();
    if (!rows.every((row) => manages(viewer, row))) throw forbidden(messages.communityManagersOnly);
    const collections = [...new Set(body.groups.flatMap((g) => (g.collection ? [g.collection.toLowerCase()] : [])))];
    if (collections.length) {
      const found = await tx
        .select({ id: communityCollections.id })
        .from(communityCollections)
        .where(and(eq(communityCollections.storeId, viewer.store.id), inArray(communityCollections.id, collections)));
      if (found.length !== collections.length) throw notFound(messages.unknownCollection);
    }
    for (const group of body.groups) {
      await tx
        .update(communitySpaces)
        .set({ position: group.position, ...(group.collection !== undefined ? { collectionId: group.collection?.toLowerCase() ?? null } : {}) })
        .where(eq(communitySpaces.id, group.uuid.toLowerCase()));
    }
  });
  return listSpaces(services, viewer);
}
