import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LearnerAuth } from '../../../server/auth/learnerSession';
import { getMyTraining } from '../../../server/commands/learning/myTrainings';
import { learnerKeys } from '../../../server/db/learnerKeys';
import { customers, customerTrainings, itemProgress, quizzes, stores, trainingItems, trainings } from '../../../server/db/schema';
import { addedTables, tableWritesOf } from '../../../server/db/tableWrites';
import { versionedReads } from '../../../server/db/versionedReads';
import { testServices } from './testServices';

describe('addedTables and contentVersion: rows added count for caches of whole sets', () => {
  it('reads the table of every INSERT, upsert or not; other statements add nothing', () => {
    expect([...addedTables('insert into "training_items" ("name") values ($1)')]).toEqual(['training_items']);
    expect([...addedTables('insert into "quizzes" ("training_item_id") values ($1) on conflict do nothing')]).toEqual(['quizzes']);
    expect([...addedTables('with x as (insert into public.quizzes values ($1) returning 1) select * from x')]).toEqual(['quizzes']);
    expect([...addedTables('update "training_items" set "name" = $1')]).toEqual([]);
    expect([...addedTables('select * from "training_items"')]).toEqual([]);
  });
});

describe('an outline read is kept until its rows may change (PGlite)', () => {
  let env: Awaited<ReturnType<typeof testServices>>;
  let learner: LearnerAuth;
  let training: string;
  let quizId: number;
  const names = async () => (await getMyTraining(env.services, learner, training, undefined)).items.map((item) => item.name);

  beforeAll(async () => {
    env = await testServices();
    const db = env.services.db;
    const [store] = await db.insert(stores).values({ subdomain: 'garde', plan: 'PRO' }).returning();
    const [row] = await db.insert(trainings).values({ storeId: store!.id, slug: 'garde', name: 'Garde', position: 0 }).returning();
    training = row!.id;
    await db.insert(trainingItems).values({ trainingId: training, type: 'GENERIC', name: 'Un', draft: false, position: 0 });
    const [quiz] = await db.insert(trainingItems).values({ trainingId: training, type: 'QUIZ', name: 'Quiz', draft: false, position: 1, blocking: true }).returning();
    quizId = quiz!.id;
    await db.insert(trainingItems).values({ trainingId: training, type: 'GENERIC', name: 'Après', draft: false, position: 2 });
    const [customer] = await db.insert(customers).values({ storeId: store!.id, email: 'eleve@garde.test', firstname: 'Gaëlle' }).returning();
    await db.insert(customerTrainings).values({ ...learnerKeys(customer!.id), trainingId: training, enrolledAt: env.services.clock() });
    learner = { customer: customer!, store: store!, sessionId: 'test' };
  }, 60_000);
  afterAll(() => env.close());

  it('a plain INSERT leaves version alone and raises contentVersion; in a transaction, again once it ends', async () => {
    const writes = tableWritesOf(env.services.db)!;
    const tables = ['training_items'];
    const [version, content] = [writes.version(tables), writes.contentVersion(tables)];
    const [added] = await env.services.db.insert(trainingItems).values({ trainingId: training, type: 'GENERIC', name: 'Brouillon', draft: true, position: 9 }).returning();
    expect(writes.version(tables)).toBe(version);
    expect(writes.contentVersion(tables)).toBeGreaterThan(content);
    let during = 0;
    await env.services.db.transaction(async (tx) => {
      await tx.insert(trainingItems).values({ trainingId: training, type: 'GENERIC', name: 'Brouillon 2', draft: true, position: 10 });
      during = writes.contentVersion(tables);
    });
    expect(writes.contentVersion(tables)).toBeGreaterThan(during);
    expect(writes.version(tables)).toBe(version);
    await env.services.db.delete(trainingItems).where(eq(trainingItems.name, 'Brouillon 2'));
    await env.services.db.delete(trainingItems).where(eq(trainingItems.id, added!.id));
  });

  it('shows an item added, renamed, published or deleted on the next read', async () => {
    const db = env.services.db;
    expect(await names()).toEqual(['Un', 'Quiz', 'Après']);
    const [added] = await db.insert(trainingItems).values({ trainingId: training, type: 'GENERIC', name: 'Nouveau', draft: false, position: 3 }).returning();
    expect(await names()).toEqual(['Un', 'Quiz', 'Après', 'Nouveau']);
    await db.update(trainingItems).set({ name: 'Renommé' }).where(eq(trainingItems.id, added!.id));
    expect(await names()).toEqual(['Un', 'Quiz', 'Après', 'Renommé']);
    await db.update(trainingItems).set({ draft: true }).where(eq(trainingItems.id, added!.id));
    expect(await names()).toEqual(['Un', 'Quiz', 'Après']);
    await db.transaction(async (tx) => {
      await tx.insert(trainingItems).values({ trainingId: training, type: 'GENERIC', name: 'En transaction', draft: false, position: 4 });
    });
    expect(await names()).toEqual(['Un', 'Quiz', 'Après', 'En transaction']);
    await db.delete(trainingItems).where(eq(trainingItems.name, 'En transaction'));
    expect(await names()).toEqual(['Un', 'Quiz', 'Après']);
  });

  it('reads a quiz minimum added or changed at once: the item after the blocking quiz opens or locks by it', async () => {
    const db = env.services.db;
    const after = async () => (await getMyTraining(env.services, learner, training, undefined)).items[2]!;
    // No settings row: the quiz must only be taken.
    expect(await after()).toMatchObject({ locked: true, locked_reason: 'QUIZ_SCORE' });
    const [enrolment] = await db.select().from(customerTrainings).where(eq(customerTrainings.trainingId, training));
    await db.insert(itemProgress).values({ customerTrainingId: enrolment!.id, trainingItemId: quizId, score: 50 });
    expect(await after()).toMatchObject({ locked: false });
    // A settings row added with a minimum the score does not reach, then lowered under it.
    await db.insert(quizzes).values({ trainingItemId: quizId, minSuccessRate: 80 });
    expect(await after()).toMatchObject({ locked: true, locked_reason: 'QUIZ_SCORE' });
    await db.update(quizzes).set({ minSuccessRate: 40 }).where(eq(quizzes.trainingItemId, quizId));
    expect(await after()).toMatchObject({ locked: false });
  });
});

describe('versionedReads', () => {
  let env: Awaited<ReturnType<typeof testServices>>;
  beforeAll(async () => {
    env = await testServices();
  }, 60_000);
  afterAll(() => env.close());

  it('answers a kept read without reading again, drops the oldest beyond its size, and keeps nothing read while a write ran', async () => {
    const kept = versionedReads<string>(['stores'], 2);
    let reads = 0;
    const read = (value: string) => async () => {
      reads++;
      return value;
    };
    const db = env.services.db;
    expect(await kept(db, 'a', read('A'))).toBe('A');
    expect(await kept(db, 'a', read('other'))).toBe('A');
    expect(reads).toBe(1);
    await kept(db, 'b', read('B'));
    await kept(db, 'c', read('C'));
    expect(await kept(db, 'a', read('A again'))).toBe('A again');
    expect(reads).toBe(4);
    // A write to the table during the read: the answer is given, not kept.
    const during = await kept(db, 'd', async () => {
      await db.insert(stores).values({ subdomain: `pendant-${reads}`, plan: 'PRO' });
      return 'D';
    });
    expect(during).toBe('D');
    expect(await kept(db, 'd', read('D read again'))).toBe('D read again');
  });

  it('reads every time inside a transaction, which must see its own writes', async () => {
    const kept = versionedReads<number>(['stores'], 10);
    let reads = 0;
    await env.services.db.transaction(async (tx) => {
      await kept(tx as never, 'x', async () => ++reads);
      await kept(tx as never, 'x', async () => ++reads);
    });
    expect(reads).toBe(2);
  });
});
