/**
 * The rules of the "add training" and "add bundle" forms (spec section 5): a title required, at most 128
 * characters, a short description of at most 200. The inputs also stop at these lengths; the server
 * checks them again (422, shown on the fields).
 */
export const NAME_MAX = 128;
export const SUMMARY_MAX = 200;

export interface NameSummary {
  name: string;
  summary: string;
}

export type NameProblem = 'required' | 'tooLong';

/** Characters as the contract's maxLength counts them (code points, so an emoji is one). */
export const characterCount = (text: string) => [...text].length;

/** What is wrong with the typed values; an empty object when they can be sent. */
export function nameSummaryProblems({ name, summary }: NameSummary): { name?: NameProblem; summary?: 'tooLong' } {
  const trimmed = name.trim();
  return {
    ...(trimmed === '' ? { name: 'required' as const } : characterCount(trimmed) > NAME_MAX ? { name: 'tooLong' as const } : {}),
    ...(characterCount(summary.trim()) > SUMMARY_MAX ? { summary: 'tooLong' as const } : {}),
  };
}

/** The body to send: trimmed, without an empty summary. */
export function nameSummaryBody({ name, summary }: NameSummary): { name: string; summary?: string } {
  const short = summary.trim();
  return { name: name.trim(), ...(short ? { summary: short } : {}) };
}
