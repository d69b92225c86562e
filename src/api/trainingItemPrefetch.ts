import { api } from './client';
import { unwrap } from './failure';
import { prefetch } from './prefetched';
import { tokenStorage } from './tokenStorage';

// Apart from trainingItemsApi so that the route table, which ships with the app shell, pulls in only this much.

export const itemKey = (trainingUuid: string, itemId: number) => `training_item:${trainingUuid}:${itemId}`;

export const getItem = (trainingUuid: string, itemId: number, signal?: AbortSignal) =>
  unwrap(api.GET('/trainings/{trainingUuid}/training_items/{itemId}', { params: { path: { trainingUuid, itemId } }, signal }));

/** Starts reading an item for an editor whose code is still loading (the route's `prefetch`). */
export function prefetchTrainingItem(params: Record<string, string | undefined>) {
  const { uuid, id } = params;
  const itemId = Number(id);
  // A guest is sent to the sign-in page: asking without a session would only earn a 401 (and its notice).
  if (!tokenStorage.get()) return;
  if (uuid && Number.isSafeInteger(itemId) && itemId > 0) prefetch(itemKey(uuid, itemId), () => getItem(uuid, itemId));
}
