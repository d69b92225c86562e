import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { apiKeys, sessions, stores, users } from '../db/schema.js';
import { tableWritesOf, type TableWrites } from '../db/tableWrites.js';
import { VersionedEntries } from '../db/versionedReads.js';
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
    .select({ user: users, store: stores, sessionId: sessions.id, expiresAt: sessions.expiresAt })
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

/**
 * The tables a session or key lookup reads: what changes their rows may change who the caller is (logout, password
 * change, role, plan, key revoked, store or member deleted). Deletions cascade into them only from one another.
 */
const SESSION_TABLES = ['sessions', 'api_keys', 'users', 'stores'] as const;
/** A safety net only: every write to SESSION_TABLES through this process already empties the cache. */
export const SESSION_CACHE_TTL_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;

interface CachedAuth {
  auth: AuthContext;
  /** The session's end (ms), null for a personal key. */
  expiresAt: number | null;
  /** performance.now() when it was read. */
  readAt: number;
}

/**
 * The callers found lately, by token hash, for one database (on PGlite only: tableWrites.ts). Every authenticated
 * request looked its caller up (a three-table join of ~60 columns, a third of the cost of a small GET on PGlite);
 * the answer now lives here until a statement changes one of SESSION_TABLES (the whole cache is then dropped),
 * the session ends, or SESSION_CACHE_TTL_MS pass. A lookup that ran while such a statement ran is not kept.
 */
class SessionCache {
  private readonly entries: VersionedEntries<CachedAuth>;

  constructor(writes: TableWrites) {
    this.entries = new VersionedEntries(() => writes.version(SESSION_TABLES), SESSION_CACHE_MAX);
  }

  /** The version of SESSION_TABLES now: a lookup is kept only if it is still the same when the lookup ends. */
  current(): number {
    return this.entries.current();
  }

  get(tokenHash: string, now: Date): AuthContext | undefined {
    const hit = this.entries.get(tokenHash);
    if (!hit) return undefined;
    if (performance.now() - hit.readAt > SESSION_CACHE_TTL_MS || (hit.expiresAt !== null && hit.expiresAt <= now.getTime())) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    // Each request gets its own objects: nothing one handler does to its caller's rows reaches another request.
    return { ...hit.auth, user: { ...hit.auth.user }, store: { ...hit.auth.store } };
  }

  set(tokenHash: string, auth: AuthContext, expiresAt: Date | null, versionBefore: number) {
    const kept = { ...auth, user: { ...auth.user }, store: { ...auth.store } };
    this.entries.set(tokenHash, { auth: kept, expiresAt: expiresAt?.getTime() ?? null, readAt: performance.now() }, versionBefore);
  }
}

const sessionCaches = new WeakMap<Database, SessionCache | null>();

function sessionCacheOf(db: Database): SessionCache | null {
  let cache = sessionCaches.get(db);
  if (cache === undefined) {
    const writes = tableWritesOf(db);
    sessionCaches.set(db, (cache = writes ? new SessionCache(writes) : null));
  }
  return cache;
}

/** Reads `Authorization: Bearer <token>` (a session token or a personal API key); null when missing, unknown, expired or revoked. */
export async function resolveSession(services: Services, header: string | undefined): Promise<AuthContext | null> {
  const token = bearerToken(header);
  if (!token) return null;
  const tokenHash = hashToken(token);
  const now = services.clock();
  const cache = sessionCacheOf(services.db);
  const cached = cache?.get(tokenHash, now);
  if (cached) return cached;
  const versionBefore = cache?.current() ?? 0;
  if (token.startsWith(API_KEY_PREFIX)) {
    let keyLookup = apiKeyLookups.get(services.db);
    if (!keyLookup) apiKeyLookups.set(services.db, (keyLookup = prepareApiKeyLookup(services.db)));
    const [key] = await keyLookup.execute({ tokenHash });
    if (key) cache?.set(tokenHash, key, null, versionBefore);
    return key ?? null;
  }
  let lookup = sessionLookups.get(services.db);
  if (!lookup) sessionLookups.set(services.db, (lookup = prepareSessionLookup(services.db)));
  const [row] = await lookup.execute({ tokenHash, now: now.toISOString() });
  if (!row) return null;
  const { expiresAt, ...auth } = row;
  cache?.set(tokenHash, auth, expiresAt, versionBefore);
  return auth;
}
