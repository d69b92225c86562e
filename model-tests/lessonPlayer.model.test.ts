/**
 * Model-based tests of machines/lessonPlayer (ARCHITECTURE rule 7): xstate/graph paths over every state and
 * transition, each walked against a REAL actor on a simulated clock whose `loadOutline`, `loadLesson` and
 * `record` actors are controllable fakes and whose `showItem` is recorded; every step is checked against an
 * oracle written from the issue (a locked item never opens, "done" only after the minimum time and never for
 * a quiz, completion refreshes the outline, time is recorded every 30 s, leaving a quiz with answers asks
 * first), plus pinned transitions and the actor factory.
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import { createLessonPlayerActors } from '../machines/lessonPlayer/lessonPlayer.actors';
import {
  HEARTBEAT_SECONDS,
  lessonPlayerMachine,
  type ItemProgress,
  type LearnerItem,
  type LearnerTrainingDetail,
  type LessonPlayerContext,
  type LessonPlayerEvent,
} from '../machines/lessonPlayer/lessonPlayer.machine';
import { selectLessonPlayerView } from '../machines/lessonPlayer/lessonPlayer.selectors';
import { describePath, dropPrefixPaths, flattenEvents, generatePaths, invokeIds, type DelayedEvent, type DoneActorEvent, type ErrorActorEvent, type EventVariants, type InitEvent, type ModelPath, type ModelStep } from './support/graph';
import { createActorHarness } from './support/harness';
import { expectEveryStateCovered, walkPath } from './support/walkPaths';

type Model =
  | LessonPlayerEvent
  | DoneActorEvent<'loadOutline', LearnerTrainingDetail>
  | ErrorActorEvent<'loadOutline'>
  | DoneActorEvent<'loadLesson', LearnerItem>
  | ErrorActorEvent<'loadLesson'>
  | DoneActorEvent<'saveTime', ItemProgress>
  | ErrorActorEvent<'saveTime'>
  | DoneActorEvent<'record', ItemProgress>
  | ErrorActorEvent<'record'>
  | DoneActorEvent<'refreshOutline', LearnerTrainingDetail>
  | ErrorActorEvent<'refreshOutline'>
  | DelayedEvent<'heartbeat', 'lessonPlayer.viewing.idle'>;
type Snapshot = SnapshotFrom<typeof lessonPlayerMachine>;
type Path = ModelPath<Snapshot, Model>;
type Step = ModelStep<Snapshot, Model>;
type InvokeId = 'loadOutline' | 'loadLesson' | 'saveTime' | 'record' | 'refreshOutline';

// ─── Fixtures: a chapter with a lesson (30 s minimum), a quiz and a locked lesson ──────────────────

const entry = (id: number, name: string, extra: Partial<LearnerTrainingDetail['items'][number]> = {}) => ({
  id,
  type: 'GENERIC' as const,
  name,
  completed: false,
  locked: false,
  locked_reason: null,
  unlock_at: null,
  children: [],
  ...extra,
});
const outlineOf = (firstDone: boolean): LearnerTrainingDetail => ({
  training: { uuid: 'de300000-0000-4000-8000-000000000001', slug: 'photo', name: 'Photo', picture: null },
  customer_type: 'STUDENT',
  blocked_reason: null,
  progress: firstDone ? 33.33 : 0,
  last_item_id: null,
  items: [
    {
      ...entry(10, 'Chapitre', { type: 'SECTION' }),
      children: [entry(1, 'Leçon', { completed: firstDone }), entry(2, 'Quiz', { type: 'QUIZ' }), entry(3, 'Fermée', { locked: !firstDone, locked_reason: firstDone ? null : 'PREVIOUS_ITEM' })],
    },
  ],
});
const OUTLINE = outlineOf(false);
const REFRESHED = outlineOf(true);
const lessonBase = {
  training_uuid: OUTLINE.training.uuid,
  description: null,
  blocks: [],
  resources: [],
  specific_content: null,
  scorm_url: null,
  scorm_tracked: false,
  completed_at: null,
  time_spent: 0,
  tasks_done: [],
  quiz: null,
  assignment: null,
  feedback_given: false,
  preview: false,
};
const LESSON: LearnerItem = { ...lessonBase, id: 1, type: 'GENERIC', name: 'Leçon', min_complete_duration: 30, previous_item_id: null, next_item_id: 2 };
const QUIZ_LESSON: LearnerItem = {
  ...lessonBase,
  id: 2,
  type: 'QUIZ',
  name: 'Quiz',
  min_complete_duration: null,
  previous_item_id: 1,
  next_item_id: 3,
  quiz: { min_success_rate: 50, max_attempts: null, attempts_left: null, best_score: null, questions: [] },
};
const TIME: ItemProgress = { item_id: 1, completed_at: null, time_spent: 30, tasks_done: [], training_progress: 0 };
const DONE: ItemProgress = { item_id: 1, completed_at: '2026-11-26T10:00:00.000Z', time_spent: 30, tasks_done: [], training_progress: 33.33 };
const locked: Failure = { status: 403, code: 'ITEM_LOCKED', message: 'Terminez d’abord la leçon précédente.', fieldErrors: {} };
const down: Failure = { status: 500, code: 'SERVER_ERROR', message: 'Une erreur est survenue', fieldErrors: {} };

const events = {
  OPEN: [
    { type: 'OPEN', itemId: 1 },
    { type: 'OPEN', itemId: 2 },
    { type: 'OPEN', itemId: 3 },
  ],
  COMPLETE: [{ type: 'COMPLETE' }],
  TOGGLE_TASK: [{ type: 'TOGGLE_TASK', taskId: 't1' }],
  OUTLINE_CHANGED: [{ type: 'OUTLINE_CHANGED' }],
  QUIZ_DIRTY: [
    { type: 'QUIZ_DIRTY', dirty: true },
    { type: 'QUIZ_DIRTY', dirty: false },
  ],
  LEAVE: [{ type: 'LEAVE' }],
  STAY: [{ type: 'STAY' }],
  RETRY: [{ type: 'RETRY' }],
  'xstate.done.actor.loadOutline': [
    { type: 'xstate.done.actor.loadOutline', output: OUTLINE },
    { type: 'xstate.done.actor.loadOutline', output: { ...OUTLINE, items: [] } },
  ],
  'xstate.error.actor.loadOutline': [{ type: 'xstate.error.actor.loadOutline', error: down }],
  'xstate.done.actor.loadLesson': [
    { type: 'xstate.done.actor.loadLesson', output: LESSON },
    { type: 'xstate.done.actor.loadLesson', output: QUIZ_LESSON },
  ],
  'xstate.error.actor.loadLesson': [{ type: 'xstate.error.actor.loadLesson', error: locked }],
  'xstate.done.actor.saveTime': [{ type: 'xstate.done.actor.saveTime', output: TIME }],
  'xstate.error.actor.saveTime': [{ type: 'xstate.error.actor.saveTime', error: down }],
  'xstate.done.actor.record': [{ type: 'xstate.done.actor.record', output: DONE }],
  'xstate.error.actor.record': [{ type: 'xstate.error.actor.record', error: down }],
  'xstate.done.actor.refreshOutline': [{ type: 'xstate.done.actor.refreshOutline', output: REFRESHED }],
  'xstate.error.actor.refreshOutline': [{ type: 'xstate.error.actor.refreshOutline', error: down }],
  'xstate.after.heartbeat.lessonPlayer.viewing.idle': [{ type: 'xstate.after.heartbeat.lessonPlayer.viewing.idle' }],
} satisfies EventVariants<Model>;

// ─── Oracle, from the rules ─────────────────────────────────────────────────────────────────

interface Expected {
  value: string;
  context: LessonPlayerContext;
}
const INITIAL: Expected = {
  value: 'loadingOutline',
  context: { requested: null, outline: null, lesson: null, failure: null, recordFailure: null, quizDirty: false, pendingItemId: null },
};
const items = (outline: LearnerTrainingDetail | null) => (outline?.items ?? []).flatMap((item) => item.children);
/** Where the player starts without an item asked for: the first open item, else the first (the fixtures have no last item). */
const firstOpen = (outline: LearnerTrainingDetail | null) => items(outline).find((item) => !item.locked)?.id ?? items(outline)[0]?.id ?? null;
const opens = (c: LessonPlayerContext, id: number) => items(c.outline).some((item) => item.id === id && !item.locked);
const toLoading = (c: LessonPlayerContext, requested: number | null): Expected => ({
  value: 'loadingLesson',
  context: { ...c, requested, failure: null, recordFailure: null, quizDirty: false, pendingItemId: null },
});

function model(previous: Expected | undefined, { event }: Step): Expected {
  if (!previous || event.type === 'xstate.init') return INITIAL;
  const c = { ...previous.context };
  const at = previous.value;
  const viewing = at.startsWith('viewing.');
  switch (event.type) {
    case 'xstate.done.actor.loadOutline':
      if (firstOpen(event.output) === null) return { value: 'empty', context: { ...c, outline: event.output } };
      return toLoading({ ...c, outline: event.output }, c.requested);
    case 'xstate.error.actor.loadOutline':
      return { value: 'failed', context: { ...c, failure: event.error as Failure } };
    case 'RETRY':
      return at === 'failed' ? { value: 'loadingOutline', context: { ...c, failure: null } } : previous;
    case 'xstate.done.actor.loadLesson':
      return { value: 'viewing.idle', context: { ...c, lesson: event.output, requested: event.output.id } };
    case 'xstate.error.actor.loadLesson':
      return { value: 'unavailable', context: { ...c, lesson: null, failure: event.error as Failure } };
    case 'OPEN':
      if (at === 'loadingOutline' || at === 'failed' || !opens(c, event.itemId)) return previous;
      if (viewing && c.quizDirty) return { value: 'viewing.confirmingLeave', context: { ...c, pendingItemId: event.itemId } };
      return toLoading(c, event.itemId);
    case 'LEAVE':
      return at === 'viewing.confirmingLeave' ? toLoading(c, c.pendingItemId) : previous;
    case 'STAY':
      return at === 'viewing.confirmingLeave' ? { value: 'viewing.idle', context: { ...c, pendingItemId: null } } : previous;
    case 'QUIZ_DIRTY':
      return viewing ? { value: at, context: { ...c, quizDirty: event.dirty } } : previous;
    case 'xstate.after.heartbeat.lessonPlayer.viewing.idle':
      return { value: 'viewing.savingTime', context: c };
    case 'xstate.done.actor.saveTime':
    case 'xstate.done.actor.record': {
      const lesson = c.lesson && c.lesson.id === event.output.item_id ? { ...c.lesson, completed_at: event.output.completed_at, time_spent: event.output.time_spent, tasks_done: event.output.tasks_done } : c.lesson;
      return { value: event.type === 'xstate.done.actor.record' ? 'viewing.refreshingOutline' : 'viewing.idle', context: { ...c, lesson } };
    }
    case 'xstate.error.actor.saveTime':
      return { value: 'viewing.idle', context: c };
    case 'xstate.error.actor.record':
      return { value: 'viewing.idle', context: { ...c, recordFailure: event.error as Failure } };
    case 'COMPLETE': {
      const l = c.lesson;
      const allowed = at === 'viewing.idle' && l && l.completed_at === null && l.type === 'GENERIC' && l.time_spent >= (l.min_complete_duration ?? 0);
      return allowed ? { value: 'viewing.recording', context: { ...c, recordFailure: null } } : previous;
    }
    case 'TOGGLE_TASK':
      return previous; // no task list in the fixtures: nothing to tick
    case 'OUTLINE_CHANGED':
      return at === 'viewing.idle' ? { value: 'viewing.refreshingOutline', context: c } : previous;
    case 'xstate.done.actor.refreshOutline':
      return { value: 'viewing.idle', context: { ...c, outline: event.output } };
    case 'xstate.error.actor.refreshOutline':
      return { value: 'viewing.idle', context: c };
  }
}

/** What a step must call: each load with the item the rules pick, each record with what the learner did. */
function expectedCalls(previous: Expected | undefined, next: Expected, { event }: Step) {
  // OPEN while a lesson loads drops that call and makes a new one, even for the same item.
  const entering = (state: string) => next.value === state && (previous?.value !== state || (event.type === 'OPEN' && next !== previous));
  const lesson = previous?.context.lesson;
  return {
    loadOutline: next.value === 'loadingOutline' && previous?.value !== 'loadingOutline' ? [undefined] : [],
    loadLesson: entering('loadingLesson') ? [{ itemId: next.context.requested ?? firstOpen(next.context.outline) }] : [],
    saveTime: next.value === 'viewing.savingTime' && previous?.value !== 'viewing.savingTime' ? [{ itemId: lesson!.id, progress: { time_spent_delta: HEARTBEAT_SECONDS } }] : [],
    record: next.value === 'viewing.recording' && previous?.value !== 'viewing.recording' ? [{ itemId: lesson!.id, progress: { completed: true } }] : [],
    refreshOutline: next.value === 'viewing.refreshingOutline' && previous?.value !== 'viewing.refreshingOutline' ? [undefined] : [],
  };
}

// ─── Harness ────────────────────────────────────────────────────────────────────────────────────────

function harness() {
  const shown: number[] = [];
  const h = createActorHarness<typeof lessonPlayerMachine, InvokeId>(lessonPlayerMachine, {
    actors: ['loadOutline', 'loadLesson', 'record'],
    actions: { showItem: (_: unknown, params: { itemId: number }) => void shown.push(params.itemId) } as never,
    clock: new SimulatedClock(),
    input: { itemId: null },
  });
  return Object.assign(h, { shown });
}
type Harness = ReturnType<typeof harness>;
type Executor = (h: Harness, step: Step) => void | Promise<void>;
const send: Executor = (h, { event }) => h.send(event as LessonPlayerEvent);
const settle =
  (id: InvokeId): Executor =>
  (h, { event }) =>
    h.settle(id, event as never);
const executors = {
  'xstate.init': (h) => h.start(),
  OPEN: send,
  COMPLETE: send,
  TOGGLE_TASK: send,
  OUTLINE_CHANGED: send,
  QUIZ_DIRTY: send,
  LEAVE: send,
  STAY: send,
  RETRY: send,
  'xstate.done.actor.loadOutline': settle('loadOutline'),
  'xstate.error.actor.loadOutline': settle('loadOutline'),
  'xstate.done.actor.loadLesson': settle('loadLesson'),
  'xstate.error.actor.loadLesson': settle('loadLesson'),
  'xstate.done.actor.saveTime': settle('saveTime'),
  'xstate.error.actor.saveTime': settle('saveTime'),
  'xstate.done.actor.record': settle('record'),
  'xstate.error.actor.record': settle('record'),
  'xstate.done.actor.refreshOutline': settle('refreshOutline'),
  'xstate.error.actor.refreshOutline': settle('refreshOutline'),
  'xstate.after.heartbeat.lessonPlayer.viewing.idle': (h) => h.wait(HEARTBEAT_SECONDS * 1000),
} satisfies Record<Model['type'] | InitEvent['type'], Executor>;

// The fakes answer as the server would: the lesson asked for, progress of the lesson shown; a quiz marks
// answers only while it is shown. The time-spent heartbeat is explored once the lesson's minimum is not met.
const { shortest, transitions } = generatePaths<typeof lessonPlayerMachine, Model>(lessonPlayerMachine, {
  events,
  input: { itemId: null },
  filterEvents: (snapshot, event) => {
    const c = snapshot.context;
    if (event.type === 'xstate.done.actor.loadLesson') return event.output.id === (c.requested ?? firstOpen(c.outline));
    if (event.type === 'xstate.done.actor.saveTime' || event.type === 'xstate.done.actor.record') return c.lesson?.id === event.output.item_id;
    if (event.type === 'QUIZ_DIRTY') return c.lesson?.type === 'QUIZ';
    if (event.type === 'xstate.after.heartbeat.lessonPlayer.viewing.idle') return c.lesson?.id === 1 && c.lesson.time_spent === 0;
    return true;
  },
});
const paths = dropPrefixPaths([...shortest, ...transitions] as Path[]);

const valueString = (value: unknown): string => (typeof value === 'string' ? value : Object.entries(value as object).map(([k, v]) => `${k}.${valueString(v)}`)[0]!);

type Mark = Record<InvokeId, number> & { shown: number };
const walk = (path: Path) =>
  walkPath<Harness, Snapshot, Model, Mark, Expected>(path, {
    harness,
    execute: (h, step) => executors[step.event.type](h, step),
    mark: (h) => ({
      loadOutline: h.inputs('loadOutline').length,
      loadLesson: h.inputs('loadLesson').length,
      saveTime: h.inputs('saveTime').length,
      record: h.inputs('record').length,
      refreshOutline: h.inputs('refreshOutline').length,
      shown: h.shown.length,
    }),
    model: (previous, step) => model(previous, step),
    check: ({ harness: h, step, actual, before, expected, previous, where }) => {
      expect({ value: valueString(actual.value), context: actual.context }, `${where}: the chart`).toEqual(expected);
      const calls = expectedCalls(previous, expected, step);
      for (const id of ['loadOutline', 'loadLesson', 'saveTime', 'record', 'refreshOutline'] as const) {
        expect(h.inputs(id).slice(before[id]), `${where}: ${id}`).toEqual(calls[id]);
      }
      expect(h.shown.slice(before.shown), `${where}: showItem`).toEqual(step.event.type === 'xstate.done.actor.loadLesson' ? [step.event.output.id] : []);
      const view = selectLessonPlayerView(actual);
      const l = expected.context.lesson;
      expect(view.canComplete, `${where}: canComplete`).toBe(
        expected.value.startsWith('viewing.') && l !== null && l.type === 'GENERIC' && l.completed_at === null && l.time_spent >= (l.min_complete_duration ?? 0),
      );
      expect(view.isConfirmingLeave, where).toBe(expected.value === 'viewing.confirmingLeave');
      // A locked item is never offered as the next lesson.
      if (view.next) expect(view.next.locked, where).toBe(items(expected.context.outline).find((item) => item.id === view.next!.id)!.locked);
    },
  });

describe('lesson player machine: generated paths', () => {
  it('the model lists every event and invoke of the machine', () => {
    expect(invokeIds(lessonPlayerMachine).sort()).toEqual(['loadLesson', 'loadOutline', 'record', 'refreshOutline', 'saveTime']);
    const explored = new Set(flattenEvents(events).map((e) => e.type));
    for (const type of lessonPlayerMachine.events) expect(explored, `event ${type} is not explored`).toContain(type);
  });

  it('paths cover every state, a completion, a lock and a leave warning', () => {
    expectEveryStateCovered(lessonPlayerMachine, [{ paths, input: { itemId: null } }]);
    const views = paths.flatMap((p) => p.steps.map((s) => selectLessonPlayerView(s.state)));
    expect(views.some((v) => v.lesson?.completed_at)).toBe(true);
    expect(views.some((v) => v.phase === 'unavailable' && v.failure?.status === 403)).toBe(true);
    expect(views.some((v) => v.isConfirmingLeave)).toBe(true);
    expect(views.some((v) => v.recordFailure)).toBe(true);
  });

  it.each(paths.map((path, i) => [`#${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
    await walk(path);
  });
});

describe('lesson player machine: pinned transitions', () => {
  it('starts where the learner stopped, and at the item asked for when there is one', async () => {
    const h = harness();
    h.start();
    await h.settle('loadOutline', { type: 'xstate.done.actor.loadOutline', output: { ...OUTLINE, last_item_id: 2 } });
    expect(h.inputs('loadLesson')).toEqual([{ itemId: 2 }]);
    const asked = createActorHarness<typeof lessonPlayerMachine, InvokeId>(lessonPlayerMachine, {
      actors: ['loadOutline', 'loadLesson', 'record'],
      actions: { showItem: () => undefined } as never,
      input: { itemId: 3 },
    });
    asked.start();
    await asked.settle('loadOutline', { type: 'xstate.done.actor.loadOutline', output: OUTLINE });
    expect(asked.inputs('loadLesson')).toEqual([{ itemId: 3 }]);
  });

  it('in the team\'s preview (outline.preview) nothing is recorded: no time spent, no completion, no ticked task', async () => {
    const h = harness();
    h.start();
    await h.settle('loadOutline', { type: 'xstate.done.actor.loadOutline', output: { ...OUTLINE, preview: true } });
    await h.settle('loadLesson', { type: 'xstate.done.actor.loadLesson', output: { ...LESSON, min_complete_duration: null, preview: true } });
    const view = selectLessonPlayerView(h.snapshot());
    expect(view).toMatchObject({ phase: 'viewing', isPreview: true, canComplete: false, waitsForMinimum: false });
    await h.elapse(HEARTBEAT_SECONDS * 1000 * 3);
    h.send({ type: 'COMPLETE' });
    h.send({ type: 'TOGGLE_TASK', taskId: 't1' });
    expect(h.inputs('saveTime')).toEqual([]);
    expect(h.inputs('record')).toEqual([]);
    expect(h.snapshot().matches({ viewing: 'idle' })).toBe(true);
    // Opening another item still works.
    h.send({ type: 'OPEN', itemId: 2 });
    expect(h.inputs('loadLesson')).toEqual([{ itemId: 1 }, { itemId: 2 }]);
  });

  it('an outline without any lesson is empty', async () => {
    const h = harness();
    h.start();
    await h.settle('loadOutline', { type: 'xstate.done.actor.loadOutline', output: { ...OUTLINE, items: [] } });
    expect(selectLessonPlayerView(h.snapshot()).phase).toBe('empty');
  });
});

describe('createLessonPlayerActors', () => {
  it('forwards the item, the progress and the abort signal, and answers what the API answers', async () => {
    const calls: unknown[] = [];
    const actors = createLessonPlayerActors({
      loadOutline: async (signal) => (calls.push(['outline', signal instanceof AbortSignal]), OUTLINE),
      loadLesson: async (itemId, signal) => (calls.push(['lesson', itemId, signal instanceof AbortSignal]), LESSON),
      record: async (itemId, progress, signal) => (calls.push(['record', itemId, progress, signal instanceof AbortSignal]), DONE),
    });
    const run = <T,>(logic: Parameters<typeof createActor>[0], input?: unknown) =>
      new Promise<T>((resolve) => {
        const actor = createActor(logic, { input } as never);
        actor.subscribe({ complete: () => resolve(actor.getSnapshot().output as T) });
        actor.start();
      });
    expect(await run(actors.loadOutline)).toEqual(OUTLINE);
    expect(await run(actors.loadLesson, { itemId: 1 })).toEqual(LESSON);
    expect(await run(actors.record, { itemId: 1, progress: { completed: true } })).toEqual(DONE);
    expect(calls).toEqual([['outline', true], ['lesson', 1, true], ['record', 1, { completed: true }, true]]);
  });
});
