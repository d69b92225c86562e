import { describe, expect, it } from 'vitest';
import { formatDuration, formatEuros, formatPercent, formatShortNumber, formatSize, localeTag } from '../../../src/i18n/format';

// Intl separates French thousands with a narrow no-break space and puts a no-break space before € and %.
const nb = (text: string) => text.replace(/ /g, '\u202f').replace(/_/g, '\u00a0');

describe('formatEuros (spec 9: prices in euros, fr-FR)', () => {
  it('French: comma decimals, grouped thousands, € after', () => {
    expect(formatEuros(0)).toBe(nb('0,00_€'));
    expect(formatEuros(49.9)).toBe(nb('49,90_€'));
    expect(formatEuros(1234.5)).toBe(nb('1 234,50_€'));
    expect(formatEuros(1234.5, 'fr')).toBe(formatEuros(1234.5));
  });
  it('English: € before, dot decimals', () => {
    expect(formatEuros(1234.5, 'en')).toBe('€1,234.50');
  });
});

describe('formatShortNumber (K above 999, M above 999 999, Md above 999 999 999)', () => {
  it('up to 999 as is', () => {
    expect(formatShortNumber(0)).toBe('0');
    expect(formatShortNumber(42)).toBe('42');
    expect(formatShortNumber(999)).toBe('999');
  });
  it('the thresholds', () => {
    expect(formatShortNumber(1000)).toBe(nb('1_K'));
    expect(formatShortNumber(999_999)).toBe(nb('999,9_K'));
    expect(formatShortNumber(1_000_000)).toBe(nb('1_M'));
    expect(formatShortNumber(999_999_999)).toBe(nb('999,9_M'));
    expect(formatShortNumber(1_000_000_000)).toBe(nb('1_Md'));
  });
  it('one decimal at most, rounded down', () => {
    expect(formatShortNumber(1500)).toBe(nb('1,5_K'));
    expect(formatShortNumber(1999)).toBe(nb('1,9_K'));
    expect(formatShortNumber(2_345_678)).toBe(nb('2,3_M'));
    expect(formatShortNumber(12_345_678_901)).toBe(nb('12,3_Md'));
    expect(formatShortNumber(1_234_567_890_123)).toBe(nb('1 234,5_Md'));
  });
  it('negative numbers keep their sign', () => {
    expect(formatShortNumber(-1500)).toBe(nb('-1,5_K'));
  });
  it('English: K, M, B without a space', () => {
    expect(formatShortNumber(1500, 'en')).toBe('1.5K');
    expect(formatShortNumber(2_300_000, 'en')).toBe('2.3M');
    expect(formatShortNumber(4_000_000_000, 'en')).toBe('4B');
    expect(formatShortNumber(999, 'en')).toBe('999');
  });
});

describe('formatSize (KB, MB, GB to 2 decimals)', () => {
  it('bytes under 1 Ko', () => {
    expect(formatSize(0)).toBe(nb('0_o'));
    expect(formatSize(512)).toBe(nb('512_o'));
    expect(formatSize(1023)).toBe(nb('1 023_o'));
  });
  it('binary multiples, two decimals at most', () => {
    expect(formatSize(1024)).toBe(nb('1_Ko'));
    expect(formatSize(1536)).toBe(nb('1,5_Ko'));
    expect(formatSize(5_242_880)).toBe(nb('5_Mo'));
    expect(formatSize(209_715_200)).toBe(nb('200_Mo'));
    expect(formatSize(536_870_912)).toBe(nb('512_Mo'));
    expect(formatSize(1_073_741_824)).toBe(nb('1_Go'));
    expect(formatSize(1_320_702_444)).toBe(nb('1,23_Go'));
    expect(formatSize(1234)).toBe(nb('1,21_Ko'));
  });
  it('a value that rounds to 1024 moves to the next unit; Go is the largest', () => {
    expect(formatSize(1024 * 1024 - 1)).toBe(nb('1_Mo'));
    expect(formatSize(2048 * 1024 ** 3)).toBe(nb('2 048_Go'));
  });
  it('English units', () => {
    expect(formatSize(512, 'en')).toBe('512\u00a0B');
    expect(formatSize(5_242_880, 'en')).toBe('5\u00a0MB');
    expect(formatSize(1536, 'en')).toBe('1.5\u00a0KB');
    expect(formatSize(1_320_702_444, 'en')).toBe('1.23\u00a0GB');
  });
});

describe('formatDuration (hh h mm m ss s)', () => {
  it('zero-padded, hours only when there are some', () => {
    expect(formatDuration(0)).toBe('00 m 00 s');
    expect(formatDuration(5)).toBe('00 m 05 s');
    expect(formatDuration(330)).toBe('05 m 30 s');
    expect(formatDuration(3599)).toBe('59 m 59 s');
    expect(formatDuration(3600)).toBe('01 h 00 m 00 s');
    expect(formatDuration(3725)).toBe('01 h 02 m 05 s');
    expect(formatDuration(100 * 3600 + 61)).toBe('100 h 01 m 01 s');
  });
  it('rounds fractions of a second, never negative', () => {
    expect(formatDuration(59.6)).toBe('01 m 00 s');
    expect(formatDuration(-3)).toBe('00 m 00 s');
  });
});

describe('formatPercent (2 decimals)', () => {
  it('French and English', () => {
    expect(formatPercent(12.345)).toBe(nb('12,35_%'));
    expect(formatPercent(50)).toBe(nb('50_%'));
    expect(formatPercent(0.5)).toBe(nb('0,5_%'));
    expect(formatPercent(100)).toBe(nb('100_%'));
    expect(formatPercent(33.3333, 'en')).toBe('33.33%');
  });
});

describe('localeTag', () => {
  it('the tags the app formats with', () => {
    expect(localeTag('fr')).toBe('fr-FR');
    expect(localeTag('en')).toBe('en-GB');
  });
});
