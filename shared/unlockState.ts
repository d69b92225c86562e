import type { components } from '../src/api/schema.gen';

/**
 * Whether a training item is open for a learner, and if not why and until when (spec 4 unlock modes, blockers
 * and drip; spec 8 "lesson blocked" messages). One pure function the server and the learner area both run, so
 * what the player shows and what the API enforces cannot disagree. Time comes in (`now`), never from a clock.
 *
 * The rules, all combined (an item opens when every one is met):
 * - `unblocked_by_teacher` on the item's progress opens it whatever else applies (the team's "unblock").
 * - Mode DATE: open from `unlock_at`. DELAY: from the start of the day, in the store's time zone,
 *   `unlock_delay_days` calendar days after the enrolment day. MANUAL: only once the team unblocks it.
 *   PREVIOUS: once the item before it (outline order) is completed.
 * - Drip (the training's frequency, WEEKLY 7, BIWEEKLY 14, MONTHLY 30 days): an item in mode NONE or PREVIOUS
 *   at index N of the outline opens at the start of the day N periods after the enrolment day.
 * - `bypass_drip` on the enrolment skips DELAY and the drip (not a fixed DATE, not MANUAL, not the blockers).
 * - Blockers of the item (`unlock_blockers`) and every earlier item marked `blocking`: a QUIZ's best score at
 *   least the blocker's `min_score` (else the quiz's own minimum success rate; with neither, the quiz taken),
 *   a TASKS item completed (every task ticked), an ASSIGNMENT accepted (status COMPLETED).
 * Days are counted on the calendar of `timeZone`, so a daylight-saving change never moves an opening by an hour.
 */

type TrainingItem = components['schemas']['TrainingItem'];
/**
 * Why an item is locked (spec 8 "lesson blocked" messages): DATE (a date, a delay after enrolment or the drip),
 * PREVIOUS_ITEM, QUIZ_SCORE, TASKS, ASSIGNMENT (not yet accepted), MANUAL (waits for the team). The learner
 * area's TrainingItemProgress.blocked_by names the first five the same way.
 */
export type LockReason = 'DATE' | 'PREVIOUS_ITEM' | 'QUIZ_SCORE' | 'TASKS' | 'ASSIGNMENT' | 'MANUAL';
export type DripFrequency = components['schemas']['DripFrequency'];
type AssignmentStatus = components['schemas']['AssignmentStatus'];

/** The store's zone when none is given: the product is French-first. */
export const DEFAULT_TIME_ZONE = 'Europe/Paris';

/** Days between two releases of the drip (spec 4 and 9). */
export const DRIP_DAYS: Record<DripFrequency, number> = { WEEKLY: 7, BIWEEKLY: 14, MONTHLY: 30 };

/** What the rule reads of an item (the editor's TrainingItem has all of it). */
export type UnlockItem = Pick<TrainingItem, 'id' | 'type' | 'unlock_mode' | 'unlock_at' | 'unlock_delay_days' | 'unlock_blockers' | 'blocking'> & {
  /** QUIZ items: the quiz's minimum success rate (percent), null or absent for none. */
  min_success_rate?: number | null;
};

export interface UnlockEnrolment {
  /** ISO instant of the enrolment. */
  enrolled_at: string;
  bypass_drip: boolean;
  /** The training's drip frequency, null for none. */
  drip_frequency: DripFrequency | null;
  /** The training's items the learner sees, in the learner's order (sections and drafts left out). */
  outline: readonly UnlockItem[];
}

/** A learner's progress on one item (what the learner area records). */
export interface UnlockItemProgress {
  completed_at: string | null;
  quiz_best_score: number | null;
  assignment_status: AssignmentStatus | null;
  unblocked_by_teacher: boolean;
}

/** Progress by item id; an item never opened has none. */
export type UnlockProgress = Readonly<Partial<Record<number, UnlockItemProgress>>>;

export type UnlockState =
  | { state: 'open' }
  | {
      state: 'locked';
      /** The first reason, in the order of spec 8's messages (date, previous, quiz, tasks, assignment, manual). */
      reason: LockReason;
      /** Every reason that holds, in that order, each once. */
      reasons: LockReason[];
      /** ISO instant the time rule opens it (DATE, DELAY, drip), when that rule is what still holds; else null. */
      opens_at: string | null;
      /** The earlier item waited on by the first item-related reason (previous item, quiz, tasks, assignment). */
      waiting_on: number | null;
    };

const REASON_ORDER: readonly LockReason[] = ['DATE', 'PREVIOUS_ITEM', 'QUIZ_SCORE', 'TASKS', 'ASSIGNMENT', 'MANUAL'];
/** Each reason's place in REASON_ORDER. */
const REASON_BIT = Object.fromEntries(REASON_ORDER.map((reason, bit) => [reason, bit])) as Record<LockReason, number>;
/** The reasons an earlier item marked `blocking` may hold, in order. */
const BLOCKING_REASONS = ['QUIZ_SCORE', 'TASKS', 'ASSIGNMENT'] as const;

/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than using it. */
const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at `epochMs`, in milliseconds (wall clock minus UTC, whole seconds). */
function zoneOffset(epochMs: number, timeZone: string): number {
  let formatter = zoneFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    zoneFormatters.set(timeZone, formatter);
  }
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(epochMs)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - (epochMs - (((epochMs % 1000) + 1000) % 1000));
}

const DAY_MS = 86_400_000;
/** Starts of days by zone, by UTC-midnight "wall" number; bounded (calendar days are shared by every learner). */
const dayStarts = new Map<string, Map<number, number>>();

/** The first instant of the wall-clock day `wallMidnight` (Date.UTC of that day) in `timeZone`; the later one if repeated, the first after a skipped midnight. */
function zonedMidnight(wallMidnight: number, timeZone: string, known: Map<number, number> = knownDayStarts(timeZone)): number {
  const start = known.get(wallMidnight);
  if (start !== undefined) return start;
  const before = zoneOffset(wallMidnight - DAY_MS, timeZone);
  const after = zoneOffset(wallMidnight + DAY_MS, timeZone);
  const candidates = [wallMidnight - before, wallMidnight - after].filter((instant) => instant + zoneOffset(instant, timeZone) === wallMidnight);
  // Two readings (midnight repeated): the later; none (midnight skipped): the instant the clock jumps to, read with the earlier offset.
  const found = candidates.length ? Math.max(...candidates) : wallMidnight - before;
  if (known.size > 50_000) known.clear();
  known.set(wallMidnight, found);
  return found;
}

function knownDayStarts(timeZone: string): Map<number, number> {
  let known = dayStarts.get(timeZone);
  if (!known) dayStarts.set(timeZone, (known = new Map()));
  return known;
}

/** The start of the day `days` after the local day of `instant`, in `timeZone` (midnight, or the first instant of a day that skips it). */
export function startOfDayAfter(instant: string, days: number, timeZone: string): Date {
  return new Date(zonedMidnight(localDay(instant, timeZone) + days * DAY_MS, timeZone));
}

/** `startOfDayAfter` for one instant and zone, in epoch milliseconds: what a walk of the outline asks once per item. */
function daysAfter(instant: string, timeZone: string): (days: number) => number {
  const day = localDay(instant, timeZone);
  const known = knownDayStarts(timeZone);
  return (days) => zonedMidnight(day + days * DAY_MS, timeZone, known);
}

/** The wall-clock day (Date.UTC of its midnight) of an instant in a zone; the last few asked are kept (one enrolment asks once per item). */
const localDays = new Map<string, number>();
function localDay(instant: string, timeZone: string): number {
  const key = `${timeZone} ${instant}`;
  const known = localDays.get(key);
  if (known !== undefined) return known;
  const epoch = Date.parse(instant);
  const local = new Date(epoch + zoneOffset(epoch, timeZone));
  const day = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  if (localDays.size > 1_000) localDays.clear();
  localDays.set(key, day);
  return day;
}

type Condition = { reason: 'QUIZ_SCORE' | 'TASKS' | 'ASSIGNMENT'; itemId: number; minScore: number | null };

/** The outline's items by id, built once per outline (a 500-item outline asks for quiz minimums thousands of times). */
const itemsById = new WeakMap<readonly UnlockItem[], Map<number, UnlockItem>>();
function itemById(outline: readonly UnlockItem[], id: number): UnlockItem | undefined {
  let map = itemsById.get(outline);
  if (!map) itemsById.set(outline, (map = new Map(outline.map((item) => [item.id, item]))));
  return map.get(id);
}

/** Each item's index and the blocking items in order, built once per outline (a 500-item outline asked for them for every item). */
const outlineIndexes = new WeakMap<readonly UnlockItem[], { index: Map<number, number>; blocking: { position: number; item: UnlockItem }[] }>();
function indexOf(outline: readonly UnlockItem[]) {
  let found = outlineIndexes.get(outline);
  if (!found) {
    found = {
      index: new Map(outline.map((item, position) => [item.id, position])),
      blocking: outline.flatMap((item, position) => (item.blocking && BLOCKING_REASON[item.type] ? [{ position, item }] : [])),
    };
    outlineIndexes.set(outline, found);
  }
  return found;
}

/** Is the condition on an earlier item met by the learner's progress? */
function met(condition: Condition, progress: UnlockProgress, outline: readonly UnlockItem[]): boolean {
  const done = progress[condition.itemId];
  switch (condition.reason) {
    case 'QUIZ_SCORE': {
      const minimum = condition.minScore ?? itemById(outline, condition.itemId)?.min_success_rate ?? null;
      const score = done?.quiz_best_score ?? null;
      if (minimum === null) return score !== null || Boolean(done?.completed_at);
      return score !== null && score >= minimum;
    }
    case 'TASKS':
      return Boolean(done?.completed_at);
    case 'ASSIGNMENT':
      return done?.assignment_status === 'COMPLETED';
  }
}

const BLOCKING_REASON: Partial<Record<UnlockItem['type'], Condition['reason']>> = { QUIZ: 'QUIZ_SCORE', TASKS: 'TASKS', ASSIGNMENT: 'ASSIGNMENT' };

/** What a walk of the outline reads for every item: the enrolment, the progress, now, and the enrolment's calendar. */
interface Walk {
  enrolment: UnlockEnrolment;
  progress: UnlockProgress;
  now: number;
  /** The start of the day so many days after the enrolment day (epoch ms), in the store's zone. */
  daysAfterEnrolment: (days: number) => number;
}

function walkOf(enrolment: UnlockEnrolment, progress: UnlockProgress, now: Date, timeZone: string): Walk {
  return { enrolment, progress, now: now.getTime(), daysAfterEnrolment: daysAfter(enrolment.enrolled_at, timeZone) };
}

/** The time rule's opening instant for this item (epoch ms), or null when no time rule applies. */
function timeRule(item: UnlockItem, walk: Walk, index: number): number | null {
  const { enrolment } = walk;
  switch (item.unlock_mode) {
    case 'DATE':
      return item.unlock_at ? Date.parse(item.unlock_at) : null;
    case 'DELAY':
      return enrolment.bypass_drip || item.unlock_delay_days === null ? null : walk.daysAfterEnrolment(item.unlock_delay_days);
    case 'NONE':
    case 'PREVIOUS':
      if (enrolment.bypass_drip || !enrolment.drip_frequency || index <= 0) return null;
      return walk.daysAfterEnrolment(index * DRIP_DAYS[enrolment.drip_frequency]);
    case 'MANUAL':
      return null;
  }
}

/**
 * What the earlier items marked `blocking` still hold against an item: for each reason, the first of them (in
 * outline order) whose condition the learner has not met. Only the first per reason matters: the state lists each
 * reason once and waits on the first item of the first reason.
 */
type BlockingHolds = Partial<Record<Condition['reason'], number>>;

/** The blocking items before `index` that still hold (one walk over them; `unlockStates` keeps a running one instead). */
function blockingHoldsBefore(index: number, indexes: ReturnType<typeof indexOf>, progress: UnlockProgress, outline: readonly UnlockItem[]): BlockingHolds {
  const holds: BlockingHolds = {};
  for (const { position, item: earlier } of indexes.blocking) {
    if (position >= index) break;
    const reason = BLOCKING_REASON[earlier.type]!;
    if (holds[reason] === undefined && !met({ reason, itemId: earlier.id, minScore: null }, progress, outline)) holds[reason] = earlier.id;
  }
  return holds;
}

/** The state of the item at `index` of the outline, given what the earlier blocking items still hold. */
function stateAt(item: UnlockItem, index: number, walk: Walk, holds: BlockingHolds): UnlockState {
  const { enrolment, progress } = walk;
  if (progress[item.id]?.unblocked_by_teacher) return { state: 'open' };
  // Reasons found, as bits in REASON_ORDER's order, and the item waited on by each item-related reason (the first found).
  let found = 0;
  const waits: (number | undefined)[] = [];
  const hold = (reason: LockReason, waitingOn: number | null) => {
    const bit = REASON_BIT[reason];
    found |= 1 << bit;
    if (waitingOn !== null && waits[bit] === undefined) waits[bit] = waitingOn;
  };

  const opensAt = timeRule(item, walk, index);
  if (opensAt !== null && walk.now < opensAt) hold('DATE', null);
  if (item.unlock_mode === 'MANUAL') hold('MANUAL', null);
  const previous = index > 0 ? enrolment.outline[index - 1] : undefined;
  if (item.unlock_mode === 'PREVIOUS' && previous && !progress[previous.id]?.completed_at) hold('PREVIOUS_ITEM', previous.id);

  // Every earlier item marked blocking (what still holds, first per reason), then the item's own blockers.
  for (const reason of BLOCKING_REASONS) if (holds[reason] !== undefined) hold(reason, holds[reason]);
  for (const blocker of item.unlock_blockers) {
    const condition: Condition = { reason: blocker.type, itemId: blocker.item_id, minScore: blocker.min_score };
    if (condition.itemId !== item.id && !met(condition, progress, enrolment.outline)) hold(condition.reason, condition.itemId);
  }
  if (found === 0) return { state: 'open' };

  const reasons = REASON_ORDER.filter((_reason, bit) => found & (1 << bit));
  return {
    state: 'locked',
    reason: reasons[0]!,
    reasons,
    opens_at: found & (1 << REASON_BIT.DATE) && opensAt !== null ? new Date(opensAt).toISOString() : null,
    waiting_on: waits.find((id) => id !== undefined) ?? null,
  };
}

export function unlockState(
  item: UnlockItem,
  enrolment: UnlockEnrolment,
  progress: UnlockProgress,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): UnlockState {
  if (progress[item.id]?.unblocked_by_teacher) return { state: 'open' };
  const indexes = indexOf(enrolment.outline);
  const index = indexes.index.get(item.id) ?? -1;
  return stateAt(item, index, walkOf(enrolment, progress, now, timeZone), blockingHoldsBefore(index, indexes, progress, enrolment.outline));
}

/**
 * `unlockState` of every item of the outline at once, by id: the same answers, in one walk of the outline (what
 * the earlier blocking items hold is carried along instead of walked again for each item; a 500-item outline with
 * a blocking quiz every sixth item walked ~20,000 of them).
 */
export function unlockStates(enrolment: UnlockEnrolment, progress: UnlockProgress, now: Date, timeZone: string = DEFAULT_TIME_ZONE): Map<number, UnlockState> {
  const { outline } = enrolment;
  const indexes = indexOf(outline);
  const states = new Map<number, UnlockState>();
  const walk = walkOf(enrolment, progress, now, timeZone);
  let holds: BlockingHolds = {};
  outline.forEach((item, position) => {
    // An id seen twice is read at its last place, as `unlockState` reads it.
    const index = indexes.index.get(item.id) ?? position;
    states.set(item.id, stateAt(item, index, walk, index === position ? holds : blockingHoldsBefore(index, indexes, progress, outline)));
    const reason = item.blocking ? BLOCKING_REASON[item.type] : undefined;
    if (reason && holds[reason] === undefined && !met({ reason, itemId: item.id, minScore: null }, progress, outline)) holds = { ...holds, [reason]: item.id };
  });
  return states;
}
