import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSession, type AuthContext } from '../../../server/auth/session';
import { registerTrainer } from '../../../server/commands/registerTrainer';
import { createTraining, duplicateTraining } from '../../../server/commands/trainings/create';
import { reorderTrainings } from '../../../server/commands/trainings/list';
import { trainings } from '../../../server/db/schema';
import type { Services } from '../../../server/services';
import { testServices } from './testServices';

/** Positions on PGlite (the API tests run them on PostgreSQL too): unique per store, whatever comes at once. */
let env: Awaited<ReturnType<typeof testServices>>;
let services: Services;
let auth: AuthContext;

beforeAll(async () => {
  env = await testServices();
  services = env.services;
  const session = await registerTrainer(services, { email: 'positions@example.test', password: 'password-123', firstname: 'Paul' });
  auth = (await resolveSession(services, `Bearer ${session.token}`))!;
}, 60_000);
afterAll(() => env.close());

const positions = async () =>
  (await services.db.select({ position: trainings.position }).from(trainings).where(eq(trainings.storeId, auth.store.id))).map((row) => row.position);

describe('training positions on PGlite', () => {
  it('stay unique under reorders that clash, creations and duplications sent at once', async () => {
    const first = [];
    for (const name of ['A', 'B', 'C', 'D']) first.push(await createTraining(services, auth.store.id, { name }));
    const uuids = first.map((training) => training.uuid);
    await Promise.all([
      reorderTrainings(services, auth.store.id, { trainings: uuids.map((uuid) => ({ uuid, order: 0 })) }),
      createTraining(services, auth.store.id, { name: 'E' }),
      reorderTrainings(services, auth.store.id, { trainings: [{ uuid: uuids[3]!, order: 1 }] }),
      duplicateTraining(services, auth, uuids[0]!),
      reorderTrainings(services, auth.store.id, { trainings: [{ uuid: uuids[1]!, order: 2 }, { uuid: uuids[2]!, order: 2 }] }),
    ]);
    const stored = await positions();
    expect(stored).toHaveLength(6);
    expect(new Set(stored).size).toBe(6);
  });

  it('refuses two trainings of one store on the same position at commit (the deferred constraint)', async () => {
    const [a, b] = await services.db.select({ id: trainings.id }).from(trainings).where(eq(trainings.storeId, auth.store.id)).limit(2);
    await expect(services.db.transaction(async (tx) => tx.update(trainings).set({ position: 999 }).where(eq(trainings.id, a!.id)).then(() =>
      tx.update(trainings).set({ position: 999 }).where(eq(trainings.id, b!.id))))).rejects.toThrow(/trainings_store_position_unique|duplicate key/);
  });
});
