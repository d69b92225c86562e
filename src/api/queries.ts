import createQueryHooks from 'openapi-react-query';
import { api } from './client';
import { toFailure } from './failure';

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;

/**
 * The typed client as the query hooks see it: a failed call rejects with a Failure (its HTTP status, or null
 * when no answer came), so the query cache can hand every failed read to the error catalogue
 * (src/api/queryClient.ts) the way writes are handed to it. An abort stays an abort.
 */
export function failingWithFailures(client: typeof api): typeof api {
  const wrapped = { ...client };
  for (const method of METHODS) {
    const call = client[method] as (...args: unknown[]) => Promise<{ error?: unknown; response: Response }>;
    (wrapped as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      let result: { error?: unknown; response: Response };
      try {
        result = await call(...args);
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        throw toFailure(error);
      }
      if (!result.response.ok) throw toFailure(result.error, result.response);
      return result;
    };
  }
  return wrapped;
}

/**
 * Typed TanStack Query options for every operation of the contract: `$api.queryOptions('get', '/trainings', {…})`
 * gives the key and the fetcher, so hooks, loaders and machines share one cache and invalidate by that key.
 * A failed query's `error` is a Failure (status, code, message, fieldErrors), whatever the type says.
 */
export const $api = createQueryHooks(failingWithFailures(api));
