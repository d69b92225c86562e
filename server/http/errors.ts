import type { components } from '../../src/api/schema.gen.js';
import { inLocale, messages, type Locale, type Text } from './messages.js';

export type ErrorEnvelope = components['schemas']['Error'];
export type FieldErrors = Record<string, Text[]>;

/** A failure a command raises on purpose; the binder turns it into the one error envelope. */
export class HttpError extends Error {
  readonly text: Text;

  constructor(
    readonly status: number,
    readonly code: string,
    text: Text,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(inLocale(text, 'fr'));
    this.text = text;
  }

  toEnvelope(locale: Locale): ErrorEnvelope {
    return {
      message: inLocale(this.text, locale),
      code: this.code,
      ...(this.errors
        ? { errors: Object.fromEntries(Object.entries(this.errors).map(([field, list]) => [field, list.map((m) => inLocale(m, locale))])) }
        : {}),
    };
  }
}

export const unauthenticated = (text: Text = messages.sessionExpired) => new HttpError(401, 'UNAUTHENTICATED', text);
export const forbidden = (text: Text = messages.forbidden, code = 'FORBIDDEN') => new HttpError(403, code, text);
export const notFound = (text: Text = messages.notFound) => new HttpError(404, 'NOT_FOUND', text);
export const conflict = (text: Text = messages.conflict, errors?: FieldErrors) => new HttpError(409, 'CONFLICT', text, errors);
export const invalid = (errors: FieldErrors, text: Text = firstMessage(errors), code = 'VALIDATION_FAILED') => new HttpError(422, code, text, errors);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, 'TOO_MANY_REQUESTS', messages.tooManyRequests, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

function firstMessage(errors: FieldErrors): Text {
  for (const list of Object.values(errors)) if (list[0]) return list[0];
  return messages.invalidInput;
}
