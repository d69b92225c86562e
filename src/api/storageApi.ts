import type { QueryClient } from '@tanstack/react-query';
import { $api } from './queries';

/** GET /stores/{storeUuid}/storage: the bytes the store's files take (uploads, SCORM packages) and its quota. */
export const storageUsageQuery = (storeUuid: string) => $api.queryOptions('get', '/stores/{storeUuid}/storage', { params: { path: { storeUuid } } });

/** After an upload: the usage shown next to upload fields is read again. */
export const refreshStorageUsage = (queryClient: QueryClient, storeUuid: string) =>
  queryClient.invalidateQueries({ queryKey: storageUsageQuery(storeUuid).queryKey });
