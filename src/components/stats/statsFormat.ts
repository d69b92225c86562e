/**
 * How the statistics chart writes its money axis, where the app-wide formatEuros (src/i18n/format.ts) is too
 * precise for a glance. Percentages keep the app-wide formatPercent: spec 9 rounds them to 2 decimals.
 */
import { localeTag } from '../../i18n/format';
import type { Locale } from '../../i18n/LocaleProvider';

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
 * A money tick of the chart's value axis: whole amounts without cents ("160 €"), others with them
 * ("12,50 €"), so round ticks do not read as prices to the cent.
 */
export function formatAxisEuros(amount: number, locale: Locale = 'fr'): string {
  const whole = Number.isInteger(amount);
  return numberFormat(locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: whole ? 0 : 2 }).format(amount);
}
