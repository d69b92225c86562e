import { count, eq, sql } from 'drizzle-orm';
import { stores, users } from '../db/schema.js';
import type { StoreRow, UserRow } from '../auth/session.js';
import { notFound } from '../http/errors.js';
import { presentUser } from '../presenters/user.js';
import type { Services } from '../services.js';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(services: Services, email: string): Promise<UserRow | undefined> {
  const [row] = await services.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, normaliseEmail(email)))
    .limit(1);
  return row;
}

/** Loads a user with their store and shapes it for the API. */
export async function userView(services: Services, userId: string) {
  const [row] = await services.db.select({ user: users, store: stores }).from(users).innerJoin(stores, eq(stores.id, users.storeId)).where(eq(users.id, userId));
  if (!row) throw notFound();
  return presentUserWithCount(services, row.user, row.store);
}

export async function presentUserWithCount(services: Services, user: UserRow, store: StoreRow) {
  const [counted] = await services.db.select({ n: count() }).from(users).where(eq(users.storeId, store.id));
  return presentUser(user, store, counted?.n ?? 0);
}
