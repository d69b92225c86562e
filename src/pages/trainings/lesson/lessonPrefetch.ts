import { tokenStorage } from '../../../api/tokenStorage';
import { trainingItemsApi, type TrainingItem } from '../../../api/trainingItemsApi';

/**
 * The lesson of an editor route, asked for as the navigation starts (the route's `prefetch`), beside the page's
 * code and the session check instead of after them; the editor's first load takes it up (once), so a long lesson
 * is on its way while the rest of the page arrives. A request nobody took up within FRESH_MS is forgotten.
 */
const FRESH_MS = 10_000;

let waiting: { key: string; at: number; item: Promise<TrainingItem> } | null = null;
const keyOf = (trainingUuid: string, itemId: number) => `${trainingUuid}/${itemId}`;

export function prefetchLessonItem(trainingUuid: string | undefined, id: string | undefined) {
  const itemId = Number(id);
  // A visitor without a session is on their way to the login page: nothing to ask for.
  if (!trainingUuid || !Number.isInteger(itemId) || itemId <= 0 || tokenStorage.get() === null) return;
  const item = trainingItemsApi.get(trainingUuid, itemId);
  // Its failure is the editor's to show when it takes it up; one nobody takes up is no one's error.
  item.catch(() => undefined);
  waiting = { key: keyOf(trainingUuid, itemId), at: performance.now(), item };
}

/** The item asked for by the route, if it is this one and recent; it is handed out once. */
export function takePrefetchedLessonItem(trainingUuid: string, itemId: number): Promise<TrainingItem> | null {
  const found = waiting;
  waiting = null;
  return found && found.key === keyOf(trainingUuid, itemId) && performance.now() - found.at < FRESH_MS ? found.item : null;
}
