import { emitCustomersCreated } from '../webhooks/webhooks.js';
import { eq } from 'drizzle-orm';
import type { LearnerAuth } from '../../auth/learnerSession.js';
import { openLearnerSession } from '../../auth/learnerSession.js';
import { checkCredentials } from '../../auth/credentials.js';
import { hashPassword } from '../../auth/passwords.js';
import type { StoreRow } from '../../auth/session.js';
import { takeAttempt } from '../../auth/throttle.js';
import { customerSessions, customers } from '../../db/schema.js';
import { conflict, forbidden, invalid } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { presentLearner, presentLearnerSession, registrationOpen } from '../../presenters/learner.js';
import type { Services } from '../../services.js';
import { normaliseEmail } from '../users.js';
import { sendLearnerActivation } from './links.js';
import { findLearner } from './lookup.js';
import { autoJoinLearners } from '../community/autoJoin.js';

export interface LearnerRegistration {
  email: string;
  password: string;
  firstname: string;
  lastname?: string;
  locale?: 'fr' | 'en';
}

/**
 * A learner account created without buying, when the school allows it (403 otherwise). An address this school
 * already knows answers 409, also for a learner the team added who never chose a password: the activation link
 * or "forgotten password" proves the address; a sign-up would not. Mails the activation link, opens a session.
 */
export async function registerLearner(services: Services, store: StoreRow, input: LearnerRegistration, ip: string) {
  if (!registrationOpen(store)) throw forbidden(messages.registrationClosed);
  // Each sign-up costs a password hash and an e-mail: limited per client address, per school.
  await takeAttempt(services, [{ key: `learner-register-ip:${store.id}:${ip}`, limit: services.config.throttle.registerPerAddress }]);
  const email = input.email.trim();
  const firstname = input.firstname.trim();
  if (!firstname) throw invalid({ firstname: [messages.required] });
  const taken = () => conflict(messages.learnerEmailTaken, { email: [messages.learnerEmailTaken] });
  if (await findLearner(services, store, email)) throw taken();
  const passwordHash = await hashPassword(input.password);
  const [customer] = await services.db
    .insert(customers)
    .values({ storeId: store.id, email, firstname, lastname: input.lastname?.trim() || null, locale: input.locale ?? 'fr', passwordHash })
    .onConflictDoNothing()
    .returning();
  // Two sign-ups racing with one address: the unique index decides, the loser gets the same 409.
  if (!customer) throw taken();
  await emitCustomersCreated(services.db, services.jobs, store.id, [customer], 'REGISTRATION', services.clock());
  // A learner account is a learner of the school: the community's ALL spaces take them in.
  await autoJoinLearners(services.db, [customer.id]);
  await sendLearnerActivation(services, store, customer);
  const session = await openLearnerSession(services, customer.id, false);
  return presentLearnerSession(session, customer);
}

/** Signs a learner in to one school, throttled like the back office's login, with keys of that school. */
export async function loginLearner(services: Services, store: StoreRow, input: { email: string; password: string; staySignedIn?: boolean }, ip: string) {
  const customer = await checkCredentials(
    services,
    { account: `learner-account:${store.id}:${normaliseEmail(input.email)}`, address: `learner-ip:${store.id}:${ip}` },
    () => findLearner(services, store, input.email),
    input.password,
  );
  const now = services.clock();
  const session = await openLearnerSession(services, customer.id, Boolean(input.staySignedIn));
  await services.db.update(customers).set({ lastConnectionAt: now }).where(eq(customers.id, customer.id));
  return presentLearnerSession(session, { ...customer, lastConnectionAt: now });
}

export async function logoutLearner(services: Services, learner: LearnerAuth) {
  await services.db.delete(customerSessions).where(eq(customerSessions.id, learner.sessionId));
}

/** The signed-in learner's profile (GET …/me). */
export const learnerProfile = (learner: LearnerAuth) => presentLearner(learner.customer);

/** The profile form: first name (not blank), last name (blank or null clears it), language. */
export async function updateLearnerProfile(
  services: Services,
  learner: LearnerAuth,
  input: { firstname?: string; lastname?: string | null; locale?: 'fr' | 'en' },
) {
  const firstname = input.firstname?.trim();
  if (firstname === '') throw invalid({ firstname: [messages.required] });
  const [customer] = await services.db
    .update(customers)
    .set({
      ...(firstname !== undefined ? { firstname } : {}),
      ...(input.lastname !== undefined ? { lastname: input.lastname?.trim() || null } : {}),
      ...(input.locale !== undefined ? { locale: input.locale } : {}),
    })
    .where(eq(customers.id, learner.customer.id))
    .returning();
  return presentLearner(customer ?? learner.customer);
}
