import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from './client';
import { DEMO_PHOTO, READERS, addCustomer, checked, customersPath, demoTokens, freshTraining, invalidFields, newLesson, type Role } from './trainingLearnersSupport';

/**
 * The statistics through the API. Sales and connections have no API before the checkout and learner-area
 * issues, so the fine bucket checks (Paris day boundaries, weeks, months) are in tests/unit/server/trainingStats.test.ts
 * against rows written directly; here, figures are checked against enrolments made through the API and
 * against each other on the seeded demo training.
 */
interface Point {
  date: string;
  revenue: number;
  sales_count: number;
  new_customers_count: number;
  connections_count: number;
}

const stats = (token: string | undefined, training: string, query = '') => checked('getTrainingStats', 'GET', `/trainings/${training}/stats${query}`, { token });
const globalStats = (token: string | undefined, training: string) => checked('getTrainingGlobalStats', 'GET', `/trainings/${training}/stats/global`, { token });
const histogram = (token: string | undefined, training: string, query = '') =>
  checked('getTrainingStatsHistogram', 'GET', `/trainings/${training}/stats/histogram${query}`, { token });

const today = (tz: string) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const sum = (points: Point[], key: Exclude<keyof Point, 'date'>) => Math.round(points.reduce((s, p) => s + p[key], 0) * 100) / 100;

describe('statistics of a fresh training with learners added through the API', () => {
  let token: string;
  let training: string;
  let lesson: number;
  beforeAll(async () => {
    ({ token, training } = await freshTraining());
    lesson = await newLesson(token, training, 'Première leçon');
    for (let i = 0; i < 3; i++) await addCustomer(token, training, { email: uniqueEmail('stat') });
  });

  it('counts the learners enrolled today, nothing sold, and lists the lessons', async () => {
    const answer = await stats(token, training);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      end: today('Europe/Paris'),
      customers_count: 3,
      active_customers_count: 0,
      completed_count: 0,
      completion_rate: 0,
      average_progress: 0,
      revenue: 0,
      sales_count: 0,
      average_rating: null,
    });
    expect(answer.body.items).toEqual([
      { id: lesson, name: 'Première leçon', type: 'GENERIC', completed_count: 0, completion_rate: 0, average_time_spent: 0, average_score: null },
    ]);
  });

  it("puts today's enrolments in today's bucket of the requested zone, the default period being 30 days", async () => {
    for (const tz of ['Europe/Paris', 'Pacific/Kiritimati', 'America/Los_Angeles']) {
      const answer = await histogram(token, training, `?tz=${encodeURIComponent(tz)}`);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toMatchObject({ tz, end: today(tz), interval: 'DAY' });
      expect(answer.body.points).toHaveLength(30);
      expect(answer.body.points.at(-1)).toEqual({ date: today(tz), revenue: 0, sales_count: 0, new_customers_count: 3, connections_count: 0 });
      expect(sum(answer.body.points, 'new_customers_count')).toBe(3);
    }
  });

  it('follows removals: a removed learner is not counted any more', async () => {
    const listed = await checked('listTrainingCustomers', 'GET', customersPath(training), { token });
    const removed = await checked('removeTrainingCustomer', 'DELETE', `${customersPath(training)}/${listed.body.data[0].customer.uuid}`, { token });
    expect(removed.status).toBe(204);
    expect((await stats(token, training)).body.customers_count).toBe(2);
    expect((await globalStats(token, training)).body).toMatchObject({ begin: null, end: null, customers_count: 2 });
    expect(sum((await histogram(token, training)).body.points, 'new_customers_count')).toBe(2);
  });

  it('chooses DAY, WEEK or MONTH from the length of the period, weeks starting on Monday', async () => {
    const day = await histogram(token, training, '?begin=2026-01-01&end=2026-03-03');
    expect([day.body.interval, day.body.points.length]).toEqual(['DAY', 62]);
    const week = await histogram(token, training, '?begin=2026-01-01&end=2026-03-04');
    expect(week.body.interval).toBe('WEEK');
    expect(week.body.points[0].date).toBe('2025-12-29');
    expect(week.body.points.every((p: Point) => new Date(`${p.date}T12:00:00Z`).getUTCDay() === 1)).toBe(true);
    const month = await histogram(token, training, '?begin=2024-01-01&end=2025-01-01');
    expect(month.body.interval).toBe('MONTH');
    expect(month.body.points.map((p: Point) => p.date).slice(0, 2)).toEqual(['2024-01-01', '2024-02-01']);
    expect(month.body.points).toHaveLength(13);
  });

  it.each([
    ['an end before the begin', '?begin=2026-03-02&end=2026-03-01', ['begin']],
    ['a date that does not exist', '?begin=2026-02-30', ['begin']],
    ['a date in another format', '?end=01/03/2026', ['end']],
    ['more than ten years', '?begin=2000-01-01&end=2026-01-01', ['begin']],
  ])('answers 422 to stats and histogram for %s', async (_label, query, fields) => {
    expect(invalidFields(await stats(token, training, query))).toEqual(fields);
    expect(invalidFields(await histogram(token, training, query))).toEqual(fields);
  });

  it('answers 422 for an unknown or overlong time zone', async () => {
    expect(invalidFields(await histogram(token, training, '?tz=Europe/Atlantis'))).toEqual(['tz']);
    expect(invalidFields(await histogram(token, training, `?tz=${'A'.repeat(65)}`))).toEqual(['tz']);
  });

  it("answers 404 to another store and 401 without a session", async () => {
    const { token: stranger } = await freshTraining();
    expect((await stats(stranger, training)).status).toBe(404);
    expect((await globalStats(stranger, training)).status).toBe(404);
    expect((await histogram(stranger, training)).status).toBe(404);
    expect((await histogram(undefined, training)).status).toBe(401);
  });
});

describe('statistics of the seeded demo training', () => {
  let tokens: Awaited<ReturnType<typeof demoTokens>>;
  beforeAll(async () => {
    tokens = await demoTokens();
  });

  it('agree with the histogram over the same 60 days: revenue, sales and new learners', async () => {
    const end = today('Europe/Paris');
    const begin = new Date(Date.parse(`${end}T00:00:00Z`) - 59 * 86_400_000).toISOString().slice(0, 10);
    const period = await stats(tokens.owner, DEMO_PHOTO, `?begin=${begin}&end=${end}`);
    const series = await histogram(tokens.owner, DEMO_PHOTO, `?begin=${begin}&end=${end}&tz=Europe/Paris`);
    expect(series.body.interval).toBe('DAY');
    expect(series.body.points).toHaveLength(60);
    const points = series.body.points as Point[];
    expect(period.body.customers_count).toBeGreaterThanOrEqual(12);
    expect(sum(points, 'new_customers_count')).toBe(period.body.customers_count);
    expect(sum(points, 'sales_count')).toBe(period.body.sales_count);
    expect(sum(points, 'revenue')).toBe(period.body.revenue);
    expect(period.body.revenue).toBeGreaterThan(0);
    expect(sum(points, 'connections_count')).toBeGreaterThanOrEqual(period.body.active_customers_count);
  });

  it('counts the completed learner and a quiz score, over the whole life of the training', async () => {
    const life = await globalStats(tokens.owner, DEMO_PHOTO);
    expect(life.body.completed_count).toBeGreaterThanOrEqual(1);
    expect(life.body.completion_rate).toBeGreaterThan(0);
    const quiz = life.body.items.find((i: { type: string }) => i.type === 'QUIZ');
    expect(quiz.average_score).toBeGreaterThan(0);
    // Items come in outline order: the welcome lesson first, which most learners completed.
    expect(life.body.items[0].completed_count).toBeGreaterThanOrEqual(life.body.items.at(-1).completed_count);
  });

  it.each(READERS)('%s reads the three statistics', async (role: Role) => {
    expect((await stats(tokens[role], DEMO_PHOTO)).status).toBe(200);
    expect((await globalStats(tokens[role], DEMO_PHOTO)).status).toBe(200);
    expect((await histogram(tokens[role], DEMO_PHOTO)).status).toBe(200);
  });
});
