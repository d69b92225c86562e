/**
 * Table-driven tests of the announcement rule (spec section 4: "shown once per day until dismissed,
 * only from 24 Sept 2025 to 30 Sept 2025 23:59:59, to owners not in onboarding") against
 * machines/announcement/announcement.machine.ts `shouldShow`.
 */
import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_CAMPAIGN, ANNOUNCEMENT_WINDOW, shouldShow, type ShowRule } from '../../../machines/announcement/announcement.machine';

const HOUR = 60 * 60 * 1000;
// Written from the spec (Paris time, UTC+2 during the campaign), not imported.
const START = Date.UTC(2025, 8, 23, 22, 0, 0, 0);
const END = Date.UTC(2025, 8, 30, 21, 59, 59, 999);
const window = { start: START, end: END };
const parisDay = (ms: number) => new Date(ms + 2 * HOUR).toISOString().slice(0, 10);
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const MIDDLE = Date.UTC(2025, 8, 26, 10, 0, 0); // 26 Sept, 12:00 in Paris

const base: ShowRule = { now: MIDDLE, window, role: 'OWNER', inOnboarding: false, dismissedOn: null, today: parisDay };

describe('ANNOUNCEMENT_CAMPAIGN', () => {
  it('is 24 Sept 2025 00:00 to 30 Sept 2025 23:59:59.999 in Paris time', () => {
    expect(ANNOUNCEMENT_CAMPAIGN).toEqual({ start: '2025-09-24T00:00:00+02:00', end: '2025-09-30T23:59:59.999+02:00' });
    expect(ANNOUNCEMENT_WINDOW).toEqual(window);
  });
});

describe('shouldShow', () => {
  it.each([
    ['an owner, mid-campaign, never dismissed', {}, true],
    ['1 ms before the start', { now: START - 1 }, false],
    ['at the start (24 Sept 00:00:00.000)', { now: START }, true],
    ['at 30 Sept 23:59:59.000', { now: END - 999 }, true],
    ['at the end (30 Sept 23:59:59.999)', { now: END }, true],
    ['1 ms after the end', { now: END + 1 }, false],
    ['long before', { now: Date.UTC(2024, 0, 1) }, false],
    ['long after', { now: Date.UTC(2026, 0, 1) }, false],
    ['an unreadable clock (NaN)', { now: Number.NaN }, false],
    ['an unreadable window (NaN)', { window: { start: Number.NaN, end: Number.NaN } }, false],
    ['ADMIN', { role: 'ADMIN' }, false],
    ['TEACHER', { role: 'TEACHER' }, false],
    ['ANALYST', { role: 'ANALYST' }, false],
    ['STAFF', { role: 'STAFF' }, false],
    ['lower-case owner (roles are exact)', { role: 'owner' }, false],
    ['an owner in onboarding', { inOnboarding: true }, false],
    ['dismissed today', { dismissedOn: '2025-09-26' }, false],
    ['dismissed yesterday', { dismissedOn: '2025-09-25' }, true],
    ['dismissed on the first day, now the last day', { now: END, dismissedOn: '2025-09-24' }, true],
    ['dismissed on a later day (clock moved back)', { dismissedOn: '2025-09-27' }, true],
    ['dismissed today, but in onboarding', { dismissedOn: '2025-09-26', inOnboarding: true }, false],
    ['dismissed today, at the last millisecond', { now: END, dismissedOn: '2025-09-30' }, false],
    ['dismissed "today" on the first instant (24 Sept)', { now: START, dismissedOn: '2025-09-24' }, false],
    ['dismissed 23 Sept (UTC day of the first instant), formatter in Paris time', { now: START, dismissedOn: '2025-09-23' }, true],
    ['dismissed 23 Sept, formatter in UTC (the caller’s zone decides the day)', { now: START, dismissedOn: '2025-09-23', today: utcDay }, false],
  ] satisfies Array<[string, Partial<ShowRule>, boolean]>)('%s → %s', (_, change, expected) => {
    expect(shouldShow({ ...base, ...change })).toBe(expected);
  });

  it('asks the injected formatter for the day of `now`', () => {
    const asked: number[] = [];
    shouldShow({ ...base, today: (ms) => (asked.push(ms), '2025-09-26') });
    expect(asked).toEqual([MIDDLE]);
  });
});
