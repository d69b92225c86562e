import { tokenStorage } from '../../../api/tokenStorage';
import { trainingItemsApi, type TrainingItem } from '../../../api/trainingItemsApi';
import { lessonPrefetchKey, takePrefetched } from '../../../app/prefetched';

/**
 * The lesson of an editor route, asked for as the navigation starts (the route's `prefetch` keeps this request in
 * src/app/prefetched.ts), beside the page's code and the session check instead of after them. The editor takes it
 * up when it mounts and uses it for its first load only; every later load (retry, the other copy of a conflict)
 * asks the server again.
 */
/** GET …/training_items/{id} for a route's params; null without a session (on its way to the login page) or a usable id. */
export async function fetchLessonItem(trainingUuid: string | undefined, id: string | undefined): Promise<TrainingItem | null> {
  const itemId = Number(id);
  if (!trainingUuid || !Number.isInteger(itemId) || itemId <= 0 || tokenStorage.get() === null) return null;
  return trainingItemsApi.get(trainingUuid, itemId);
}

/** The request the route started for this item, if any (handed out once). */
export const takePrefetchedLessonItem = (trainingUuid: string, itemId: number) => takePrefetched<TrainingItem | null>(lessonPrefetchKey(trainingUuid, itemId));
