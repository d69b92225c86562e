import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { invalid } from '../../http/errors.js';
import { messages } from '../../http/messages.js';

/** The statistics tab cuts days in the store's time zone; the contract's default for `tz`. */
export const DEFAULT_TZ = 'Europe/Paris';
/** Without dates, the last 30 days including today. */
const DEFAULT_DAYS = 30;
/** Ten years of monthly buckets is 120 points; longer asks a chart for nothing useful. */
const MAX_YEARS = 10;
const DAY_MS = 86_400_000;

/** Whole days from `begin` to `end` (inclusive), both YYYY-MM-DD in one time zone. */
export interface Period {
  begin: string;
  end: string;
  tz: string;
}

/** A known IANA zone? Intl and PostgreSQL read the same tz database, so Intl can answer before SQL fails. */
export function checkTimeZone(tz: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
  } catch {
    throw invalid({ tz: [messages.unknownTimeZone] });
  }
}

/** The calendar date of `instant` in `tz`, as YYYY-MM-DD. */
export function localDate(instant: Date, tz: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

const toDay = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const fromDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Days in the period, both ends included. */
export const lengthInDays = (period: Period) => toDay(period.end) - toDay(period.begin) + 1;

/**
 * The period asked for, completed by defaults: a missing end is today (in `tz`), a missing begin is
 * 29 days before the end. The contract already checked the dates' format. At most `maxYears` long.
 */
export function periodOf(now: Date, query: { begin?: string; end?: string; tz?: string }, maxYears = MAX_YEARS): Period {
  const tz = query.tz ?? DEFAULT_TZ;
  checkTimeZone(tz);
  const end = query.end ?? localDate(now, tz);
  const begin = query.begin ?? fromDay(toDay(end) - (DEFAULT_DAYS - 1));
  if (begin > end) throw invalid({ begin: [messages.periodReversed] });
  if (toDay(end) - toDay(begin) > maxYears * 366) throw invalid({ begin: [messages.periodTooLong(maxYears)] });
  return { begin, end, tz };
}

/** Bounds as instants: local midnight of `begin`, and local midnight after `end` (exclusive). */
export interface Bounds {
  from: SQL;
  to: SQL;
}

export function boundsOf(period: Period): Bounds {
  return {
    from: sql`((${period.begin}::date)::timestamp at time zone ${period.tz})`,
    to: sql`((${period.end}::date + 1)::timestamp at time zone ${period.tz})`,
  };
}

/** The event in `column` happened within the bounds; with none (a training's whole life), it happened at all. */
export const happenedWithin = (column: AnyColumn | SQL, bounds: Bounds | null): SQL =>
  bounds ? sql`(${column} >= ${bounds.from} and ${column} < ${bounds.to})` : sql`(${column} is not null)`;

/** The event in `column` happened before the end of the bounds; with none, it happened at all. */
export const happenedBefore = (column: AnyColumn | SQL, bounds: Bounds | null): SQL =>
  bounds ? sql`(${column} < ${bounds.to})` : sql`(${column} is not null)`;
