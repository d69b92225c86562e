import { assign, setup } from 'xstate';

/** How long typing must pause before the list asks the server (no request per keystroke). */
export const SEARCH_DEBOUNCE_MS = 300;

export interface SearchBoxInput {
  /** The search the page opens with (usually none). */
  query?: string;
}

export interface SearchBoxContext {
  /** What the box shows, as typed. */
  text: string;
  /** The search the list runs: the trimmed text, once typing paused. */
  query: string;
}

export type SearchBoxEvent =
  | { type: 'TYPE'; text: string }
  /** Enter: search now, without waiting. */
  | { type: 'SUBMIT' }
  /** The clear button or Escape: empty box, whole list at once. */
  | { type: 'CLEAR' };

/**
 * A debounced search box (the trainings list and other searchable lists). The timer lives here as the
 * named delay DEBOUNCE, not in a component, so tests drive it with a simulated clock.
 *
 *   idle ──TYPE { text }──> typing ──after DEBOUNCE──> idle (query = trimmed text)
 *                            ├─TYPE { text } ─> typing (text set, timer restarted)
 *                            └─SUBMIT ─> idle (query = trimmed text, at once)
 *   idle | typing ──CLEAR──> idle (text = query = '')
 */
export const searchBoxMachine = setup({
  types: {} as { context: SearchBoxContext; events: SearchBoxEvent; input: SearchBoxInput | undefined },
  delays: { DEBOUNCE: SEARCH_DEBOUNCE_MS },
  actions: {
    setText: assign((_, params: { text: string }) => ({ text: params.text })),
    applyQuery: assign(({ context }) => ({ query: context.text.trim() })),
    clear: assign({ text: '', query: '' }),
  },
}).createMachine({
  id: 'searchBox',
  context: ({ input }) => ({ text: input?.query ?? '', query: input?.query?.trim() ?? '' }),
  initial: 'idle',
  on: {
    CLEAR: { target: '.idle', actions: 'clear' },
  },
  states: {
    idle: {
      on: {
        TYPE: { target: 'typing', actions: { type: 'setText', params: ({ event }) => ({ text: event.text }) } },
        SUBMIT: { actions: 'applyQuery' },
      },
    },
    typing: {
      after: { DEBOUNCE: { target: 'idle', actions: 'applyQuery' } },
      on: {
        // Re-entering restarts the timer: the search waits for the last keystroke.
        TYPE: { target: 'typing', reenter: true, actions: { type: 'setText', params: ({ event }) => ({ text: event.text }) } },
        SUBMIT: { target: 'idle', actions: 'applyQuery' },
      },
    },
  },
});
