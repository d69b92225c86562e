/** The API reports field errors as per-field lists; a single string is accepted too. */
export type FieldErrorMessage = string | readonly string[];

/** Normalises an error prop to display text, or undefined when there is nothing to show. */
export function joinErrorMessage(errorMessage: FieldErrorMessage | undefined): string | undefined {
  if (errorMessage === undefined) return undefined;
  const text = typeof errorMessage === 'string' ? errorMessage : errorMessage.filter(Boolean).join(', ');
  return text.trim() === '' ? undefined : text;
}

