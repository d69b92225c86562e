/**
 * The generic validation rules of spec section 5 that the client's forms and the server's commands both run:
 * http link, domain, alphanumeric-dash, phone, timecode (and its order against another), between.
 *
 * Every rule answers `true` when the value passes. As the spec says, an empty value (undefined, null, or a
 * string that is empty after trimming) passes every rule but `required`: a form decides separately whether a
 * field must be filled. Pure functions, no locale: the messages belong to the views (formatjs) and the error
 * envelope (server).
 */

/** Empty for every rule but `required`: nothing, or only blanks. */
export const isEmpty = (value: string | number | null | undefined): value is null | undefined | '' =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** Spec: "required". Blanks alone do not fill a field. */
export const required = (value: string | number | null | undefined): boolean => !isEmpty(value);

/**
 * Spec: "link must start with http://" (or https://), then at least one character of a host. The scheme is
 * matched case-insensitively, as browsers do; `javascript:`, `file:`, `ftp:` and relative links fail.
 */
export const isHttpLink = (value: string | null | undefined): boolean => isEmpty(value) || /^https?:\/\/[^\s/?#]+\S*$/i.test(value.trim());

/**
 * Spec: "domain (letters, digits, hyphen, underscore, dot; the message says unaccented letters, digits,
 * hyphen, dot)". Only those characters, unaccented, at least one.
 */
export const isDomain = (value: string | null | undefined): boolean => isEmpty(value) || /^[A-Za-z0-9._-]+$/.test(value);

/** Spec: "alphanumeric-dash (letters, digits, hyphen, underscore)", unaccented. */
export const isAlphanumericDash = (value: string | null | undefined): boolean => isEmpty(value) || /^[A-Za-z0-9_-]+$/.test(value);

/**
 * A store's subdomain: the alphanumeric-dash rule narrowed to what a host name label holds (DNS has no
 * underscore and no case): 3 to 63 lowercase unaccented letters, digits and hyphens, no hyphen at either end.
 * The contract's UpdateStoreBody pattern says the same.
 */
export const isSubdomain = (value: string | null | undefined): boolean =>
  isEmpty(value) || (isAlphanumericDash(value) && /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/.test(value));

/** Spec: "phone (starts with 0 or +, then 9 to 13 digits)". No spaces or separators. */
export const isPhone = (value: string | null | undefined): boolean => isEmpty(value) || /^[0+][0-9]{9,13}$/.test(value);

/** Spec: "between {0} and {1}", both bounds included. A number, or a string that reads as one. */
export function isBetween(value: string | number | null | undefined, min: number, max: number): boolean {
  if (isEmpty(value)) return true;
  const number = typeof value === 'number' ? value : Number(value.trim());
  return Number.isFinite(number) && number >= min && number <= max;
}

const TIMECODE = /^(\d{2,3}):([0-5]\d)$/;

/** Spec: "timecode (2 or 3 digits, colon, minutes 00-59)": minutes then seconds, `mm:ss` or `mmm:ss`. */
export const isTimecode = (value: string | null | undefined): boolean => isEmpty(value) || TIMECODE.test(value);

/** A timecode's total seconds (`"01:30"` → 90), or null when it is not a timecode. */
export function timecodeSeconds(value: string): number | null {
  const match = TIMECODE.exec(value);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * Spec: a timecode "must be strictly after or before another timecode in total seconds". Passes when either
 * side is empty or not a timecode (the timecode rule reports those), so one mistake gives one message.
 */
export function isTimecodeInOrder(value: string | null | undefined, other: string | null | undefined, order: 'after' | 'before'): boolean {
  if (isEmpty(value) || isEmpty(other)) return true;
  const seconds = timecodeSeconds(value);
  const otherSeconds = timecodeSeconds(other);
  if (seconds === null || otherSeconds === null) return true;
  return order === 'after' ? seconds > otherSeconds : seconds < otherSeconds;
}

const CLOCK_TIMECODE = /^(\d{1,2}):([0-5]\d):([0-5]\d)$/;

/**
 * A timeline entry's timecode: the spec's timecode (`mm:ss`, `mmm:ss`) or a clock time `h:mm:ss` / `hh:mm:ss`
 * for long videos. Empty passes, as every rule but `required`.
 */
export const isTimelineTimecode = (value: string | null | undefined): boolean =>
  isEmpty(value) || TIMECODE.test(value) || CLOCK_TIMECODE.test(value);

/** A timeline timecode's total seconds (`"01:30"` → 90, `"1:00:05"` → 3605), or null when it is not one. */
export function timelineSeconds(value: string): number | null {
  const clock = CLOCK_TIMECODE.exec(value);
  if (clock) return Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
  return timecodeSeconds(value);
}

/**
 * Spec: timecodes "must be strictly after … another timecode in total seconds": the indexes of the entries of a
 * list whose timecode is not strictly after the previous readable one (unreadable ones are the timecode rule's).
 */
export function timecodesOutOfOrder(timecodes: readonly string[]): number[] {
  const wrong: number[] = [];
  let previous: number | null = null;
  timecodes.forEach((code, index) => {
    const seconds = timelineSeconds(code);
    if (seconds === null) return;
    if (previous !== null && seconds <= previous) wrong.push(index);
    else previous = seconds;
  });
  return wrong;
}

/** An HTML tag or comment anywhere in a text (spec 5: "Markdown blocks disallow HTML"). */
const HTML_TAG = /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>|<!--/i;
export const holdsHtml = (value: string): boolean => HTML_TAG.test(value);
