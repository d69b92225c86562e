import { assign, setup } from 'xstate';
import { lastDays, MAX_RANGE_YEARS, rangeProblem, spanDaysOf, type DateRange, type RangePreset } from '../../shared/statsRange';

export interface StatsRangeInput {
  /** The injected clock, in epoch milliseconds (`Date.now` at the composition root, a fixed or moving clock in tests). */
  now: () => number;
  /** The longest range the server takes, in years (a training's statistics: 10; the store's: 5). */
  maxYears?: number;
}

export interface StatsRangeContext {
  now: () => number;
  /** The longest range in days (`maxYears` × 366): a longer one is 'tooLong'. */
  maxSpanDays: number;
  /** The two dates as the fields show them (may be incomplete or wrong while typed). */
  range: DateRange;
  /** The range the statistics are asked for: the last range without a problem. */
  asked: DateRange;
  /** The clock's last reading (at start and at each event): "today" for the shortcuts. */
  nowMs: number;
}

export type StatsRangeEvent =
  /** A date field changed (a day YYYY-MM-DD, or '' while incomplete). */
  | { type: 'CHANGE'; field: keyof DateRange; value: string }
  /** A shortcut: the last `days` days up to today included. */
  | { type: 'PRESET'; days: RangePreset };

/**
 * The date range of a training's statistics tab or of the store's statistics page (the last 30 days by default, shortcuts of 30, 90 and 365 days,
 * or two dates typed). The clock is injected (`input.now`), never read by the view, so tests pick "today".
 *
 *   valid ──CHANGE (range without a problem)──> valid    (asked = range)
 *     │  └─CHANGE (missing, reversed or over maxYears, 10 by default)──> invalid   (asked kept: the figures stay)
 *     └─PRESET { days }──> valid (range = asked = the last `days` days up to today)
 *   invalid ──CHANGE──> valid | invalid (as above);  invalid ──PRESET──> valid
 *
 * Every event reads the clock again, so a tab left open past midnight counts its shortcuts from the new day.
 * What the view derives (the problem to show, the shortcut pressed) comes from the selectors.
 */
export const statsRangeMachine = setup({
  types: {} as { context: StatsRangeContext; events: StatsRangeEvent; input: StatsRangeInput },
  guards: {
    changeIsValid: ({ context }, params: { field: keyof DateRange; value: string }) => rangeProblem({ ...context.range, [params.field]: params.value }, context.maxSpanDays) === null,
  },
  actions: {
    readClock: assign({ nowMs: ({ context }) => context.now() }),
    setDate: assign(({ context }, params: { field: keyof DateRange; value: string }) => ({ range: { ...context.range, [params.field]: params.value } })),
    ask: assign(({ context }) => ({ asked: context.range })),
    applyPreset: assign(({ context }, params: { days: RangePreset }) => {
      const range = lastDays(new Date(context.nowMs), params.days);
      return { range, asked: range };
    }),
  },
}).createMachine({
  id: 'statsRange',
  context: ({ input }) => {
    const nowMs = input.now();
    const range = lastDays(new Date(nowMs));
    return { now: input.now, maxSpanDays: spanDaysOf(input.maxYears ?? MAX_RANGE_YEARS), range, asked: range, nowMs };
  },
  initial: 'valid',
  on: {
    CHANGE: [
      {
        guard: { type: 'changeIsValid', params: ({ event }) => ({ field: event.field, value: event.value }) },
        target: '.valid',
        actions: ['readClock', { type: 'setDate', params: ({ event }) => ({ field: event.field, value: event.value }) }, 'ask'],
      },
      { target: '.invalid', actions: ['readClock', { type: 'setDate', params: ({ event }) => ({ field: event.field, value: event.value }) }] },
    ],
    PRESET: { target: '.valid', actions: ['readClock', { type: 'applyPreset', params: ({ event }) => ({ days: event.days }) }] },
  },
  states: {
    /** The dates make a range the server accepts: it is the one asked. */
    valid: {},
    /** The dates have a problem (shown under them); the last good range stays asked. */
    invalid: {},
  },
});
