import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../../server/auth/session';
import { createTraining, duplicateTraining } from '../../../server/commands/trainings/create';
import { getTraining } from '../../../server/commands/trainings/detail';
import { listTrainings } from '../../../server/commands/trainings/list';
import { deleteTraining } from '../../../server/commands/trainings/remove';
import { customers, customerTrainings, sales, stores, trainingItems, trainings, users } from '../../../server/db/schema';
import { HttpError } from '../../../server/http/errors';
import { testServices } from './testServices';
import { learnerKeys } from '../../../server/db/learnerKeys';

/*
 * What the API tests cannot set up: learners and sales have no API yet (checkout and the learner area come later),
 * so they are written straight into the database here.
 */
let env: Awaited<ReturnType<typeof testServices>>;
let storeId: string;
/** The owner of that store, which is on PERCENT (the default plan): no TASKS, ASSIGNMENT or SCORM items. */
let owner: AuthContext;
const url = new URL('http://app.test/api/v1/trainings');

async function member(store: typeof stores.$inferSelect, email: string, isAdmin = false): Promise<AuthContext> {
  const [user] = await env.services.db
    .insert(users)
    .values({ storeId: store.id, email, passwordHash: 'x', firstname: 'Test', role: 'OWNER', isAdmin })
    .returning();
  return { store, user: user!, sessionId: 'unit' };
}

beforeAll(async () => {
  env = await testServices();
  const [store] = await env.services.db.insert(stores).values({ subdomain: 'trainings-commands' }).returning();
  storeId = store!.id;
  owner = await member(store!, 'owner@trainings-commands.test');
}, 60_000);
afterAll(() => env.close());

async function learner(email: string) {
  const [row] = await env.services.db.insert(customers).values({ storeId, email }).returning();
  return row!.id;
}

describe('customers_count', () => {
  it('counts enrolled and blocked learners but not abandoned carts, the same in the list and in the training', async () => {
    const training = await createTraining(env.services, storeId, { name: 'Comptée' });
    const [a, b, c] = [await learner('a@learner.test'), await learner('b@learner.test'), await learner('c@learner.test')];
    await env.services.db.insert(customerTrainings).values([
      { ...learnerKeys(a), trainingId: training.uuid, customerType: 'STUDENT' },
      { ...learnerKeys(b), trainingId: training.uuid, customerType: 'BLOCKED', blockedReason: 'BY_TEACHER' },
      { ...learnerKeys(c), trainingId: training.uuid, customerType: 'ABANDONED_CART' },
    ]);
    expect((await getTraining(env.services, storeId, training.uuid)).customers_count).toBe(2);
    const page = await listTrainings(env.services, storeId, { page: 1, perPage: 20, url, search: 'Comptée' });
    expect(page.data.map((t) => t.customers_count)).toEqual([2]);

    // A copy starts without learners.
    const copy = await duplicateTraining(env.services, owner, training.uuid);
    expect(copy.customers_count).toBe(0);
  });
});

describe('deleteTraining', () => {
  async function sale(trainingId: string, status: (typeof sales.$inferInsert)['status']) {
    const customerId = await learner(`${status.toLowerCase()}-${trainingId.slice(0, 8)}@learner.test`);
    await env.services.db.insert(sales).values({ storeId, customerId, trainingId, amount: 49, paymentMethod: 'card', status });
  }

  it.each(['PAID', 'IN_PROGRESS', 'INCOMING'] as const)('refuses with 409 once a customer has paid (%s sale)', async (status) => {
    const training = await createTraining(env.services, storeId, { name: `Vendue ${status}` });
    await sale(training.uuid, status);
    const failure = await deleteTraining(env.services, storeId, training.uuid).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).status).toBe(409);
    expect((await getTraining(env.services, storeId, training.uuid)).uuid).toBe(training.uuid);
  });

  it('deletes a training whose sales were abandoned or failed', async () => {
    const training = await createTraining(env.services, storeId, { name: 'Jamais payée' });
    await sale(training.uuid, 'ABANDONED');
    await sale(training.uuid, 'FAILED');
    await deleteTraining(env.services, storeId, training.uuid);
    const failure = await getTraining(env.services, storeId, training.uuid).catch((e: unknown) => e);
    expect((failure as HttpError).status).toBe(404);
  });
});

describe('duplicateTraining and the plan', () => {
  /** A training of the PERCENT store whose chapter holds `types`, written straight into the database as if built on a higher plan. */
  async function trainingHolding(name: string, types: (typeof trainingItems.$inferInsert)['type'][]) {
    const training = await createTraining(env.services, storeId, { name });
    const [section] = await env.services.db.insert(trainingItems).values({ trainingId: training.uuid, type: 'SECTION', name: 'Chapitre' }).returning();
    await env.services.db
      .insert(trainingItems)
      .values(types.map((type, position) => ({ trainingId: training.uuid, type, name: type, parentId: section!.id, position })));
    return training;
  }
  const storeTrainings = () => env.services.db.select({ id: trainings.id, position: trainings.position }).from(trainings).where(eq(trainings.storeId, storeId));

  it('refuses (403 PLAN_REQUIRED) to copy an outline holding a type the plan lacks, and writes nothing', async () => {
    // Built on PERK or higher, then the store moved down to PERCENT: it keeps its tasks but cannot multiply them.
    const training = await trainingHolding('Avec tâches', ['GENERIC', 'TASKS']);
    const before = await storeTrainings();
    const failure = await duplicateTraining(env.services, owner, training.uuid).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(HttpError);
    expect([(failure as HttpError).status, (failure as HttpError).code]).toEqual([403, 'PLAN_REQUIRED']);
    expect(await storeTrainings()).toEqual(before);
  });

  it('copies an outline whose types the plan includes', async () => {
    const training = await trainingHolding('Sans tâches', ['GENERIC', 'VIDEO', 'QUIZ']);
    const copy = await duplicateTraining(env.services, owner, training.uuid);
    expect(copy.items.flatMap((section) => [section.type, ...section.children.map((child) => child.type)])).toEqual(['SECTION', 'GENERIC', 'VIDEO', 'QUIZ']);
  });

  it('lets a platform admin copy any outline, as plan checks do elsewhere', async () => {
    const training = await trainingHolding('Tout type', ['TASKS', 'ASSIGNMENT', 'SCORM']);
    const [store] = await env.services.db.select().from(stores).where(eq(stores.id, storeId));
    const platform = await member(store!, 'platform@trainings-commands.test', true);
    const copy = await duplicateTraining(env.services, platform, training.uuid);
    expect(copy.items[0]?.children.map((child) => child.type)).toEqual(['TASKS', 'ASSIGNMENT', 'SCORM']);
  });
});
