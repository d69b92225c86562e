import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { sessions, userTokens, users } from '../db/schema.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import type { AuthContext } from '../auth/session.js';
import { forget, takeAttempt } from '../auth/throttle.js';
import { hashToken, newToken } from '../auth/tokens.js';
import { invalid } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { passwordResetMail } from '../mail/templates.js';
import type { Services } from '../services.js';
import { findUserByEmail, normaliseEmail } from './users.js';

const RESET_TTL_MS = 60 * 60 * 1000;
const mismatch = () => invalid({ password_confirmation: [messages.passwordsDiffer] });

/** Limits e-mails sent on request: per target address and per client address. */
export async function takeMailAttempt(services: Services, purpose: string, email: string, ip: string) {
  const limits = services.config.throttle;
  await takeAttempt(services, [
    { key: `${purpose}:${normaliseEmail(email)}`, limit: limits.mailPerEmail },
    { key: `${purpose}-ip:${ip}`, limit: limits.mailPerAddress },
  ]);
}

/** Mails a reset link when the account exists; answers the same either way. */
export async function requestPasswordReset(services: Services, email: string, ip: string) {
  await takeMailAttempt(services, 'reset', email, ip);
  const user = (await findUserByEmail(services, email))?.user;
  if (!user) return;
  const token = newToken();
  await services.db.insert(userTokens).values({
    userId: user.id,
    purpose: 'RESET_PASSWORD',
    tokenHash: hashToken(token),
    expiresAt: new Date(services.clock().getTime() + RESET_TTL_MS),
  });
  const url = `${services.config.appUrl}/changement-mot-de-passe?${new URLSearchParams({ email: user.email, token })}`;
  await services.mailer.send(user.email, passwordResetMail(user.locale, user.firstname, url));
}

/**
 * Sets the new password with a valid, unused token. The token is claimed before the (costly) hash,
 * every other reset link of the user dies with it, and every session ends: all in one transaction.
 */
export async function completePasswordReset(
  services: Services,
  input: { email: string; token: string; password: string; password_confirmation: string },
) {
  if (input.password !== input.password_confirmation) throw mismatch();
  const user = (await findUserByEmail(services, input.email))?.user;
  const unknown = () => invalid({ token: [messages.unknownResetLink] }, undefined, 'INVALID_TOKEN');
  if (!user) throw unknown();
  const now = services.clock();
  await services.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(userTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(userTokens.userId, user.id),
          eq(userTokens.purpose, 'RESET_PASSWORD'),
          eq(userTokens.tokenHash, hashToken(input.token)),
          isNull(userTokens.usedAt),
          gt(userTokens.expiresAt, now),
        ),
      )
      .returning();
    if (!claimed) throw unknown();
    const passwordHash = await hashPassword(input.password);
    // Following the link proves the address too.
    await tx.update(users).set({ passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now }).where(eq(users.id, user.id));
    await retireResetLinks(tx, user.id, now);
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
  });
}

type Transaction = Parameters<Parameters<Services['db']['transaction']>[0]>[0];

async function retireResetLinks(tx: Transaction, userId: string, now: Date) {
  await tx
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, 'RESET_PASSWORD'), isNull(userTokens.usedAt)));
}

/** Needs the current password; the other sessions and any pending reset link end with the change. */
export async function changePassword(
  services: Services,
  auth: AuthContext,
  input: { current_password: string; password: string; password_confirmation: string },
) {
  const key = `password:${auth.user.id}`;
  await takeAttempt(services, [{ key, limit: services.config.throttle.passwordChangePerUser }]);
  if (!(await verifyPassword(auth.user.passwordHash, input.current_password))) {
    throw invalid({ current_password: [messages.wrongCurrentPassword] });
  }
  await forget(services, key);
  if (input.password !== input.password_confirmation) throw mismatch();
  const passwordHash = await hashPassword(input.password);
  const now = services.clock();
  await services.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, auth.user.id));
    await tx.delete(sessions).where(and(eq(sessions.userId, auth.user.id), ne(sessions.id, auth.sessionId)));
    await retireResetLinks(tx, auth.user.id, now);
  });
}
