import { eq } from 'drizzle-orm';
import { stores, users } from '../db/schema.js';
import { decoyHash, verifyPassword } from '../auth/passwords.js';
import { openSession } from '../auth/session.js';
import { assertNotThrottled, clearFailures, recordFailure } from '../auth/throttle.js';
import { invalid } from '../http/errors.js';
import type { Services } from '../services.js';
import { findUserByEmail, normaliseEmail, presentUserWithCount } from './users.js';

export const ACCOUNT_FAILURE_LIMIT = 5;
export const ADDRESS_FAILURE_LIMIT = 20;

const wrongCredentials = () =>
  invalid({ password: ['Adresse e-mail ou mot de passe incorrect.'] }, 'Adresse e-mail ou mot de passe incorrect.', 'INVALID_CREDENTIALS');

/** Checks the password, throttled per account and per address, and opens a session. */
export async function authenticate(services: Services, input: { email: string; password: string; staySignedIn?: boolean }, ip: string) {
  const accountKey = `account:${normaliseEmail(input.email)}`;
  const addressKey = `ip:${ip}`;
  await assertNotThrottled(services, [
    { key: accountKey, limit: ACCOUNT_FAILURE_LIMIT },
    { key: addressKey, limit: ADDRESS_FAILURE_LIMIT },
  ]);

  const user = await findUserByEmail(services, input.email);
  const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash()), input.password);
  if (!user || !ok) {
    await recordFailure(services, [accountKey, addressKey]);
    throw wrongCredentials();
  }
  await clearFailures(services, accountKey);

  const session = await openSession(services, user.id, Boolean(input.staySignedIn));
  const now = services.clock();
  const [updated] = await services.db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id)).returning();
  const [store] = await services.db.select().from(stores).where(eq(stores.id, user.storeId));
  return { token: session.token, expires_at: session.expiresAt.toISOString(), user: await presentUserWithCount(services, updated!, store!) };
}
