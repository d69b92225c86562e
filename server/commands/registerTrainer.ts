import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { companies, perkCodes, stores, users, type SignupAttribution } from '../db/schema.js';
import { isDisposableEmail } from '../auth/disposableDomains.js';
import { hashPassword } from '../auth/passwords.js';
import { openSession } from '../auth/session.js';
import { conflict, invalid } from '../http/errors.js';
import { messages } from '../http/messages.js';
import type { Services } from '../services.js';
import { sendVerificationEmail } from './emailVerification.js';
import { presentUser } from '../presenters/user.js';
import { isReservedSubdomain } from './reservedSubdomains.js';
import { sponsorStoreIdOf } from './sponsorCode.js';
import { findUserByEmail } from './users.js';

export interface Registration {
  email: string;
  password: string;
  firstname: string;
  god_father?: string;
  locale?: 'fr' | 'en';
  attribution?: SignupAttribution;
  /** registerPerk: a partner's unused perk code puts the store on the PERK plan (single use). */
  perk_code?: string;
}

/** "Élodie" → "elodie-3f9a": readable, unique enough, and changeable later in settings. */
export function subdomainFor(firstname: string): string {
  const base =
    firstname
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'formation';
  const subdomain = `${base}-${randomBytes(2).toString('hex')}`;
  // A suffix keeps a first name from ever being a reserved name; should the list grow to hold one, draw again.
  return isReservedSubdomain(subdomain) ? subdomainFor('formation') : subdomain;
}

/**
 * Creates a store on the PERCENT plan (PERK with a valid perk code, claimed in the same transaction: two sign-ups
 * with one code, one wins and the other gets 422) with the new user as OWNER, mails the activation link, opens a session.
 */
export async function registerTrainer(services: Services, input: Registration) {
  const email = input.email.trim();
  const firstname = input.firstname.trim();
  if (!firstname) throw invalid({ firstname: [messages.required] });
  if (isDisposableEmail(email)) throw invalid({ email: [messages.disposableEmail] });
  if (await findUserByEmail(services, email)) {
    throw conflict(messages.emailTaken, { email: [messages.emailTaken] });
  }
  const passwordHash = await hashPassword(input.password);

  const sponsorStoreId = await sponsorStoreIdOf(services, input.god_father);
  const { user, store } = await services.db.transaction(async (tx) => {
    let store: typeof stores.$inferSelect | undefined;
    for (let attempt = 0; !store && attempt < 5; attempt++) {
      [store] = await tx
        .insert(stores)
        .values({
          subdomain: subdomainFor(firstname),
          plan: input.perk_code === undefined ? 'PERCENT' : 'PERK',
          godFather: input.god_father?.trim() || null,
          sponsorStoreId,
          signupAttribution: input.attribution && Object.keys(input.attribution).length ? input.attribution : null,
        })
        .onConflictDoNothing({ target: stores.subdomain })
        .returning();
    }
    if (!store) throw new Error('Could not find a free subdomain');
    if (input.perk_code !== undefined) {
      const claimed = await tx
        .update(perkCodes)
        .set({ usedByStoreId: store.id, usedAt: services.clock() })
        .where(and(eq(perkCodes.code, input.perk_code.trim().toUpperCase()), isNull(perkCodes.usedAt)))
        .returning({ code: perkCodes.code });
      if (!claimed.length) throw invalid({ perk_code: [messages.perkCodeUnknown] });
    }
    // A store has exactly one company (settings_company), empty until the owner fills it in.
    await tx.insert(companies).values({ storeId: store.id });
    const [user] = await tx
      .insert(users)
      .values({ storeId: store.id, email, passwordHash, firstname, role: 'OWNER', locale: input.locale ?? 'fr' })
      .onConflictDoNothing()
      .returning();
    // Two sign-ups racing with one address: the unique index decides, the loser gets the same 409.
    if (!user) throw conflict(messages.emailTaken, { email: [messages.emailTaken] });
    return { user, store };
  });

  await sendVerificationEmail(services, user);
  const session = await openSession(services, user.id, false);
  const now = services.clock();
  await services.db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
  // A new store has exactly one seat taken: its owner.
  return { token: session.token, expires_at: session.expiresAt.toISOString(), user: presentUser({ ...user, lastLoginAt: now }, store, 1) };
}
