import { describe, expect, it } from 'vitest';
import { accessRulesText, fromLocalInput, parseAccessRules, toLocalInput, type AccessRulesText } from '../../../shared/accessRules';

const blank: AccessRulesText = { max_customers: '', access_duration_days: '', enrollment_ends_at: '', drip_frequency: '' };

describe('parseAccessRules', () => {
  it('blank fields mean unlimited / none', () => {
    expect(parseAccessRules(blank)).toEqual({
      rules: { max_customers: null, access_duration_days: null, enrollment_ends_at: null, drip_frequency: null },
      problems: null,
    });
  });

  it('reads whole numbers, the drip frequency and a local date', () => {
    const parsed = parseAccessRules({ max_customers: ' 25 ', access_duration_days: '365', enrollment_ends_at: '2031-05-04T18:30', drip_frequency: 'WEEKLY' });
    expect(parsed.problems).toBeNull();
    expect(parsed.rules).toEqual({
      max_customers: 25,
      access_duration_days: 365,
      enrollment_ends_at: new Date(2031, 4, 4, 18, 30).toISOString(),
      drip_frequency: 'WEEKLY',
    });
  });

  it('flags each wrong field', () => {
    expect(parseAccessRules({ max_customers: '0', access_duration_days: '2,5', enrollment_ends_at: 'demain', drip_frequency: '' }).problems).toEqual({
      max_customers: 'wholeNumber',
      access_duration_days: 'wholeNumber',
      enrollment_ends_at: 'date',
    });
    expect(parseAccessRules({ ...blank, max_customers: '-3' }).problems).toEqual({ max_customers: 'wholeNumber' });
    expect(parseAccessRules({ ...blank, access_duration_days: '3651' }).problems).toEqual({ access_duration_days: 'tooLong' });
    expect(parseAccessRules({ ...blank, access_duration_days: '3650' }).problems).toBeNull();
  });
});

describe('local date inputs', () => {
  it('round-trips an instant through the datetime-local value (minutes kept)', () => {
    const iso = new Date(2030, 0, 15, 9, 5).toISOString();
    expect(toLocalInput(iso)).toBe('2030-01-15T09:05');
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
  });
  it('null and garbage', () => {
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('pas une date')).toBe('');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('2030-13-45')).toBeUndefined();
  });
  it('accessRulesText shows the stored rules', () => {
    expect(accessRulesText({ max_customers: 10, access_duration_days: null, enrollment_ends_at: null, drip_frequency: 'MONTHLY' })).toEqual({
      max_customers: '10',
      access_duration_days: '',
      enrollment_ends_at: '',
      drip_frequency: 'MONTHLY',
    });
  });
});
