import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { components } from '../../src/api/schema.gen.js';
import { checkCredentials } from '../auth/credentials.js';
import { hashPassword } from '../auth/passwords.js';
import { openSession, type AuthContext } from '../auth/session.js';
import { hashToken, newToken } from '../auth/tokens.js';
import type { Database } from '../db/client.js';
import { companies, notifications, sessions, stores, teamInvitations, trainingAuthors, users } from '../db/schema.js';
import { conflict, forbidden, HttpError, invalid, notFound } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { teamInvitationMail } from '../mail/templates.js';
import { assertMayGrantRole } from '../policies/team.js';
import type { Role } from '../policies/roles.js';
import { displayNameOf, presentUser, presentUserRef } from '../presenters/user.js';
import type { Services } from '../services.js';
import { findUserByEmail, findUserById, normaliseEmail } from './users.js';

type InvitationBody = components['schemas']['TeamInvitation'];
type InvitationRow = typeof teamInvitations.$inferSelect;
type InvitedRole = Exclude<Role, 'OWNER'>;

/** An invitation link works 7 days after its last sending (the contract's TeamInvitation.expires_at). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** At most one resend a minute per invitation. */
export const RESEND_INTERVAL_MS = 60 * 1000;

const ROLE_NAMES: Record<'fr' | 'en', Record<Role, string>> = {
  fr: { OWNER: 'Propriétaire', ADMIN: 'Administrateur', TEACHER: 'Formateur', ANALYST: 'Analyste', STAFF: 'Personnel' },
  en: { OWNER: 'Owner', ADMIN: 'Administrator', TEACHER: 'Teacher', ANALYST: 'Analyst', STAFF: 'Staff' },
};

export const invitationStatus = (row: Pick<InvitationRow, 'acceptedAt' | 'expiresAt'>, now: Date) =>
  row.acceptedAt ? ('ACCEPTED' as const) : row.expiresAt.getTime() <= now.getTime() ? ('EXPIRED' as const) : ('PENDING' as const);

const inviterColumns = { id: users.id, firstname: users.firstname, lastname: users.lastname, displayName: users.displayName, picture: users.picture };
type Inviter = { id: string; firstname: string; lastname: string | null; displayName: string | null; picture: string | null } | null;

function presentInvitation(row: InvitationRow, inviter: Inviter, now: Date): InvitationBody {
  return {
    uuid: row.id,
    email: row.email,
    role: row.role,
    status: invitationStatus(row, now),
    invited_by: inviter ? presentUserRef(inviter) : null,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}

/**
 * The store's seats (contract TeamSeats): additional + paid accounts, used by the members other than the OWNER
 * and by the pending invitations (`except` one being accepted, whose seat becomes its member's).
 */
export async function seatsOf(db: Database, store: { id: string; additionalUserAccounts: number; paidUserAccounts: number }, now: Date, except?: string) {
  const [members] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(and(eq(users.storeId, store.id), ne(users.role, 'OWNER')));
  const [pending] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.storeId, store.id),
        isNull(teamInvitations.acceptedAt),
        gt(teamInvitations.expiresAt, now),
        ...(except ? [ne(teamInvitations.id, except)] : []),
      ),
    );
  const total = store.additionalUserAccounts + store.paidUserAccounts;
  const used = (members?.n ?? 0) + (pending?.n ?? 0);
  return { total, used, left: Math.max(0, total - used) };
}

/** The store row locked for the transaction: seat decisions of one store are taken one at a time. */
async function lockedStore(tx: Database, storeId: string) {
  const [store] = await tx.select().from(stores).where(eq(stores.id, storeId)).for('update');
  if (!store) throw notFound();
  return store;
}

const noSeat = () => forbidden(messages.noSeatLeft, 'PLAN_REQUIRED');

async function schoolName(services: Services, store: { id: string; subdomain: string }) {
  const [company] = await services.db.select({ name: companies.name }).from(companies).where(eq(companies.storeId, store.id));
  return company?.name?.trim() || store.subdomain;
}

async function mailInvitation(services: Services, auth: AuthContext, email: string, role: Role, token: string) {
  const url = `${services.config.appUrl}/inscription/invitation?${new URLSearchParams({ token })}`;
  const locale = auth.user.locale;
  await services.mailer.send(email, teamInvitationMail(locale, displayNameOf(auth.user), await schoolName(services, auth.store), ROLE_NAMES[locale][role], url));
}

/** GET /users/invitations: the open invitations (pending and expired), newest first, and the seats. */
export async function listTeamInvitations(services: Services, store: AuthContext['store']) {
  const now = services.clock();
  const rows = await services.db
    .select({ invitation: teamInvitations, inviter: inviterColumns })
    .from(teamInvitations)
    .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
    .where(and(eq(teamInvitations.storeId, store.id), isNull(teamInvitations.acceptedAt)))
    .orderBy(desc(teamInvitations.createdAt), desc(teamInvitations.id));
  return { data: rows.map((r) => presentInvitation(r.invitation, r.inviter, now)), seats: await seatsOf(services.db, store, now) };
}

/** An open (not accepted) invitation of the caller's store; another store's, an accepted one or none: 404. */
async function openInvitation(db: Database, storeId: string, uuid: string, lock = false) {
  const query = db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.id, uuid), eq(teamInvitations.storeId, storeId), isNull(teamInvitations.acceptedAt)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

async function inviterOf(services: Services, row: InvitationRow): Promise<Inviter> {
  if (!row.invitedBy) return null;
  const [inviter] = await services.db.select(inviterColumns).from(users).where(eq(users.id, row.invitedBy));
  return inviter ?? null;
}

/**
 * POST /users/invitations. Under the store's lock: the address is not a member nor already invited, and a seat
 * is free (a pending invitation holds one, so racing invitations for the last seat give one 201). Mailed after.
 */
export async function createTeamInvitation(services: Services, auth: AuthContext, input: { email: string; role: InvitedRole }) {
  assertMayGrantRole(auth.user, input.role);
  const email = normaliseEmail(input.email);
  const token = newToken();
  const now = services.clock();
  const row = await services.db.transaction(async (tx) => {
    const store = await lockedStore(tx, auth.store.id);
    const [member] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.storeId, store.id), eq(sql`lower(${users.email})`, email)));
    if (member) throw conflict(messages.alreadyTeamMember, { email: [messages.alreadyTeamMember] });
    const [invited] = await tx
      .select({ id: teamInvitations.id })
      .from(teamInvitations)
      .where(and(eq(teamInvitations.storeId, store.id), eq(sql`lower(${teamInvitations.email})`, email), isNull(teamInvitations.acceptedAt)));
    if (invited) throw conflict(messages.alreadyInvited, { email: [messages.alreadyInvited] });
    if ((await seatsOf(tx, store, now)).left <= 0) throw noSeat();
    const [created] = await tx
      .insert(teamInvitations)
      .values({
        storeId: store.id,
        email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: auth.user.id,
        sentAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
        createdAt: now,
      })
      .returning();
    return created!;
  });
  await mailInvitation(services, auth, email, row.role, token);
  return presentInvitation(row, auth.user, now);
}

/** PUT /users/invitations/{uuid}: another role for an open invitation; the link keeps working. */
export async function updateTeamInvitation(services: Services, auth: AuthContext, uuid: string, input: { role: InvitedRole }) {
  const row = await openInvitation(services.db, auth.store.id, uuid);
  assertMayGrantRole(auth.user, input.role);
  const [updated] = await services.db.update(teamInvitations).set({ role: input.role }).where(eq(teamInvitations.id, row.id)).returning();
  return presentInvitation(updated!, await inviterOf(services, updated!), services.clock());
}

/** DELETE /users/invitations/{uuid}: the link dies and the seat is freed. */
export async function deleteTeamInvitation(services: Services, auth: AuthContext, uuid: string) {
  const row = await openInvitation(services.db, auth.store.id, uuid);
  await services.db.delete(teamInvitations).where(and(eq(teamInvitations.id, row.id), isNull(teamInvitations.acceptedAt)));
}

/**
 * POST /users/invitations/{uuid}/resend: a new link (the old one dies) valid 7 days more. Once a minute at most;
 * an expired invitation takes a seat again, so it needs a free one.
 */
export async function resendTeamInvitation(services: Services, auth: AuthContext, uuid: string) {
  const token = newToken();
  const now = services.clock();
  const row = await services.db.transaction(async (tx) => {
    const store = await lockedStore(tx, auth.store.id);
    const current = await openInvitation(tx, store.id, uuid, true);
    const wait = current.sentAt.getTime() + RESEND_INTERVAL_MS - now.getTime();
    if (wait > 0) {
      throw new HttpError(429, 'TOO_MANY_REQUESTS', messages.invitationResentRecently, undefined, { 'retry-after': String(Math.ceil(wait / 1000)) });
    }
    if (invitationStatus(current, now) === 'EXPIRED' && (await seatsOf(tx, store, now)).left <= 0) throw noSeat();
    const [updated] = await tx
      .update(teamInvitations)
      .set({ tokenHash: hashToken(token), sentAt: now, expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) })
      .where(eq(teamInvitations.id, current.id))
      .returning();
    return updated!;
  });
  await mailInvitation(services, auth, row.email, row.role, token);
  return presentInvitation(row, await inviterOf(services, row), now);
}

const invalidLink = () => invalid({ token: [messages.invitationLinkInvalid] }, undefined, 'INVALID_TOKEN');

async function invitationByToken(db: Database, token: string) {
  const [row] = await db.select().from(teamInvitations).where(eq(teamInvitations.tokenHash, hashToken(token)));
  return row;
}

/** GET /users/invitations/accept?token: what the link offers, even used or expired; an unknown token 422. */
export async function getTeamInvitationByToken(services: Services, token: string) {
  const row = await invitationByToken(services.db, token);
  if (!row) throw invalidLink();
  const [store] = await services.db.select({ id: stores.id, subdomain: stores.subdomain }).from(stores).where(eq(stores.id, row.storeId));
  if (!store) throw invalidLink();
  const inviter = await inviterOf(services, row);
  return {
    email: row.email,
    role: row.role,
    status: invitationStatus(row, services.clock()),
    school: { subdomain: store.subdomain, name: await schoolName(services, store) },
    invited_by: inviter ? presentUserRef(inviter) : null,
    expires_at: row.expiresAt.toISOString(),
    account_exists: Boolean(await findUserByEmail(services, row.email)),
  };
}

export interface Acceptance {
  token: string;
  password: string;
  firstname?: string;
  lastname?: string;
  locale?: 'fr' | 'en';
}

/**
 * POST /users/invitations/accept. A new account (first name required), or the invited address's existing account
 * proven by its password (throttled like a sign-in) and moved to this store; never the OWNER of another store.
 * The token is claimed under the store's lock, so it works once even when sent twice at the same time.
 */
export async function acceptTeamInvitation(services: Services, input: Acceptance, ip: string) {
  const now = services.clock();
  const found = await invitationByToken(services.db, input.token);
  if (!found || invitationStatus(found, now) !== 'PENDING') throw invalidLink();
  const existing = await findUserByEmail(services, found.email);
  let passwordHash: string | null = null;
  if (existing) {
    if (existing.user.storeId === found.storeId) throw conflict(messages.alreadyTeamMember);
    if (existing.user.role === 'OWNER') throw conflict(messages.ownerOfAnotherStore, { email: [messages.ownerOfAnotherStore] });
    await checkCredentials(
      services,
      { account: `account:${normaliseEmail(found.email)}`, address: `ip:${ip}` },
      async () => ({ passwordHash: existing.user.passwordHash }),
      input.password,
    );
  } else {
    if (!input.firstname?.trim()) throw invalid({ firstname: [messages.required] });
    passwordHash = await hashPassword(input.password);
  }

  const { userId } = await services.db.transaction(async (tx) => {
    const store = await lockedStore(tx, found.storeId);
    const [invitation] = await tx
      .select()
      .from(teamInvitations)
      .where(and(eq(teamInvitations.id, found.id), eq(teamInvitations.tokenHash, found.tokenHash), isNull(teamInvitations.acceptedAt), gt(teamInvitations.expiresAt, now)))
      .for('update');
    if (!invitation) throw invalidLink();
    const seats = await seatsOf(tx, store, now, invitation.id);
    if (seats.left <= 0) throw noSeat();
    await tx.update(teamInvitations).set({ acceptedAt: now }).where(eq(teamInvitations.id, invitation.id));
    if (existing) {
      // The account leaves its former team: its sessions, credits and notifications there go with it.
      const userId = existing.user.id;
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      await tx.delete(trainingAuthors).where(eq(trainingAuthors.userId, userId));
      await tx.delete(notifications).where(eq(notifications.userId, userId));
      await tx
        .update(users)
        .set({ storeId: store.id, role: invitation.role, emailVerifiedAt: existing.user.emailVerifiedAt ?? now })
        .where(eq(users.id, userId));
      return { userId, store };
    }
    const [created] = await tx
      .insert(users)
      .values({
        storeId: store.id,
        email: invitation.email,
        passwordHash: passwordHash!,
        firstname: input.firstname!.trim(),
        lastname: input.lastname?.trim() || null,
        role: invitation.role,
        locale: input.locale ?? 'fr',
        emailVerifiedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    // Someone signed up with this address meanwhile: the unique index decides.
    if (!created) throw conflict(messages.emailTaken, { email: [messages.emailTaken] });
    return { userId: created.id, store };
  });

  const session = await openSession(services, userId, false);
  await services.db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId));
  const row = await findUserById(services, userId);
  return { token: session.token, expires_at: session.expiresAt.toISOString(), user: presentUser(row!.user, row!.store, row!.userAccountCount) };
}
