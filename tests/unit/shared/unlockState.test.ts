import { describe, expect, it } from 'vitest';
import { fromAbsolute, toCalendarDate, toZoned } from '@internationalized/date';
import { startOfDayAfter, unlockState, unlockStates, type UnlockEnrolment, type UnlockItem, type UnlockProgress } from '../../../shared/unlockState';

const item = (id: number, over: Partial<UnlockItem> = {}): UnlockItem => ({
  id,
  type: 'GENERIC',
  unlock_mode: 'NONE',
  unlock_at: null,
  unlock_delay_days: null,
  unlock_blockers: [],
  blocking: false,
  ...over,
});

const done = (over: Partial<UnlockProgress[number] & object> = {}) => ({
  completed_at: '2026-01-02T10:00:00Z',
  quiz_best_score: null,
  assignment_status: null,
  unblocked_by_teacher: false,
  ...over,
});

const enrolment = (outline: UnlockItem[], over: Partial<UnlockEnrolment> = {}): UnlockEnrolment => ({
  enrolled_at: '2026-01-10T09:00:00Z',
  bypass_drip: false,
  drip_frequency: null,
  outline,
  ...over,
});

const at = (iso: string) => new Date(iso);

describe('startOfDayAfter: calendar days in the store’s zone', () => {
  it.each([
    // [enrolled at, days, zone, opens at]
    ['2026-01-10T09:00:00Z', 0, 'Europe/Paris', '2026-01-09T23:00:00.000Z'],
    ['2026-01-10T09:00:00Z', 1, 'Europe/Paris', '2026-01-10T23:00:00.000Z'],
    // 23:30 UTC is already the 11th in Paris but still the 10th in New York.
    ['2026-01-10T23:30:00Z', 1, 'Europe/Paris', '2026-01-11T23:00:00.000Z'],
    ['2026-01-10T23:30:00Z', 1, 'America/New_York', '2026-01-11T05:00:00.000Z'],
    ['2026-01-10T23:30:00Z', 1, 'UTC', '2026-01-11T00:00:00.000Z'],
    ['2026-01-10T23:30:00Z', 1, 'Asia/Tokyo', '2026-01-11T15:00:00.000Z'],
    // Paris moves to summer time on 29 March 2026: the day after is 23 h later in UTC, midnight stays midnight.
    ['2026-03-28T12:00:00Z', 1, 'Europe/Paris', '2026-03-28T23:00:00.000Z'],
    ['2026-03-28T12:00:00Z', 2, 'Europe/Paris', '2026-03-29T22:00:00.000Z'],
    // And back to winter time on 25 October 2026.
    ['2026-10-24T12:00:00Z', 2, 'Europe/Paris', '2026-10-25T23:00:00.000Z'],
    // New York's change (8 March 2026) is at 2:00, after midnight.
    ['2026-03-07T12:00:00Z', 2, 'America/New_York', '2026-03-09T04:00:00.000Z'],
    // São Paulo skipped midnight itself on 4 November 2018: the day starts at 01:00 local.
    ['2018-11-03T12:00:00Z', 1, 'America/Sao_Paulo', '2018-11-04T03:00:00.000Z'],
    // A month of drip over both changes of a year.
    ['2026-03-01T10:00:00Z', 30, 'Europe/Paris', '2026-03-30T22:00:00.000Z'],
  ])('%s + %i day(s) in %s → %s', (enrolled, days, zone, expected) => {
    expect(startOfDayAfter(enrolled, days, zone).toISOString()).toBe(expected);
  });
});

describe('unlockState: modes', () => {
  it.each([
    ['NONE is open', item(1), '2026-01-10T09:00:00Z', { state: 'open' }],
    ['DATE before the date', item(1, { unlock_mode: 'DATE', unlock_at: '2026-02-01T08:00:00Z' }), '2026-02-01T07:59:59Z', { state: 'locked', reason: 'DATE', reasons: ['DATE'], opens_at: '2026-02-01T08:00:00.000Z', waiting_on: null }],
    ['DATE at the date', item(1, { unlock_mode: 'DATE', unlock_at: '2026-02-01T08:00:00Z' }), '2026-02-01T08:00:00Z', { state: 'open' }],
    ['DELAY 3 days, the evening before', item(1, { unlock_mode: 'DELAY', unlock_delay_days: 3 }), '2026-01-12T22:59:59Z', { state: 'locked', reason: 'DATE', reasons: ['DATE'], opens_at: '2026-01-12T23:00:00.000Z', waiting_on: null }],
    ['DELAY 3 days, at Paris midnight', item(1, { unlock_mode: 'DELAY', unlock_delay_days: 3 }), '2026-01-12T23:00:00Z', { state: 'open' }],
    ['DELAY 0 days', item(1, { unlock_mode: 'DELAY', unlock_delay_days: 0 }), '2026-01-10T09:00:00Z', { state: 'open' }],
    ['MANUAL', item(1, { unlock_mode: 'MANUAL' }), '2030-01-01T00:00:00Z', { state: 'locked', reason: 'MANUAL', reasons: ['MANUAL'], opens_at: null, waiting_on: null }],
    ['PREVIOUS on the first item', item(1, { unlock_mode: 'PREVIOUS' }), '2026-01-10T09:00:00Z', { state: 'open' }],
  ] as const)('%s', (_label, subject, now, expected) => {
    expect(unlockState(subject, enrolment([subject]), {}, at(now))).toEqual(expected);
  });

  it('PREVIOUS waits for the item before it, then opens', () => {
    const outline = [item(1), item(2, { unlock_mode: 'PREVIOUS' })];
    expect(unlockState(outline[1]!, enrolment(outline), {}, at('2026-01-11T00:00:00Z'))).toEqual({
      state: 'locked',
      reason: 'PREVIOUS_ITEM',
      reasons: ['PREVIOUS_ITEM'],
      opens_at: null,
      waiting_on: 1,
    });
    expect(unlockState(outline[1]!, enrolment(outline), { 1: done({ completed_at: null }) }, at('2026-01-11T00:00:00Z')).state).toBe('locked');
    expect(unlockState(outline[1]!, enrolment(outline), { 1: done() }, at('2026-01-11T00:00:00Z'))).toEqual({ state: 'open' });
  });

  it('the team’s unblock opens anything', () => {
    const outline = [item(1, { type: 'QUIZ', blocking: true }), item(2, { unlock_mode: 'MANUAL' })];
    expect(unlockState(outline[1]!, enrolment(outline), { 2: done({ completed_at: null, unblocked_by_teacher: true }) }, at('2026-01-10T09:00:00Z'))).toEqual({ state: 'open' });
  });

  it('the DELAY counts days in the zone given (New York)', () => {
    const subject = item(1, { unlock_mode: 'DELAY', unlock_delay_days: 1 });
    const late = enrolment([subject], { enrolled_at: '2026-01-10T23:30:00Z' });
    expect(unlockState(subject, late, {}, at('2026-01-11T04:59:59Z'), 'America/New_York')).toMatchObject({ state: 'locked', opens_at: '2026-01-11T05:00:00.000Z' });
    expect(unlockState(subject, late, {}, at('2026-01-11T05:00:00Z'), 'America/New_York')).toEqual({ state: 'open' });
    // The same instant in Paris is the 11th already: it opens on the 12th there.
    expect(unlockState(subject, late, {}, at('2026-01-11T05:00:00Z'))).toMatchObject({ state: 'locked', opens_at: '2026-01-11T23:00:00.000Z' });
  });
});

describe('unlockState: drip frequency', () => {
  const outline = [item(1), item(2), item(3, { unlock_mode: 'PREVIOUS' }), item(4, { unlock_mode: 'DATE', unlock_at: '2026-01-11T00:00:00Z' }), item(5, { unlock_mode: 'MANUAL' })];
  it.each([
    ['WEEKLY', 1, '2026-01-16T23:00:00.000Z'],
    ['BIWEEKLY', 1, '2026-01-23T23:00:00.000Z'],
    ['MONTHLY', 1, '2026-02-08T23:00:00.000Z'],
    ['WEEKLY', 2, '2026-01-23T23:00:00.000Z'],
  ] as const)('%s: item at index %i opens at %s', (frequency, index, opens) => {
    const subject = outline[index]!;
    const state = unlockState(subject, enrolment(outline, { drip_frequency: frequency }), { 1: done(), 2: done() }, at('2026-01-10T09:00:00Z'));
    expect(state).toMatchObject({ state: 'locked', reason: 'DATE', opens_at: opens });
    expect(unlockState(subject, enrolment(outline, { drip_frequency: frequency }), { 1: done(), 2: done() }, new Date(opens)).state).toBe('open');
  });

  it('leaves the first item open, a DATE item to its date and MANUAL to the team', () => {
    const dripped = enrolment(outline, { drip_frequency: 'WEEKLY' });
    expect(unlockState(outline[0]!, dripped, {}, at('2026-01-10T09:00:00Z'))).toEqual({ state: 'open' });
    expect(unlockState(outline[3]!, dripped, {}, at('2026-01-11T00:00:00Z'))).toEqual({ state: 'open' });
    expect(unlockState(outline[4]!, dripped, {}, at('2027-01-01T00:00:00Z'))).toMatchObject({ reasons: ['MANUAL'] });
  });

  it('bypass_drip skips the drip and DELAY, not a DATE, MANUAL or the blockers', () => {
    const list = [
      item(1, { type: 'QUIZ', blocking: true }),
      item(2),
      item(3, { unlock_mode: 'DELAY', unlock_delay_days: 10 }),
      item(4, { unlock_mode: 'DATE', unlock_at: '2026-06-01T00:00:00Z' }),
    ];
    const bypass = enrolment(list, { drip_frequency: 'WEEKLY', bypass_drip: true });
    const quizTaken: UnlockProgress = { 1: done({ quiz_best_score: 50 }) };
    expect(unlockState(list[1]!, bypass, quizTaken, at('2026-01-10T09:00:00Z'))).toEqual({ state: 'open' });
    expect(unlockState(list[2]!, bypass, quizTaken, at('2026-01-10T09:00:00Z'))).toEqual({ state: 'open' });
    expect(unlockState(list[3]!, bypass, quizTaken, at('2026-01-10T09:00:00Z'))).toMatchObject({ reasons: ['DATE'] });
    expect(unlockState(list[1]!, bypass, {}, at('2026-01-10T09:00:00Z'))).toMatchObject({ reasons: ['QUIZ_SCORE'], waiting_on: 1 });
  });
});

describe('unlockState: blockers', () => {
  const quiz = item(1, { type: 'QUIZ', min_success_rate: 70 });
  const tasks = item(2, { type: 'TASKS' });
  const assignment = item(3, { type: 'ASSIGNMENT' });
  const blocked = item(4, {
    unlock_blockers: [
      { type: 'QUIZ_SCORE', item_id: 1, min_score: null },
      { type: 'TASKS', item_id: 2, min_score: null },
      { type: 'ASSIGNMENT', item_id: 3, min_score: null },
    ],
  });
  const outline = [quiz, tasks, assignment, blocked];
  const now = at('2026-01-11T00:00:00Z');

  it.each([
    ['nothing done', {}, ['QUIZ_SCORE', 'TASKS', 'ASSIGNMENT'], 1],
    ['quiz under its minimum', { 1: done({ quiz_best_score: 69.99 }) }, ['QUIZ_SCORE', 'TASKS', 'ASSIGNMENT'], 1],
    ['quiz passed', { 1: done({ quiz_best_score: 70 }) }, ['TASKS', 'ASSIGNMENT'], 2],
    ['quiz and tasks', { 1: done({ quiz_best_score: 90 }), 2: done() }, ['ASSIGNMENT'], 3],
    ['assignment waiting for the teacher', { 1: done({ quiz_best_score: 90 }), 2: done(), 3: done({ assignment_status: 'PENDING_TEACHER' }) }, ['ASSIGNMENT'], 3],
    ['assignment rejected (to submit again)', { 1: done({ quiz_best_score: 90 }), 2: done(), 3: done({ assignment_status: 'PENDING_CUSTOMER' }) }, ['ASSIGNMENT'], 3],
  ] as const)('%s → %j', (_label, progress, reasons, waitingOn) => {
    expect(unlockState(blocked, enrolment(outline), progress, now)).toEqual({ state: 'locked', reason: reasons[0], reasons, opens_at: null, waiting_on: waitingOn });
  });

  it('opens once all three are met', () => {
    const progress: UnlockProgress = { 1: done({ quiz_best_score: 70 }), 2: done(), 3: done({ assignment_status: 'COMPLETED' }) };
    expect(unlockState(blocked, enrolment(outline), progress, now)).toEqual({ state: 'open' });
  });

  it('a blocker’s own minimum score wins over the quiz’s', () => {
    const strict = item(4, { unlock_blockers: [{ type: 'QUIZ_SCORE', item_id: 1, min_score: 95 }] });
    expect(unlockState(strict, enrolment([quiz, strict]), { 1: done({ quiz_best_score: 90 }) }, now)).toMatchObject({ reasons: ['QUIZ_SCORE'] });
    expect(unlockState(strict, enrolment([quiz, strict]), { 1: done({ quiz_best_score: 95 }) }, now)).toEqual({ state: 'open' });
  });

  it('a quiz with no minimum only needs to be taken', () => {
    const free = item(1, { type: 'QUIZ', min_success_rate: null });
    const after = item(2, { unlock_blockers: [{ type: 'QUIZ_SCORE', item_id: 1, min_score: null }] });
    expect(unlockState(after, enrolment([free, after]), {}, now)).toMatchObject({ reasons: ['QUIZ_SCORE'] });
    expect(unlockState(after, enrolment([free, after]), { 1: done({ quiz_best_score: 0 }) }, now)).toEqual({ state: 'open' });
  });

  it('an earlier item marked blocking holds back every later item, not itself nor earlier ones', () => {
    const list = [item(1), item(2, { type: 'TASKS', blocking: true }), item(3), item(4)];
    expect(unlockState(list[0]!, enrolment(list), {}, now)).toEqual({ state: 'open' });
    expect(unlockState(list[1]!, enrolment(list), {}, now)).toEqual({ state: 'open' });
    expect(unlockState(list[3]!, enrolment(list), {}, now)).toMatchObject({ reasons: ['TASKS'], waiting_on: 2 });
    expect(unlockState(list[3]!, enrolment(list), { 2: done() }, now)).toEqual({ state: 'open' });
  });

  it('combines every rule: date, previous item, blockers, with the date first and its opening date', () => {
    const list = [
      item(1, { type: 'QUIZ', blocking: true, min_success_rate: 50 }),
      item(2, { unlock_mode: 'PREVIOUS', unlock_blockers: [{ type: 'TASKS', item_id: 9, min_score: null }] }),
    ];
    const state = unlockState(list[1]!, enrolment(list, { drip_frequency: 'WEEKLY' }), {}, at('2026-01-12T00:00:00Z'));
    expect(state).toEqual({
      state: 'locked',
      reason: 'DATE',
      reasons: ['DATE', 'PREVIOUS_ITEM', 'QUIZ_SCORE', 'TASKS'],
      opens_at: '2026-01-16T23:00:00.000Z',
      waiting_on: 1,
    });
  });
});

describe('startOfDayAfter agrees with @internationalized/date (the implementation it replaced, for speed)', () => {
  const reference = (instant: string, days: number, timeZone: string) =>
    toZoned(toCalendarDate(fromAbsolute(Date.parse(instant), timeZone)).add({ days }), timeZone, 'later').toDate().toISOString();
  // Paris and New York change hour at night; Santiago and Havana skipped midnight itself in these years; Lord Howe by half an hour.
  const zones = ['Europe/Paris', 'America/New_York', 'America/Santiago', 'America/Havana', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'];
  const instants = ['2024-03-30T22:30:00.000Z', '2024-10-26T23:59:59.999Z', '2023-09-02T03:00:00.000Z', '2025-01-01T00:00:00.000Z', '2022-11-05T12:00:00.000Z'];
  it.each(zones)('in %s, for 800 days after several instants', (zone) => {
    for (const instant of instants) {
      for (let days = 0; days < 800; days += 1) expect(startOfDayAfter(instant, days, zone).toISOString(), `${instant} +${days}`).toBe(reference(instant, days, zone));
    }
  });
});

describe('unlockStates: every item of the outline at once, as unlockState answers each', () => {
  /** A small deterministic generator (mulberry32): the same outlines on every run. */
  const generator = (seed: number) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const types = ['GENERIC', 'QUIZ', 'TASKS', 'ASSIGNMENT', 'SCORM'] as const;
  const modes = ['NONE', 'NONE', 'PREVIOUS', 'DATE', 'DELAY', 'MANUAL'] as const;
  const statuses = [null, 'PENDING_CUSTOMER', 'PENDING_TEACHER', 'COMPLETED'] as const;
  const blockerTypes = ['QUIZ_SCORE', 'TASKS', 'ASSIGNMENT'] as const;

  it.each(Array.from({ length: 40 }, (_, seed) => seed))('random outline %i: blocking items, blockers, modes, drip and progress', (seed) => {
    const random = generator(seed + 1);
    const pick = <T,>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const size = 1 + Math.floor(random() * 60);
    const list: UnlockItem[] = Array.from({ length: size }, (_, i) => {
      const type = pick(types);
      return item(i + 1, {
        type,
        blocking: random() < 0.3,
        unlock_mode: pick(modes),
        unlock_at: random() < 0.5 ? '2026-01-20T08:00:00Z' : null,
        unlock_delay_days: random() < 0.5 ? Math.floor(random() * 20) : null,
        unlock_blockers:
          random() < 0.2 ? [{ type: pick(blockerTypes), item_id: 1 + Math.floor(random() * size), min_score: random() < 0.5 ? Math.floor(random() * 100) : null }] : [],
        min_success_rate: type === 'QUIZ' && random() < 0.7 ? Math.floor(random() * 100) : null,
      });
    });
    const progress: Record<number, NonNullable<UnlockProgress[number]>> = {};
    for (const entry of list) {
      if (random() < 0.4) continue;
      progress[entry.id] = done({
        completed_at: random() < 0.6 ? '2026-01-11T10:00:00Z' : null,
        quiz_best_score: random() < 0.5 ? Math.floor(random() * 100) : null,
        assignment_status: pick(statuses),
        unblocked_by_teacher: random() < 0.1,
      });
    }
    const learner = enrolment(list, { bypass_drip: random() < 0.3, drip_frequency: pick([null, 'WEEKLY', 'BIWEEKLY', 'MONTHLY'] as const) });
    const now = at(pick(['2026-01-10T12:00:00Z', '2026-01-25T12:00:00Z', '2026-06-01T12:00:00Z']));
    const states = unlockStates(learner, progress, now);
    expect([...states.keys()]).toEqual(list.map((entry) => entry.id));
    for (const entry of list) expect(states.get(entry.id), `item ${entry.id}`).toEqual(unlockState(entry, learner, progress, now));
  });
});
