import { eq, inArray, sql } from 'drizzle-orm';
import { throttleCounters } from '../db/schema.js';
import { tooManyRequests } from '../http/errors.js';
import type { Services } from '../services.js';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;

export interface ThrottleRule {
  key: string;
  limit: number;
}

/**
 * Counters live in the database so several API processes share them. Answers the keys that have a
 * counter, so a success only clears what exists.
 */
export async function assertNotThrottled(services: Services, rules: ThrottleRule[]): Promise<string[]> {
  const rows = await services.db
    .select()
    .from(throttleCounters)
    .where(inArray(throttleCounters.key, rules.map((r) => r.key)));
  const now = services.clock().getTime();
  for (const row of rows) {
    const rule = rules.find((r) => r.key === row.key);
    const windowEnds = row.windowStartedAt.getTime() + THROTTLE_WINDOW_MS;
    if (rule && windowEnds > now && row.failures >= rule.limit) throw tooManyRequests((windowEnds - now) / 1000);
  }
  return rows.map((row) => row.key);
}

export async function recordFailure(services: Services, keys: string[]) {
  const now = services.clock();
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  for (const key of keys) {
    await services.db
      .insert(throttleCounters)
      .values({ key, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: throttleCounters.key,
        set: {
          failures: sql`case when ${throttleCounters.windowStartedAt} < ${windowStart.toISOString()} then 1 else ${throttleCounters.failures} + 1 end`,
          windowStartedAt: sql`case when ${throttleCounters.windowStartedAt} < ${windowStart.toISOString()} then ${now.toISOString()}::timestamptz else ${throttleCounters.windowStartedAt} end`,
        },
      });
  }
}

export async function clearFailures(services: Services, key: string) {
  await services.db.delete(throttleCounters).where(eq(throttleCounters.key, key));
}
