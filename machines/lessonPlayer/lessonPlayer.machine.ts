import { and, assign, setup } from 'xstate';
import type { Failure } from '../../shared/failure';
import type { components } from '../../src/api/schema.gen';
import { notProvided, notProvidedPromise } from '../support/notProvided';

export type LearnerTrainingDetail = components['schemas']['LearnerTrainingDetail'];
export type LearnerOutlineItem = components['schemas']['LearnerOutlineItem'];
export type LearnerItem = components['schemas']['LearnerItem'];
export type ItemProgress = components['schemas']['ItemProgress'];

/** What the `record` actor sends (PUT …/progress): time spent, ticked tasks or completion, for one item. */
export interface RecordInput {
  itemId: number;
  progress: { time_spent_delta?: number; tasks_done?: string[]; completed?: boolean };
}

/** Seconds between two time-spent records while a lesson is open (the `heartbeat` delay is this, in ms). */
export const HEARTBEAT_SECONDS = 30;

export interface LessonPlayerContext {
  /** The item asked for (the address's), null for "where I stopped". */
  requested: number | null;
  outline: LearnerTrainingDetail | null;
  lesson: LearnerItem | null;
  /** Why the outline or the lesson could not be shown (a 403 lock or block, a 404, a network failure). */
  failure: Failure | null;
  /** Why the last completion or task tick failed; cleared by the next one. */
  recordFailure: Failure | null;
  /** The quiz shown has answers not sent yet: opening another item asks first (spec 8 "quiz leave warning"). */
  quizDirty: boolean;
  /** The item to open once the learner confirms leaving the quiz. */
  pendingItemId: number | null;
}

export type LessonPlayerEvent =
  | { type: 'OPEN'; itemId: number }
  | { type: 'COMPLETE' }
  | { type: 'TOGGLE_TASK'; taskId: string }
  | { type: 'OUTLINE_CHANGED' }
  | { type: 'QUIZ_DIRTY'; dirty: boolean }
  | { type: 'LEAVE' }
  | { type: 'STAY' }
  | { type: 'RETRY' };

/** Every item of the outline in the learner's order (chapters left out). */
export const outlineItems = (outline: LearnerTrainingDetail | null): LearnerOutlineItem[] =>
  (outline?.items ?? []).flatMap((item) => (item.type === 'SECTION' ? item.children : [item]));

/** Where to start: the item asked for, else where the learner stopped, else the first open item. */
export function startItem(context: Pick<LessonPlayerContext, 'requested' | 'outline'>): number | null {
  if (context.requested !== null) return context.requested;
  const items = outlineItems(context.outline);
  const last = context.outline?.last_item_id ?? null;
  if (last !== null && items.some((item) => item.id === last && !item.locked)) return last;
  return items.find((item) => !item.locked)?.id ?? items[0]?.id ?? null;
}

/** The task ids of a TASKS lesson (its specific content), [] for others or unreadable content. */
export function taskIds(lesson: LearnerItem | null): string[] {
  if (lesson?.type !== 'TASKS') return [];
  try {
    const parsed = JSON.parse(lesson.specific_content ?? 'null') as { tasks?: { id: string }[] } | null;
    return parsed?.tasks?.map((task) => task.id) ?? [];
  } catch {
    return [];
  }
}

/**
 * "Marquer comme terminé" is offered for a lesson not yet done that completes by itself (not a quiz or an
 * assignment: they complete through their own calls; a task list completes once every task is ticked), once the
 * time recorded reaches its minimum duration. A SCORM package that the school tracks completes through its own data
 * (`scorm_tracked`); an untracked one is marked done by the learner.
 */
export function canComplete(lesson: LearnerItem | null): boolean {
  if (!lesson || lesson.completed_at !== null || lesson.type === 'QUIZ' || lesson.type === 'ASSIGNMENT' || lesson.type === 'TASKS') return false;
  if (lesson.type === 'SCORM' && lesson.scorm_tracked) return false;
  return lesson.time_spent >= (lesson.min_complete_duration ?? 0);
}

/** Opened by the team with a preview token (the outline says so): every item open, nothing recorded. */
export const isPreview = (outline: LearnerTrainingDetail | null) => outline?.preview === true;

const withProgress = (lesson: LearnerItem | null, progress: ItemProgress): LearnerItem | null =>
  lesson && lesson.id === progress.item_id
    ? { ...lesson, completed_at: progress.completed_at, time_spent: progress.time_spent, tasks_done: progress.tasks_done }
    : lesson;

const toggled = (list: readonly string[], id: string) => (list.includes(id) ? list.filter((entry) => entry !== id) : [...list, id]);

/**
 * The lesson player (/ecole/:subdomain/mes-formations/:trainingUuid/:itemId?):
 *
 *   loadingOutline ──done──> loadingLesson (the item asked for, or where the learner stopped) ──done──> viewing
 *        │ error                 │ error (403 locked or blocked, 404, network)                          │
 *        v                       v                                                                      │
 *      failed ──RETRY──> loadingOutline      unavailable (failure shown; OPEN another item)             │
 *                                                                                                         │
 *   viewing: idle ──heartbeat (30 s)──> savingTime ──done/error──> idle  (time spent, in the background)
 *              │ COMPLETE (canComplete) / TOGGLE_TASK ──> recording ──done──> refreshingOutline ──> idle
 *              │                                              └──error──> idle (recordFailure)
 *              │ OUTLINE_CHANGED (a quiz was answered) ──> refreshingOutline
 *              │ OPEN while the quiz has answers not sent (QUIZ_DIRTY) ──> confirmingLeave ──LEAVE──> loadingLesson
 *              │                                                                      └──STAY──> idle
 *   OPEN (an unlocked item of the outline, from any state with an outline) ──> loadingLesson
 *
 * The address follows the lesson shown (`showItem`, injected). Time spent between the last heartbeat and
 * leaving the lesson is not recorded (at most 30 s). In the team's preview (outline.preview) the heartbeat,
 * COMPLETE and TOGGLE_TASK do nothing: a preview records nothing.
 */
export const lessonPlayerMachine = setup({
  types: {} as { context: LessonPlayerContext; events: LessonPlayerEvent; input: { itemId: number | null } },
  actors: {
    /** GET me/trainings/{uuid}. */
    loadOutline: notProvidedPromise<LearnerTrainingDetail, void>('lessonPlayer', 'loadOutline'),
    /** GET me/trainings/{uuid}/items/{itemId}. */
    loadLesson: notProvidedPromise<LearnerItem, { itemId: number }>('lessonPlayer', 'loadLesson'),
    /** PUT me/trainings/{uuid}/items/{itemId}/progress. */
    record: notProvidedPromise<ItemProgress, RecordInput>('lessonPlayer', 'record'),
  },
  actions: {
    /** Puts the lesson shown in the address (replacing it). */
    showItem: notProvided<{ itemId: number }>('lessonPlayer', 'showItem'),
  },
  guards: {
    outlineHasStart: ({ event }) => startItem({ requested: null, outline: (event as unknown as { output: LearnerTrainingDetail }).output }) !== null,
    canOpen: ({ context, event }) => {
      const item = outlineItems(context.outline).find((entry) => entry.id === (event as { itemId: number }).itemId);
      return Boolean(item && !item.locked);
    },
    canComplete: ({ context }) => !isPreview(context.outline) && canComplete(context.lesson),
    /** The team's preview (a preview token) records nothing: no time spent, no completion, no ticked task. */
    records: ({ context }) => !isPreview(context.outline),
    quizDirty: ({ context }) => context.quizDirty,
    isTaskList: ({ context, event }) =>
      context.lesson?.type === 'TASKS' && context.lesson.completed_at === null && taskIds(context.lesson).includes((event as { taskId: string }).taskId),
  },
  delays: {
    heartbeat: HEARTBEAT_SECONDS * 1000,
  },
}).createMachine({
  id: 'lessonPlayer',
  context: ({ input }) => ({ requested: input.itemId, outline: null, lesson: null, failure: null, recordFailure: null, quizDirty: false, pendingItemId: null }),
  initial: 'loadingOutline',
  on: {
    OPEN: {
      guard: 'canOpen',
      target: '.loadingLesson',
      actions: assign({ requested: ({ event }) => event.itemId }),
    },
  },
  states: {
    loadingOutline: {
      entry: assign({ failure: null }),
      invoke: {
        id: 'loadOutline',
        src: 'loadOutline',
        onDone: [
          { guard: 'outlineHasStart', target: 'loadingLesson', actions: assign({ outline: ({ event }) => event.output }) },
          { target: 'empty', actions: assign({ outline: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => event.error as Failure }) },
      },
      // The outline never answers OPEN before it is there.
      on: { OPEN: {} },
    },
    loadingLesson: {
      entry: assign({ failure: null, recordFailure: null, quizDirty: false, pendingItemId: null }),
      // Another item asked for while one loads: that call is dropped, the new one made.
      on: { OPEN: { guard: 'canOpen', target: 'loadingLesson', reenter: true, actions: assign({ requested: ({ event }) => event.itemId }) } },
      invoke: {
        id: 'loadLesson',
        src: 'loadLesson',
        input: ({ context }) => ({ itemId: startItem(context)! }),
        onDone: {
          target: 'viewing',
          actions: [assign({ lesson: ({ event }) => event.output, requested: ({ event }) => event.output.id }), { type: 'showItem', params: ({ event }) => ({ itemId: event.output.id }) }],
        },
        onError: { target: 'unavailable', actions: assign({ lesson: null, failure: ({ event }) => event.error as Failure }) },
      },
    },
    viewing: {
      initial: 'idle',
      on: {
        OPEN: [
          { guard: and(['canOpen', 'quizDirty']), target: '.confirmingLeave', actions: assign({ pendingItemId: ({ event }) => event.itemId }) },
          { guard: 'canOpen', target: 'loadingLesson', actions: assign({ requested: ({ event }) => event.itemId }) },
        ],
        QUIZ_DIRTY: { actions: assign({ quizDirty: ({ event }) => event.dirty }) },
      },
      states: {
        idle: {
          after: { heartbeat: { guard: 'records', target: 'savingTime' } },
          on: {
            COMPLETE: { guard: 'canComplete', target: 'recording' },
            TOGGLE_TASK: {
              guard: and(['records', 'isTaskList']),
              target: 'recording',
              actions: assign({ lesson: ({ context, event }) => ({ ...context.lesson!, tasks_done: toggled(context.lesson!.tasks_done, event.taskId) }) }),
            },
            OUTLINE_CHANGED: 'refreshingOutline',
          },
        },
        savingTime: {
          invoke: {
            id: 'saveTime',
            src: 'record',
            input: ({ context }) => ({ itemId: context.lesson!.id, progress: { time_spent_delta: HEARTBEAT_SECONDS } }),
            onDone: { target: 'idle', actions: assign({ lesson: ({ context, event }) => withProgress(context.lesson, event.output) }) },
            onError: 'idle',
          },
        },
        recording: {
          entry: assign({ recordFailure: null }),
          invoke: {
            id: 'record',
            src: 'record',
            input: ({ context }) => ({
              itemId: context.lesson!.id,
              progress: context.lesson!.type === 'TASKS' ? { tasks_done: context.lesson!.tasks_done } : { completed: true },
            }),
            onDone: { target: 'refreshingOutline', actions: assign({ lesson: ({ context, event }) => withProgress(context.lesson, event.output) }) },
            onError: { target: 'idle', actions: assign({ recordFailure: ({ event }) => event.error as Failure }) },
          },
        },
        /** The quiz's answers would be lost: the learner confirms (LEAVE) or stays. */
        confirmingLeave: {
          on: {
            LEAVE: { target: '#lessonPlayer.loadingLesson', actions: assign({ requested: ({ context }) => context.pendingItemId }) },
            STAY: { target: 'idle', actions: assign({ pendingItemId: null }) },
          },
        },
        refreshingOutline: {
          invoke: {
            id: 'refreshOutline',
            src: 'loadOutline',
            onDone: { target: 'idle', actions: assign({ outline: ({ event }) => event.output }) },
            // The lesson is recorded; a stale outline is shown until the next change.
            onError: 'idle',
          },
        },
      },
    },
    /** The lesson cannot be shown (locked, blocked, gone, or the network): another one may be opened. */
    unavailable: {},
    /** A training without any published lesson. */
    empty: {},
    /** The outline could not be loaded. */
    failed: {
      on: { RETRY: 'loadingOutline', OPEN: {} },
    },
  },
});
