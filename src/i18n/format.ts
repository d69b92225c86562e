/**
 * Number formatting of spec section 9, one place for every page: prices in euros, short numbers
 * (K, M, Md), file sizes, durations and percentages. Pure functions of (value, locale) so they run
 * outside React and in tests; components pass `useLocale().locale` (or intl.locale mapped by `localeTag`).
 *
 * Decisions where the spec is silent (README):
 * - English uses the English short units (K, M, B) and the en-GB conventions the app uses elsewhere.
 * - Short numbers keep at most one decimal and round DOWN (1 999 → "1,9 K"), so a count is never
 *   shown larger than it is and 999 999 never reads "1 000 K".
 * - Sizes count in binary multiples (1 Ko = 1024 octets) like the limits of spec section 9
 *   (5242880 = 5 Mo); French writes octets (o, Ko, Mo, Go), English B, KB, MB, GB.
 * - Durations drop the hours when there are none: "05 m 30 s", "01 h 02 m 05 s".
 * - Percentages take a value in percent (12.345 → "12,35 %").
 */
import type { Locale } from './LocaleProvider';

const TAGS: Record<Locale, string> = { fr: 'fr-FR', en: 'en-GB' };

/** The BCP 47 tag the app formats a locale with. */
export const localeTag = (locale: Locale): string => TAGS[locale];

// Intl formatters are costly to build and these run per row of long lists: one per (locale, options).
const cache = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(TAGS[locale], options);
    cache.set(key, format);
  }
  return format;
}

/** A price in euros: "1 234,50 €" (fr), "€1,234.50" (en). */
export function formatEuros(amount: number, locale: Locale = 'fr'): string {
  return numberFormat(locale, { style: 'currency', currency: 'EUR' }).format(amount);
}

const SHORT_UNITS: Record<Locale, readonly [string, string, string]> = {
  fr: ['K', 'M', 'Md'],
  en: ['K', 'M', 'B'],
};

/** Truncates toward zero to one decimal, in integer arithmetic so 1.9999 never becomes 2.0. */
const floorTenth = (value: number, divisor: number) => Math.trunc((value * 10) / divisor) / 10;

/**
 * A count in short form: as is up to 999, then K above 999, M above 999 999, Md (en: B) above
 * 999 999 999, with one decimal at most: 1 500 → "1,5 K", 2 300 000 → "2,3 M", 4 000 000 000 → "4 Md".
 */
export function formatShortNumber(value: number, locale: Locale = 'fr'): string {
  const [thousand, million, billion] = SHORT_UNITS[locale];
  const magnitude = Math.abs(value);
  const decimal = numberFormat(locale, { maximumFractionDigits: 1 });
  const space = locale === 'fr' ? '\u00a0' : '';
  if (magnitude > 999_999_999) return `${decimal.format(floorTenth(value, 1e9))}${space}${billion}`;
  if (magnitude > 999_999) return `${decimal.format(floorTenth(value, 1e6))}${space}${million}`;
  if (magnitude > 999) return `${decimal.format(floorTenth(value, 1e3))}${space}${thousand}`;
  return numberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}

const SIZE_UNITS: Record<Locale, readonly [string, string, string, string]> = {
  fr: ['o', 'Ko', 'Mo', 'Go'],
  en: ['B', 'KB', 'MB', 'GB'],
};

/** A size in bytes: "512 o", "1,5 Ko", "5 Mo", "1,23 Go" (2 decimals at most, binary multiples). */
export function formatSize(bytes: number, locale: Locale = 'fr'): string {
  const units = SIZE_UNITS[locale];
  let value = Math.max(0, bytes);
  let unit = 0;
  // A value that rounds to 1024 of a unit reads better as 1 of the next ("1 Mo", not "1 024 Ko").
  while (unit < units.length - 1 && Math.round(value * 100) / 100 >= 1024) {
    value /= 1024;
    unit += 1;
  }
  return `${numberFormat(locale, { maximumFractionDigits: 2 }).format(value)}\u00a0${units[unit]}`;
}

// Durations are shared with the server's documents (shared/duration.ts).
export { formatDuration } from '../../shared/duration';

/** A percentage given in percent, rounded to 2 decimals: 12.345 → "12,35 %" (fr), "12.35%" (en). */
export function formatPercent(percent: number, locale: Locale = 'fr'): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100);
}
