/**
 * Model-based tests of machines/previewToken (ARCHITECTURE rule 7): xstate/graph paths over every state and
 * transition (RETRY, both fetch invokes' answers, the `refresh` and `retry` timers), walked against a REAL actor
 * whose `fetchToken` actor is a controllable fake and whose timers run on xstate's SimulatedClock: a delayed step
 * advances the clock by the delay the spec gives (600000 ms) or ours (30000 ms), checking that nothing happens one
 * millisecond before. Plus hand-pinned transitions (the token stays usable while refreshing, a failure drops it,
 * stopping aborts the fetch and the timers) and the actor factory.
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import { createPreviewTokenActors } from '../machines/previewToken/previewToken.actors';
import { previewTokenMachine, type PreviewToken, type PreviewTokenEvent } from '../machines/previewToken/previewToken.machine';
import { selectPreviewTokenView } from '../machines/previewToken/previewToken.selectors';
import { itForwardsOneCall } from './support/actorFactory';
import {
  allLeafStates,
  describePath,
  dropPrefixPaths,
  flattenEvents,
  generatePaths,
  invokeIds,
  leafStates,
  type DelayedEvent,
  type DoneActorEvent,
  type ErrorActorEvent,
  type EventVariants,
  type InitEvent,
  type ModelPath,
  type ModelStep,
} from './support/graph';
import { createActorHarness } from './support/harness';
import { expectEveryStateCovered, walkPath } from './support/walkPaths';

type PreviewTokenModelEvent =
  | PreviewTokenEvent
  | DoneActorEvent<'fetch', PreviewToken>
  | ErrorActorEvent<'fetch'>
  | DoneActorEvent<'refresh', PreviewToken>
  | ErrorActorEvent<'refresh'>
  | DelayedEvent<'refresh', 'previewToken.ready'>
  | DelayedEvent<'retry', 'previewToken.failed'>;
type PreviewTokenSnapshot = SnapshotFrom<typeof previewTokenMachine>;
type PreviewTokenPath = ModelPath<PreviewTokenSnapshot, PreviewTokenModelEvent>;
type PreviewTokenStep = ModelStep<PreviewTokenSnapshot, PreviewTokenModelEvent>;
type RestingState = 'fetching' | 'ready' | 'refreshing' | 'failed';
type InvokeId = 'fetch' | 'refresh';

// Spec section 9 (refresh every 600000 ms) and our retry delay after a failure, written out here.
const REFRESH_MS = 600_000;
const RETRY_MS = 30_000;

const first: PreviewToken = { token: 'tok-1', expires_at: '2025-10-01T10:10:00Z' };
const second: PreviewToken = { token: 'tok-2', expires_at: '2025-10-01T10:20:00Z' };
const offline: Failure = { status: null, code: 'NETWORK', message: 'Réseau indisponible', fieldErrors: {} };
const serverDown: Failure = { status: 500, code: 'SERVER_ERROR', message: 'Une erreur est survenue', fieldErrors: {} };

const RETRY = { type: 'RETRY' } as const;
const AFTER_REFRESH = { type: 'xstate.after.refresh.previewToken.ready' } as const;
const AFTER_RETRY = { type: 'xstate.after.retry.previewToken.failed' } as const;

const tokenEvents = {
  RETRY: [RETRY],
  'xstate.done.actor.fetch': [{ type: 'xstate.done.actor.fetch', output: first }],
  'xstate.error.actor.fetch': [{ type: 'xstate.error.actor.fetch', error: offline }],
  'xstate.done.actor.refresh': [{ type: 'xstate.done.actor.refresh', output: second }],
  'xstate.error.actor.refresh': [{ type: 'xstate.error.actor.refresh', error: serverDown }],
  'xstate.after.refresh.previewToken.ready': [AFTER_REFRESH],
  'xstate.after.retry.previewToken.failed': [AFTER_RETRY],
} satisfies EventVariants<PreviewTokenModelEvent>;

// ─── Oracles, hand-written from the chart ────────────────────────────────────────────────────────

function expectedAfter(from: PreviewTokenSnapshot | undefined, step: PreviewTokenStep) {
  const { event } = step;
  if (event.type === 'xstate.init' || !from) return { value: 'fetching', context: { token: null, failure: null } };
  const value = from.value as RestingState;
  const context = { ...from.context };
  switch (event.type) {
    case 'xstate.done.actor.fetch':
    case 'xstate.done.actor.refresh':
      return { value: 'ready', context: { token: event.output, failure: null } };
    case 'xstate.error.actor.fetch':
    case 'xstate.error.actor.refresh':
      return { value: 'failed', context: { token: null, failure: event.error as Failure } };
    case AFTER_REFRESH.type:
      return { value: 'refreshing', context };
    case AFTER_RETRY.type:
      return { value: 'fetching', context };
    case 'RETRY':
      return value === 'failed' ? { value: 'fetching', context } : { value, context };
  }
}

/** The fetch a step starts: the first one (and every retry) under `fetch`, the timed ones under `refresh`. */
function expectedCalls(from: PreviewTokenSnapshot | undefined, step: PreviewTokenStep): InvokeId[] {
  const { event } = step;
  if (event.type === 'xstate.init') return ['fetch'];
  if (event.type === AFTER_REFRESH.type) return ['refresh'];
  if (event.type === AFTER_RETRY.type || (event.type === 'RETRY' && from?.matches('failed'))) return ['fetch'];
  return [];
}

function expectedView(snapshot: PreviewTokenSnapshot) {
  const state = snapshot.value as RestingState;
  return {
    token: snapshot.context.token?.token ?? null,
    isFetching: state === 'fetching',
    failure: state === 'failed' ? snapshot.context.failure : null,
  };
}

// ─── Harness, executors, paths ───────────────────────────────────────────────────────────────────

const createHarness = () =>
  createActorHarness<typeof previewTokenMachine, InvokeId>(previewTokenMachine, { actors: ['fetchToken'], clock: new SimulatedClock() });
type Harness = ReturnType<typeof createHarness>;

type Executor = (harness: Harness, step: PreviewTokenStep) => void | Promise<void>;
const settle =
  (id: InvokeId): Executor =>
  (h, { event }) =>
    h.settle(id, event);
const executors = {
  'xstate.init': (h) => h.start(),
  RETRY: (h) => h.send(RETRY),
  'xstate.done.actor.fetch': settle('fetch'),
  'xstate.error.actor.fetch': settle('fetch'),
  'xstate.done.actor.refresh': settle('refresh'),
  'xstate.error.actor.refresh': settle('refresh'),
  'xstate.after.refresh.previewToken.ready': (h) => h.wait(REFRESH_MS),
  'xstate.after.retry.previewToken.failed': (h) => h.wait(RETRY_MS),
} satisfies Record<PreviewTokenModelEvent['type'] | InitEvent['type'], Executor>;

const generated = generatePaths<typeof previewTokenMachine, PreviewTokenModelEvent>(previewTokenMachine, { events: tokenEvents });
const paths = dropPrefixPaths([...generated.shortest, ...generated.transitions]) as PreviewTokenPath[];

const walk = (path: PreviewTokenPath) =>
  walkPath(path, {
    harness: () => createHarness(),
    execute: (h, step) => executors[step.event.type](h, step),
    mark: (h) => ({ callsBefore: h.invocations.length }),
    check: ({ harness: h, step, from, actual, before: { callsBefore }, where }) => {
      expect(actual.status, where).toBe('active');
      expect({ value: actual.value, context: actual.context }, `${where}: the chart`).toEqual(expectedAfter(from, step));
      expect(h.invocations.slice(callsBefore).map((call) => call.id), `${where}: fetches`).toEqual(expectedCalls(from, step));
      expect(selectPreviewTokenView(actual), where).toEqual(expectedView(actual));
    },
  });

describe('preview token machine: generated paths', () => {
  it('the model lists every event, invoke and timer of the machine', () => {
    expect(invokeIds(previewTokenMachine).sort()).toEqual(['fetch', 'refresh']);
    const explored = new Set(flattenEvents(tokenEvents).map((e) => e.type));
    for (const type of previewTokenMachine.events) expect(explored, `event ${type} is not explored`).toContain(type);
  });

  it('paths cover every state and take every event type', () => {
    const all = [...allLeafStates(previewTokenMachine)].sort();
    expect(all).toEqual(['failed', 'fetching', 'ready', 'refreshing']);
    expectEveryStateCovered(previewTokenMachine, [{ paths }]);
    const taken = new Set(paths.flatMap((path) => path.steps.map((s) => s.event.type)));
    for (const type of previewTokenMachine.events) expect(taken, `no path takes ${type}`).toContain(type);
    expect(paths.some((path) => path.steps.some((s) => leafStates(s.state.value).includes('refreshing')))).toBe(true);
  });

  it.each(paths.map((path, i) => [`#${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
    await walk(path);
  });
});

// ─── Hand-pinned transitions ─────────────────────────────────────────────────────────────────────

describe('preview token machine: pinned transitions', () => {
  it('fetches at once, then again every 600000 ms; the current token stays usable during a refresh', async () => {
    const h = createHarness();
    h.start();
    expect(selectPreviewTokenView(h.snapshot())).toEqual({ token: null, isFetching: true, failure: null });
    await h.settle('fetch', { type: 'xstate.done.actor.fetch', output: first });
    expect(selectPreviewTokenView(h.snapshot()).token).toBe('tok-1');
    h.wait(REFRESH_MS);
    expect(h.snapshot().value).toBe('refreshing');
    expect(selectPreviewTokenView(h.snapshot())).toEqual({ token: 'tok-1', isFetching: false, failure: null });
    await h.settle('refresh', { type: 'xstate.done.actor.refresh', output: second });
    expect(selectPreviewTokenView(h.snapshot()).token).toBe('tok-2');
    h.wait(REFRESH_MS);
    expect(h.invocations.map((call) => call.id)).toEqual(['fetch', 'refresh', 'refresh']);
  });

  it('a failed refresh drops the expired token and retries 30000 ms later, or at once on RETRY', async () => {
    const h = createHarness();
    h.start();
    await h.settle('fetch', { type: 'xstate.done.actor.fetch', output: first });
    h.wait(REFRESH_MS);
    await h.settle('refresh', { type: 'xstate.error.actor.refresh', error: serverDown });
    expect(selectPreviewTokenView(h.snapshot())).toEqual({ token: null, isFetching: false, failure: serverDown });
    h.wait(RETRY_MS);
    expect(h.snapshot().value).toBe('fetching');
    await h.settle('fetch', { type: 'xstate.error.actor.fetch', error: offline });
    h.send(RETRY);
    expect(h.snapshot().value).toBe('fetching');
    expect(h.invocations.map((call) => call.id)).toEqual(['fetch', 'refresh', 'fetch', 'fetch']);
  });

  it('RETRY does nothing unless the last fetch failed', async () => {
    const h = createHarness();
    h.start();
    expect(h.snapshot().can(RETRY)).toBe(false);
    await h.settle('fetch', { type: 'xstate.done.actor.fetch', output: first });
    expect(h.snapshot().can(RETRY)).toBe(false);
    h.send(RETRY);
    expect(h.invocations).toHaveLength(1);
  });

  it('stopping the actor (leaving the page) aborts the running fetch and no timer fires afterwards', async () => {
    const h = createHarness();
    h.start();
    await h.settle('fetch', { type: 'xstate.done.actor.fetch', output: first });
    h.wait(REFRESH_MS);
    h.actor.stop();
    expect(h.aborted).toEqual(['refresh']);
    h.clock.increment(REFRESH_MS * 3);
    expect(h.invocations).toHaveLength(2);
  });
});

// ─── The actor factory ──────────────────────────────────────────────────────────────────────────

describe('createPreviewTokenActors', () => {
  it('answers the token as the API gives it', async () => {
    const actor = createActor(createPreviewTokenActors({ createToken: async () => first }).fetchToken);
    const output = new Promise((resolve) => actor.subscribe({ complete: () => resolve(actor.getSnapshot().output) }));
    actor.start();
    expect(await output).toEqual(first);
  });
  describe('the shared promises', () => {
    itForwardsOneCall({
      what: 'nothing',
      make: (call) => createPreviewTokenActors({ createToken: (signal) => call(undefined, signal).then(() => undefined as unknown as PreviewToken) }).fetchToken,
      input: undefined,
      arg: undefined,
      failure: serverDown,
      lateFailure: offline,
    });
  });
});
