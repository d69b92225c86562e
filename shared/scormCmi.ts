/**
 * What a SCORM package's CMI data says about the item (issue 12, SCORM runtime): whether it is done and its score
 * in percent. Read from the CMI JSON that scorm-again renders (`renderCMIToJSONObject`: nested objects, string
 * values), the same shape the player saves and the server stores. Used by the server when a commit arrives.
 *
 * - SCORM 1.2: done when `cmi.core.lesson_status` is `completed` or `passed`; the score is `cmi.core.score.raw`,
 *   as a percent of `score.max` when a max is given (else read as a percent already).
 * - SCORM 2004: done when `cmi.completion_status` is `completed` or `cmi.success_status` is `passed`; the score
 *   is `cmi.score.scaled` × 100 when given, else raw over max like 1.2.
 * Anything unreadable (missing, not a number, out of range) gives no score rather than a wrong one.
 */
export type ScormVersion = '1.2' | '2004';

export interface ScormOutcome {
  completed: boolean;
  /** 0–100, two decimals; null when the package reported none. */
  score: number | null;
}

type Json = Record<string, unknown>;

const objectAt = (value: unknown, key: string): Json | null => {
  const inner = value && typeof value === 'object' ? (value as Json)[key] : undefined;
  return inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Json) : null;
};

const textAt = (value: Json | null, key: string): string | null => {
  const inner = value?.[key];
  return typeof inner === 'string' ? inner.trim().toLowerCase() : typeof inner === 'number' ? String(inner) : null;
};

const numberAt = (value: Json | null, key: string): number | null => {
  const text = textAt(value, key);
  if (text === null || text === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
};

const percent = (n: number | null): number | null => (n === null || n < 0 || n > 100 ? null : Math.round(n * 100) / 100);

/** raw as a percent of [min, max] when max is given and above min, else raw itself read as a percent. */
function rawPercent(score: Json | null): number | null {
  const raw = numberAt(score, 'raw');
  if (raw === null) return null;
  const max = numberAt(score, 'max');
  const min = numberAt(score, 'min') ?? 0;
  if (max !== null && max > min) return percent(((raw - min) / (max - min)) * 100);
  return percent(raw);
}

export function scormOutcome(version: ScormVersion, cmi: unknown): ScormOutcome {
  const root = cmi && typeof cmi === 'object' && !Array.isArray(cmi) ? (cmi as Json) : null;
  // scorm-again's JSON is `{ cmi: {...} }` or the cmi object itself, depending on how it was rendered.
  const data = objectAt(root, 'cmi') ?? root;
  if (version === '1.2') {
    const core = objectAt(data, 'core');
    const status = textAt(core, 'lesson_status');
    return { completed: status === 'completed' || status === 'passed', score: rawPercent(objectAt(core, 'score')) };
  }
  const completion = textAt(data, 'completion_status');
  const success = textAt(data, 'success_status');
  const score = objectAt(data, 'score');
  const scaled = numberAt(score, 'scaled');
  return {
    completed: completion === 'completed' || success === 'passed',
    score: scaled !== null && scaled >= 0 && scaled <= 1 ? percent(scaled * 100) : rawPercent(score),
  };
}

/** Largest CMI JSON stored per learner and item, in bytes (2004 alone allows 64,000 characters of suspend_data). */
export const SCORM_CMI_MAX_BYTES = 256 * 1024;
