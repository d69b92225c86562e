import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { buildApp } from '../../server/app';
import { hashPassword } from '../../server/auth/passwords';
import { customers, stores, users } from '../../server/db/schema';
import { DEMO_IDS, seedDemo } from '../../server/db/seed';
import { demoStore, inject } from '../support/paymentsFixtures';
import { testServices } from '../unit/server/testServices';
import { expectContract } from './client';

/**
 * The community (#13) in-process over its own seeded database: the tests set plans and flags the API does not
 * expose (a second store on EXPERT, the community off) and move the clock for scheduled posts.
 */
export async function communityApp() {
  const env = await testServices();
  await seedDemo(env.services.db);
  const app = await buildApp(env.services, { logger: Boolean(process.env.COMMUNITY_LOG) });
  const db = env.services.db;
  const demo = await demoStore(db);

  /** One call, whose answer must be one the contract declares for the operation. */
  const op = async (operationId: string, method: string, path: string, token?: string, body?: unknown) => {
    const answer = await inject(app, method, path, { token, body });
    expectContract(operationId, answer);
    return answer;
  };
  const login = async (email: string) => {
    const answer = await inject(app, 'POST', '/login', { body: { email, password: 'demo-password' } });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.token as string;
  };
  const learnerLogin = async (subdomain: string, email: string, password = 'demo-password') => {
    const answer = await inject(app, 'POST', `/school/stores/${subdomain}/login`, { body: { email, password } });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.token as string;
  };
  /** A new learner account of a school (registerLearner); auto-add spaces take them in. */
  const newLearner = async (subdomain: string, firstname = 'Inès') => {
    const email = `learner-${randomUUID().slice(0, 8)}@example.test`;
    const answer = await inject(app, 'POST', `/school/stores/${subdomain}/register`, { body: { email, password: 'learner-password-1', firstname } });
    expect(answer.status, answer.text).toBe(201);
    return { email, token: answer.body.token as string, uuid: answer.body.learner.uuid as string };
  };
  /** A second store with its owner, on `plan`, community on: another store's ids must not exist for the demo's people. */
  const otherStore = async (plan: 'PERCENT' | 'PRO' | 'EXPERT' = 'EXPERT') => {
    const subdomain = `other-${randomUUID().slice(0, 8)}`;
    const [store] = await db.insert(stores).values({ subdomain, plan, communityEnabled: true }).returning();
    const email = `${subdomain}@example.test`;
    await db.insert(users).values({ storeId: store!.id, email, passwordHash: await hashPassword('demo-password'), firstname: 'Oscar', role: 'OWNER' });
    return { store: store!, subdomain, token: await login(email) };
  };
  /** The demo team's tokens, one per role, and the platform admin's (an ADMIN of the demo store). */
  const teamTokens = async () => {
    const [owner, admin, teacher, analyst, platform] = await Promise.all(['owner', 'admin', 'teacher', 'analyst', 'platform'].map((n) => login(`${n}@demo.test`)));
    return { owner: owner!, admin: admin!, teacher: teacher!, analyst: analyst!, platform: platform! };
  };
  const setStore = (values: Partial<typeof stores.$inferInsert>, storeId = demo.id) => db.update(stores).set(values).where(eq(stores.id, storeId));
  const learnerEmail = async (id: string) => (await db.select().from(customers).where(eq(customers.id, id)))[0]!.email;

  return {
    env,
    app,
    db,
    demo,
    op,
    login,
    teamTokens,
    learnerLogin,
    newLearner,
    otherStore,
    setStore,
    learnerEmail,
    ids: DEMO_IDS,
    close: async () => {
      await app.close();
      await env.close();
    },
  };
}

export type CommunityApp = Awaited<ReturnType<typeof communityApp>>;
