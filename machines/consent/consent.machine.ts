import { and, assign, setup } from 'xstate';
import { notProvided } from '../support/notProvided';

export type ConsentChoice = 'accepted' | 'refused';

export interface ConsentInput {
  /** The choice remembered on this device (null: never asked, or forgotten). */
  stored: ConsentChoice | null;
}

export interface ConsentContext {
  /** From the input; read once, by `start`. */
  stored: ConsentChoice | null;
  /** Whether the page shown now may load analytics (the back office and guest pages; the school when its store enables it). */
  permitted: boolean;
  /** The tag manager was loaded on this page (scripts stay for the page's life: never twice). */
  loaded: boolean;
}

export type ConsentEvent = { type: 'ACCEPT' } | { type: 'REFUSE' } | { type: 'REOPEN' } | { type: 'DISMISS' } | { type: 'PERMIT' } | { type: 'FORBID' };

/**
 * The analytics consent of issue 17 (GDPR): the tag manager loads only after the visitor accepts, refusing is one
 * click like accepting, the choice is remembered (`saveChoice`) and can be changed from the legal links (REOPEN).
 *
 *   start ─(stored accepted)→ accepted ─REOPEN→ reviewingAccepted ─REFUSE→ refused (saved, page reloaded: the tags go)
 *         ─(stored refused)──→ refused  ─REOPEN→ reviewingRefused  ─ACCEPT→ accepted (saved)
 *         ─(nothing)─────────→ undecided ─ACCEPT→ accepted (saved) │ ─REFUSE→ refused (saved)
 *   accepted: `pending` until the page permits analytics (PERMIT), then `loaded` (loadAnalytics the first time only).
 * The banner shows in `undecided` on a permitted page, and in both reviewing states.
 */
export const consentMachine = setup({
  types: {} as { context: ConsentContext; events: ConsentEvent; input: ConsentInput },
  actions: {
    saveAccepted: notProvided('consent', 'saveAccepted'),
    saveRefused: notProvided('consent', 'saveRefused'),
    loadAnalytics: notProvided('consent', 'loadAnalytics'),
    reloadPage: notProvided('consent', 'reloadPage'),
  },
  guards: {
    storedAccepted: ({ context }) => context.stored === 'accepted',
    storedRefused: ({ context }) => context.stored === 'refused',
    isPermitted: ({ context }) => context.permitted,
    isLoaded: ({ context }) => context.loaded,
  },
}).createMachine({
  id: 'consent',
  context: ({ input }) => ({ stored: input.stored, permitted: false, loaded: false }),
  initial: 'start',
  on: {
    PERMIT: { actions: assign({ permitted: true }) },
    FORBID: { actions: assign({ permitted: false }) },
  },
  states: {
    start: {
      always: [
        { guard: 'storedAccepted', target: 'accepted' },
        { guard: 'storedRefused', target: 'refused' },
        { target: 'undecided' },
      ],
    },
    undecided: {
      on: {
        ACCEPT: { target: 'accepted', actions: 'saveAccepted' },
        REFUSE: { target: 'refused', actions: 'saveRefused' },
      },
    },
    accepted: {
      initial: 'pending',
      states: {
        pending: {
          always: [
            { guard: and(['isPermitted', 'isLoaded']), target: 'loaded' },
            { guard: 'isPermitted', target: 'loaded', actions: ['loadAnalytics', assign({ loaded: true })] },
          ],
        },
        loaded: {},
      },
      on: { REOPEN: 'reviewingAccepted' },
    },
    refused: { on: { REOPEN: 'reviewingRefused' } },
    reviewingAccepted: {
      on: {
        ACCEPT: 'accepted',
        DISMISS: 'accepted',
        REFUSE: { target: 'refused', actions: ['saveRefused', 'reloadPage'] },
      },
    },
    reviewingRefused: {
      on: {
        ACCEPT: { target: 'accepted', actions: 'saveAccepted' },
        REFUSE: 'refused',
        DISMISS: 'refused',
      },
    },
  },
});
