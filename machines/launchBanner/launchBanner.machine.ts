import { assign, not, setup } from 'xstate';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** The banner appears on day 4: 3 days after the account was created (inclusive). */
export const LAUNCH_BANNER_STARTS_AFTER_MS = 3 * DAY_MS;
/** The promotion ends 7 days after the account was created (exclusive). */
export const LAUNCH_BANNER_ENDS_AFTER_MS = 7 * DAY_MS;
/** The countdown is read again every second. */
export const TICK_MS = 1000;
/** setTimeout's longest delay (2^31 − 1 ms, about 24.8 days); a longer wait is done in several steps. */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

export interface LaunchBannerInput {
  /** The account's creation date (ISO 8601, from the user). */
  createdAt: string;
  /** The injected clock, in epoch milliseconds (`Date.now` at the composition root, a simulated clock in tests). */
  now: () => number;
}

export interface LaunchBannerContext {
  now: () => number;
  /** createdAt + 3 days, epoch ms (NaN when createdAt is not a date: the banner is never shown). */
  startsAt: number;
  /** createdAt + 7 days, epoch ms: the end of the promotion and the countdown's target. */
  endsAt: number;
  /** The clock's last reading; the countdown is derived from it (selectors). */
  nowMs: number;
}

/**
 * The launch-discount banner: shown during days 4 to 7 after account creation, with a live countdown
 * to the end of the promotion (createdAt + 7 days) in days, hours, minutes and seconds.
 *
 *   waiting ──(now ≥ createdAt+3d)──> counting ──(now ≥ createdAt+7d)──> ended (final)
 *     │ ↺ after UNTIL_START (createdAt+3d − now): read the clock   │ ↺ after TICK (1 s): read the clock
 *     └──────────────────(now ≥ createdAt+7d)─────────────────────────────────────────────> ended
 *
 * The state is decided by eventless transitions from the clock's last reading, so the machine may
 * start in any of the three (it always starts in `waiting`, transiently when the window is already
 * open or over). A timer that fires late (a sleeping laptop, a throttled tab) or a clock that moved
 * only shifts when the clock is read: every state is re-derived from the reading. A clock set back
 * before day 4 while counting returns to `waiting`. There is no dismissal (the spec has none).
 */
export const launchBannerMachine = setup({
  // No `events`: the machine has none of its own, it only moves with time (its delayed transitions).
  types: {} as { context: LaunchBannerContext; input: LaunchBannerInput },
  actions: {
    readClock: assign({ nowMs: ({ context }) => context.now() }),
  },
  guards: {
    // Written so that NaN (an unreadable createdAt) counts as over.
    isOver: ({ context }) => !(context.nowMs < context.endsAt),
    hasStarted: ({ context }) => context.nowMs >= context.startsAt,
  },
  delays: {
    TICK: TICK_MS,
    /** Until day 4 begins, in one or more steps of at most MAX_TIMEOUT_MS. */
    UNTIL_START: ({ context }) => Math.min(Math.max(context.startsAt - context.nowMs, 0), MAX_TIMEOUT_MS),
  },
}).createMachine({
  id: 'launchBanner',
  context: ({ input }) => {
    const created = Date.parse(input.createdAt);
    return {
      now: input.now,
      startsAt: created + LAUNCH_BANNER_STARTS_AFTER_MS,
      endsAt: created + LAUNCH_BANNER_ENDS_AFTER_MS,
      nowMs: input.now(),
    };
  },
  initial: 'waiting',
  states: {
    waiting: {
      always: [
        { guard: 'isOver', target: 'ended' },
        { guard: 'hasStarted', target: 'counting' },
      ],
      after: {
        UNTIL_START: { target: 'waiting', reenter: true, actions: 'readClock' },
      },
    },
    counting: {
      always: [
        { guard: 'isOver', target: 'ended' },
        { guard: not('hasStarted'), target: 'waiting' },
      ],
      after: {
        TICK: { target: 'counting', reenter: true, actions: 'readClock' },
      },
    },
    ended: {
      type: 'final',
    },
  },
});
