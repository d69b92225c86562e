/**
 * Model-based tests of machines/announcement (ARCHITECTURE rule 7): xstate/graph paths over every
 * state and transition, from several inputs (inside the campaign, outside it, another role, in
 * onboarding, dismissed today or yesterday), each walked against a REAL actor whose clock is a
 * SimulatedClock (also the injected `now`) and whose `rememberDismissal` is a recorder; plus
 * hand-pinned boundary tests (1 ms before the start, the start, the end, 1 ms after the end).
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate';
import {
  ANNOUNCEMENT_CAMPAIGN,
  ANNOUNCEMENT_WINDOW,
  announcementMachine,
  type AnnouncementEvent,
  type AnnouncementInput,
  type RememberDismissalParams,
} from '../machines/announcement/announcement.machine';
import { selectIsVisible } from '../machines/announcement/announcement.selectors';
import {
  allLeafStates,
  describePath,
  dropPrefixPaths,
  flattenEvents,
  generatePaths,
  invokeIds,
  leafStates,
  visitedStates,
  type EventVariants,
  type InitEvent,
  type ModelPath,
  type ModelStep,
} from './support/graph';
import { createActorHarness } from './support/harness';

type AnnouncementSnapshot = SnapshotFrom<typeof announcementMachine>;
type AnnouncementPath = ModelPath<AnnouncementSnapshot, AnnouncementEvent>;
type AnnouncementStep = ModelStep<AnnouncementSnapshot, AnnouncementEvent>;
type RestingState = 'shown' | 'hidden' | 'dismissed';
const TRANSIENT_STATES = ['deciding'] as const;

// Written from the spec (section 4), not imported from the machine: 24 Sept 2025 00:00 to
// 30 Sept 2025 23:59:59 (and its last millisecond), Paris time (CEST, UTC+2).
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const START = Date.UTC(2025, 8, 23, 22, 0, 0, 0);
const END = Date.UTC(2025, 8, 30, 21, 59, 59, 999);
const WINDOW = { start: START, end: END };
/** The user's local day, in Paris time during the campaign (UTC+2). */
const parisDay = (ms: number) => new Date(ms + 2 * HOUR).toISOString().slice(0, 10);
const MIDDLE = Date.UTC(2025, 8, 26, 10, 0, 0); // Friday 26 Sept 2025, 12:00 in Paris

const announcementEvents = {
  DISMISS: [{ type: 'DISMISS' }],
} satisfies EventVariants<AnnouncementEvent>;

interface Variant {
  name: string;
  startAt: number;
  role: string;
  inOnboarding: boolean;
  dismissedOn: string | null;
}

const owner = { role: 'OWNER', inOnboarding: false, dismissedOn: null };
const variants: Variant[] = [
  { name: 'an owner during the campaign', startAt: MIDDLE, ...owner },
  { name: 'an owner who dismissed it yesterday', startAt: MIDDLE, ...owner, dismissedOn: '2025-09-25' },
  { name: 'an owner who dismissed it today', startAt: MIDDLE, ...owner, dismissedOn: '2025-09-26' },
  { name: 'an owner before the campaign', startAt: START - 1, ...owner },
  { name: 'an owner after the campaign', startAt: END + 1, ...owner },
  { name: 'an ADMIN during the campaign', startAt: MIDDLE, ...owner, role: 'ADMIN' },
  { name: 'an owner in onboarding during the campaign', startAt: MIDDLE, ...owner, inOnboarding: true },
];

// ─── Oracle, hand-written from the spec ──────────────────────────────────────────────────────────

function expectedInitial(v: Pick<Variant, 'role' | 'inOnboarding' | 'dismissedOn'>, at: number): RestingState {
  const inCampaign = at >= START && at <= END;
  return v.role === 'OWNER' && !v.inOnboarding && inCampaign && v.dismissedOn !== parisDay(at) ? 'shown' : 'hidden';
}

// ─── Harness: a real actor on a SimulatedClock that is also the injected `now` ───────────────────

function createAnnouncementHarness(v: Pick<Variant, 'role' | 'inOnboarding' | 'dismissedOn'>, startAt: number, window = WINDOW) {
  const clock = new SimulatedClock();
  clock.set(startAt);
  const remembered: RememberDismissalParams[] = [];
  const input: AnnouncementInput = { now: () => clock.now(), window, role: v.role, inOnboarding: v.inOnboarding, dismissedOn: v.dismissedOn, today: parisDay };
  const harness = createActorHarness(announcementMachine, {
    clock,
    input,
    actions: { rememberDismissal: (_: unknown, params: RememberDismissalParams) => void remembered.push(params) },
  });
  return Object.assign(harness, { remembered });
}
type AnnouncementHarness = ReturnType<typeof createAnnouncementHarness>;

type Executor = (harness: AnnouncementHarness, step: AnnouncementStep) => void;
const executors = {
  'xstate.init': (h) => h.start(),
  DISMISS: (h, { event }) => h.send(event as AnnouncementEvent),
} satisfies Record<AnnouncementEvent['type'] | InitEvent['type'], Executor>;

// ─── Generated paths ─────────────────────────────────────────────────────────────────────────────

const inputOf = (v: Variant): AnnouncementInput => ({ now: () => v.startAt, window: WINDOW, role: v.role, inOnboarding: v.inOnboarding, dismissedOn: v.dismissedOn, today: parisDay });
const withoutFunctions = ({ now: _now, today: _today, ...rest }: AnnouncementSnapshot['context']) => rest;

const generated = variants.map((variant) => {
  const { shortest, transitions } = generatePaths<typeof announcementMachine, AnnouncementEvent>(announcementMachine, {
    events: announcementEvents,
    input: inputOf(variant),
  });
  return { variant, shortest, paths: dropPrefixPaths([...shortest, ...transitions]) as AnnouncementPath[] };
});

function walk(path: AnnouncementPath, variant: Variant) {
  const h = createAnnouncementHarness(variant, variant.startAt);
  let expected: RestingState | undefined;
  for (const [index, step] of path.steps.entries()) {
    const where = `step ${index} (${step.event.type})`;
    const before = h.remembered.length;
    const from = expected;
    executors[step.event.type](h, step);
    const actual = h.snapshot();
    expected = step.event.type === 'xstate.init' ? expectedInitial(variant, variant.startAt) : from === 'shown' ? 'dismissed' : from;
    expect(actual.value, where).toEqual(step.state.value);
    expect(actual.value, `${where}: the chart`).toBe(expected);
    expect(actual.status, where).toBe(expected === 'shown' ? 'active' : 'done');
    expect(withoutFunctions(actual.context), where).toEqual(withoutFunctions(step.state.context));
    expect(selectIsVisible(actual), where).toBe(expected === 'shown');
    const dismissedHere = step.event.type === 'DISMISS' && from === 'shown';
    expect(h.remembered.slice(before), `${where}: rememberDismissal`).toEqual(dismissedHere ? [{ day: parisDay(h.clock.now()) }] : []);
    expect(h.errors, where).toEqual([]);
  }
}

describe('announcement machine: generated paths', () => {
  it('the model lists every event of the machine (it invokes nothing)', () => {
    expect(invokeIds(announcementMachine)).toEqual([]);
    const explored = new Set(flattenEvents(announcementEvents).map((e) => e.type));
    for (const type of announcementMachine.events) expect(explored, `event ${type} is not explored`).toContain(type);
  });

  it('paths (all variants together) cover every state of the machine definition, and DISMISS is taken', () => {
    const all = [...allLeafStates(announcementMachine)].sort();
    expect(all).toEqual(['deciding', 'dismissed', 'hidden', 'shown']);
    const visited = new Set(generated.flatMap(({ paths, variant }) => paths.flatMap((path) => [...visitedStates(announcementMachine, path, inputOf(variant))])));
    expect([...visited].sort()).toEqual(all);
    const resting = new Set(generated.flatMap(({ paths }) => paths.flatMap((path) => path.steps.flatMap((s) => leafStates(s.state.value)))));
    expect([...resting, ...TRANSIENT_STATES].sort()).toEqual(all);
    const taken = new Set(generated.flatMap(({ paths }) => paths.flatMap((path) => path.steps.map((s) => s.event.type))));
    expect(taken).toContain('DISMISS');
  });

  it('each variant starts where the spec says', () => {
    const restingAtStart = Object.fromEntries(generated.map(({ variant, shortest }) => [variant.name, shortest.find((p) => p.steps.length === 1)!.state.value]));
    expect(restingAtStart).toEqual({
      'an owner during the campaign': 'shown',
      'an owner who dismissed it yesterday': 'shown',
      'an owner who dismissed it today': 'hidden',
      'an owner before the campaign': 'hidden',
      'an owner after the campaign': 'hidden',
      'an ADMIN during the campaign': 'hidden',
      'an owner in onboarding during the campaign': 'hidden',
    });
  });

  for (const { variant, paths } of generated) {
    describe(variant.name, () => {
      it.each(paths.map((path) => [describePath(path), path] as const))('%s', (_, path) => {
        walk(path, variant);
      });
    });
  }
});

// ─── Hand-pinned transitions ─────────────────────────────────────────────────────────────────────

function startedAt(at: number, who: Partial<Pick<Variant, 'role' | 'inOnboarding' | 'dismissedOn'>> = {}, window = WINDOW) {
  const h = createAnnouncementHarness({ ...owner, ...who }, at, window);
  h.start();
  return h;
}
const visibleAt = (at: number, who: Partial<Pick<Variant, 'role' | 'inOnboarding' | 'dismissedOn'>> = {}) => selectIsVisible(startedAt(at, who).snapshot());

describe('announcement machine: pinned transitions', () => {
  it('the campaign constant is 24 Sept 2025 00:00 to 30 Sept 2025 23:59:59.999, Paris time', () => {
    expect(ANNOUNCEMENT_CAMPAIGN).toEqual({ start: '2025-09-24T00:00:00+02:00', end: '2025-09-30T23:59:59.999+02:00' });
    expect(ANNOUNCEMENT_WINDOW).toEqual(WINDOW);
  });

  it('1 ms before the start: hidden; at the start: shown', () => {
    expect(visibleAt(START - 1)).toBe(false);
    expect(startedAt(START - 1).snapshot().value).toBe('hidden');
    expect(visibleAt(START)).toBe(true);
    expect(startedAt(START).snapshot().value).toBe('shown');
  });

  it('at the end (30 Sept 23:59:59.999): shown; 1 ms after the end: hidden', () => {
    expect(visibleAt(END)).toBe(true);
    expect(visibleAt(Date.UTC(2025, 8, 30, 21, 59, 59, 0))).toBe(true);
    expect(visibleAt(END + 1)).toBe(false);
    expect(startedAt(END + 1).snapshot().status).toBe('done');
  });

  it('the window is injected: another campaign moves the boundaries', () => {
    const other = { start: Date.UTC(2026, 0, 1), end: Date.UTC(2026, 0, 1) + DAY - 1 };
    expect(selectIsVisible(startedAt(other.start - 1, {}, other).snapshot())).toBe(false);
    expect(selectIsVisible(startedAt(other.start, {}, other).snapshot())).toBe(true);
    expect(selectIsVisible(startedAt(other.end, {}, other).snapshot())).toBe(true);
    expect(selectIsVisible(startedAt(other.end + 1, {}, other).snapshot())).toBe(false);
    expect(selectIsVisible(startedAt(MIDDLE, {}, other).snapshot())).toBe(false);
  });

  it('only owners: ADMIN, TEACHER, ANALYST, STAFF never see it', () => {
    for (const role of ['ADMIN', 'TEACHER', 'ANALYST', 'STAFF']) {
      const h = startedAt(MIDDLE, { role });
      expect(h.snapshot().value, role).toBe('hidden');
      expect(h.snapshot().can({ type: 'DISMISS' }), role).toBe(false);
    }
  });

  it('an owner in onboarding does not see it', () => {
    expect(startedAt(MIDDLE, { inOnboarding: true }).snapshot().value).toBe('hidden');
  });

  it('dismissed today: hidden; dismissed yesterday (or on another day): shown', () => {
    expect(visibleAt(MIDDLE, { dismissedOn: '2025-09-26' })).toBe(false);
    expect(visibleAt(MIDDLE, { dismissedOn: '2025-09-25' })).toBe(true);
    expect(visibleAt(MIDDLE, { dismissedOn: '2025-09-27' })).toBe(true);
    // "Today" is the user's local day: at 23:30 UTC on 25 Sept it is already 26 Sept in Paris.
    expect(visibleAt(Date.UTC(2025, 8, 25, 23, 30), { dismissedOn: '2025-09-26' })).toBe(false);
    expect(visibleAt(Date.UTC(2025, 8, 25, 21, 30), { dismissedOn: '2025-09-26' })).toBe(true);
  });

  it('DISMISS calls rememberDismissal once with today’s day and ends the machine (hidden)', () => {
    const h = startedAt(MIDDLE);
    expect(selectIsVisible(h.snapshot())).toBe(true);
    h.send({ type: 'DISMISS' });
    expect(h.remembered).toEqual([{ day: '2025-09-26' }]);
    expect(h.snapshot().value).toBe('dismissed');
    expect(h.snapshot().status).toBe('done');
    expect(selectIsVisible(h.snapshot())).toBe(false);
    expect(h.snapshot().can({ type: 'DISMISS' })).toBe(false);
    expect(h.errors).toEqual([]);
  });

  it('DISMISS stores the day it is sent, read from the clock then (the modal stayed open past midnight)', () => {
    const h = startedAt(Date.UTC(2025, 8, 26, 21, 59)); // 23:59 on 26 Sept in Paris
    h.clock.increment(2 * 60 * 1000); // 00:01 on 27 Sept
    h.send({ type: 'DISMISS' });
    expect(h.remembered).toEqual([{ day: '2025-09-27' }]);
  });

  it('once a day: dismissed on a day, hidden the rest of that day, shown again the next day of the campaign', () => {
    const first = startedAt(MIDDLE);
    first.send({ type: 'DISMISS' });
    const stored = first.remembered[0]!.day;
    expect(visibleAt(MIDDLE + 11 * HOUR + 59 * 60 * 1000, { dismissedOn: stored })).toBe(false); // 23:59 same day
    expect(visibleAt(MIDDLE + 12 * HOUR, { dismissedOn: stored })).toBe(true); // 00:00 the next day
  });

  it('hidden (final) takes no DISMISS and never calls rememberDismissal', () => {
    const h = startedAt(END + 1);
    expect(h.snapshot().value).toBe('hidden');
    expect(h.snapshot().can({ type: 'DISMISS' })).toBe(false);
    expect(h.remembered).toEqual([]);
  });

  it('without a provided rememberDismissal the machine says what is missing', () => {
    const actor = createActor(announcementMachine, { input: { now: () => MIDDLE, window: WINDOW, role: 'OWNER', inOnboarding: false, dismissedOn: null, today: parisDay } });
    const errors: unknown[] = [];
    actor.subscribe({ error: (e) => errors.push(e) });
    actor.start();
    actor.send({ type: 'DISMISS' });
    expect(String(errors[0])).toMatch(/rememberDismissal.*machine\.provide/);
  });
});
