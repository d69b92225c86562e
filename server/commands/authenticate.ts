import { eq } from 'drizzle-orm';
import { users } from '../db/schema.js';
import { presentUser } from '../presenters/user.js';
import { decoyHash, verifyPassword } from '../auth/passwords.js';
import { openSession } from '../auth/session.js';
import { assertBelow, forget, recordFailure, takeAttempt } from '../auth/throttle.js';
import { invalid } from '../http/errors.js';
import { messages } from '../http/messages.js';
import type { Services } from '../services.js';
import { findUserByEmail, normaliseEmail } from './users.js';

const wrongCredentials = () =>
  invalid({ password: [messages.wrongCredentials] }, messages.wrongCredentials, 'INVALID_CREDENTIALS');

/** Checks the password, throttled per account and per client address, and opens a session. */
export async function authenticate(services: Services, input: { email: string; password: string; staySignedIn?: boolean }, ip: string) {
  const accountKey = `account:${normaliseEmail(input.email)}`;
  const addressKey = `ip:${ip}`;
  const limits = services.config.throttle;
  // Per address only failures count (many people may share one address); per account every attempt
  // is counted before it runs, so parallel guesses on one account cannot all pass the check.
  await assertBelow(services, { key: addressKey, limit: limits.loginPerAddress });
  await takeAttempt(services, [{ key: accountKey, limit: limits.loginPerAccount }]);

  const found = await findUserByEmail(services, input.email);
  const ok = await verifyPassword(found?.user.passwordHash ?? (await decoyHash()), input.password);
  if (!found || !ok) {
    await recordFailure(services, addressKey);
    throw wrongCredentials();
  }
  await forget(services, accountKey);

  const session = await openSession(services, found.user.id, Boolean(input.staySignedIn));
  const now = services.clock();
  await services.db.update(users).set({ lastLoginAt: now }).where(eq(users.id, found.user.id));
  return {
    token: session.token,
    expires_at: session.expiresAt.toISOString(),
    user: presentUser({ ...found.user, lastLoginAt: now }, found.store, found.userAccountCount),
  };
}
