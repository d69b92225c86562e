import { asc, eq, sql } from 'drizzle-orm';
import { users } from '../db/schema.js';
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
