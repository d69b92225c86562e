import { eq } from 'drizzle-orm';
import { users } from '../db/schema.js';
import { presentUser } from '../presenters/user.js';
import { decoyHash, verifyPassword } from '../auth/passwords.js';
import { openSession } from '../auth/session.js';
import { assertNotThrottled, clearFailures, recordFailure } from '../auth/throttle.js';
import { invalid } from '../http/errors.js';
import type { Services } from '../services.js';
import { findUserByEmail, normaliseEmail } from './users.js';

export const ACCOUNT_FAILURE_LIMIT = 5;
export const ADDRESS_FAILURE_LIMIT = 20;

const wrongCredentials = () =>
  invalid({ password: ['Adresse e-mail ou mot de passe incorrect.'] }, 'Adresse e-mail ou mot de passe incorrect.', 'INVALID_CREDENTIALS');

/** Checks the password, throttled per account and per address, and opens a session. */
export async function authenticate(services: Services, input: { email: string; password: string; staySignedIn?: boolean }, ip: string) {
  const accountKey = `account:${normaliseEmail(input.email)}`;
  const addressKey = `ip:${ip}`;
  const counters = await assertNotThrottled(services, [
    { key: accountKey, limit: ACCOUNT_FAILURE_LIMIT },
    { key: addressKey, limit: ADDRESS_FAILURE_LIMIT },
  ]);

  const found = await findUserByEmail(services, input.email);
  const ok = await verifyPassword(found?.user.passwordHash ?? (await decoyHash()), input.password);
  if (!found || !ok) {
    await recordFailure(services, [accountKey, addressKey]);
    throw wrongCredentials();
  }
  if (counters.includes(accountKey)) await clearFailures(services, accountKey);

  const session = await openSession(services, found.user.id, Boolean(input.staySignedIn));
  const now = services.clock();
  await services.db.update(users).set({ lastLoginAt: now }).where(eq(users.id, found.user.id));
  return {
    token: session.token,
    expires_at: session.expiresAt.toISOString(),
    user: presentUser({ ...found.user, lastLoginAt: now }, found.store, found.userAccountCount),
  };
}
