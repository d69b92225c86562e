import { setup } from 'xstate';
import { notProvided } from '../support/notProvided';
import { SEPTEMBER_CAMPAIGN } from '../../shared/planPricing';

/**
 * The spec's campaign (section 4): from 24 Sept 2025 to 30 Sept 2025 23:59:59, both ends included.
 * The spec gives no time zone; we read it in Paris time (the product is French-first), which is
 * UTC+2 (CEST) on every day of the campaign. The end is the last millisecond of 30 Sept, so
 * 23:59:59.500 still counts as "23:59:59". The server prices the campaign's discount from the same dates.
 */
export const ANNOUNCEMENT_CAMPAIGN = SEPTEMBER_CAMPAIGN;

/** The campaign as epoch milliseconds (what the machine's input takes; `Date.parse`, not the clock). */
export const ANNOUNCEMENT_WINDOW: AnnouncementWindow = {
  start: Date.parse(ANNOUNCEMENT_CAMPAIGN.start),
  end: Date.parse(ANNOUNCEMENT_CAMPAIGN.end),
};

/** The role that sees the announcement (spec section 6: "Owner role sees the onboarding modal and announcement"). */
export const ANNOUNCEMENT_ROLE = 'OWNER';

/** When the announcement may be shown, epoch milliseconds, both ends included. */
export interface AnnouncementWindow {
  start: number;
  end: number;
}

export interface ShowRule {
  /** The clock's reading, epoch ms. */
  now: number;
  window: AnnouncementWindow;
  /** The user's back-office role (OWNER, ADMIN, TEACHER, ANALYST, STAFF). */
  role: string;
  /** The owner is still in onboarding (the questionnaire modal takes the screen). */
  inOnboarding: boolean;
  /** The stored dismissal date ('YYYY-MM-DD', the user's local day), or null when never dismissed. */
  dismissedOn: string | null;
  /** The injected day formatter: epoch ms → 'YYYY-MM-DD' in the user's local day. */
  today: (ms: number) => string;
}

/**
 * Whether the announcement is shown: to an OWNER not in onboarding, while start <= now <= end,
 * unless it was dismissed today.
 *
 * Our reading of "shown once per day until dismissed": a dismissal stores the day it happened and
 * hides the announcement for the rest of THAT day (in the user's local day, as `today` formats it);
 * on a later day within the window it shows again (the stored date is no longer today). A date
 * stored before or after today (another day, a clock moved back) does not hide it. Pure.
 */
export function shouldShow({ now, window, role, inOnboarding, dismissedOn, today }: ShowRule): boolean {
  if (role !== ANNOUNCEMENT_ROLE || inOnboarding) return false;
  // Written so that NaN (an unreadable clock or window) counts as outside.
  if (!(window.start <= now && now <= window.end)) return false;
  return dismissedOn !== today(now);
}

export interface AnnouncementInput {
  /** The injected clock, epoch ms (`Date.now` at the composition root, a simulated clock in tests). */
  now: () => number;
  /** The campaign (ANNOUNCEMENT_WINDOW in the app), injected so tests can move it. */
  window: AnnouncementWindow;
  role: string;
  inOnboarding: boolean;
  /** The stored dismissal date ('YYYY-MM-DD', the user's local day), read from localStorage by the caller. */
  dismissedOn: string | null;
  /** Epoch ms → 'YYYY-MM-DD' in the user's local day: time zones are the caller's business. */
  today: (ms: number) => string;
}

export interface AnnouncementContext extends AnnouncementInput {
  /** The clock's reading when the machine decided (at start). */
  decidedAt: number;
}

export type AnnouncementEvent = { type: 'DISMISS' };

/** What `rememberDismissal` is given: the day to store (today, when DISMISS was sent). */
export interface RememberDismissalParams {
  day: string;
}

/**
 * The announcement modal (spec section 4): 20 % off the PRO plan and accompaniment services (a
 * promo code for PERCENT-plan owners: the view's business, from the plan it already has).
 *
 *   deciding ──(shouldShow)──> shown ──DISMISS / rememberDismissal({ day: today(now()) })──> dismissed (final)
 *      └──(otherwise)──> hidden (final)
 *
 * The decision is taken once, when the machine starts (the home page is opened), from the injected
 * clock and the stored dismissal date (see `shouldShow` for the once-a-day reading). A modal already
 * shown stays until dismissed, even if the campaign ends meanwhile; the next start decides again.
 * `rememberDismissal` is injected: the composition root writes the day to localStorage (the spec's
 * "announcement dismissal date"); the machine never touches storage or `Date.now`.
 */
export const announcementMachine = setup({
  types: {} as { context: AnnouncementContext; events: AnnouncementEvent; input: AnnouncementInput },
  actions: {
    /** Stores the dismissal day locally (localStorage at the composition root). */
    rememberDismissal: notProvided<RememberDismissalParams>('announcement', 'rememberDismissal'),
  },
  guards: {
    shouldShow: ({ context }) => shouldShow({ ...context, now: context.decidedAt }),
  },
}).createMachine({
  id: 'announcement',
  context: ({ input }) => ({ ...input, decidedAt: input.now() }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'shouldShow', target: 'shown' }, { target: 'hidden' }],
    },
    shown: {
      on: {
        DISMISS: {
          target: 'dismissed',
          // The day the user dismissed it, read now (the modal may have stayed open past midnight).
          actions: { type: 'rememberDismissal', params: ({ context }) => ({ day: context.today(context.now()) }) },
        },
      },
    },
    /** Not shown this time (not an owner, in onboarding, outside the campaign, dismissed today). Takes no events. */
    hidden: { type: 'final' },
    /** Dismissed: the day is stored. Takes no more events. */
    dismissed: { type: 'final' },
  },
});
