import type { QueryClient } from '@tanstack/react-query';
import { api } from './client';
import { unwrap } from './failure';
import { $api } from './queries';
import type { components } from './schema.gen';
import { TRAININGS_LIST_KEY } from './trainingsApi';

/** A tag of the store's trainings catalogue, with how many trainings carry it (issue 14). */
export type StoreTag = components['schemas']['StoreTag'];

/** GET /stores/{uuid}/tags: the trainings' tags, alphabetical. */
export const storeTagsQuery = (storeUuid: string) => $api.queryOptions('get', '/stores/{storeUuid}/tags', { params: { path: { storeUuid } } });

/** After a rename or a delete: the tags, and the trainings that carry them. */
export const refreshStoreTags = (queryClient: QueryClient, storeUuid: string) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: storeTagsQuery(storeUuid).queryKey }), queryClient.invalidateQueries({ queryKey: TRAININGS_LIST_KEY })]);

/** PUT /stores/{uuid}/tags/{id}: renames the tag on every training (409 when another tag has that name). */
export const renameStoreTag = (storeUuid: string, tagId: number, value: string, signal?: AbortSignal) =>
  unwrap(api.PUT('/stores/{storeUuid}/tags/{tagId}', { params: { path: { storeUuid, tagId } }, body: { value }, signal }));

/** DELETE /stores/{uuid}/tags/{id}: the tag is removed from every training. */
export const deleteStoreTag = (storeUuid: string, tagId: number, signal?: AbortSignal) =>
  unwrap(api.DELETE('/stores/{storeUuid}/tags/{tagId}', { params: { path: { storeUuid, tagId } }, signal }));
