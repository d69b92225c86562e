import { assign, setup } from 'xstate';
import { notProvided } from '../support/notProvided';

/** How long typing must pause before the list asks the server (no request per keystroke). */
export const SEARCH_DEBOUNCE_MS = 300;

export interface SearchBoxInput {
  /** The search the page opens with (usually none; the address's `q` for lists kept in the URL). */
  query?: string;
  /** The page the list opens on (the address's `page`); 1 when absent or not a whole number ≥ 1. */
  page?: number;
}

export interface SearchBoxContext {
  /** What the box shows, as typed. */
  text: string;
  /** The search the list runs: the trimmed text, once typing paused. */
  query: string;
  /** The page of the results shown (1-based); it belongs to `query`: a new search starts on page 1. */
  page: number;
}

export type SearchBoxEvent =
  | { type: 'TYPE'; text: string }
  /** Enter: search now, without waiting. */
  | { type: 'SUBMIT' }
  /** The clear button or Escape: empty box, whole list at once. */
  | { type: 'CLEAR' }
  /** Previous / next page of the current search. */
  | { type: 'PAGE'; page: number };

const wholePage = (page: number | undefined) => (page !== undefined && Number.isSafeInteger(page) && page >= 1 ? page : 1);

/**
 * A debounced search box with the page of its results (the trainings list, a training's learners, the
 * store-wide training tables, the bundle's training picker). The timer lives here as the named delay DEBOUNCE,
 * not in a component, so tests drive it with a simulated clock.
 *
 *   idle ──TYPE { text }──> typing ──after DEBOUNCE──> idle (query = trimmed text)
 *                            ├─TYPE { text } ─> typing (text set, timer restarted)
 *                            └─SUBMIT ─> idle (query = trimmed text, at once)
 *   idle | typing ──CLEAR──> idle (text = query = '', page 1)
 *   idle | typing ──PAGE { page }──> same state (page set)
 *
 * A query that changes brings the page back to 1. Whenever the query or the page changes, `publish` (params:
 * { query, page }) tells the composition root, which keeps them in the address (`?q=…&page=…`) so a reload or a
 * shared link shows the same results; a list without an address supplies a no-op.
 */
export const searchBoxMachine = setup({
  types: {} as { context: SearchBoxContext; events: SearchBoxEvent; input: SearchBoxInput | undefined },
  delays: { DEBOUNCE: SEARCH_DEBOUNCE_MS },
  actions: {
    /** The query and page the list now shows (the address follows them). */
    publish: notProvided<{ query: string; page: number }>('searchBox', 'publish'),
    setText: assign((_, params: { text: string }) => ({ text: params.text })),
    applyQuery: assign(({ context }) => {
      const query = context.text.trim();
      return { query, page: query === context.query ? context.page : 1 };
    }),
    clear: assign({ text: '', query: '', page: 1 }),
    setPage: assign((_, params: { page: number }) => ({ page: wholePage(params.page) })),
  },
  guards: {
    queryChanges: ({ context }) => context.text.trim() !== context.query,
    isCleared: ({ context }) => context.query === '' && context.page === 1,
    pageChanges: ({ context }, params: { page: number }) => wholePage(params.page) !== context.page,
  },
}).createMachine({
  id: 'searchBox',
  context: ({ input }) => ({ text: input?.query ?? '', query: input?.query?.trim() ?? '', page: wholePage(input?.page) }),
  initial: 'idle',
  on: {
    CLEAR: [
      { guard: 'isCleared', target: '.idle', actions: 'clear' },
      { target: '.idle', actions: ['clear', { type: 'publish', params: () => ({ query: '', page: 1 }) }] },
    ],
    PAGE: {
      guard: { type: 'pageChanges', params: ({ event }) => ({ page: event.page }) },
      actions: [{ type: 'setPage', params: ({ event }) => ({ page: event.page }) }, { type: 'publish', params: ({ context, event }) => ({ query: context.query, page: wholePage(event.page) }) }],
    },
  },
  states: {
    idle: {
      on: {
        TYPE: { target: 'typing', actions: { type: 'setText', params: ({ event }) => ({ text: event.text }) } },
        SUBMIT: { guard: 'queryChanges', actions: ['applyQuery', { type: 'publish', params: ({ context }) => ({ query: context.text.trim(), page: 1 }) }] },
      },
    },
    typing: {
      after: {
        DEBOUNCE: [
          { guard: 'queryChanges', target: 'idle', actions: ['applyQuery', { type: 'publish', params: ({ context }) => ({ query: context.text.trim(), page: 1 }) }] },
          { target: 'idle' },
        ],
      },
      on: {
        // Re-entering restarts the timer: the search waits for the last keystroke.
        TYPE: { target: 'typing', reenter: true, actions: { type: 'setText', params: ({ event }) => ({ text: event.text }) } },
        SUBMIT: [
          { guard: 'queryChanges', target: 'idle', actions: ['applyQuery', { type: 'publish', params: ({ context }) => ({ query: context.text.trim(), page: 1 }) }] },
          { target: 'idle' },
        ],
      },
    },
  },
});
