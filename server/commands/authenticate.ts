import { eq } from 'drizzle-orm';
import { users } from '../db/schema.js';
import { presentUser } from '../presenters/user.js';
import { checkCredentials } from '../auth/credentials.js';
import { openSession } from '../auth/session.js';
import type { Services } from '../services.js';
import { findUserByEmail, normaliseEmail } from './users.js';

/** Checks the password, throttled per account and per client address, and opens a session. */
export async function authenticate(services: Services, input: { email: string; password: string; staySignedIn?: boolean }, ip: string) {
  const found = await checkCredentials(
    services,
    { account: `account:${normaliseEmail(input.email)}`, address: `ip:${ip}` },
    async () => {
      const row = await findUserByEmail(services, input.email);
      return row && { ...row, passwordHash: row.user.passwordHash };
    },
    input.password,
  );
  const session = await openSession(services, found.user.id, Boolean(input.staySignedIn));
  const now = services.clock();
  await services.db.update(users).set({ lastLoginAt: now }).where(eq(users.id, found.user.id));
  return {
    token: session.token,
    expires_at: session.expiresAt.toISOString(),
    user: presentUser({ ...found.user, lastLoginAt: now }, found.store, found.userAccountCount),
  };
}
