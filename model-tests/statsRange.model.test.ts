/**
 * Model-based tests of machines/statsRange (ARCHITECTURE rule 7): xstate/graph paths over every state and
 * transition, walked against a REAL actor whose clock is injected (a fixed "today": 15 March 2026, 10:00 local
 * time); plus hand-pinned transitions (the default 30 days, the shortcuts, each problem keeping the last good
 * range asked, a clock that passes midnight).
 *
 * The dates come from a handful of CHANGE variants, so the state space is small and paths are generated over the
 * full snapshot (value + context): every generated step is the real one.
 */
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { statsRangeMachine, type StatsRangeEvent, type StatsRangeInput } from '../machines/statsRange/statsRange.machine';
import { selectStatsRangeView } from '../machines/statsRange/statsRange.selectors';
import {
  allLeafStates,
  describePath,
  dropPrefixPaths,
  flattenEvents,
  generatePaths,
  invokeIds,
  visitedStates,
  type EventVariants,
  type InitEvent,
  type ModelPath,
  type ModelStep,
} from './support/graph';
import { walkPath } from './support/walkPaths';
import { createActorHarness } from './support/harness';

type StatsRangeSnapshot = SnapshotFrom<typeof statsRangeMachine>;
type StatsRangePath = ModelPath<StatsRangeSnapshot, StatsRangeEvent>;
type StatsRangeStep = ModelStep<StatsRangeSnapshot, StatsRangeEvent>;
type Range = { begin: string; end: string };

// ─── Fixtures, written by hand (a calendar, not the code) ───────────────────────────────────────

/** 15 March 2026, 10:00 in the machine's local time. */
const TODAY = new Date(2026, 2, 15, 10, 0).getTime();
const HOUR = 3_600_000;
/** The last N days up to 15 March 2026 included. */
const LAST = { 30: { begin: '2026-02-14', end: '2026-03-15' }, 90: { begin: '2025-12-16', end: '2026-03-15' }, 365: { begin: '2025-03-16', end: '2026-03-15' } } as const;
/** The same, up to 16 March 2026. */
const LAST_NEXT_DAY = { 30: { begin: '2026-02-15', end: '2026-03-16' }, 90: { begin: '2025-12-17', end: '2026-03-16' } } as const;

const change = (field: 'begin' | 'end', value: string) => ({ type: 'CHANGE', field, value }) as const;
const preset = (days: 30 | 90 | 365) => ({ type: 'PRESET', days }) as const;

const events = {
  CHANGE: [
    change('begin', '2026-03-01'), // a valid range with the default end
    change('begin', '2026-03-20'), // after the default end: order
    change('begin', ''), // incomplete: missing
    change('begin', '2010-01-01'), // over ten years before the end: too long
    change('end', '2026-03-10'),
  ],
  PRESET: [preset(30), preset(90), preset(365)],
} satisfies EventVariants<StatsRangeEvent>;

// ─── Oracles, from the chart and the spec of the tab ────────────────────────────────────────────

const dayNumber = (day: string) => Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10)) / 86_400_000;
/** The server's bounds (10 × 366 days at most), written again here. */
function problemOf({ begin, end }: Range) {
  if (begin === '' || end === '') return 'missing';
  if (begin > end) return 'order';
  if (dayNumber(end) - dayNumber(begin) > 3660) return 'tooLong';
  return null;
}
const presetOfRange = (range: Range) => ([30, 90, 365] as const).find((days) => LAST[days].begin === range.begin && LAST[days].end === range.end) ?? null;

function expectedAfter(from: StatsRangeSnapshot | undefined, step: StatsRangeStep) {
  const { event } = step;
  if (event.type === 'xstate.init' || !from) return { value: 'valid', range: LAST[30], asked: LAST[30] };
  if (event.type === 'PRESET') return { value: 'valid', range: LAST[event.days], asked: LAST[event.days] };
  const range = { ...from.context.range, [event.field]: event.value };
  return problemOf(range) === null ? { value: 'valid', range, asked: range } : { value: 'invalid', range, asked: from.context.asked };
}

const expectedView = (s: StatsRangeSnapshot) => ({
  range: s.context.range,
  asked: s.context.asked,
  problem: problemOf(s.context.range),
  activePreset: presetOfRange(s.context.range),
});

// ─── Harness ─────────────────────────────────────────────────────────────────────────────────────

const fixedClock: StatsRangeInput = { now: () => TODAY };
const createStatsHarness = (input: StatsRangeInput = fixedClock) => createActorHarness(statsRangeMachine, { input });
type StatsHarness = ReturnType<typeof createStatsHarness>;
type Executor = (h: StatsHarness, step: StatsRangeStep) => void;
const send: Executor = (h, { event }) => h.send(event as StatsRangeEvent);
const executors = {
  'xstate.init': (h) => h.start(),
  CHANGE: send,
  PRESET: send,
} satisfies Record<StatsRangeEvent['type'] | InitEvent['type'], Executor>;

const { shortest, transitions } = generatePaths<typeof statsRangeMachine, StatsRangeEvent>(statsRangeMachine, { events, input: fixedClock });
const paths = dropPrefixPaths([...shortest, ...transitions] as StatsRangePath[]);

const walk = (path: StatsRangePath) =>
  walkPath(path, {
    harness: () => createStatsHarness(),
    execute: (h, step) => executors[step.event.type](h, step),
    check: ({ step, from, actual, where }) => {
      expect({ value: actual.value, range: actual.context.range, asked: actual.context.asked }, `${where}: the chart`).toEqual(expectedAfter(from, step));
      expect(selectStatsRangeView(actual), where).toEqual(expectedView(actual));
    },
  });

describe('statistics range machine: generated paths', () => {
  it('the model lists every event of the machine; there is no invoke', () => {
    expect(invokeIds(statsRangeMachine)).toEqual([]);
    const explored = new Set(flattenEvents<StatsRangeEvent>(events).map((e) => e.type));
    for (const t of statsRangeMachine.events) expect(explored, `event ${t} is not explored`).toContain(t);
  });

  it('paths cover every state, take every event type and show every problem and every shortcut', () => {
    const all = [...allLeafStates(statsRangeMachine)].sort();
    expect(all).toEqual(['invalid', 'valid']);
    const visited = new Set(paths.flatMap((path) => [...visitedStates(statsRangeMachine, path, fixedClock)]));
    expect([...visited].sort()).toEqual(all);
    const taken = new Set(paths.flatMap((path) => path.steps.map((s) => s.event.type)));
    for (const t of statsRangeMachine.events) expect(taken, `no path takes ${t}`).toContain(t);
    const views = paths.flatMap((path) => path.steps.map((s) => selectStatsRangeView(s.state)));
    expect(new Set(views.map((v) => v.problem))).toEqual(new Set([null, 'missing', 'order', 'tooLong']));
    expect(new Set(views.map((v) => v.activePreset))).toEqual(new Set([null, 30, 90, 365]));
  });

  it.each(paths.map((path, i) => [`#${i + 1} ${describePath(path)}`, path] as const))('%s', (_, path) => walk(path));
});

describe('statistics range machine: pinned transitions', () => {
  function started(input?: StatsRangeInput) {
    const h = createStatsHarness(input);
    h.start();
    return h;
  }

  it('opens on the last 30 days up to today, asked at once, the 30-day shortcut pressed', () => {
    expect(selectStatsRangeView(started().snapshot())).toEqual({ range: LAST[30], asked: LAST[30], problem: null, activePreset: 30 });
  });

  it('a wrong date shows its problem and keeps the last good range asked; a right one is asked at once', () => {
    const h = started();
    h.send(change('begin', '2026-03-01'));
    expect(selectStatsRangeView(h.snapshot())).toEqual({ range: { begin: '2026-03-01', end: '2026-03-15' }, asked: { begin: '2026-03-01', end: '2026-03-15' }, problem: null, activePreset: null });
    h.send(change('end', '2026-02-01'));
    expect(h.snapshot().value).toBe('invalid');
    expect(selectStatsRangeView(h.snapshot())).toMatchObject({ problem: 'order', asked: { begin: '2026-03-01', end: '2026-03-15' } });
    h.send(change('end', ''));
    expect(selectStatsRangeView(h.snapshot()).problem).toBe('missing');
    h.send(change('end', '2036-03-09'));
    expect(selectStatsRangeView(h.snapshot()).problem).toBe('tooLong');
    h.send(change('end', '2036-03-08'));
    expect(selectStatsRangeView(h.snapshot())).toMatchObject({ problem: null, asked: { begin: '2026-03-01', end: '2036-03-08' } });
  });

  it('a shortcut mends a wrong range and is the one pressed; typing its dates presses it too', () => {
    const h = started();
    h.send(change('begin', ''));
    h.send(preset(90));
    expect(selectStatsRangeView(h.snapshot())).toEqual({ range: LAST[90], asked: LAST[90], problem: null, activePreset: 90 });
    h.send(change('begin', LAST[365].begin));
    expect(selectStatsRangeView(h.snapshot()).activePreset).toBe(365);
  });

  it('the clock is read at each event: past midnight the shortcuts count from the new day', () => {
    let now = TODAY + 13 * HOUR; // 23:00
    const h = started({ now: () => now });
    expect(selectStatsRangeView(h.snapshot()).range).toEqual(LAST[30]);
    now += 2 * HOUR; // 01:00 the next day
    h.send(preset(90));
    expect(selectStatsRangeView(h.snapshot())).toMatchObject({ range: LAST_NEXT_DAY[90], activePreset: 90 });
    h.send(preset(30));
    expect(selectStatsRangeView(h.snapshot()).range).toEqual(LAST_NEXT_DAY[30]);
  });

  it("the store's page takes at most 5 years (366 days each, as the server counts); a training's tab 10", () => {
    const h = started({ now: () => TODAY, maxYears: 5 });
    h.send(change('begin', '2021-03-10'));
    expect(selectStatsRangeView(h.snapshot())).toMatchObject({ problem: 'tooLong', asked: LAST[30] });
    h.send(change('begin', '2021-03-11'));
    expect(selectStatsRangeView(h.snapshot())).toMatchObject({ problem: null, asked: { begin: '2021-03-11', end: '2026-03-15' } });
    const training = started();
    training.send(change('begin', '2021-03-10'));
    expect(selectStatsRangeView(training.snapshot()).problem).toBeNull();
  });

  it('the view never reads the clock: the same snapshot gives the same view whatever the time', () => {
    let now = TODAY;
    const h = started({ now: () => now });
    const before = selectStatsRangeView(h.snapshot());
    now += 48 * HOUR;
    expect(selectStatsRangeView(h.snapshot())).toEqual(before);
  });
});
