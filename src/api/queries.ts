import createQueryHooks from 'openapi-react-query';
import { api } from './client';

/**
 * Typed TanStack Query options for every operation of the contract: `$api.queryOptions('get', '/trainings', {…})`
 * gives the key and the fetcher, so hooks, loaders and machines share one cache and invalidate by that key.
 * Failures keep openapi-fetch's error body (the error envelope); turn them into a Failure with `toFailure`
 * where a screen explains them.
 */
export const $api = createQueryHooks(api);
