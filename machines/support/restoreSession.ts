import type { Failure } from '../../shared/failure';

const isFailure = (error: unknown): error is Failure => typeof error === 'object' && error !== null && 'status' in error && 'message' in error;

/**
 * The start-up check of a stored session (back office and learner area alike): no token is a guest (null), a
 * refused one (401) too; anything else (server down, offline) is thrown, for the machine's "unavailable".
 */
export async function restoreStoredSession<T>(hasToken: boolean, load: () => Promise<T>): Promise<T | null> {
  if (!hasToken) return null;
  try {
    return await load();
  } catch (error) {
    if (isFailure(error) && error.status === 401) return null;
    throw error;
  }
}
