import { and, eq, gt, isNull } from 'drizzle-orm';
import { userTokens, users } from '../db/schema.js';
import type { UserRow } from '../auth/session.js';
import { hashToken, newToken } from '../auth/tokens.js';
import { invalid } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { verificationMail } from '../mail/templates.js';
import type { Services } from '../services.js';
import { findUserByEmail } from './users.js';

const VERIFY_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export async function sendVerificationEmail(services: Services, user: UserRow) {
  const token = newToken();
  await services.db.insert(userTokens).values({
    userId: user.id,
    purpose: 'VERIFY_EMAIL',
    tokenHash: hashToken(token),
    expiresAt: new Date(services.clock().getTime() + VERIFY_TTL_MS),
  });
  const url = `${services.config.appUrl}/activation?${new URLSearchParams({ email: user.email, token })}`;
  await services.mailer.send(user.email, verificationMail(user.locale, user.firstname, url));
}

/** Sends a new link only to an account that still needs activation; silent otherwise. */
export async function resendVerificationEmail(services: Services, email: string) {
  const user = (await findUserByEmail(services, email))?.user;
  if (user && !user.emailVerifiedAt) await sendVerificationEmail(services, user);
}

const unknownLink = () => invalid({ token: [messages.unknownActivationLink] }, undefined, 'INVALID_TOKEN');

export async function verifyEmail(services: Services, email: string, token: string) {
  const user = (await findUserByEmail(services, email))?.user;
  if (!user) throw unknownLink();
  const [row] = await services.db
    .select()
    .from(userTokens)
    .where(
      and(
        eq(userTokens.userId, user.id),
        eq(userTokens.purpose, 'VERIFY_EMAIL'),
        eq(userTokens.tokenHash, hashToken(token)),
        gt(userTokens.expiresAt, services.clock()),
      ),
    );
  if (!row) throw unknownLink();
  // A second click on the same link after success is fine: the address is verified either way.
  if (!user.emailVerifiedAt) {
    const now = services.clock();
    await services.db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, user.id));
    await services.db.update(userTokens).set({ usedAt: now }).where(and(eq(userTokens.id, row.id), isNull(userTokens.usedAt)));
  }
}
