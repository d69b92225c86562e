import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTraining, duplicateTraining } from '../../../server/commands/trainings/create';
import { getTraining } from '../../../server/commands/trainings/detail';
import { listTrainings } from '../../../server/commands/trainings/list';
import { deleteTraining } from '../../../server/commands/trainings/remove';
import { customers, customerTrainings, sales, stores } from '../../../server/db/schema';
import { HttpError } from '../../../server/http/errors';
import { testServices } from './testServices';

/*
 * What the API tests cannot set up: learners and sales have no API yet (checkout and the learner area come later),
 * so they are written straight into the database here.
 */
let env: Awaited<ReturnType<typeof testServices>>;
let storeId: string;
const url = new URL('http://app.test/api/v1/trainings');

beforeAll(async () => {
  env = await testServices();
  const [store] = await env.services.db.insert(stores).values({ subdomain: 'trainings-commands' }).returning();
  storeId = store!.id;
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
      { customerId: a, trainingId: training.uuid, customerType: 'STUDENT' },
      { customerId: b, trainingId: training.uuid, customerType: 'BLOCKED', blockedReason: 'BY_TEACHER' },
      { customerId: c, trainingId: training.uuid, customerType: 'ABANDONED_CART' },
    ]);
    expect((await getTraining(env.services, storeId, training.uuid)).customers_count).toBe(2);
    const page = await listTrainings(env.services, storeId, { page: 1, perPage: 20, url, search: 'Comptée' });
    expect(page.data.map((t) => t.customers_count)).toEqual([2]);

    // A copy starts without learners.
    const copy = await duplicateTraining(env.services, storeId, training.uuid);
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
