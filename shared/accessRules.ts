import type { components } from '../src/api/schema.gen';

type Training = components['schemas']['Training'];
export type DripFrequency = components['schemas']['DripFrequency'];

/** The access rules of a training, as the settings tab and the trainings-settings table edit them. */
export type AccessRules = Pick<Training, 'max_customers' | 'access_duration_days' | 'enrollment_ends_at' | 'drip_frequency'>;

/** The rules as typed: text fields (empty = unlimited / none) and the drip select ('' = none). */
export interface AccessRulesText {
  max_customers: string;
  access_duration_days: string;
  /** A `datetime-local` value (local time, no zone), '' for none. */
  enrollment_ends_at: string;
  drip_frequency: '' | DripFrequency;
}

export type AccessProblem = 'wholeNumber' | 'tooLong' | 'date';
export const MAX_ACCESS_DAYS = 3650;

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a `datetime-local` value in the browser's zone ('' for null). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (browser's zone) as an ISO instant; null for '' and undefined when it is not a date. */
export function fromLocalInput(value: string): string | null | undefined {
  if (value.trim() === '') return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export const accessRulesText = (rules: AccessRules): AccessRulesText => ({
  max_customers: rules.max_customers === null ? '' : String(rules.max_customers),
  access_duration_days: rules.access_duration_days === null ? '' : String(rules.access_duration_days),
  enrollment_ends_at: toLocalInput(rules.enrollment_ends_at),
  drip_frequency: rules.drip_frequency ?? '',
});

/** '' → null; a whole number ≥ 1 → that number; anything else → undefined. */
function positiveWhole(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return n >= 1 && Number.isSafeInteger(n) ? n : undefined;
}

/**
 * The typed rules as the body of PUT /trainings/{uuid}, or the problem of each wrong field (checked
 * here so the trainer sees it at once; the server checks the same bounds).
 */
export function parseAccessRules(text: AccessRulesText): { rules: AccessRules; problems: null } | { rules: null; problems: Partial<Record<keyof AccessRules, AccessProblem>> } {
  const problems: Partial<Record<keyof AccessRules, AccessProblem>> = {};
  const max = positiveWhole(text.max_customers);
  if (max === undefined) problems.max_customers = 'wholeNumber';
  const days = positiveWhole(text.access_duration_days);
  if (days === undefined) problems.access_duration_days = 'wholeNumber';
  else if (days !== null && days > MAX_ACCESS_DAYS) problems.access_duration_days = 'tooLong';
  const endsAt = fromLocalInput(text.enrollment_ends_at);
  if (endsAt === undefined) problems.enrollment_ends_at = 'date';
  if (Object.keys(problems).length > 0) return { rules: null, problems };
  return {
    rules: {
      max_customers: max ?? null,
      access_duration_days: days ?? null,
      enrollment_ends_at: endsAt ?? null,
      drip_frequency: text.drip_frequency === '' ? null : text.drip_frequency,
    },
    problems: null,
  };
}
