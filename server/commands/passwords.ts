import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { sessions, userTokens, users } from '../db/schema.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import type { AuthContext } from '../auth/session.js';
import { assertNotThrottled, recordFailure } from '../auth/throttle.js';
import { hashToken, newToken } from '../auth/tokens.js';
import { invalid } from '../http/errors.js';
import { passwordResetMail } from '../mail/templates.js';
import type { Services } from '../services.js';
import { findUserByEmail, normaliseEmail } from './users.js';

const RESET_TTL_MS = 60 * 60 * 1000;
const RESET_REQUESTS_PER_WINDOW = 5;
const mismatch = () => invalid({ password_confirmation: ['Les mots de passe ne correspondent pas.'] });

/** Mails a reset link when the account exists; answers the same either way. Limited per address. */
export async function requestPasswordReset(services: Services, email: string) {
  const key = `reset:${normaliseEmail(email)}`;
  await assertNotThrottled(services, [{ key, limit: RESET_REQUESTS_PER_WINDOW }]);
  await recordFailure(services, [key]);
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

/** Sets the new password with a valid, unused token; every session of the user ends. */
export async function completePasswordReset(
  services: Services,
  input: { email: string; token: string; password: string; password_confirmation: string },
) {
  if (input.password !== input.password_confirmation) throw mismatch();
  const user = (await findUserByEmail(services, input.email))?.user;
  const unknown = () => invalid({ token: ['Ce lien de réinitialisation est inconnu, déjà utilisé ou expiré.'] }, undefined, 'INVALID_TOKEN');
  if (!user) throw unknown();
  const now = services.clock();
  const passwordHash = await hashPassword(input.password);
  await services.db.transaction(async (tx) => {
    const [used] = await tx
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
    if (!used) throw unknown();
    // Following the link proves the address too.
    await tx.update(users).set({ passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now }).where(eq(users.id, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
  });
}

export async function changePassword(
  services: Services,
  auth: AuthContext,
  input: { current_password: string; password: string; password_confirmation: string },
) {
  const key = `password:${auth.user.id}`;
  await assertNotThrottled(services, [{ key, limit: 5 }]);
  if (!(await verifyPassword(auth.user.passwordHash, input.current_password))) {
    await recordFailure(services, [key]);
    throw invalid({ current_password: ['Le mot de passe actuel est incorrect.'] });
  }
  if (input.password !== input.password_confirmation) throw mismatch();
  await services.db.update(users).set({ passwordHash: await hashPassword(input.password) }).where(eq(users.id, auth.user.id));
  await services.db.delete(sessions).where(and(eq(sessions.userId, auth.user.id), ne(sessions.id, auth.sessionId)));
}
