import { and, asc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import { communityMembers, communitySpaceTrainings, communitySpaces, customers, customerTrainings, users } from '../../db/schema.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { managedSpaceFor, openSpaceFor, seesSpace, spaceFor, type Viewer } from '../../policies/community.js';
import { personColumns, presentMember, presentPerson } from '../../presenters/community.js';
import type { Services } from '../../services.js';
import { likePattern } from '../trainingLearners/enrolments.js';
import { offsetOf, pageEnvelope, type PageRequest } from '../trainingLearners/paging.js';

type Schemas = components['schemas'];
type Db = Pick<Services, 'db'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function selectMembers(services: Db) {
  return services.db
    .select({ member: communityMembers, ...personColumns })
    .from(communityMembers)
    .leftJoin(users, eq(users.id, communityMembers.userId))
    .leftJoin(customers, eq(customers.id, communityMembers.customerId));
}

type MemberWithPerson = Awaited<ReturnType<ReturnType<typeof selectMembers>['where']>>[number];
const present = (row: MemberWithPerson) => presentMember(row.member, presentPerson(row));

/** Matches a person's name or e-mail, team user or learner. */
function personMatches(q: string | undefined): SQL | undefined {
  if (!q?.trim()) return undefined;
  const pattern = likePattern(q);
  return or(
    ilike(sql`concat_ws(' ', ${users.firstname}, ${users.lastname}, ${users.displayName}, ${users.email})`, pattern),
    ilike(sql`concat_ws(' ', ${customers.firstname}, ${customers.lastname}, ${customers.email})`, pattern),
  );
}

export const membersCount = async (services: Db, spaceId: string) =>
  (await services.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(communityMembers).where(eq(communityMembers.spaceId, spaceId)))[0]?.n ?? 0;

/** The member list, OWNER first then by arrival. With show_members off only managers see it (403). */
export async function listMembers(services: Services, viewer: Viewer, spaceId: string, filter: { q?: string }, page: PageRequest) {
  const access = await openSpaceFor(services, viewer, spaceId);
  if (!access.space.showMembers && !access.seesAsManager) throw forbidden(messages.membersHidden, 'MEMBERS_HIDDEN');
  const where = and(eq(communityMembers.spaceId, access.space.id), personMatches(filter.q));
  const [counted] = await services.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(communityMembers)
    .leftJoin(users, eq(users.id, communityMembers.userId))
    .leftJoin(customers, eq(customers.id, communityMembers.customerId))
    .where(where);
  const total = counted?.n ?? 0;
  const rows =
    offsetOf(page) < total
      ? await selectMembers(services)
          .where(where)
          .orderBy(sql`${communityMembers.role} = 'OWNER' desc`, asc(communityMembers.joinedAt), asc(communityMembers.id))
          .limit(page.perPage)
          .offset(offsetOf(page))
      : [];
  return pageEnvelope(page, total, rows.map(present));
}

async function memberById(services: Db, id: string) {
  const [row] = await selectMembers(services).where(eq(communityMembers.id, id)).limit(1);
  return row!;
}

/** Adds a team user or a learner of the store (404 for anyone else), once (409). */
export async function addMember(services: Services, viewer: Viewer, spaceId: string, body: Schemas['AddMemberBody']) {
  const { space } = await managedSpaceFor(services, viewer, spaceId);
  const personId = body.type_uuid.toLowerCase();
  const table = body.type === 'USER' ? users : customers;
  const [person] = await services.db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, personId), eq(table.storeId, viewer.store.id)));
  if (!person) throw notFound();
  const [row] = await services.db
    .insert(communityMembers)
    .values({ spaceId: space.id, ...(body.type === 'USER' ? { userId: person.id } : { customerId: person.id }), joinedAt: services.clock() })
    .onConflictDoNothing()
    .returning({ id: communityMembers.id });
  if (!row) throw conflict(messages.alreadyMember);
  return present(await memberById(services, row.id));
}

/** Team users and learners of the store who are not members yet, team first, by name. */
export async function listAvailableMembers(services: Services, viewer: Viewer, spaceId: string, filter: { q?: string }, page: PageRequest) {
  const { space } = await managedSpaceFor(services, viewer, spaceId);
  const pattern = filter.q?.trim() ? likePattern(filter.q) : null;
  const candidates = sql`
    select 'USER' as type, u.id as type_uuid, coalesce(nullif(u.display_name, ''), concat_ws(' ', u.firstname, u.lastname)) as display_name, u.email, u.picture
    from ${users} u
    where u.store_id = ${viewer.store.id} and not exists (select 1 from ${communityMembers} m where m.space_id = ${space.id} and m.user_id = u.id)
    union all
    select 'CUSTOMER', c.id, coalesce(nullif(concat_ws(' ', c.firstname, c.lastname), ''), c.email), c.email, c.picture
    from ${customers} c
    where c.store_id = ${viewer.store.id} and not exists (select 1 from ${communityMembers} m where m.space_id = ${space.id} and m.customer_id = c.id)`;
  const filtered = sql`select * from (${candidates}) as candidates ${pattern ? sql`where concat_ws(' ', display_name, email) ilike ${pattern}` : sql``}`;
  const counted = (await services.db.execute(sql`select count(*)::int as n from (${filtered}) as f`)) as unknown as { rows: { n: number }[] };
  const total = Number(counted.rows[0]?.n ?? 0);
  const rows =
    offsetOf(page) < total
      ? (
          (await services.db.execute(
            sql`${filtered} order by type desc, lower(display_name), type_uuid limit ${page.perPage} offset ${offsetOf(page)}`,
          )) as unknown as { rows: { type: 'USER' | 'CUSTOMER'; type_uuid: string; display_name: string; email: string; picture: string | null }[] }
        ).rows
      : [];
  return pageEnvelope(
    page,
    total,
    rows.map((r) => ({ type: r.type, type_uuid: r.type_uuid, display_name: r.display_name.slice(0, 130), email: r.email, picture: r.picture })),
  );
}

/** Adds every learner of the store, or of the space's trainings when it has some (accounts and real enrolments). */
export async function importAllMembers(services: Services, viewer: Viewer, spaceId: string) {
  const { space } = await managedSpaceFor(services, viewer, spaceId);
  const result = await services.db.execute(sql`
    insert into ${communityMembers} (space_id, customer_id, role, joined_at)
    select ${space.id}::uuid, ${customers.id}, 'MEMBER', ${services.clock()}::timestamptz
    from ${customers}
    where ${customers.storeId} = ${viewer.store.id}
      and (${customers.passwordHash} is not null or exists (
        select 1 from ${customerTrainings} where ${customerTrainings.customerId} = ${customers.id} and ${customerTrainings.customerType} <> 'ABANDONED_CART'))
      and (not exists (select 1 from ${communitySpaceTrainings} where ${communitySpaceTrainings.spaceId} = ${space.id}) or exists (
        select 1 from ${customerTrainings} join ${communitySpaceTrainings} on ${communitySpaceTrainings.trainingId} = ${customerTrainings.trainingId}
        where ${communitySpaceTrainings.spaceId} = ${space.id} and ${customerTrainings.customerId} = ${customers.id}
          and ${customerTrainings.customerType} <> 'ABANDONED_CART'))
    on conflict do nothing
    returning id`);
  const added = (result as unknown as { rows: unknown[] }).rows.length;
  return { added_count: added, members_count: Math.max(1, await membersCount(services, space.id)) };
}

/** Everyone but the OWNER leaves: the count becomes 1. */
export async function removeAllMembers(services: Services, viewer: Viewer, spaceId: string) {
  const { space } = await managedSpaceFor(services, viewer, spaceId);
  await services.db.delete(communityMembers).where(and(eq(communityMembers.spaceId, space.id), ne(communityMembers.role, 'OWNER')));
}

/** A member of a space of the viewer's store that the viewer may see (404 otherwise), with its space. */
async function memberFor(services: Services, viewer: Viewer, memberId: string) {
  if (!UUID.test(memberId)) throw notFound();
  const [row] = await services.db
    .select({ member: communityMembers, space: communitySpaces })
    .from(communityMembers)
    .innerJoin(communitySpaces, eq(communitySpaces.id, communityMembers.spaceId))
    .where(and(eq(communityMembers.id, memberId.toLowerCase()), eq(communitySpaces.storeId, viewer.store.id)))
    .limit(1);
  if (!row) throw notFound();
  const access = await spaceFor(services, viewer, row.space.id);
  if (!seesSpace(viewer, access.space, access.member)) throw notFound();
  const own = (row.member.userId ?? row.member.customerId) === viewer.id;
  return { ...row, access, own };
}

/** One's own membership only (403 otherwise): whether new posts of the space notify them. */
export async function updateMember(services: Services, viewer: Viewer, memberId: string, body: Schemas['UpdateMemberBody']) {
  const { member, own } = await memberFor(services, viewer, memberId);
  if (!own) throw forbidden(messages.onlyOwnMembership);
  await services.db.update(communityMembers).set({ emailNotifications: body.email_notifications }).where(eq(communityMembers.id, member.id));
  return present(await memberById(services, member.id));
}

/** A manager removes anyone but the OWNER; anyone may leave (but the OWNER, who stays with their space). */
export async function removeMember(services: Services, viewer: Viewer, memberId: string) {
  const { member, own, access } = await memberFor(services, viewer, memberId);
  if (!own && !access.manages) throw forbidden(messages.communityManagersOnly);
  if (member.role === 'OWNER') throw forbidden(messages.ownerStays, 'OWNER_STAYS');
  await services.db.delete(communityMembers).where(eq(communityMembers.id, member.id));
}
