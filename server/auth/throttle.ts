import { eq, sql } from 'drizzle-orm';
import { throttleCounters } from '../db/schema.js';
import { tooManyRequests } from '../http/errors.js';
import type { Services } from '../services.js';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;

export interface ThrottleRule {
  key: string;
  limit: number;
}

/**
 * Counts one attempt on every key BEFORE the attempt runs, each with one atomic upsert, and refuses
 * (429) once a key is over its limit. Checking first and counting after would let concurrent requests
 * all pass the check. Counters live in the database so several API processes share them.
 */
export async function takeAttempt(services: Services, rules: ThrottleRule[]) {
  const now = services.clock();
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const expired = sql`${throttleCounters.windowStartedAt} < ${windowStart.toISOString()}::timestamptz`;
  for (const rule of rules) {
    const [row] = await services.db
      .insert(throttleCounters)
      .values({ key: rule.key, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: throttleCounters.key,
        set: {
          failures: sql`case when ${expired} then 1 else ${throttleCounters.failures} + 1 end`,
          windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${throttleCounters.windowStartedAt} end`,
        },
      })
      .returning();
    if (row && row.failures > rule.limit) {
      throw tooManyRequests((row.windowStartedAt.getTime() + THROTTLE_WINDOW_MS - now.getTime()) / 1000);
    }
  }
}

/**
 * Failures-only limits (per client address: an office behind one address logs in at once): refuses
 * once the recorded failures reach the limit; `recordFailure` counts a failure after it happened.
 */
export async function assertBelow(services: Services, rule: ThrottleRule) {
  const [row] = await services.db.select().from(throttleCounters).where(eq(throttleCounters.key, rule.key));
  const now = services.clock().getTime();
  if (!row) return;
  const windowEnds = row.windowStartedAt.getTime() + THROTTLE_WINDOW_MS;
  if (windowEnds > now && row.failures >= rule.limit) throw tooManyRequests((windowEnds - now) / 1000);
}

export async function recordFailure(services: Services, key: string) {
  await takeAttempt(services, [{ key, limit: Number.MAX_SAFE_INTEGER }]);
}

/** A successful attempt gives its place back, so only failures use up the allowance. */
export async function giveBack(services: Services, key: string) {
  await services.db
    .update(throttleCounters)
    .set({ failures: sql`greatest(${throttleCounters.failures} - 1, 0)` })
    .where(eq(throttleCounters.key, key));
}

/** Forgets an account's failures after it proved its password. */
export async function forget(services: Services, key: string) {
  await services.db.delete(throttleCounters).where(eq(throttleCounters.key, key));
}
