import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolLearners } from '../../../server/commands/trainingLearners/enrol';
import { addTrainingCustomer, listTrainingCustomers } from '../../../server/commands/trainingLearners/enrolments';
import { customerTrainings, customers, stores, trainings } from '../../../server/db/schema';
import { testServices } from './testServices';
import { learnerKeys } from '../../../server/db/learnerKeys';

/** Rules the API cannot reach on its own: expiry in the past, abandoned carts, seats taken by parallel imports. */
let env: Awaited<ReturnType<typeof testServices>>;
let storeId: string;
let storeRow: typeof stores.$inferSelect;
const page = { page: 1, perPage: 20, url: new URL('http://app.test/api/v1/x') };

beforeAll(async () => {
  env = await testServices();
  const [store] = await env.services.db.insert(stores).values({ subdomain: 'learners-test' }).returning();
  storeId = store!.id;
  storeRow = store!;
}, 60_000);
afterAll(() => env.close());

// Positions are unique per store (trainings_store_position_unique).
let position = 0;
async function training(extra: Partial<typeof trainings.$inferInsert> = {}) {
  const [row] = await env.services.db
    .insert(trainings)
    .values({ storeId, slug: `t-${Math.random().toString(36).slice(2)}`, name: 'Formation', position: position++, ...extra })
    .returning();
  return row!;
}

const learner = (n: number) => ({ email: `l${n}-${Math.random().toString(36).slice(2, 8)}@example.test`, firstname: `L${n}`, lastname: null });

describe('an access past its expiry', () => {
  it('reads BLOCKED / BY_EXPIRATION in the list and its filter, without a job rewriting the row', async () => {
    const t = await training();
    const [outcome] = await enrolLearners(env.services, t, [learner(1)], { bypassDrip: false, expiresAt: new Date('2026-11-22T10:00:00Z') });
    expect(outcome!.kind).toBe('enrolled');
    const before = await listTrainingCustomers(env.services, storeId, t.id, { type: 'STUDENT' }, page);
    expect(before.data.map((e) => [e.customer_type, e.blocked_reason])).toEqual([['STUDENT', null]]);

    env.advance(2 * 86_400_000); // the test clock passes the expiry
    const after = await listTrainingCustomers(env.services, storeId, t.id, {}, page);
    expect(after.data.map((e) => [e.customer_type, e.blocked_reason])).toEqual([['BLOCKED', 'BY_EXPIRATION']]);
    expect((await listTrainingCustomers(env.services, storeId, t.id, { type: 'BLOCKED' }, page)).meta.total).toBe(1);
    expect((await listTrainingCustomers(env.services, storeId, t.id, { type: 'STUDENT' }, page)).meta.total).toBe(0);
    const [row] = await env.services.db.select().from(customerTrainings).where(eq(customerTrainings.trainingId, t.id));
    expect(row!.customerType).toBe('STUDENT');
  });

  it("gets the training's access duration when the team gives no date", async () => {
    const t = await training({ accessDurationDays: 30 });
    const added = await addTrainingCustomer(env.services, storeRow, t.id, { email: learner(2).email, bypass_drip: false, send_email: true });
    expect(Date.parse(added.expires_at!) - env.services.clock().getTime()).toBe(30 * 86_400_000);
    const unlimited = await addTrainingCustomer(env.services, storeRow, t.id, { email: learner(3).email, expires_at: null, bypass_drip: false, send_email: true });
    expect(unlimited.expires_at).toBeNull();
  });
});

describe('enrolLearners', () => {
  it('turns an abandoned cart into an enrolment BY_TEACHER, without a new customer', async () => {
    const t = await training();
    const [customer] = await env.services.db.insert(customers).values({ storeId, email: 'panier@example.test' }).returning();
    await env.services.db.insert(customerTrainings).values({ ...learnerKeys(customer!.id), trainingId: t.id, customerType: 'ABANDONED_CART' });
    const [outcome] = await enrolLearners(env.services, t, [{ email: 'PANIER@example.test', firstname: 'P', lastname: null }], {
      bypassDrip: false,
      expiresAt: null,
    });
    expect(outcome).toMatchObject({ kind: 'enrolled', created: false, enrolment: { customerType: 'STUDENT', enrollmentType: 'BY_TEACHER' } });
  });

  it('never gives more seats than max_customers, even to imports running side by side', async () => {
    const t = await training({ maxCustomers: 5 });
    const batch = (from: number) => Array.from({ length: 4 }, (_, i) => learner(from + i));
    const results = await Promise.all([batch(10), batch(20), batch(30)].map((lines) => enrolLearners(env.services, t, lines, { bypassDrip: false, expiresAt: null })));
    const outcomes = results.flat();
    expect(outcomes.filter((o) => o.kind === 'enrolled')).toHaveLength(5);
    expect(outcomes.filter((o) => o.kind === 'full')).toHaveLength(7);
    // Abandoned carts hold no seat.
    const [cart] = await env.services.db.insert(customers).values({ storeId, email: 'panier2@example.test' }).returning();
    await env.services.db.insert(customerTrainings).values({ ...learnerKeys(cart!.id), trainingId: t.id, customerType: 'ABANDONED_CART' });
    expect((await listTrainingCustomers(env.services, storeId, t.id, {}, page)).meta.total).toBe(6);
  });
});
