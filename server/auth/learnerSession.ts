import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { customerSessions, customers, stores } from '../db/schema.js';
import type { Services } from '../services.js';
import { LONG_SESSION_TTL_MS, SESSION_TTL_MS, bearerToken, type StoreRow } from './session.js';
import { hashToken, newToken } from './tokens.js';

export type CustomerRow = typeof customers.$inferSelect;

/** A learner signed in to the learner area of one school (a `customers` row is one person in one store). */
export interface LearnerAuth {
  customer: CustomerRow;
  store: StoreRow;
  sessionId: string;
}

type Executor = Pick<Database, 'insert'>;

/** Opens a learner session (same lengths as the back office's: 1 day, 30 with staySignedIn). */
export async function openLearnerSession(services: Services, customerId: string, staySignedIn: boolean, db: Executor = services.db) {
  const token = newToken();
  const expiresAt = new Date(services.clock().getTime() + (staySignedIn ? LONG_SESSION_TTL_MS : SESSION_TTL_MS));
  await db.insert(customerSessions).values({ customerId, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt };
}

const learnerLookups = new WeakMap<Database, ReturnType<typeof prepareLearnerLookup>>();

function prepareLearnerLookup(db: Database) {
  return db
    .select({ customer: customers, store: stores, sessionId: customerSessions.id })
    .from(customerSessions)
    .innerJoin(customers, eq(customers.id, customerSessions.customerId))
    .innerJoin(stores, eq(stores.id, customers.storeId))
    .where(and(eq(customerSessions.tokenHash, sql.placeholder('tokenHash')), gt(customerSessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('resolve_learner_session');
}

/** Reads `Authorization: Bearer <token>` as a learner session; null when missing, unknown or expired. */
export async function resolveLearnerSession(services: Services, header: string | undefined): Promise<LearnerAuth | null> {
  const token = bearerToken(header);
  if (!token) return null;
  let lookup = learnerLookups.get(services.db);
  if (!lookup) learnerLookups.set(services.db, (lookup = prepareLearnerLookup(services.db)));
  const rows = await lookup.execute({ tokenHash: hashToken(token), now: services.clock().toISOString() });
  return rows[0] ?? null;
}
