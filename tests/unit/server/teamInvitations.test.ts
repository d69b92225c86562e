import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../server/auth/passwords';
import type { AuthContext } from '../../../server/auth/session';
import {
  INVITATION_TTL_MS,
  RESEND_INTERVAL_MS,
  acceptTeamInvitation,
  createTeamInvitation,
  getTeamInvitationByToken,
  listTeamInvitations,
  resendTeamInvitation,
} from '../../../server/commands/teamInvitations';
import { sessions, stores, trainingAuthors, trainings, users } from '../../../server/db/schema';
import { HttpError } from '../../../server/http/errors';
import { testServices } from './testServices';

/** Invitation lifetimes and existing accounts, with a clock the test moves (the API tests cannot wait 7 days). */
let env: Awaited<ReturnType<typeof testServices>>;
let auth: AuthContext;
let seq = 0;
const PASSWORD = 'unit-password-1';

async function newStore(seats: number) {
  const [store] = await env.services.db.insert(stores).values({ subdomain: `team-${++seq}`, paidUserAccounts: seats }).returning();
  const [owner] = await env.services.db
    .insert(users)
    .values({ storeId: store!.id, email: `owner-${seq}@example.test`, passwordHash: 'x', firstname: 'Olga', role: 'OWNER' })
    .returning();
  return { user: owner!, store: store!, sessionId: 'unit' } satisfies AuthContext;
}

/** The token of the last mail sent to `email`. */
const tokenOf = (email: string) => {
  const mail = env.sent.filter((m) => m.to === email).at(-1);
  expect(mail?.mail.template).toBe('TEAM_INVITATION');
  return new URL(/(https?:\/\/\S+)/.exec(mail!.mail.text)![1]!).searchParams.get('token')!;
};

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a failure');
};

beforeAll(async () => {
  env = await testServices();
  auth = await newStore(5);
});
afterAll(() => env.close());

describe('invitation lifetime', () => {
  it('expires after 7 days: the link is refused, the invitation reads EXPIRED and frees its seat', async () => {
    const email = `late-${++seq}@example.test`;
    await createTeamInvitation(env.services, auth, { email, role: 'TEACHER' });
    const token = tokenOf(email);
    const before = (await listTeamInvitations(env.services, auth.store)).seats;
    env.advance(INVITATION_TTL_MS);
    expect((await getTeamInvitationByToken(env.services, token)).status).toBe('EXPIRED');
    const refused = await failure(acceptTeamInvitation(env.services, { token, firstname: 'Léo', password: PASSWORD }, '127.0.0.1'));
    expect([refused.status, refused.code]).toEqual([422, 'INVALID_TOKEN']);
    expect((await listTeamInvitations(env.services, auth.store)).seats.used).toBe(before.used - 1);
  });

  it('resends after a minute with a new link valid 7 more days; the old link dies', async () => {
    const email = `resend-${++seq}@example.test`;
    const invitation = await createTeamInvitation(env.services, auth, { email, role: 'STAFF' });
    const first = tokenOf(email);
    expect((await failure(resendTeamInvitation(env.services, auth, invitation.uuid))).status).toBe(429);
    env.advance(RESEND_INTERVAL_MS);
    const resent = await resendTeamInvitation(env.services, auth, invitation.uuid);
    expect(new Date(resent.expires_at).getTime() - new Date(resent.sent_at).getTime()).toBe(INVITATION_TTL_MS);
    expect(new Date(resent.sent_at).getTime()).toBe(env.services.clock().getTime());
    const second = tokenOf(email);
    expect(second).not.toBe(first);
    expect((await failure(getTeamInvitationByToken(env.services, first))).code).toBe('INVALID_TOKEN');
    const session = await acceptTeamInvitation(env.services, { token: second, firstname: 'Sam', password: PASSWORD }, '127.0.0.1');
    expect(session.user).toMatchObject({ email, role: 'STAFF' });
  });

  it('resending an expired invitation needs a free seat again', async () => {
    const small = await newStore(1);
    const email = `expired-${++seq}@example.test`;
    const invitation = await createTeamInvitation(env.services, small, { email, role: 'TEACHER' });
    env.advance(INVITATION_TTL_MS);
    // Its seat was freed by the expiry and given to another invitation.
    await createTeamInvitation(env.services, small, { email: `other-${seq}@example.test`, role: 'TEACHER' });
    const refused = await failure(resendTeamInvitation(env.services, small, invitation.uuid));
    expect([refused.status, refused.code]).toEqual([403, 'PLAN_REQUIRED']);
  });
});

describe('accepting with an existing account', () => {
  it("moves a member of another team with its password; its sessions and credits there go", async () => {
    const previous = await newStore(2);
    const email = `mover-${++seq}@example.test`;
    const [member] = await env.services.db
      .insert(users)
      .values({ storeId: previous.store.id, email, passwordHash: await hashPassword(PASSWORD), firstname: 'Max', role: 'ADMIN' })
      .returning();
    const [training] = await env.services.db.insert(trainings).values({ storeId: previous.store.id, name: 'Ancienne', slug: `ancienne-${seq}` }).returning();
    await env.services.db.insert(trainingAuthors).values({ trainingId: training!.id, userId: member!.id });
    await env.services.db.insert(sessions).values({ userId: member!.id, tokenHash: `old-${seq}`, expiresAt: new Date('2030-01-01') });

    await createTeamInvitation(env.services, auth, { email, role: 'ANALYST' });
    const token = tokenOf(email);
    expect((await getTeamInvitationByToken(env.services, token)).account_exists).toBe(true);
    const wrong = await failure(acceptTeamInvitation(env.services, { token, password: 'not-the-password' }, '127.0.0.1'));
    expect(wrong.status).toBe(422);
    const session = await acceptTeamInvitation(env.services, { token, password: PASSWORD, firstname: 'Ignoré' }, '127.0.0.1');
    expect(session.user).toMatchObject({ uuid: member!.id, firstname: 'Max', role: 'ANALYST', store: { uuid: auth.store.id } });
    expect(await env.services.db.select().from(trainingAuthors).where(eq(trainingAuthors.userId, member!.id))).toEqual([]);
    expect(await env.services.db.select().from(sessions).where(eq(sessions.tokenHash, `old-${seq}`))).toEqual([]);
    // The former store keeps its training; only the member left.
    expect(await env.services.db.select({ id: trainings.id }).from(trainings).where(eq(trainings.storeId, previous.store.id))).toHaveLength(1);
  });
});
