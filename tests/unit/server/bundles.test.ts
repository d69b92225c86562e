import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { openSession } from '../../../server/auth/session';
import { createBundle } from '../../../server/commands/bundles/create';
import { presentOneBundle } from '../../../server/commands/bundles/load';
import { addBundleTraining, removeBundleTraining, reorderBundleTrainings } from '../../../server/commands/bundles/trainings';
import { deleteBundle } from '../../../server/commands/bundles/update';
import { bundleOf } from '../../../server/commands/catalogue/scope';
import { DEMO_IDS, seedDemo } from '../../../server/db/seed';
import { seedBundles } from '../../../server/db/seedBundles';
import { bundleTrainings, bundles, customers, sales, stores, trainings, users } from '../../../server/db/schema';
import { HttpError } from '../../../server/http/errors';
import { testServices } from './testServices';

/**
 * Bundle rules the API tests cannot reach yet: sales (written by checkout, a later issue), positions kept
 * 0…n-1, the STAFF role (no demo account has it), and the demo seed.
 */
let env: Awaited<ReturnType<typeof testServices>>;
let app: FastifyInstance;
let storeId: string;
beforeAll(async () => {
  env = await testServices();
  app = await buildApp(env.services, { logger: false });
  const [store] = await env.services.db.insert(stores).values({ subdomain: 'bundles-test' }).returning();
  storeId = store!.id;
  // Migrating an in-memory PGlite takes seconds on a busy machine.
}, 60_000);
afterAll(async () => {
  await app.close();
  await env.close();
});

let seq = 0;
async function training() {
  const [row] = await env.services.db
    .insert(trainings)
    .values({ storeId, name: `Formation ${++seq}`, slug: `formation-${seq}`, position: seq })
    .returning();
  return row!.id;
}
async function customer() {
  const [row] = await env.services.db.insert(customers).values({ storeId, email: `client-${++seq}@example.test` }).returning();
  return row!.id;
}
const sale = (bundleId: string, customerId: string, status: (typeof sales.$inferInsert)['status']) =>
  env.services.db.insert(sales).values({ storeId, customerId, bundleId, amount: 99, paymentMethod: 'CARD', status });

/** A command's deliberate failure: an HttpError of that status. */
const failsWith = (promise: Promise<unknown>, status: number) => expect(promise).rejects.toSatisfy((e) => e instanceof HttpError && e.status === status);

describe('customers_count and deletion', () => {
  it('counts distinct customers who bought or are paying, not abandoned or failed carts', async () => {
    const bundle = await createBundle(env.services, storeId, { name: 'Pack vendu' });
    const other = await createBundle(env.services, storeId, { name: 'Pack voisin' });
    const [ana, ben, chloe, dan] = [await customer(), await customer(), await customer(), await customer()];
    await sale(bundle.uuid, ana, 'PAID');
    await sale(bundle.uuid, ana, 'PAID');
    await sale(bundle.uuid, ben, 'IN_PROGRESS');
    await sale(bundle.uuid, chloe, 'ABANDONED');
    await sale(bundle.uuid, dan, 'FAILED');
    await sale(other.uuid, dan, 'PAID');
    const row = await bundleOf(env.services, storeId, bundle.uuid);
    expect((await presentOneBundle(env.services, row)).customers_count).toBe(2);
  });

  it('refuses to delete a bundle someone bought (409), deletes one with only abandoned carts', async () => {
    const bought = await createBundle(env.services, storeId, { name: 'Pack acheté' });
    await sale(bought.uuid, await customer(), 'PAID');
    await failsWith(deleteBundle(env.services, storeId, bought.uuid), 409);
    expect(await bundleOf(env.services, storeId, bought.uuid)).toBeTruthy();

    const abandoned = await createBundle(env.services, storeId, { name: 'Pack abandonné' });
    await sale(abandoned.uuid, await customer(), 'ABANDONED');
    await deleteBundle(env.services, storeId, abandoned.uuid);
    await failsWith(bundleOf(env.services, storeId, abandoned.uuid), 404);
    // The abandoned cart stays in the sales history, no longer pointing at the bundle.
    const orphans = await env.services.db.select().from(sales).where(eq(sales.status, 'ABANDONED'));
    expect(orphans.some((s) => s.bundleId === null)).toBe(true);
  });
});

describe('positions of a bundle’s trainings', () => {
  const positions = async (bundleId: string) =>
    (
      await env.services.db
        .select({ id: bundleTrainings.trainingId, position: bundleTrainings.position })
        .from(bundleTrainings)
        .where(eq(bundleTrainings.bundleId, bundleId))
        .orderBy(asc(bundleTrainings.position))
    ).map((row) => [row.id, row.position]);

  it('stay 0…n-1 through creation, removal, addition and reordering', async () => {
    const [a, b, c, d] = [await training(), await training(), await training(), await training()];
    const bundle = await createBundle(env.services, storeId, { name: 'Pack ordonné', training_uuids: [a, b, c] });
    expect(await positions(bundle.uuid)).toEqual([
      [a, 0],
      [b, 1],
      [c, 2],
    ]);
    await removeBundleTraining(env.services, storeId, bundle.uuid, a);
    expect(await positions(bundle.uuid)).toEqual([
      [b, 0],
      [c, 1],
    ]);
    await addBundleTraining(env.services, storeId, bundle.uuid, d);
    await reorderBundleTrainings(env.services, storeId, bundle.uuid, [d, c, b]);
    expect(await positions(bundle.uuid)).toEqual([
      [d, 0],
      [c, 1],
      [b, 2],
    ]);
  });

  it('concurrent additions to one bundle take distinct places', async () => {
    const bundle = await createBundle(env.services, storeId, { name: 'Pack concurrent' });
    const ids = [await training(), await training(), await training(), await training()];
    await Promise.all(ids.map((id) => addBundleTraining(env.services, storeId, bundle.uuid, id)));
    expect((await positions(bundle.uuid)).map(([, position]) => position)).toEqual([0, 1, 2, 3]);
  });

  it('a full bundle (100 trainings) refuses another one (409)', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 101; i++) ids.push(await training());
    const bundle = await createBundle(env.services, storeId, { name: 'Pack plein', training_uuids: ids.slice(0, 100) });
    expect(bundle.trainings).toHaveLength(100);
    await failsWith(addBundleTraining(env.services, storeId, bundle.uuid, ids[100]!), 409);
  });
});

describe('the STAFF role', () => {
  it('reads bundles and changes nothing (403)', async () => {
    const [staff] = await env.services.db
      .insert(users)
      .values({ storeId, email: 'staff@bundles.test', passwordHash: 'x', firstname: 'Sam', role: 'STAFF' })
      .returning();
    const { token } = await openSession(env.services, staff!.id, false);
    const headers = { authorization: `Bearer ${token}` };
    const bundle = await createBundle(env.services, storeId, { name: 'Pack lu' });
    const read = await Promise.all(
      ['/api/v1/bundles', '/api/v1/bundles/count', `/api/v1/bundles/${bundle.uuid}`].map((url) => app.inject({ method: 'GET', url, headers })),
    );
    expect(read.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const writes = await Promise.all([
      app.inject({ method: 'POST', url: '/api/v1/bundles', headers, payload: { name: 'Pack' } }),
      app.inject({ method: 'PUT', url: `/api/v1/bundles/${bundle.uuid}`, headers, payload: { name: 'Pack' } }),
      app.inject({ method: 'DELETE', url: `/api/v1/bundles/${bundle.uuid}`, headers }),
      app.inject({ method: 'POST', url: '/api/v1/bundles/order', headers, payload: { bundle_uuids: [bundle.uuid] } }),
      app.inject({ method: 'POST', url: `/api/v1/bundles/${bundle.uuid}/payment_schedules`, headers, payload: { type: 'ONE_TIME', price: 1 } }),
    ]);
    expect(writes.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
  });
});

describe('demo seed', () => {
  it('seeds a published pack of two demo trainings with a one-time price, and a draft after it', { timeout: 60_000 }, async () => {
    const demo = await testServices();
    try {
      await seedDemo(demo.services.db);
      const [store] = await demo.services.db.select().from(stores).where(eq(stores.subdomain, 'demo'));
      const rows = await demo.services.db.select().from(bundles).where(eq(bundles.storeId, store!.id)).orderBy(asc(bundles.order));
      expect(rows.map((r) => [r.status, r.order])).toEqual([
        ['PUBLISHED', 0],
        ['DRAFT', 1],
      ]);
      const pack = await presentOneBundle(demo.services, rows[0]!);
      expect(pack.trainings.map((t) => t.uuid)).toEqual([DEMO_IDS.trainings.photo, DEMO_IDS.trainings.light]);
      expect(pack.payment_schedules).toMatchObject([{ type: 'ONE_TIME', price: 199 }]);
      expect(pack.price).toBe(199);
    } finally {
      await demo.close();
    }
  });

  it('skips quietly a store without the demo trainings', async () => {
    const [store] = await env.services.db.insert(stores).values({ subdomain: 'no-catalogue' }).returning();
    await seedBundles(env.services.db, { storeId: store!.id, trainingIds: DEMO_IDS.trainings, now: new Date() });
    expect(await env.services.db.select().from(bundles).where(eq(bundles.storeId, store!.id))).toEqual([]);
  });
});
