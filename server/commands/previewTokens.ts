import { and, eq, gt, lt } from 'drizzle-orm';
import type { components } from '../../src/api/schema.gen.js';
import type { AuthContext } from '../auth/session.js';
import { hashToken, newToken } from '../auth/tokens.js';
import { previewTokens, stores, users } from '../db/schema.js';
import { may } from '../policies/policy.js';
import type { Services } from '../services.js';

type PreviewToken = components['schemas']['PreviewToken'];

/** Spec 9: the editor refreshes its token every 600000 ms; each one lasts exactly that long. */
export const PREVIEW_TOKEN_TTL_MS = 10 * 60 * 1000;

/**
 * POST /stores/{storeUuid}/token: a random 256-bit token, stored as its SHA-256 like sessions, valid 10
 * minutes, tied to its issuer and the store. The issuer's expired tokens are cleared on the way. `storeId` is
 * the binder's store scope: the caller's own store, or any existing store for platform admins.
 */
export async function createPreviewToken(services: Services, auth: AuthContext, storeId: string): Promise<PreviewToken> {
  const now = services.clock();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + PREVIEW_TOKEN_TTL_MS);
  await services.db.delete(previewTokens).where(and(eq(previewTokens.userId, auth.user.id), lt(previewTokens.expiresAt, now)));
  await services.db.insert(previewTokens).values({ userId: auth.user.id, storeId, tokenHash: hashToken(token), expiresAt });
  return { token, expires_at: expiresAt.toISOString() };
}

export interface PreviewAccess {
  storeId: string;
  userId: string;
  expiresAt: Date;
}

/**
 * For the learner area (a later part): who a `preview-token` query lets in, or null when the token is
 * unknown, expired, or its issuer no longer may preview in that store (role changed, moved or removed:
 * removed users take their tokens with them). The caller must still check that the page it opens belongs
 * to `storeId`.
 */
export async function resolvePreviewToken(services: Services, token: string): Promise<PreviewAccess | null> {
  if (!/^[A-Za-z0-9_-]{16,200}$/.test(token)) return null;
  const [row] = await services.db
    .select({ storeId: previewTokens.storeId, userId: previewTokens.userId, expiresAt: previewTokens.expiresAt, role: users.role, isAdmin: users.isAdmin, userStore: users.storeId })
    .from(previewTokens)
    .innerJoin(users, eq(users.id, previewTokens.userId))
    .innerJoin(stores, eq(stores.id, previewTokens.storeId))
    .where(and(eq(previewTokens.tokenHash, hashToken(token)), gt(previewTokens.expiresAt, services.clock())))
    .limit(1);
  if (!row) return null;
  const issuer = { role: row.role, isAdmin: row.isAdmin, storeId: row.userStore };
  return may(issuer, 'previewStore', { storeId: row.storeId }) ? { storeId: row.storeId, userId: row.userId, expiresAt: row.expiresAt } : null;
}
