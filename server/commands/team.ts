import { and, asc, eq, sql } from 'drizzle-orm';
import type { AuthContext } from '../auth/session.js';
import { users } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { assertMayGrantRole, assertMayManageMember } from '../policies/team.js';
import type { Role } from '../policies/roles.js';
import { displayNameOf, presentTeamMember, presentUserRef } from '../presenters/user.js';
import type { Services } from '../services.js';

/** GET /users: the team page's rows, the owner first, then by arrival. */
export async function listTeamUsers(services: Services, storeId: string) {
  const rows = await services.db
    .select()
    .from(users)
    .where(eq(users.storeId, storeId))
    .orderBy(sql`${users.role} <> 'OWNER'`, asc(users.createdAt), asc(users.id));
  return rows.map(presentTeamMember);
}

const frenchOrder = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/** GET /users/directory: names and avatars in French alphabetical order (accents and case do not reorder). */
export async function listTeamDirectory(services: Services, storeId: string) {
  const rows = await services.db
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, displayName: users.displayName, picture: users.picture })
    .from(users)
    .where(eq(users.storeId, storeId));
  return rows
    .sort((a, b) => frenchOrder.compare(displayNameOf(a), displayNameOf(b)) || a.id.localeCompare(b.id))
    .map(presentUserRef);
}

/** A member of the caller's store; another store's user (or none) is 404. */
async function memberOf(services: Services, storeId: string, userUuid: string) {
  const [member] = await services.db.select().from(users).where(and(eq(users.id, userUuid), eq(users.storeId, storeId)));
  if (!member) throw notFound();
  return member;
}

/** PUT /users/{uuid}: another role for a member below the caller (policies/team.ts), never OWNER. */
export async function updateTeamUser(services: Services, auth: AuthContext, userUuid: string, role: Exclude<Role, 'OWNER'>) {
  const member = await memberOf(services, auth.store.id, userUuid);
  assertMayManageMember(auth.user, member);
  assertMayGrantRole(auth.user, role);
  const [updated] = await services.db.update(users).set({ role }).where(and(eq(users.id, member.id), eq(users.storeId, auth.store.id))).returning();
  if (!updated) throw notFound();
  return presentTeamMember(updated);
}

/**
 * DELETE /users/{uuid}: the member's account goes (sessions with it, by cascade); what they wrote stays and reads
 * "Membre supprimé" (the references are set null). The seat is freed.
 */
export async function removeTeamUser(services: Services, auth: AuthContext, userUuid: string) {
  const member = await memberOf(services, auth.store.id, userUuid);
  assertMayManageMember(auth.user, member);
  await services.db.delete(users).where(and(eq(users.id, member.id), eq(users.storeId, auth.store.id)));
}
