/**
 * How the statistics tab writes its numbers where the app-wide formatters (src/i18n/format.ts) are too precise
 * for a glance: the key figures' percentages and the chart's money axis. Pure functions of (value, locale).
 */
import { localeTag } from '../../../i18n/format';
import type { Locale } from '../../../i18n/LocaleProvider';

const cache = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: Locale, options: Intl.NumberFormatOptions) {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeTag(locale), options);
    cache.set(key, format);
  }
  return format;
}

/**
 * A key figure's percentage, given in percent, with one decimal at most: 14.2857 → "14,3 %", 0 → "0 %".
 * The server sends two decimals (spec 9); a tile read at a glance needs no more than one.
 */
export function formatStatPercent(percent: number, locale: Locale = 'fr'): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(percent / 100);
}

/**
 * A money tick of the chart's value axis: whole amounts without cents ("160 €"), others with them
 * ("12,50 €"), so round ticks do not read as prices to the cent.
 */
export function formatAxisEuros(amount: number, locale: Locale = 'fr'): string {
  const whole = Number.isInteger(amount);
  return numberFormat(locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: whole ? 0 : 2 }).format(amount);
}
