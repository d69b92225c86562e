import type { components } from '../../src/api/schema.gen.js';

export type ErrorEnvelope = components['schemas']['Error'];
export type FieldErrors = Record<string, string[]>;

/** A failure a command raises on purpose; the binder turns it into the one error envelope. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  toEnvelope(): ErrorEnvelope {
    return { message: this.message, code: this.code, ...(this.errors ? { errors: this.errors } : {}) };
  }
}

export const unauthenticated = (message = 'Votre session a expiré, veuillez vous reconnecter.') =>
  new HttpError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message = "Vous n'avez pas accès à cette ressource.") => new HttpError(403, 'FORBIDDEN', message);
export const notFound = (message = "Cette ressource n'existe pas.") => new HttpError(404, 'NOT_FOUND', message);
export const conflict = (message = 'Cette entrée existe déjà.', errors?: FieldErrors) =>
  new HttpError(409, 'CONFLICT', message, errors);
export const invalid = (errors: FieldErrors, message = firstMessage(errors), code = 'VALIDATION_FAILED') =>
  new HttpError(422, code, message, errors);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, 'TOO_MANY_REQUESTS', 'Trop de tentatives. Réessayez dans quelques minutes.', undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

function firstMessage(errors: FieldErrors): string {
  for (const list of Object.values(errors)) if (list[0]) return list[0];
  return 'Les données envoyées ne sont pas valides.';
}
