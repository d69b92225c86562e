/**
 * Model-based tests of machines/launchBanner (ARCHITECTURE rule 7). The machine only moves with
 * time, so its events are its two delayed transitions. Paths are generated with xstate/graph from
 * several starting instants (fresh account, around day 4, around day 7, over, unreadable date) and
 * walked against a real actor driven by xstate's SimulatedClock, whose reading is also the
 * injected `now`. Each delayed step is pinned to the millisecond: one millisecond before the delay
 * nothing happens, at the delay the step is taken. Plus hand-pinned countdown values.
 *
 * How the graph gets a clock: the machine reads `now()` when a delayed transition fires, and the
 * graph has no time. xstate/graph calls `filterEvents(state, event)` immediately before it computes
 * `transition(state, event)`, so the generation's `filterEvents` sets the model clock to the
 * instant that event fires (the state's reading + the delay the chart gives). Each starting instant
 * explores time only up to a horizon (one tick into day 4, or past day 7), not 4 days of ticks.
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate';
import { launchBannerMachine, MAX_TIMEOUT_MS, type LaunchBannerInput } from '../machines/launchBanner/launchBanner.machine';
import { selectIsVisible, selectLaunchBannerView, selectRemaining, splitDuration } from '../machines/launchBanner/launchBanner.selectors';
import {
  allLeafStates,
  describePath,
  dropPrefixPaths,
  flattenEvents,
  generatePaths,
  invokeIds,
  leafStates,
  parseDelayedEvent,
  visitedStates,
  type DelayedEvent,
  type EventVariants,
  type InitEvent,
  type ModelPath,
  type ModelStep,
} from './support/graph';
import { createActorHarness } from './support/harness';

type LaunchBannerModelEvent = DelayedEvent<'UNTIL_START', 'launchBanner.waiting'> | DelayedEvent<'TICK', 'launchBanner.counting'>;
type LaunchBannerSnapshot = SnapshotFrom<typeof launchBannerMachine>;
type LaunchBannerPath = ModelPath<LaunchBannerSnapshot, LaunchBannerModelEvent>;
type LaunchBannerStep = ModelStep<LaunchBannerSnapshot, LaunchBannerModelEvent>;
type LaunchBannerState = 'waiting' | 'counting' | 'ended';

// Written from the spec (section 1), not imported from the machine.
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const CREATED_AT = '2025-06-02T09:30:00.000Z';
const created = Date.parse(CREATED_AT);
const dayFour = created + 3 * DAY;
const promotionEnd = created + 7 * DAY;

const launchBannerEvents = {
  'xstate.after.UNTIL_START.launchBanner.waiting': [{ type: 'xstate.after.UNTIL_START.launchBanner.waiting' }],
  'xstate.after.TICK.launchBanner.counting': [{ type: 'xstate.after.TICK.launchBanner.counting' }],
} satisfies EventVariants<LaunchBannerModelEvent>;

// ─── Oracles, written from the spec ──────────────────────────────────────────────────────────────

/** When each delayed transition must fire, measured from the instant `now` the state was entered. */
function expectedDelay(type: LaunchBannerModelEvent['type'], now: number, createdAt: number): number {
  const delay = parseDelayedEvent(type)!.delay as 'UNTIL_START' | 'TICK';
  return delay === 'TICK' ? SECOND : Math.min(createdAt + 3 * DAY - now, MAX_TIMEOUT_MS);
}

function expectedState(now: number, createdAt: number): LaunchBannerState {
  if (Number.isNaN(createdAt) || now >= createdAt + 7 * DAY) return 'ended';
  return now >= createdAt + 3 * DAY ? 'counting' : 'waiting';
}

/** The countdown to createdAt + 7 days, partial seconds counted as a whole one. */
function expectedRemaining(now: number, createdAt: number) {
  let seconds = Math.ceil((createdAt + 7 * DAY - now) / SECOND);
  const days = Math.floor(seconds / 86_400);
  seconds -= days * 86_400;
  const hours = Math.floor(seconds / 3_600);
  seconds -= hours * 3_600;
  const minutes = Math.floor(seconds / 60);
  return { days, hours, minutes, seconds: seconds - minutes * 60 };
}

// ─── Harness: a real actor on a SimulatedClock that is also the injected `now` ───────────────────

function createLaunchBannerHarness(createdAt: string, startAt: number) {
  const clock = new SimulatedClock();
  clock.set(startAt);
  return createActorHarness(launchBannerMachine, { clock, input: { createdAt, now: () => clock.now() } });
}
type LaunchBannerHarness = ReturnType<typeof createLaunchBannerHarness>;

// ─── Executors: one per event type (a new delayed transition without an executor does not compile) ──

type Executor = (harness: LaunchBannerHarness, step: LaunchBannerStep, createdAt: number) => void;
const elapse: Executor = (h, { event }, createdAt) => h.wait(expectedDelay(event.type as LaunchBannerModelEvent['type'], h.clock.now(), createdAt));
const executors = {
  'xstate.init': (h) => h.start(),
  'xstate.after.UNTIL_START.launchBanner.waiting': elapse,
  'xstate.after.TICK.launchBanner.counting': elapse,
} satisfies Record<LaunchBannerModelEvent['type'] | InitEvent['type'], Executor>;

// ─── Generated paths, from several starting instants ─────────────────────────────────────────────

/** `exploreUntil`: no delayed transition is explored from a state whose clock reading is later. */
const variants = [
  { name: 'a fresh account (created now)', createdAt: CREATED_AT, startAt: created, exploreUntil: dayFour },
  { name: 'one second before day 4', createdAt: CREATED_AT, startAt: dayFour - SECOND, exploreUntil: dayFour },
  { name: 'the first instant of day 4', createdAt: CREATED_AT, startAt: dayFour, exploreUntil: dayFour },
  { name: 'the last second of the promotion', createdAt: CREATED_AT, startAt: promotionEnd - SECOND, exploreUntil: promotionEnd },
  { name: 'the promotion is over', createdAt: CREATED_AT, startAt: promotionEnd, exploreUntil: promotionEnd },
  { name: 'an unreadable creation date', createdAt: 'not a date', startAt: created, exploreUntil: created },
] as const;

const withoutClock = ({ now: _, ...rest }: LaunchBannerSnapshot['context']) => rest;

const generated = variants.map((variant) => {
  const createdAt = Date.parse(variant.createdAt);
  // The instant the transition being computed reads; each reading consumes it. Outside a transition
  // (the initial snapshot, computed once per traversal) the clock reads the variant's start.
  let firesAt: number | undefined;
  const modelNow = () => {
    const now = firesAt ?? variant.startAt;
    firesAt = undefined;
    return now;
  };
  const { shortest, transitions } = generatePaths<typeof launchBannerMachine, LaunchBannerModelEvent>(launchBannerMachine, {
    events: launchBannerEvents,
    input: { createdAt: variant.createdAt, now: modelNow } satisfies LaunchBannerInput,
    // Called right before the graph takes `event` from `snapshot`: the model clock moves to when it fires.
    filterEvents: (snapshot, event) => {
      if (snapshot.context.nowMs > variant.exploreUntil) return false;
      firesAt = snapshot.context.nowMs + expectedDelay(event.type, snapshot.context.nowMs, createdAt);
      return true;
    },
  });
  return { ...variant, created: createdAt, shortest, paths: dropPrefixPaths([...shortest, ...transitions]) as LaunchBannerPath[] };
});

async function walk(path: LaunchBannerPath, variant: (typeof generated)[number]) {
  const h = createLaunchBannerHarness(variant.createdAt, variant.startAt);
  for (const [index, step] of path.steps.entries()) {
    const where = `step ${index} (${step.event.type}) at ${new Date(h.clock.now()).toISOString()}`;
    executors[step.event.type](h, step, variant.created);
    const actual = h.snapshot();
    const state = expectedState(h.clock.now(), variant.created);
    expect(actual.value, where).toEqual(step.state.value);
    expect(actual.value, where).toBe(state);
    expect(actual.status, where).toBe(state === 'ended' ? 'done' : 'active');
    expect(withoutClock(actual.context), where).toEqual(withoutClock(step.state.context));
    expect(actual.context.nowMs, `${where}: the clock was read`).toBe(h.clock.now());
    expect(selectLaunchBannerView(actual), where).toEqual({
      isVisible: state === 'counting',
      remaining: state === 'counting' ? expectedRemaining(h.clock.now(), variant.created) : null,
    });
    expect(h.errors, where).toEqual([]);
  }
}

describe('launch banner machine: generated paths', () => {
  it('the model lists every event of the machine (its delayed transitions; it invokes nothing)', () => {
    expect(invokeIds(launchBannerMachine)).toEqual([]);
    const explored = new Set(flattenEvents(launchBannerEvents).map((e) => e.type));
    for (const type of launchBannerMachine.events) expect(explored, `event ${type} is not explored`).toContain(type);
  });

  it('paths (all starting instants together) cover every state of the machine definition', () => {
    const visited = new Set(generated.flatMap((variant) => variant.paths.flatMap((path) => [...visitedStates(launchBannerMachine, path, { createdAt: variant.createdAt, now: () => variant.startAt })])));
    expect([...visited].sort()).toEqual([...allLeafStates(launchBannerMachine)].sort());
    const resting = new Set(generated.flatMap(({ paths }) => paths.flatMap((path) => path.steps.flatMap((s) => leafStates(s.state.value)))));
    expect([...resting].sort()).toEqual([...allLeafStates(launchBannerMachine)].sort());
  });

  it('every delayed transition is taken, and each starting instant rests where the spec says', () => {
    const taken = new Set(generated.flatMap(({ paths }) => paths.flatMap((path) => path.steps.map((s) => s.event.type))));
    for (const type of launchBannerMachine.events) expect(taken).toContain(type);
    const restingAtStart = Object.fromEntries(generated.map(({ name, shortest }) => [name, shortest.find((p) => p.steps.length === 1)!.state.value]));
    expect(restingAtStart).toEqual({
      'a fresh account (created now)': 'waiting',
      'one second before day 4': 'waiting',
      'the first instant of day 4': 'counting',
      'the last second of the promotion': 'counting',
      'the promotion is over': 'ended',
      'an unreadable creation date': 'ended',
    });
  });

  for (const variant of generated) {
    describe(variant.name, () => {
      it.each(variant.paths.map((path) => [describePath(path), path] as const))('%s', async (_, path) => {
        await walk(path, variant);
      });
    });
  }
});

// ─── Hand-pinned transitions ─────────────────────────────────────────────────────────────────────

function startedAt(startAt: number, createdAt: string = CREATED_AT) {
  const h = createLaunchBannerHarness(createdAt, startAt);
  h.start();
  return h;
}

describe('launch banner machine: pinned transitions', () => {
  it('hidden at createdAt + 3 d − 1 s, visible at createdAt + 3 d', () => {
    expect(selectIsVisible(startedAt(dayFour - SECOND).snapshot())).toBe(false);
    expect(selectIsVisible(startedAt(dayFour - 1).snapshot())).toBe(false);
    expect(selectIsVisible(startedAt(dayFour).snapshot())).toBe(true);
  });

  it('countdown values: +3 d → 4 d 0 h 0 m 0 s; +6 d 23 h 59 m 59 s → 0 d 0 h 0 m 1 s', () => {
    expect(selectRemaining(startedAt(dayFour).snapshot())).toEqual({ days: 4, hours: 0, minutes: 0, seconds: 0 });
    expect(selectRemaining(startedAt(created + 6 * DAY + 23 * HOUR + 59 * MINUTE + 59 * SECOND).snapshot())).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(selectRemaining(startedAt(created + 5 * DAY + 1 * HOUR + 2 * MINUTE + 3 * SECOND).snapshot())).toEqual({ days: 1, hours: 22, minutes: 57, seconds: 57 });
    expect(selectRemaining(startedAt(dayFour - SECOND).snapshot())).toBeNull();
  });

  it('ended (final, hidden) at createdAt + 7 d, whether started there or reached by the last tick', () => {
    const over = startedAt(promotionEnd);
    expect(over.snapshot().value).toBe('ended');
    expect(over.snapshot().status).toBe('done');
    expect(selectLaunchBannerView(over.snapshot())).toEqual({ isVisible: false, remaining: null });

    const last = startedAt(promotionEnd - SECOND);
    expect(selectRemaining(last.snapshot())).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    last.clock.increment(SECOND);
    expect(last.snapshot().value).toBe('ended');
    expect(last.snapshot().status).toBe('done');
  });

  it('a fresh account waits exactly 3 days (one timer), then counts down every second', () => {
    const h = startedAt(created);
    h.wait(3 * DAY);
    expect(h.snapshot().value).toBe('counting');
    expect(selectRemaining(h.snapshot())).toEqual({ days: 4, hours: 0, minutes: 0, seconds: 0 });
    h.wait(SECOND);
    expect(selectRemaining(h.snapshot())).toEqual({ days: 3, hours: 23, minutes: 59, seconds: 59 });
    h.wait(SECOND);
    expect(selectRemaining(h.snapshot())).toEqual({ days: 3, hours: 23, minutes: 59, seconds: 58 });
  });

  it('a late tick (sleeping laptop, throttled tab) re-reads the clock: the countdown is right, not one second less', () => {
    const h = startedAt(dayFour);
    h.clock.increment(2 * DAY + 5 * SECOND); // one timer fires, two days late
    expect(h.snapshot().context.nowMs).toBe(dayFour + 2 * DAY + 5 * SECOND);
    expect(selectRemaining(h.snapshot())).toEqual({ days: 1, hours: 23, minutes: 59, seconds: 55 });
    h.clock.increment(3 * DAY); // far past the end: the next reading ends it
    expect(h.snapshot().value).toBe('ended');
  });

  it('a clock set back before day 4 while counting hides the banner again until day 4', () => {
    const clock = new SimulatedClock();
    clock.set(dayFour);
    let skew = 0;
    const actor = createActor(launchBannerMachine, { clock, input: { createdAt: CREATED_AT, now: () => clock.now() - skew } });
    actor.start();
    expect(actor.getSnapshot().value).toBe('counting');
    skew = HOUR;
    clock.increment(SECOND);
    expect(actor.getSnapshot().value).toBe('waiting');
    clock.increment(HOUR - SECOND - 1);
    expect(actor.getSnapshot().value).toBe('waiting');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('counting');
    expect(selectRemaining(actor.getSnapshot())).toEqual({ days: 4, hours: 0, minutes: 0, seconds: 0 });
  });

  it('a creation date far in the future waits in steps of at most setTimeout’s limit', () => {
    const h = startedAt(created - 30 * DAY);
    expect(h.snapshot().value).toBe('waiting');
    h.wait(MAX_TIMEOUT_MS);
    expect(h.snapshot().value).toBe('waiting');
    expect(h.snapshot().context.nowMs).toBe(created - 30 * DAY + MAX_TIMEOUT_MS);
    h.wait(dayFour - h.clock.now());
    expect(h.snapshot().value).toBe('counting');
  });

  it('an unreadable creation date never shows the banner', () => {
    const h = startedAt(created, 'pas une date');
    expect(h.snapshot().value).toBe('ended');
    expect(selectLaunchBannerView(h.snapshot())).toEqual({ isVisible: false, remaining: null });
  });

  it('splitDuration rounds partial seconds up and never goes negative', () => {
    expect(splitDuration(4 * DAY)).toEqual({ days: 4, hours: 0, minutes: 0, seconds: 0 });
    expect(splitDuration(4 * DAY - 1)).toEqual({ days: 4, hours: 0, minutes: 0, seconds: 0 });
    expect(splitDuration(4 * DAY - SECOND)).toEqual({ days: 3, hours: 23, minutes: 59, seconds: 59 });
    expect(splitDuration(1)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(splitDuration(0)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(splitDuration(-5 * SECOND)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});
