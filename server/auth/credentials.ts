import { invalid } from '../http/errors.js';
import { messages } from '../http/messages.js';
import type { Services } from '../services.js';
import { decoyHash, verifyPassword } from './passwords.js';
import { assertBelow, forget, recordFailure, takeAttempt } from './throttle.js';

export const wrongCredentials = () =>
  invalid({ password: [messages.wrongCredentials] }, messages.wrongCredentials, 'INVALID_CREDENTIALS');

/**
 * A sign-in's password check, throttled per account and per client address (`keys`): per address only failures
 * count (many people may share one address); per account every attempt is counted before it runs, so parallel
 * guesses on one account cannot all pass the check. An unknown account (or one without a password yet) is checked
 * against a decoy hash, so its answer and timing are those of a wrong password. Answers the account found.
 */
export async function checkCredentials<A extends { passwordHash: string | null }>(
  services: Services,
  keys: { account: string; address: string },
  find: () => Promise<A | undefined>,
  password: string,
): Promise<A> {
  const limits = services.config.throttle;
  await assertBelow(services, { key: keys.address, limit: limits.loginPerAddress });
  await takeAttempt(services, [{ key: keys.account, limit: limits.loginPerAccount }]);
  const account = await find();
  const ok = await verifyPassword(account?.passwordHash ?? (await decoyHash()), password);
  if (!account?.passwordHash || !ok) {
    await recordFailure(services, keys.address);
    throw wrongCredentials();
  }
  await forget(services, keys.account);
  return account;
}
