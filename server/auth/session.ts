import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { sessions, stores, users } from '../db/schema.js';
import type { Services } from '../services.js';
import { hashToken, newToken } from './tokens.js';

export type UserRow = typeof users.$inferSelect;
export type StoreRow = typeof stores.$inferSelect;

export interface AuthContext {
  user: UserRow;
  store: StoreRow;
  sessionId: string;
}

const DAY = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = DAY;
export const LONG_SESSION_TTL_MS = 30 * DAY;

export async function openSession(services: Services, userId: string, staySignedIn: boolean) {
  const token = newToken();
  const expiresAt = new Date(services.clock().getTime() + (staySignedIn ? LONG_SESSION_TTL_MS : SESSION_TTL_MS));
  await services.db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt };
}

/**
 * The session lookup runs on every authenticated request: built once per database and prepared (named), so
 * neither drizzle's query building nor, on PostgreSQL, the planning of the join is paid again per request.
 */
const sessionLookups = new WeakMap<Database, ReturnType<typeof prepareSessionLookup>>();

function prepareSessionLookup(db: Database) {
  return db
    .select({ user: users, store: stores, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(stores, eq(stores.id, users.storeId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('resolve_session');
}

/** The token of `Authorization: Bearer <token>`, or null when the header is missing or malformed. */
export function bearerToken(header: string | undefined): string | null {
  return /^Bearer\s+([A-Za-z0-9_-]{16,200})$/.exec(header ?? '')?.[1] ?? null;
}

/** Reads `Authorization: Bearer <token>`; null when missing, unknown or expired. */
export async function resolveSession(services: Services, header: string | undefined): Promise<AuthContext | null> {
  const token = bearerToken(header);
  if (!token) return null;
  let lookup = sessionLookups.get(services.db);
  if (!lookup) sessionLookups.set(services.db, (lookup = prepareSessionLookup(services.db)));
  const rows = await lookup.execute({ tokenHash: hashToken(token), now: services.clock().toISOString() });
  return rows[0] ?? null;
}
