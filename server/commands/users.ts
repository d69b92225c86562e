import { eq, sql, type SQL } from 'drizzle-orm';
import { stores, users } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { presentUser } from '../presenters/user.js';
import type { Services } from '../services.js';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** One round trip for a user, their store and the store's seat count: most calls need all three. */
async function findUserWithStore(services: Services, where: SQL) {
  const [row] = await services.db
    .select({
      user: users,
      store: stores,
      userAccountCount: sql<number>`(select count(*) from ${users} as seats where seats.store_id = ${stores.id})`.mapWith(Number),
    })
    .from(users)
    .innerJoin(stores, eq(stores.id, users.storeId))
    .where(where)
    .limit(1);
  return row;
}

export const findUserById = (services: Services, userId: string) => findUserWithStore(services, eq(users.id, userId));

export const findUserByEmail = (services: Services, email: string) =>
  findUserWithStore(services, eq(sql`lower(${users.email})`, normaliseEmail(email)));

/** Loads a user with their store and shapes it for the API. */
export async function userView(services: Services, userId: string) {
  const row = await findUserById(services, userId);
  if (!row) throw notFound();
  return presentUser(row.user, row.store, row.userAccountCount);
}
