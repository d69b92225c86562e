import { describe, expect, it } from 'vitest';
import { lastDays, presetOf, rangeProblem } from '../../../shared/statsRange';

describe('lastDays', () => {
  it('the last 30 days include today', () => {
    expect(lastDays(new Date(2026, 2, 15, 23, 59))).toEqual({ begin: '2026-02-14', end: '2026-03-15' });
  });
  it('crosses a year and counts leap days', () => {
    expect(lastDays(new Date(2024, 0, 5), 7)).toEqual({ begin: '2023-12-30', end: '2024-01-05' });
    expect(lastDays(new Date(2024, 2, 1), 2)).toEqual({ begin: '2024-02-29', end: '2024-03-01' });
  });
});

describe('rangeProblem', () => {
  it('accepts one day up to ten years', () => {
    expect(rangeProblem({ begin: '2026-03-15', end: '2026-03-15' })).toBeNull();
    expect(rangeProblem({ begin: '2016-01-01', end: '2026-01-08' })).toBeNull();
    expect(rangeProblem({ begin: '2016-01-01', end: '2026-01-09' })).toBe('tooLong');
  });
  it('refuses blanks, reversed and too long ranges', () => {
    expect(rangeProblem({ begin: '', end: '2026-03-15' })).toBe('missing');
    expect(rangeProblem({ begin: '2026-03-16', end: '2026-03-15' })).toBe('order');
    expect(rangeProblem({ begin: '2010-01-01', end: '2026-03-15' })).toBe('tooLong');
  });
});

describe('presetOf (the shortcut shown pressed)', () => {
  const today = new Date(2026, 2, 15, 10, 0);
  it('names the shortcut the dates match', () => {
    expect(presetOf({ begin: '2026-02-14', end: '2026-03-15' }, today)).toBe(30);
    expect(presetOf(lastDays(today, 90), today)).toBe(90);
    expect(presetOf(lastDays(today, 365), today)).toBe(365);
  });
  it('is null for any other range, one that ended before today included', () => {
    expect(presetOf({ begin: '2026-02-15', end: '2026-03-15' }, today)).toBeNull();
    expect(presetOf({ begin: '2026-02-13', end: '2026-03-14' }, today)).toBeNull();
    expect(presetOf(lastDays(today, 30), new Date(2026, 2, 16))).toBeNull();
    expect(presetOf({ begin: '', end: '' }, today)).toBeNull();
  });
});
