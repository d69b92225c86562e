import type { SnapshotFrom } from 'xstate';
import { canComplete, isPreview, outlineItems, taskIds, type lessonPlayerMachine } from './lessonPlayer.machine';

type LessonPlayerSnapshot = SnapshotFrom<typeof lessonPlayerMachine>;

/** The view-model of the player: the outline with states, the lesson, its neighbours and what may be done. */
export const selectLessonPlayerView = (snapshot: LessonPlayerSnapshot) => {
  const { context } = snapshot;
  const items = outlineItems(context.outline);
  const neighbour = (id: number | null | undefined) => {
    const item = id ? items.find((entry) => entry.id === id) : undefined;
    return item ? { id: item.id, name: item.name, locked: item.locked } : null;
  };
  const viewing = snapshot.matches('viewing');
  const lesson = viewing ? context.lesson : null;
  const phase = snapshot.matches('loadingOutline')
    ? 'loading'
    : snapshot.matches('failed')
      ? 'failed'
      : snapshot.matches('empty')
        ? 'empty'
        : snapshot.matches('loadingLesson')
          ? 'loadingLesson'
          : snapshot.matches('unavailable')
            ? 'unavailable'
            : 'viewing';
  return {
    phase,
    outline: context.outline,
    currentId: context.requested,
    lesson,
    failure: context.failure,
    recordFailure: viewing ? context.recordFailure : null,
    previous: neighbour(lesson?.previous_item_id),
    next: neighbour(lesson?.next_item_id),
    canComplete: viewing && !isPreview(context.outline) && canComplete(lesson),
    /** The team's preview: the page says so and offers nothing that records. */
    isPreview: isPreview(context.outline),
    /** Waiting for the minimum time before "done" is offered. */
    waitsForMinimum: Boolean(lesson && !isPreview(context.outline) && lesson.completed_at === null && lesson.time_spent < (lesson.min_complete_duration ?? 0)),
    isRecording: snapshot.matches({ viewing: 'recording' }),
    isConfirmingLeave: snapshot.matches({ viewing: 'confirmingLeave' }),
    tasks: taskIds(lesson),
    progress: context.outline?.progress ?? 0,
  };
};
