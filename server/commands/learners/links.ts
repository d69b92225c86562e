import { and, eq, gt, isNull } from 'drizzle-orm';
import { schoolPath, type SchoolPage } from '../../../shared/schoolPaths.js';
import { openLearnerSession, type CustomerRow } from '../../auth/learnerSession.js';
import { hashPassword } from '../../auth/passwords.js';
import type { StoreRow } from '../../auth/session.js';
import { hashToken, newToken } from '../../auth/tokens.js';
import { customerSessions, customerTokens, customers } from '../../db/schema.js';
import { invalid } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { learnerActivationMail, learnerEnrolledMail, learnerPasswordResetMail } from '../../mail/templates.js';
import { presentLearnerSession } from '../../presenters/learner.js';
import type { Services } from '../../services.js';
import { takeMailAttempt } from '../passwords.js';
import { findLearner, schoolName } from './lookup.js';

/** Same lengths as the back office's links: activation 7 days, reset 1 hour; both single-use. */
const TTL_MS = { VERIFY_EMAIL: 7 * 24 * 60 * 60 * 1000, RESET_PASSWORD: 60 * 60 * 1000 } as const;
type Purpose = keyof typeof TTL_MS;
const PAGE_OF: Record<Purpose, SchoolPage> = { VERIFY_EMAIL: 'activation', RESET_PASSWORD: 'resetPassword' };

/** A new single-use link of `purpose` for the learner, as the address of its page in the school's learner area. */
async function issueLink(services: Services, store: StoreRow, customer: CustomerRow, purpose: Purpose) {
  const token = newToken();
  await services.db.insert(customerTokens).values({
    customerId: customer.id,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(services.clock().getTime() + TTL_MS[purpose]),
  });
  return `${services.config.appUrl}${schoolPath(store.subdomain, PAGE_OF[purpose], { token })}`;
}

export async function sendLearnerActivation(services: Services, store: StoreRow, customer: CustomerRow) {
  const url = await issueLink(services, store, customer, 'VERIFY_EMAIL');
  const name = await schoolName(services, store);
  await services.mailer.send(customer.email, learnerActivationMail(customer.locale, customer.firstname, name, url));
}

/**
 * Tells a learner the team enrolled that `training` is open to them: with an activation link while the account is
 * not activated or has no password (added by the team), else with the school's sign-in page.
 */
export async function sendEnrolmentMail(services: Services, store: StoreRow, customer: CustomerRow, training: string) {
  const needsActivation = !customer.activatedAt || !customer.passwordHash;
  const url = needsActivation ? await issueLink(services, store, customer, 'VERIFY_EMAIL') : `${services.config.appUrl}${schoolPath(store.subdomain, 'login')}`;
  const name = await schoolName(services, store);
  await services.mailer.send(customer.email, learnerEnrolledMail(customer.locale, customer.firstname, name, training, url, needsActivation));
}

/** A new activation link, only to a learner of this school who has not activated yet; silent otherwise. */
export async function resendLearnerActivation(services: Services, store: StoreRow, email: string, ip: string) {
  await takeMailAttempt(services, `learner-resend:${store.id}`, email, ip);
  const customer = await findLearner(services, store, email);
  if (customer && !customer.activatedAt) await sendLearnerActivation(services, store, customer);
}

/** Mails a reset link when this school has the learner; answers the same either way. */
export async function requestLearnerPasswordReset(services: Services, store: StoreRow, email: string, ip: string) {
  await takeMailAttempt(services, `learner-reset:${store.id}`, email, ip);
  const customer = await findLearner(services, store, email);
  if (!customer) return;
  const url = await issueLink(services, store, customer, 'RESET_PASSWORD');
  const name = await schoolName(services, store);
  await services.mailer.send(customer.email, learnerPasswordResetMail(customer.locale, customer.firstname, name, url));
}

type Transaction = Parameters<Parameters<Services['db']['transaction']>[0]>[0];

/** The learner a valid, unused link of this school belongs to, or undefined. */
async function learnerOfLink(db: Services['db'] | Transaction, store: StoreRow, purpose: Purpose, token: string, now: Date) {
  const [row] = await db
    .select({ customer: customers, tokenId: customerTokens.id })
    .from(customerTokens)
    .innerJoin(customers, eq(customers.id, customerTokens.customerId))
    .where(
      and(
        eq(customerTokens.tokenHash, hashToken(token)),
        eq(customerTokens.purpose, purpose),
        eq(customers.storeId, store.id),
        isNull(customerTokens.usedAt),
        gt(customerTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/** Claims one link (first come wins) and retires the learner's other links of the same purpose. */
async function claimLinks(tx: Transaction, customerId: string, tokenId: string, purpose: Purpose, now: Date) {
  const [claimed] = await tx
    .update(customerTokens)
    .set({ usedAt: now })
    .where(and(eq(customerTokens.id, tokenId), isNull(customerTokens.usedAt)))
    .returning({ id: customerTokens.id });
  if (!claimed) return false;
  await tx
    .update(customerTokens)
    .set({ usedAt: now })
    .where(and(eq(customerTokens.customerId, customerId), eq(customerTokens.purpose, purpose), isNull(customerTokens.usedAt)));
  return true;
}

const mismatch = () => invalid({ password_confirmation: [messages.passwordsDiffer] });

/**
 * Follows an activation link: activates the account, sets the password when one is sent (required when the learner
 * has none: 422 PASSWORD_REQUIRED, the link staying valid) and opens a session. Unknown, used or expired: 422 INVALID_TOKEN.
 */
export async function activateLearner(
  services: Services,
  store: StoreRow,
  input: { token: string; password?: string; password_confirmation?: string },
) {
  const unknown = () => invalid({ token: [messages.unknownActivationLink] }, messages.unknownActivationLink, 'INVALID_TOKEN');
  const now = services.clock();
  const found = await learnerOfLink(services.db, store, 'VERIFY_EMAIL', input.token, now);
  if (!found) throw unknown();
  if (input.password === undefined && !found.customer.passwordHash) {
    throw invalid({ password: [messages.choosePassword] }, messages.choosePassword, 'PASSWORD_REQUIRED');
  }
  if (input.password !== undefined && input.password !== input.password_confirmation) throw mismatch();
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  return services.db.transaction(async (tx) => {
    if (!(await claimLinks(tx, found.customer.id, found.tokenId, 'VERIFY_EMAIL', now))) throw unknown();
    const [customer] = await tx
      .update(customers)
      .set({ activatedAt: found.customer.activatedAt ?? now, lastConnectionAt: now, ...(passwordHash ? { passwordHash } : {}) })
      .where(eq(customers.id, found.customer.id))
      .returning();
    const session = await openLearnerSession(services, found.customer.id, false, tx);
    return presentLearnerSession(session, customer!);
  });
}

/** Sets the new password with a valid reset link; activates the account (the link proves the address); ends every session. */
export async function resetLearnerPassword(services: Services, store: StoreRow, input: { token: string; password: string; password_confirmation: string }) {
  if (input.password !== input.password_confirmation) throw mismatch();
  const unknown = () => invalid({ token: [messages.unknownResetLink] }, messages.unknownResetLink, 'INVALID_TOKEN');
  const now = services.clock();
  const found = await learnerOfLink(services.db, store, 'RESET_PASSWORD', input.token, now);
  if (!found) throw unknown();
  const passwordHash = await hashPassword(input.password);
  await services.db.transaction(async (tx) => {
    if (!(await claimLinks(tx, found.customer.id, found.tokenId, 'RESET_PASSWORD', now))) throw unknown();
    await tx
      .update(customers)
      .set({ passwordHash, activatedAt: found.customer.activatedAt ?? now })
      .where(eq(customers.id, found.customer.id));
    await tx.delete(customerSessions).where(eq(customerSessions.customerId, found.customer.id));
  });
}
