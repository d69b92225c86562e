import type { QueryClient } from '@tanstack/react-query';
import { api } from './client';
import { unwrap } from './failure';
import { $api } from './queries';
import type { components } from './schema.gen';

/** Customisation (issue 16): the store's resources. The theme is saved with updateStore (storesApi). */

export type StoreTheme = components['schemas']['StoreTheme'];
type NewStoreResource = components['schemas']['CreateStoreResourceBody'];

const storePath = (storeUuid: string) => ({ params: { path: { storeUuid } } });

export const storeResourcesQuery = (storeUuid: string) => $api.queryOptions('get', '/stores/{storeUuid}/resources', storePath(storeUuid));

export const refreshStoreResources = (queryClient: QueryClient, storeUuid: string) =>
  queryClient.invalidateQueries({ queryKey: storeResourcesQuery(storeUuid).queryKey });

export const storeResourcesApi = {
  /** POST /stores/{uuid}/resources: a LINK or a FILE (a RESOURCE store upload), added last. */
  add: (storeUuid: string, body: NewStoreResource, signal?: AbortSignal) => unwrap(api.POST('/stores/{storeUuid}/resources', { ...storePath(storeUuid), body, signal })),
  remove: (storeUuid: string, resourceId: number, signal?: AbortSignal) =>
    unwrap(api.DELETE('/stores/{storeUuid}/resources/{resourceId}', { params: { path: { storeUuid, resourceId } }, signal })),
  /** PUT …/reordering: every id of the store, in the new order. */
  reorder: (storeUuid: string, ids: number[], signal?: AbortSignal) =>
    unwrap(api.PUT('/stores/{storeUuid}/resources/reordering', { ...storePath(storeUuid), body: { ids }, signal })),
};
