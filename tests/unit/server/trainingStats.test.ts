import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTrainingStatsHistogram, intervalFor } from '../../../server/commands/trainingLearners/histogram';
import { getTrainingGlobalStats, getTrainingStats } from '../../../server/commands/trainingLearners/stats';
import {
  customerConnections,
  customerTrainings,
  customers,
  itemProgress,
  sales,
  stores,
  trainingItems,
  trainings,
} from '../../../server/db/schema';
import { testServices } from './testServices';
import { learnerKeys } from '../../../server/db/learnerKeys';

/**
 * The statistics are read from rows written here directly (sales and connections have no API before the
 * checkout and learner-area issues). The data straddles Europe/Paris day boundaries on purpose, around the
 * switch to summer time (Sunday 29 March 2026): see each row's comment.
 */
let env: Awaited<ReturnType<typeof testServices>>;
let storeId: string;
let trainingId: string;
let otherTrainingId: string;
const ids: Record<'L1' | 'Q' | 'L2', number> = { L1: 0, Q: 0, L2: 0 };

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  env = await testServices();
  const { db } = env.services;
  const [store] = await db.insert(stores).values({ subdomain: 'stats-test', plan: 'PRO' }).returning();
  storeId = store!.id;
  const [training, other] = await db
    .insert(trainings)
    .values([
      { storeId, slug: 'photo', name: 'Photo', status: 'PUBLISHED', position: 0 },
      { storeId, slug: 'autre', name: 'Autre', position: 1 },
    ])
    .returning();
  trainingId = training!.id;
  otherTrainingId = other!.id;

  // Outline: chapter B is created first but placed second, so outline order differs from id order.
  const [b] = await db.insert(trainingItems).values({ trainingId, type: 'SECTION', name: 'B', position: 1 }).returning();
  const [a] = await db.insert(trainingItems).values({ trainingId, type: 'SECTION', name: 'A', position: 0 }).returning();
  const [l2] = await db.insert(trainingItems).values({ trainingId, parentId: b!.id, type: 'GENERIC', name: 'Leçon 2', position: 0 }).returning();
  const [q] = await db.insert(trainingItems).values({ trainingId, parentId: a!.id, type: 'QUIZ', name: 'Quiz', position: 1 }).returning();
  const [l1] = await db.insert(trainingItems).values({ trainingId, parentId: a!.id, type: 'GENERIC', name: 'Leçon 1', position: 0 }).returning();
  Object.assign(ids, { L1: l1!.id, Q: q!.id, L2: l2!.id });

  const people = await db
    .insert(customers)
    .values([1, 2, 3, 4, 5].map((n) => ({ storeId, email: `c${n}@example.test`, firstname: `C${n}` })))
    .returning();
  const c = (n: number) => people[n - 1]!.id;

  const enrol = (n: number, enrolledAt: string, extra: Partial<typeof customerTrainings.$inferInsert> = {}) => ({
    ...learnerKeys(c(n)),
    trainingId,
    enrolledAt: at(enrolledAt),
    ...extra,
  });
  const [e1, e2, , , e5] = await db
    .insert(customerTrainings)
    .values([
      enrol(1, '2026-03-02T10:00:00Z', { progress: 100, completedAt: at('2026-03-20T10:00:00Z') }),
      // 23:30 UTC on Saturday 28 = 00:30 in Paris on Sunday 29 March.
      enrol(2, '2026-03-28T23:30:00Z', { progress: 50 }),
      // 22:30 UTC on 31 March = 00:30 on 1 April in Paris (summer time): after a March period in Paris.
      enrol(3, '2026-03-31T22:30:00Z', { progress: 0 }),
      // An abandoned cart is nobody's seat: it counts nowhere.
      enrol(4, '2026-03-10T10:00:00Z', { customerType: 'ABANDONED_CART' }),
      enrol(5, '2026-02-15T12:00:00Z', { progress: 20, customerType: 'BLOCKED', blockedReason: 'BY_TEACHER' }),
    ])
    .returning();

  const progress = (enrolmentId: string, itemId: number, completedAt: string, timeSpent: number, score: number | null = null) => ({
    customerTrainingId: enrolmentId,
    trainingItemId: itemId,
    completedAt: at(completedAt),
    timeSpent,
    score,
  });
  await db.insert(itemProgress).values([
    progress(e1!.id, ids.L1, '2026-03-05T10:00:00Z', 600),
    progress(e1!.id, ids.Q, '2026-03-06T10:00:00Z', 300, 80),
    progress(e1!.id, ids.L2, '2026-03-20T10:00:00Z', 900),
    progress(e2!.id, ids.L1, '2026-03-29T08:00:00Z', 400),
    progress(e2!.id, ids.Q, '2026-03-30T08:00:00Z', 200, 60),
    progress(e5!.id, ids.L1, '2026-02-16T10:00:00Z', 1000),
  ]);
  // Started, not completed: counts in no completion and no average.
  await db.insert(itemProgress).values({ customerTrainingId: e2!.id, trainingItemId: ids.L2, timeSpent: 5000 });

  const sale = (n: number, paidAt: string, amount: number, extra: Partial<typeof sales.$inferInsert> = {}) => ({
    storeId,
    customerId: c(n),
    trainingId,
    amount,
    paymentMethod: 'CARD',
    status: 'PAID' as const,
    createdAt: at(paidAt),
    paidAt: at(paidAt),
    ...extra,
  });
  await db.insert(sales).values([
    sale(1, '2026-03-02T10:00:00Z', 99),
    sale(2, '2026-03-28T23:30:00Z', 79.2, { discountAmount: 19.8, discountCode: 'PRINTEMPS' }),
    sale(3, '2026-03-31T22:30:00Z', 49),
    sale(4, '2026-03-05T10:00:00Z', 99, { status: 'FAILED', paidAt: null }),
    sale(4, '2026-03-10T10:00:00Z', 99, { status: 'ABANDONED', paidAt: null }),
    sale(1, '2026-03-12T10:00:00Z', 500, { trainingId: otherTrainingId }),
  ]);

  await db.insert(customerConnections).values([
    { customerId: c(1), trainingId, at: at('2026-03-03T08:00:00Z') },
    { customerId: c(1), trainingId, at: at('2026-03-03T09:00:00Z') },
    // Sunday 22 March, 23:30 UTC = Monday 23 March, 00:30 in Paris (winter time): another week in Paris than in UTC.
    { customerId: c(1), trainingId, at: at('2026-03-22T23:30:00Z') },
    { customerId: c(2), trainingId, at: at('2026-03-29T07:00:00Z') },
    { customerId: c(5), trainingId, at: at('2026-02-16T10:00:00Z') },
    { customerId: c(5), trainingId: otherTrainingId, at: at('2026-03-15T10:00:00Z') },
  ]);
  // A new in-memory PGlite takes seconds on a busy machine.
}, 60_000);
afterAll(() => env.close());

describe('getTrainingStats over March 2026 (days cut in Europe/Paris)', () => {
  it('counts what happened in the period, from the real tables', async () => {
    const stats = await getTrainingStats(env.services, storeId, trainingId, { begin: '2026-03-01', end: '2026-03-31' });
    expect(stats).toMatchObject({
      begin: '2026-03-01',
      end: '2026-03-31',
      customers_count: 2, // c1 and c2 (00:30 on 29 March in Paris); c3 enrolled on 1 April in Paris
      active_customers_count: 2,
      completed_count: 1,
      completion_rate: 50,
      average_progress: 75,
      revenue: 178.2,
      sales_count: 2,
      average_rating: null,
    });
  });

  it('gives each item but chapters, in outline order, with completions, rates, times and quiz scores', async () => {
    const stats = await getTrainingStats(env.services, storeId, trainingId, { begin: '2026-03-01', end: '2026-03-31' });
    // Three learners were enrolled by the end of March in Paris: c1, c2 and the blocked c5.
    expect(stats.items).toEqual([
      { id: ids.L1, name: 'Leçon 1', type: 'GENERIC', completed_count: 2, completion_rate: 100, average_time_spent: 500, average_score: null },
      { id: ids.Q, name: 'Quiz', type: 'QUIZ', completed_count: 2, completion_rate: 66.67, average_time_spent: 250, average_score: 70 },
      { id: ids.L2, name: 'Leçon 2', type: 'GENERIC', completed_count: 1, completion_rate: 33.33, average_time_spent: 900, average_score: null },
    ]);
  });

  it('is all zeros for a quiet period', async () => {
    const stats = await getTrainingStats(env.services, storeId, trainingId, { begin: '2025-06-01', end: '2025-06-30' });
    expect(stats).toMatchObject({ customers_count: 0, active_customers_count: 0, completion_rate: 0, average_progress: 0, revenue: 0, sales_count: 0 });
    expect(stats.items.map((i) => [i.completed_count, i.completion_rate])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
  });

  it('defaults to the last 30 days ending today in Paris', async () => {
    const stats = await getTrainingStats(env.services, storeId, trainingId, {});
    // The test clock is 2026-11-21T10:00Z.
    expect([stats.begin, stats.end]).toEqual(['2026-10-23', '2026-11-21']);
  });

  it('refuses a reversed or overlong period with 422', async () => {
    await expect(getTrainingStats(env.services, storeId, trainingId, { begin: '2026-03-02', end: '2026-03-01' })).rejects.toMatchObject({ status: 422 });
    await expect(getTrainingStats(env.services, storeId, trainingId, { begin: '2000-01-01', end: '2026-03-01' })).rejects.toMatchObject({ status: 422 });
  });

  it("answers 404 for another store's training", async () => {
    const [other] = await env.services.db.insert(stores).values({ subdomain: 'stats-other' }).returning();
    await expect(getTrainingStats(env.services, other!.id, trainingId, {})).rejects.toMatchObject({ status: 404 });
  });
});

describe('getTrainingGlobalStats', () => {
  it('gives the same figures over the whole life of the training', async () => {
    const stats = await getTrainingGlobalStats(env.services, storeId, trainingId);
    expect(stats).toMatchObject({
      begin: null,
      end: null,
      customers_count: 4,
      active_customers_count: 3,
      completed_count: 1,
      completion_rate: 25,
      average_progress: 42.5,
      revenue: 227.2,
      sales_count: 3,
    });
    expect(stats.items.map((i) => [i.completed_count, i.completion_rate, i.average_time_spent])).toEqual([
      [3, 75, 667],
      [2, 50, 250],
      [1, 25, 900],
    ]);
  });
});

describe('getTrainingStatsHistogram', () => {
  const histogram = (query: { tz?: string; begin?: string; end?: string }) => getTrainingStatsHistogram(env.services, storeId, trainingId, query);

  it('cuts days in Europe/Paris: what happened at 00:30 in Paris belongs to that Paris day', async () => {
    const result = await histogram({ tz: 'Europe/Paris', begin: '2026-03-01', end: '2026-03-31' });
    expect(result).toMatchObject({ tz: 'Europe/Paris', begin: '2026-03-01', end: '2026-03-31', interval: 'DAY' });
    expect(result.points).toHaveLength(31);
    expect(result.points[0]!.date).toBe('2026-03-01');
    expect(result.points.at(-1)!.date).toBe('2026-03-31');
    const day = (date: string) => result.points.find((p) => p.date === date);
    expect(day('2026-03-02')).toEqual({ date: '2026-03-02', revenue: 99, sales_count: 1, new_customers_count: 1, connections_count: 0 });
    expect(day('2026-03-03')).toEqual({ date: '2026-03-03', revenue: 0, sales_count: 0, new_customers_count: 0, connections_count: 2 });
    expect(day('2026-03-23')!.connections_count).toBe(1);
    expect(day('2026-03-28')).toEqual({ date: '2026-03-28', revenue: 0, sales_count: 0, new_customers_count: 0, connections_count: 0 });
    expect(day('2026-03-29')).toEqual({ date: '2026-03-29', revenue: 79.2, sales_count: 1, new_customers_count: 1, connections_count: 1 });
    // The sale and enrolment of 00:30 on 1 April in Paris stay out of a March period.
    expect(day('2026-03-31')).toEqual({ date: '2026-03-31', revenue: 0, sales_count: 0, new_customers_count: 0, connections_count: 0 });
    const sum = (key: 'revenue' | 'sales_count' | 'new_customers_count' | 'connections_count') => result.points.reduce((s, p) => s + p[key], 0);
    expect([sum('revenue'), sum('sales_count'), sum('new_customers_count'), sum('connections_count')]).toEqual([178.2, 2, 2, 4]);
  });

  it('cuts the same rows differently in UTC', async () => {
    const result = await histogram({ tz: 'UTC', begin: '2026-03-01', end: '2026-03-31' });
    const day = (date: string) => result.points.find((p) => p.date === date)!;
    expect(day('2026-03-28')).toMatchObject({ revenue: 79.2, sales_count: 1, new_customers_count: 1 });
    expect(day('2026-03-29')).toMatchObject({ revenue: 0, new_customers_count: 0, connections_count: 1 });
    expect(day('2026-03-22').connections_count).toBe(1);
    expect(day('2026-03-31')).toMatchObject({ revenue: 49, sales_count: 1, new_customers_count: 1 });
  });

  it('uses weeks starting on Monday for a quarter, cut in the requested zone', async () => {
    const paris = await histogram({ tz: 'Europe/Paris', begin: '2026-01-01', end: '2026-03-31' });
    expect(paris.interval).toBe('WEEK');
    expect(paris.points.map((p) => p.date)).toEqual([
      '2025-12-29', '2026-01-05', '2026-01-12', '2026-01-19', '2026-01-26', '2026-02-02', '2026-02-09',
      '2026-02-16', '2026-02-23', '2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30',
    ]);
    const week = (points: typeof paris.points, date: string) => points.find((p) => p.date === date)!;
    expect(week(paris.points, '2026-03-16').connections_count).toBe(0);
    expect(week(paris.points, '2026-03-23')).toMatchObject({ connections_count: 2, new_customers_count: 1, revenue: 79.2 });
    const utc = await histogram({ tz: 'UTC', begin: '2026-01-01', end: '2026-03-31' });
    expect(week(utc.points, '2026-03-16').connections_count).toBe(1);
    expect(week(utc.points, '2026-03-30')).toMatchObject({ new_customers_count: 1, revenue: 49 });
  });

  it('uses months beyond a year', async () => {
    const result = await histogram({ begin: '2025-01-01', end: '2026-03-31' });
    expect(result.interval).toBe('MONTH');
    expect(result.points).toHaveLength(15);
    expect(result.points.find((p) => p.date === '2026-02-01')).toEqual({
      date: '2026-02-01',
      revenue: 0,
      sales_count: 0,
      new_customers_count: 1,
      connections_count: 1,
    });
    expect(result.points.find((p) => p.date === '2026-03-01')).toMatchObject({ revenue: 178.2, sales_count: 2, new_customers_count: 2, connections_count: 4 });
  });

  it('chooses the interval from the length of the period', () => {
    const period = (begin: string, end: string) => ({ begin, end, tz: 'Europe/Paris' });
    expect(intervalFor(period('2026-01-01', '2026-03-03'))).toBe('DAY'); // 62 days
    expect(intervalFor(period('2026-01-01', '2026-03-04'))).toBe('WEEK'); // 63 days
    expect(intervalFor(period('2024-01-01', '2024-12-31'))).toBe('WEEK'); // 366 days
    expect(intervalFor(period('2024-01-01', '2025-01-01'))).toBe('MONTH'); // 367 days
  });

  it('refuses an unknown time zone with 422 on tz', async () => {
    await expect(histogram({ tz: 'Mars/Olympus' })).rejects.toMatchObject({ status: 422, errors: { tz: [expect.anything()] } });
  });
});
