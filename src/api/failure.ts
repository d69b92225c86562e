import type { Failure } from '../../shared/failure';
import type { components } from './schema.gen';

type Envelope = components['schemas']['Error'];

const isEnvelope = (value: unknown): value is Envelope =>
  typeof value === 'object' && value !== null && typeof (value as Envelope).message === 'string';

/** Every failed call becomes one shape; status null means the request never got an answer. */
export function toFailure(error: unknown, response?: Response): Failure {
  if (!response) {
    return { status: null, code: 'NETWORK', message: error instanceof Error ? error.message : String(error), fieldErrors: {} };
  }
  if (isEnvelope(error)) {
    return { status: response.status, code: error.code, message: error.message, fieldErrors: error.errors ?? {} };
  }
  return { status: response.status, code: null, message: response.statusText || `HTTP ${response.status}`, fieldErrors: {} };
}

/** Awaits an openapi-fetch call and returns its data, or throws a Failure. */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await call;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw toFailure(error);
  }
  if (!result.response.ok) throw toFailure(result.error, result.response);
  return result.data as T;
}
