import { fromPromise } from 'xstate';
import { settleUnlessAborted } from '../support/settleUnlessAborted';
import type { ItemProgress, LearnerItem, LearnerTrainingDetail, RecordInput } from './lessonPlayer.machine';

/** The calls of the player for one training; the app supplies them from src/api/learningApi. */
export interface LessonPlayerApi {
  loadOutline(signal: AbortSignal): Promise<LearnerTrainingDetail>;
  loadLesson(itemId: number, signal: AbortSignal): Promise<LearnerItem>;
  record(itemId: number, progress: RecordInput['progress'], signal: AbortSignal): Promise<ItemProgress>;
}

/** Real actors for `lessonPlayerMachine.provide({ actors })`, forwarding the actor's abort signal. */
export function createLessonPlayerActors(api: LessonPlayerApi) {
  return {
    loadOutline: fromPromise<LearnerTrainingDetail, void>(({ signal }) => settleUnlessAborted(signal, api.loadOutline(signal))),
    loadLesson: fromPromise<LearnerItem, { itemId: number }>(({ input, signal }) => settleUnlessAborted(signal, api.loadLesson(input.itemId, signal))),
    record: fromPromise<ItemProgress, RecordInput>(({ input, signal }) => settleUnlessAborted(signal, api.record(input.itemId, input.progress, signal))),
  };
}
