/**
 * Length of a description as the API counts it, without any editor code: the form checks it before saving
 * while ProseMirror is still loading (or never loaded).
 */

/** The contract's limit of a description (Training.description, Bundle.description: maxLength 20000). */
export const DESCRIPTION_MAX_LENGTH = 20000;

/** Characters, not UTF-16 units (JSON Schema's maxLength): an emoji is one. */
export function htmlLength(html: string): number {
  let length = 0;
  for (const _ of html) length += 1;
  return length;
}
