import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSession, type AuthContext } from '../../../server/auth/session';
import { PREVIEW_TOKEN_TTL_MS, createPreviewToken, resolvePreviewToken } from '../../../server/commands/previewTokens';
import { registerTrainer } from '../../../server/commands/registerTrainer';
import { previewTokens, users } from '../../../server/db/schema';
import { testServices } from '../server/testServices';

let env: Awaited<ReturnType<typeof testServices>>;
let auth: AuthContext;

beforeAll(async () => {
  env = await testServices();
  const session = await registerTrainer(env.services, { email: 'preview@example.test', password: 'password-123', firstname: 'Paul' });
  auth = (await resolveSession(env.services, `Bearer ${session.token}`))!;
}, 60_000);
afterAll(() => env.close());

describe('preview tokens', () => {
  it('resolve to the store and issuer for 10 minutes, then no more', async () => {
    const { token, expires_at } = await createPreviewToken(env.services, auth, auth.store.id);
    expect(new Date(expires_at).getTime() - env.services.clock().getTime()).toBe(PREVIEW_TOKEN_TTL_MS);
    expect(await resolvePreviewToken(env.services, token)).toEqual({ storeId: auth.store.id, userId: auth.user.id, expiresAt: new Date(expires_at) });
    env.advance(PREVIEW_TOKEN_TTL_MS - 1000);
    expect(await resolvePreviewToken(env.services, token)).not.toBeNull();
    env.advance(2000);
    expect(await resolvePreviewToken(env.services, token)).toBeNull();
  });

  it('are stored hashed, and expired ones of the issuer are cleared on the next issue', async () => {
    const { token } = await createPreviewToken(env.services, auth, auth.store.id);
    const rows = await env.services.db.select().from(previewTokens).where(eq(previewTokens.userId, auth.user.id));
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    env.advance(PREVIEW_TOKEN_TTL_MS + 1);
    await createPreviewToken(env.services, auth, auth.store.id);
    expect(await env.services.db.select().from(previewTokens).where(eq(previewTokens.userId, auth.user.id))).toHaveLength(1);
  });

  it('stop working when the issuer may no longer preview, and never match an unknown or malformed token', async () => {
    const { token } = await createPreviewToken(env.services, auth, auth.store.id);
    await env.services.db.update(users).set({ role: 'ANALYST' }).where(eq(users.id, auth.user.id));
    expect(await resolvePreviewToken(env.services, token)).toBeNull();
    await env.services.db.update(users).set({ role: 'OWNER' }).where(eq(users.id, auth.user.id));
    expect(await resolvePreviewToken(env.services, token)).not.toBeNull();
    expect(await resolvePreviewToken(env.services, 'x'.repeat(43))).toBeNull();
    expect(await resolvePreviewToken(env.services, "' or 1=1 --")).toBeNull();
  });
});
