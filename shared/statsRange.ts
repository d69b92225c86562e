/** Date ranges of the statistics tab, as the contract's `begin`/`end` (YYYY-MM-DD, inclusive). Pure: the clock comes in. */

export interface DateRange {
  begin: string;
  end: string;
}

export type RangeProblem = 'missing' | 'order' | 'tooLong';

/** The server's bound of a training's statistics: `end` at most 10 × 366 days after `begin` (at most 120 monthly bars). */
export const MAX_RANGE_YEARS = 10;
/** The bound in days of a range of at most `years` years (366 days each, as the server counts). */
export const spanDaysOf = (years: number) => years * 366;
export const MAX_RANGE_SPAN_DAYS = spanDaysOf(MAX_RANGE_YEARS);
export const DEFAULT_RANGE_DAYS = 30;

const pad = (n: number) => String(n).padStart(2, '0');

/** A local calendar day as YYYY-MM-DD. */
export const isoDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The last `days` days up to today included (the default: the last 30 days). */
export function lastDays(today: Date, days = DEFAULT_RANGE_DAYS): DateRange {
  const first = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { begin: isoDay(first), end: isoDay(today) };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;

/** Why a typed range cannot be asked, or null. */
export function rangeProblem(range: DateRange, maxSpanDays = MAX_RANGE_SPAN_DAYS): RangeProblem | null {
  if (!DAY.test(range.begin) || !DAY.test(range.end)) return 'missing';
  const span = dayNumber(range.end) - dayNumber(range.begin);
  if (span < 0) return 'order';
  if (span > maxSpanDays) return 'tooLong';
  return null;
}

/** The shortcuts the tab offers, in days (30 days, 90 days, 12 months). */
export const RANGE_PRESETS = [30, 90, 365] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** The shortcut a range is (the last N days up to today), or null when it is any other range. */
export function presetOf(range: DateRange, today: Date): RangePreset | null {
  return RANGE_PRESETS.find((days) => {
    const preset = lastDays(today, days);
    return preset.begin === range.begin && preset.end === range.end;
  }) ?? null;
}
