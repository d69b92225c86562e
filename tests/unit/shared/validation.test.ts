/** The generic validation rules of spec section 5 (shared/validation.ts), as the client and the server run them. */
import { describe, expect, it } from 'vitest';
import {
  isAlphanumericDash,
  isBetween,
  isDomain,
  isHttpLink,
  isPhone,
  isTimecode,
  isTimecodeInOrder,
  required,
  timecodeSeconds,
} from '../../../shared/validation';

const EMPTY = [undefined, null, '', '   '] as const;

describe('empty values pass every rule but required', () => {
  it.each(EMPTY)('%j', (value) => {
    expect(required(value)).toBe(false);
    expect(isHttpLink(value)).toBe(true);
    expect(isDomain(value)).toBe(true);
    expect(isAlphanumericDash(value)).toBe(true);
    expect(isPhone(value)).toBe(true);
    expect(isTimecode(value)).toBe(true);
    expect(isBetween(value, 1, 5)).toBe(true);
    expect(isTimecodeInOrder(value, '01:00', 'after')).toBe(true);
  });

  it('required passes a value, zero included', () => {
    expect(required('a')).toBe(true);
    expect(required(0)).toBe(true);
  });
});

describe('http link', () => {
  it.each(['http://example.com', 'https://example.com/path?q=1#top', 'HTTPS://EXAMPLE.COM', 'http://localhost:3000'])('passes %s', (value) => {
    expect(isHttpLink(value)).toBe(true);
  });
  it.each(['example.com', 'ftp://example.com', 'javascript:alert(1)', 'file:///etc/passwd', 'http://', 'https:///path', '//example.com', 'http://exa mple.com'])(
    'fails %s',
    (value) => {
      expect(isHttpLink(value)).toBe(false);
    },
  );
});

describe('domain', () => {
  it.each(['example.com', 'my-school.example.fr', 'a_b.c', '123'])('passes %s', (value) => {
    expect(isDomain(value)).toBe(true);
  });
  it.each(['école.fr', 'exa mple.com', 'example.com/', 'a@b.c', 'http://example.com'])('fails %s', (value) => {
    expect(isDomain(value)).toBe(false);
  });
});

describe('alphanumeric-dash', () => {
  it.each(['abc', 'ABC-123', 'my_slug', '-_-'])('passes %s', (value) => {
    expect(isAlphanumericDash(value)).toBe(true);
  });
  it.each(['a.b', 'a b', 'été', 'a/b', 'a+b'])('fails %s', (value) => {
    expect(isAlphanumericDash(value)).toBe(false);
  });
});

describe('phone: 0 or +, then 9 to 13 digits', () => {
  it.each(['0612345678', '+33612345678', '+1234567890123', '0123456789'])('passes %s', (value) => {
    expect(isPhone(value)).toBe(true);
  });
  it.each(['612345678', '06 12 34 56 78', '+12345678', '+12345678901234', '06-12-34-56-78', '+33a12345678'])('fails %s', (value) => {
    expect(isPhone(value)).toBe(false);
  });
});

describe('between, both bounds included', () => {
  it('passes the bounds and what lies between', () => {
    expect(isBetween(1, 1, 5)).toBe(true);
    expect(isBetween(5, 1, 5)).toBe(true);
    expect(isBetween('3', 1, 5)).toBe(true);
    expect(isBetween(' 2.5 ', 1, 5)).toBe(true);
  });
  it('fails outside and what is not a number', () => {
    expect(isBetween(0, 1, 5)).toBe(false);
    expect(isBetween(5.01, 1, 5)).toBe(false);
    expect(isBetween('six', 1, 5)).toBe(false);
    expect(isBetween(Number.NaN, 1, 5)).toBe(false);
    expect(isBetween('Infinity', 1, 5)).toBe(false);
  });
});

describe('timecode: 2 or 3 digits, colon, minutes 00 to 59', () => {
  it.each(['00:00', '12:59', '123:05', '999:59'])('passes %s', (value) => {
    expect(isTimecode(value)).toBe(true);
  });
  it.each(['1:00', '1234:00', '12:60', '12:5', '12-30', 'ab:cd', ' 12:30'])('fails %s', (value) => {
    expect(isTimecode(value)).toBe(false);
  });
  it('reads total seconds', () => {
    expect(timecodeSeconds('01:30')).toBe(90);
    expect(timecodeSeconds('120:00')).toBe(7200);
    expect(timecodeSeconds('1:30')).toBeNull();
  });
  it('orders strictly against another timecode, in total seconds', () => {
    expect(isTimecodeInOrder('01:31', '01:30', 'after')).toBe(true);
    expect(isTimecodeInOrder('01:30', '01:30', 'after')).toBe(false);
    expect(isTimecodeInOrder('100:00', '99:59', 'after')).toBe(true);
    expect(isTimecodeInOrder('01:29', '01:30', 'before')).toBe(true);
    expect(isTimecodeInOrder('01:30', '01:30', 'before')).toBe(false);
    expect(isTimecodeInOrder('02:00', '01:30', 'before')).toBe(false);
  });
  it('leaves a malformed side to the timecode rule (one mistake, one message)', () => {
    expect(isTimecodeInOrder('1:00', '01:30', 'after')).toBe(true);
    expect(isTimecodeInOrder('01:00', 'later', 'before')).toBe(true);
  });
});
