import { randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { components } from '../../src/api/schema.gen.js';
import { verifyPassword } from '../auth/passwords.js';
import { API_KEY_PREFIX, type AuthContext } from '../auth/session.js';
import { takeAttempt, forget } from '../auth/throttle.js';
import { hashToken } from '../auth/tokens.js';
import { apiKeys } from '../db/schema.js';
import { forbidden, invalid, notFound } from '../http/errors.js';
import { messages } from '../http/messages.js';
import type { Services } from '../services.js';

type ApiKeyBody = components['schemas']['ApiKey'];
type KeyType = components['schemas']['KeyType'];
type KeyRow = typeof apiKeys.$inferSelect;

/** Store secrets: `sso_…` and `whk_…`, recognisable in the partner's configuration. */
const SECRET_PREFIX: Record<KeyType, string> = { SSO: 'sso_', WEBHOOK: 'whk_' };

/** 256 random bits after the prefix; fits the bearer token pattern of auth/session.ts. */
const newSecret = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`;

/** A key as the API shows it: its secret only in the answer that creates it (`secret`), null everywhere else. */
const presentKey = (row: KeyRow, secret: string | null = null): ApiKeyBody => ({
  type: row.type,
  key: secret,
  last_four: row.lastFour,
  created_at: row.createdAt.toISOString(),
});

/**
 * Keys are managed from a browser session: a stolen key must not mint itself a successor or revoke the owner's.
 * Nor may a key open sessions as other users (switchToUser).
 */
export function assertBrowserSession(auth: Pick<AuthContext, 'apiKeyId'>, text = messages.keyManagementNeedsSession) {
  if (auth.apiKeyId) throw forbidden(text);
}

export async function listMyApiKeys(services: Services, auth: AuthContext) {
  const rows = await services.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, auth.user.id), eq(apiKeys.type, 'PERSONAL')));
  return rows.map((row) => presentKey(row));
}

/**
 * POST /users/me/keys: a new personal key replaces the previous one (one per user, a partial unique index), in
 * one transaction so two clicks never leave two keys.
 */
export async function createMyApiKey(services: Services, auth: AuthContext): Promise<ApiKeyBody> {
  assertBrowserSession(auth);
  const secret = newSecret(API_KEY_PREFIX);
  const row = await services.db.transaction(async (tx) => {
    await tx.delete(apiKeys).where(and(eq(apiKeys.userId, auth.user.id), eq(apiKeys.type, 'PERSONAL')));
    const [created] = await tx
      .insert(apiKeys)
      .values({ storeId: auth.user.storeId, userId: auth.user.id, type: 'PERSONAL', tokenHash: hashToken(secret), lastFour: secret.slice(-4), createdAt: services.clock() })
      .returning();
    return created!;
  });
  return presentKey(row, secret);
}

export async function deleteMyApiKey(services: Services, auth: AuthContext) {
  assertBrowserSession(auth);
  await services.db.delete(apiKeys).where(and(eq(apiKeys.userId, auth.user.id), eq(apiKeys.type, 'PERSONAL')));
}

export async function listStoreKeys(services: Services, storeId: string) {
  const rows = await services.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.storeId, storeId), ne(apiKeys.type, 'PERSONAL')))
    .orderBy(apiKeys.type);
  return rows.map((row) => presentKey(row));
}

/** POST /keys: creates or replaces the store's secret of a type. SSO needs the EXPERT plan (platform admins pass). */
export async function createStoreKey(services: Services, auth: AuthContext, storeId: string, plan: string, type: KeyType): Promise<ApiKeyBody> {
  assertBrowserSession(auth);
  if (type === 'SSO' && plan !== 'EXPERT' && !auth.user.isAdmin) throw forbidden(messages.planRequired, 'PLAN_REQUIRED');
  const secret = newSecret(SECRET_PREFIX[type]);
  const row = await services.db.transaction(async (tx) => {
    await tx.delete(apiKeys).where(and(eq(apiKeys.storeId, storeId), eq(apiKeys.type, type)));
    const [created] = await tx
      .insert(apiKeys)
      .values({ storeId, userId: null, type, tokenHash: hashToken(secret), lastFour: secret.slice(-4), createdAt: services.clock() })
      .returning();
    return created!;
  });
  return presentKey(row, secret);
}

/** DELETE /keys: revoking a store secret needs the caller's password (throttled like a password change). */
export async function deleteStoreKey(services: Services, auth: AuthContext, storeId: string, input: { password: string; type: KeyType }) {
  assertBrowserSession(auth);
  const attempts = `key-password:${auth.user.id}`;
  await takeAttempt(services, [{ key: attempts, limit: services.config.throttle.passwordChangePerUser }]);
  if (!(await verifyPassword(auth.user.passwordHash, input.password))) throw invalid({ password: [messages.wrongPassword] });
  await forget(services, attempts);
  const removed = await services.db
    .delete(apiKeys)
    .where(and(eq(apiKeys.storeId, storeId), eq(apiKeys.type, input.type)))
    .returning({ id: apiKeys.id });
  if (!removed.length) throw notFound(messages.noSuchKey);
}
