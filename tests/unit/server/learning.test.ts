import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLesson } from '../../../server/commands/learning/lesson';
import { deviceTypeOf, getMyTraining } from '../../../server/commands/learning/myTrainings';
import { customerConnections, customerTrainings, customers, stores, trainingItems, trainings } from '../../../server/db/schema';
import { HttpError } from '../../../server/http/errors';
import type { LearnerAuth } from '../../../server/auth/learnerSession';
import { testServices } from './testServices';
import { learnerKeys } from '../../../server/db/learnerKeys';

/** The learner area's time rules with a clock the test moves: the drip opens lessons, an access expires. */
let env: Awaited<ReturnType<typeof testServices>>;
let learner: LearnerAuth;
let training: string;
let week2: number;
const DAY = 86_400_000;

beforeAll(async () => {
  env = await testServices();
  const db = env.services.db;
  const [store] = await db.insert(stores).values({ subdomain: 'goutte', plan: 'PRO' }).returning();
  const [row] = await db.insert(trainings).values({ storeId: store!.id, slug: 'goutte', name: 'Goutte', position: 0, dripFrequency: 'WEEKLY' }).returning();
  training = row!.id;
  const [section] = await db.insert(trainingItems).values({ trainingId: training, type: 'SECTION', name: 'Semaines', draft: false, position: 0 }).returning();
  await db.insert(trainingItems).values({ trainingId: training, parentId: section!.id, type: 'GENERIC', name: 'Semaine 1', draft: false, position: 0 });
  const [second] = await db.insert(trainingItems).values({ trainingId: training, parentId: section!.id, type: 'GENERIC', name: 'Semaine 2', draft: false, position: 1 }).returning();
  week2 = second!.id;
  const [customer] = await db.insert(customers).values({ storeId: store!.id, email: 'eleve@goutte.test', firstname: 'Élise' }).returning();
  const now = env.services.clock();
  await db.insert(customerTrainings).values({ ...learnerKeys(customer!.id), trainingId: training, enrolledAt: now, expiresAt: new Date(now.getTime() + 10 * DAY) });
  learner = { customer: customer!, store: store!, sessionId: 'test' };
}, 60_000);
afterAll(() => env.close());

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a failure');
};

describe('the drip and the access expiry, by the clock', () => {
  it('opens the second week seven days after enrolment (Paris midnight), then blocks everything once the access expires', async () => {
    const locked = await failure(getLesson(env.services, learner, training, week2));
    expect(locked.status).toBe(403);
    expect(locked.code).toBe('ITEM_LOCKED');
    const outline = await getMyTraining(env.services, learner, training, undefined);
    const lesson = outline.items[0]!.children[1]!;
    expect(lesson).toMatchObject({ locked: true, locked_reason: 'DATE' });
    // Enrolled 2026-11-21 11:00 Paris: opens at the start of 2026-11-28, Paris time.
    expect(lesson.unlock_at).toBe('2026-11-27T23:00:00.000Z');

    env.advance(7 * DAY);
    expect((await getLesson(env.services, learner, training, week2)).name).toBe('Semaine 2');

    env.advance(4 * DAY);
    const expired = await failure(getLesson(env.services, learner, training, week2));
    expect(expired.status).toBe(403);
    expect(expired.code).toBe('ACCESS_BLOCKED');
    expect(expired.message).toContain('expiré');
    const blocked = await getMyTraining(env.services, learner, training, undefined);
    expect(blocked).toMatchObject({ customer_type: 'BLOCKED', blocked_reason: 'BY_EXPIRATION' });
    expect(blocked.items[0]!.children.every((item) => item.locked_reason === 'BLOCKED')).toBe(true);
  });

  it('records one connection per half hour with the device type', async () => {
    const db = env.services.db;
    env.advance(-4 * DAY); // back within the access
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    const before = (await db.select().from(customerConnections)).length;
    await getMyTraining(env.services, learner, training, iphone);
    await getMyTraining(env.services, learner, training, iphone);
    const rows = await db.select().from(customerConnections);
    expect(rows.length - before).toBe(1);
    expect(rows.at(-1)).toMatchObject({ deviceType: 'MOBILE', userAgent: iphone, trainingId: training });
    env.advance(31 * 60_000);
    await getMyTraining(env.services, learner, training, undefined);
    expect((await db.select().from(customerConnections)).length - before).toBe(2);
  });
});

describe('deviceTypeOf', () => {
  it('reads the device from the user agent with bowser', () => {
    expect(deviceTypeOf(undefined)).toBe('UNKNOWN');
    expect(deviceTypeOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36')).toBe('DESKTOP');
    expect(deviceTypeOf('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1')).toBe('TABLET');
    expect(deviceTypeOf('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe('BOT');
  });
});
