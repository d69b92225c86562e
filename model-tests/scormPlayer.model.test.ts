/**
 * Model-based tests of machines/scormPlayer (ARCHITECTURE rule 7): xstate/graph paths over every state and
 * transition, each walked against a REAL actor whose `load` and `save` actors are controllable fakes and whose
 * `startRuntime` and `saved` actions are recorded; every step is checked against an oracle written from the issue
 * (the saved data resumes the package; commits are saved one at a time, the newest data winning and a finish
 * never lost; a failed save keeps the data for a retry; without a runtime page nothing is saved), plus pinned
 * transitions and the actor factory.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import { createScormPlayerActors } from '../machines/scormPlayer/scormPlayer.actors';
import { RUNTIME_FAILURE, scormPlayerMachine, type ScormCommit, type ScormPlayerContext, type ScormPlayerEvent, type ScormProgress } from '../machines/scormPlayer/scormPlayer.machine';
import { selectScormPlayerView } from '../machines/scormPlayer/scormPlayer.selectors';
import { allLeafStates, describePath, dropPrefixPaths, flattenEvents, generatePaths, invokeIds, type DoneActorEvent, type ErrorActorEvent, type EventVariants, type InitEvent, type ModelPath, type ModelStep } from './support/graph';
import { createActorHarness } from './support/harness';
import { expectEveryStateCovered, walkPath } from './support/walkPaths';

type Model = ScormPlayerEvent | DoneActorEvent<'load', ScormProgress> | ErrorActorEvent<'load'> | DoneActorEvent<'save', ScormProgress> | ErrorActorEvent<'save'>;
type Snapshot = SnapshotFrom<typeof scormPlayerMachine>;
type Path = ModelPath<Snapshot, Model>;
type Step = ModelStep<Snapshot, Model>;

const LAUNCH = 'https://fichiers.example.test/api/v1/files/scorm/s/p/index.html';
const RUNTIME = 'https://fichiers.example.test/api/v1/files/_runtime/scorm.html';
const saved = { cmi: { core: { lesson_status: 'incomplete' } } };
const fresh: ScormProgress = { item_id: 7, version: '1.2', cmi: saved, runtime_url: RUNTIME, completed_at: null, score: null, training_progress: 0 };
const untracked: ScormProgress = { ...fresh, runtime_url: null };
const stillGoing: ScormProgress = { ...fresh, cmi: { cmi: { core: { lesson_status: 'incomplete', lesson_location: '2' } } } };
const completed: ScormProgress = { ...fresh, cmi: { cmi: { core: { lesson_status: 'completed' } } }, completed_at: '2026-11-26T10:00:00.000Z', training_progress: 50 };
const down: Failure = { status: 500, code: 'SERVER_ERROR', message: 'Une erreur est survenue', fieldErrors: {} };
const tooLarge: Failure = { status: 422, code: 'VALIDATION_FAILED', message: 'Trop grand', fieldErrors: { cmi: ['Trop grand'] } };

const commitA = { type: 'COMMIT', cmi: { cmi: { core: { lesson_location: '2' } } }, finished: false } as const;
const commitB = { type: 'COMMIT', cmi: { cmi: { core: { lesson_status: 'completed' } } }, finished: true } as const;

const events = {
  RUNTIME_READY: [{ type: 'RUNTIME_READY' }],
  RUNTIME_FAILED: [{ type: 'RUNTIME_FAILED' }],
  COMMIT: [commitA, commitB],
  RETRY: [{ type: 'RETRY' }],
  'xstate.done.actor.load': [
    { type: 'xstate.done.actor.load', output: fresh },
    { type: 'xstate.done.actor.load', output: untracked },
  ],
  'xstate.error.actor.load': [{ type: 'xstate.error.actor.load', error: down }],
  'xstate.done.actor.save': [
    { type: 'xstate.done.actor.save', output: stillGoing },
    { type: 'xstate.done.actor.save', output: completed },
  ],
  'xstate.error.actor.save': [
    { type: 'xstate.error.actor.save', error: down },
    { type: 'xstate.error.actor.save', error: tooLarge },
  ],
} satisfies EventVariants<Model>;

// ─── Oracle, from the rules ─────────────────────────────────────────────────────────────────

type State = 'loading' | 'starting' | 'running' | 'saving' | 'error' | 'finished' | 'untracked';
interface Expected {
  value: State;
  context: ScormPlayerContext;
}
const INITIAL: Expected = { value: 'loading', context: { launch: LAUNCH, progress: null, unsaved: null, queued: null, failure: null } };
const merge = (a: ScormCommit | null, b: ScormCommit): ScormCommit => ({ cmi: b.cmi, finished: Boolean(a?.finished) || b.finished });
const commitOf = (event: { cmi: Record<string, unknown>; finished: boolean }): ScormCommit => ({ cmi: event.cmi, finished: event.finished });

function model(previous: Expected | undefined, { event }: Step): Expected {
  if (!previous || event.type === 'xstate.init') return INITIAL;
  const c = { ...previous.context };
  let value = previous.value;
  switch (value) {
    case 'loading':
      if (event.type === 'xstate.done.actor.load') {
        c.progress = event.output;
        value = event.output.runtime_url ? 'starting' : 'untracked';
      }
      if (event.type === 'xstate.error.actor.load') {
        c.failure = event.error as Failure;
        value = 'error';
      }
      break;
    case 'starting':
      if (event.type === 'RUNTIME_READY') value = 'running';
      if (event.type === 'RUNTIME_FAILED') [value, c.failure] = ['error', RUNTIME_FAILURE];
      break;
    case 'running':
      if (event.type === 'COMMIT') [value, c.unsaved, c.failure] = ['saving', commitOf(event), null];
      if (event.type === 'RUNTIME_FAILED') [value, c.failure] = ['error', RUNTIME_FAILURE];
      break;
    case 'saving':
      if (event.type === 'COMMIT') c.queued = merge(c.queued, commitOf(event));
      if (event.type === 'xstate.done.actor.save') {
        c.progress = event.output;
        if (c.queued) {
          c.unsaved = merge(c.unsaved, c.queued);
          c.queued = null;
          c.failure = null;
        } else {
          value = c.unsaved!.finished ? 'finished' : 'running';
          c.unsaved = null;
        }
      }
      if (event.type === 'xstate.error.actor.save') {
        value = 'error';
        c.failure = event.error as Failure;
        c.unsaved = c.queued ? merge(c.unsaved, c.queued) : c.unsaved;
        c.queued = null;
      }
      break;
    case 'error':
      if (event.type === 'COMMIT' && c.unsaved) c.unsaved = merge(c.unsaved, commitOf(event));
      if (event.type === 'RETRY') {
        if (c.unsaved) [value, c.failure] = ['saving', null];
        else if (!c.progress) [value, c.failure] = ['loading', null];
      }
      break;
    default:
      break;
  }
  return { value, context: c };
}

// ─── Harness ────────────────────────────────────────────────────────────────────────────────────────

function harness() {
  const started: unknown[] = [];
  const savedCalls: boolean[] = [];
  const h = createActorHarness<typeof scormPlayerMachine, 'load' | 'save'>(scormPlayerMachine, {
    actors: ['load', 'save'],
    actions: {
      startRuntime: (_: unknown, params: unknown) => void started.push(params),
      saved: (_: unknown, params: { completedNow: boolean }) => void savedCalls.push(params.completedNow),
    } as never,
    input: { launch: LAUNCH },
  });
  return Object.assign(h, { started, savedCalls });
}
type Harness = ReturnType<typeof harness>;
type Executor = (h: Harness, step: Step) => void | Promise<void>;
const send: Executor = (h, { event }) => h.send(event as ScormPlayerEvent);
const executors = {
  'xstate.init': (h) => h.start(),
  RUNTIME_READY: send,
  RUNTIME_FAILED: send,
  COMMIT: send,
  RETRY: send,
  'xstate.done.actor.load': (h, { event }) => h.settle('load', event),
  'xstate.error.actor.load': (h, { event }) => h.settle('load', event),
  'xstate.done.actor.save': (h, { event }) => h.settle('save', event),
  'xstate.error.actor.save': (h, { event }) => h.settle('save', event),
} satisfies Record<Model['type'] | InitEvent['type'], Executor>;

const { shortest, transitions } = generatePaths<typeof scormPlayerMachine, Model>(scormPlayerMachine, { events, input: { launch: LAUNCH } });
const paths = dropPrefixPaths([...shortest, ...transitions] as Path[]);

type Mark = { load: number; save: number; started: number; saved: number };
const walk = (path: Path) =>
  walkPath<Harness, Snapshot, Model, Mark, Expected>(path, {
    harness,
    execute: (h, step) => executors[step.event.type](h, step),
    mark: (h) => ({ load: h.inputs('load').length, save: h.inputs('save').length, started: h.started.length, saved: h.savedCalls.length }),
    model: (previous, step) => model(previous, step),
    check: ({ harness: h, step, actual, before, expected, previous, where }) => {
      expect({ value: actual.value, context: actual.context }, `${where}: the chart`).toEqual(expected);
      // A save starts on entering saving (from running, a retry, or a queued commit), with the data to save.
      const savesNow = expected.value === 'saving' && (previous?.value !== 'saving' || step.event.type === 'xstate.done.actor.save');
      expect(h.inputs('save').slice(before.save), `${where}: save`).toEqual(savesNow ? [expected.context.unsaved] : []);
      const loadsNow = expected.value === 'loading' && previous?.value !== 'loading';
      expect(h.inputs('load').length - before.load, `${where}: load`).toBe(loadsNow || step.event.type === 'xstate.init' ? 1 : 0);
      // The runtime gets the saved data (resume), the version and the launch page, once it is ready.
      expect(h.started.slice(before.started), `${where}: startRuntime`).toEqual(
        previous?.value === 'starting' && expected.value === 'running' ? [{ version: '1.2', cmi: previous.context.progress!.cmi, launch: LAUNCH }] : [],
      );
      expect(h.savedCalls.slice(before.saved), `${where}: saved`).toEqual(
        step.event.type === 'xstate.done.actor.save' && previous?.value === 'saving' ? [!previous.context.progress?.completed_at && step.event.output.completed_at !== null] : [],
      );
      const view = selectScormPlayerView(actual);
      expect(view.hasUnsavedData, where).toBe(expected.context.unsaved !== null);
      expect(view.untracked, where).toBe(expected.value === 'untracked');
      expect(view.runtimeFailed, where).toBe(expected.value === 'error' && expected.context.failure === RUNTIME_FAILURE);
      expect(view.canRetry, where).toBe(expected.value === 'error' && (expected.context.unsaved !== null || expected.context.progress === null));
    },
  });

describe('SCORM player machine: generated paths', () => {
  it('the model lists every event and invoke of the machine', () => {
    expect(invokeIds(scormPlayerMachine).sort()).toEqual(['load', 'save']);
    const explored = new Set(flattenEvents(events).map((e) => e.type));
    for (const type of scormPlayerMachine.events) expect(explored, `event ${type} is not explored`).toContain(type);
  });

  it('paths cover every state, a queued commit, a finish and both kinds of failure', () => {
    expect([...allLeafStates(scormPlayerMachine)].sort()).toEqual(['error', 'finished', 'loading', 'running', 'saving', 'starting', 'untracked']);
    expectEveryStateCovered(scormPlayerMachine, [{ paths, input: { launch: LAUNCH } }]);
    const views = paths.flatMap((p) => p.steps.map((s) => selectScormPlayerView(s.state)));
    expect(views.some((v) => v.runtimeFailed)).toBe(true);
    expect(views.some((v) => v.failure?.status === 500 && v.hasUnsavedData)).toBe(true);
    expect(paths.some((p) => p.steps.some((s) => s.state.context.queued !== null))).toBe(true);
  });

  it.each(paths.map((path, i) => [`#${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
    await walk(path);
  });
});

describe('SCORM player machine: pinned transitions', () => {
  it('saves commits in order, the newest data winning, and a finish sent while saving is not lost', async () => {
    const h = harness();
    h.start();
    await h.settle('load', { type: 'xstate.done.actor.load', output: fresh });
    h.send({ type: 'RUNTIME_READY' });
    h.send(commitB);
    h.send(commitA);
    h.send(commitA);
    expect(h.inputs('save')).toEqual([{ cmi: commitB.cmi, finished: true }]);
    await h.settle('save', { type: 'xstate.done.actor.save', output: stillGoing });
    // One more save, with the latest data, still marked finished.
    expect(h.inputs('save')[1]).toEqual({ cmi: commitA.cmi, finished: true });
    await h.settle('save', { type: 'xstate.done.actor.save', output: completed });
    expect(h.snapshot().value).toBe('finished');
    expect(h.savedCalls).toEqual([false, true]);
    expect(selectScormPlayerView(h.snapshot())).toMatchObject({ finished: true, completedAt: completed.completed_at, hasUnsavedData: false });
  });
});

describe('createScormPlayerActors', () => {
  it('forwards the commit and the abort signal, and answers the saved data', async () => {
    const calls: { commit: unknown; signal: AbortSignal }[] = [];
    const actors = createScormPlayerActors({ load: async () => fresh, save: async (commit, signal) => (calls.push({ commit, signal }), completed) });
    const actor = createActor(actors.save, { input: { cmi: { a: 1 }, finished: true } });
    const output = new Promise((resolve) => actor.subscribe({ complete: () => resolve(actor.getSnapshot().output) }));
    actor.start();
    expect(await output).toEqual(completed);
    expect(calls).toEqual([{ commit: { cmi: { a: 1 }, finished: true }, signal: expect.any(AbortSignal) }]);
  });
});
