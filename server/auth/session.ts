import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { apiKeys, sessions, stores, users } from '../db/schema.js';
import type { Services } from '../services.js';
import { hashToken, newToken } from './tokens.js';

export type UserRow = typeof users.$inferSelect;
export type StoreRow = typeof stores.$inferSelect;

export interface AuthContext {
  user: UserRow;
  store: StoreRow;
  sessionId: string;
  /**
   * Set when the caller authenticated with a personal API key (`Bearer cpk_…`) rather than a session: the key's id
   * (then also `sessionId`, which matches no session). Keys act as their holder; only key management refuses them.
   */
  apiKeyId?: string;
}

/** Personal API keys start with this (commands/apiKeys.ts makes them). */
export const API_KEY_PREFIX = 'cpk_';

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

const apiKeyLookups = new WeakMap<Database, ReturnType<typeof prepareApiKeyLookup>>();

/** A personal key acts as its holder, with the holder's role and store as they are now. */
function prepareApiKeyLookup(db: Database) {
  return db
    .select({ user: users, store: stores, sessionId: apiKeys.id, apiKeyId: apiKeys.id })
    .from(apiKeys)
    .innerJoin(users, and(eq(users.id, apiKeys.userId), eq(users.storeId, apiKeys.storeId)))
    .innerJoin(stores, eq(stores.id, users.storeId))
    .where(and(eq(apiKeys.tokenHash, sql.placeholder('tokenHash')), eq(apiKeys.type, 'PERSONAL')))
    .limit(1)
    .prepare('resolve_api_key');
}

/** The token of `Authorization: Bearer <token>`, or null when the header is missing or malformed. */
export function bearerToken(header: string | undefined): string | null {
  return /^Bearer\s+([A-Za-z0-9_-]{16,200})$/.exec(header ?? '')?.[1] ?? null;
}

/** Reads `Authorization: Bearer <token>` (a session token or a personal API key); null when missing, unknown, expired or revoked. */
export async function resolveSession(services: Services, header: string | undefined): Promise<AuthContext | null> {
  const token = bearerToken(header);
  if (!token) return null;
  if (token.startsWith(API_KEY_PREFIX)) {
    let keyLookup = apiKeyLookups.get(services.db);
    if (!keyLookup) apiKeyLookups.set(services.db, (keyLookup = prepareApiKeyLookup(services.db)));
    const keys = await keyLookup.execute({ tokenHash: hashToken(token) });
    return keys[0] ?? null;
  }
  let lookup = sessionLookups.get(services.db);
  if (!lookup) sessionLookups.set(services.db, (lookup = prepareSessionLookup(services.db)));
  const rows = await lookup.execute({ tokenHash: hashToken(token), now: services.clock().toISOString() });
  return rows[0] ?? null;
}
