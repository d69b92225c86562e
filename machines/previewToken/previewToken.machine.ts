import { assign, setup } from 'xstate';
import { notProvidedPromise } from '../support/notProvided';
import type { Failure } from '../../shared/failure';
import type { components } from '../../src/api/schema.gen';

/** The contract's PreviewToken: the token and when it expires (10 minutes after issue). */
export type PreviewToken = components['schemas']['PreviewToken'];

/** Spec section 9: the preview token is refreshed every 600000 ms while the editor (or the item tree) is open. */
export const REFRESH_INTERVAL_MS = 600_000;
/** After a failed fetch, the next try (not in the spec: a failure should not wait the whole 10 minutes). */
export const RETRY_DELAY_MS = 30_000;

export interface PreviewTokenContext {
  /** The token held, or null while none is (first fetch, or after a failure: the old one has expired). */
  token: PreviewToken | null;
  /** Why the last fetch failed; null after a success. */
  failure: Failure | null;
}

export type PreviewTokenEvent = { type: 'RETRY' };

/**
 * The lesson-preview token (POST /stores/{storeUuid}/token), held while a page that offers "Aperçu" is open, so
 * the preview window opens at once on the click (a window opened after an await is taken for a pop-up).
 *
 *   fetching ──done──> ready ──after `refresh` (600000 ms)──> refreshing ──done──> ready
 *      └──error──┐                                              └──error──┐
 *                └──────────────> failed <────────────────────────────────┘
 *   failed ──RETRY, or after `retry` (30000 ms)──> fetching
 *
 * `refreshing` keeps the current token usable while the new one comes. A failure drops the token: it was issued
 * 10 minutes ago, so it has expired. The fetch is the injected `fetchToken` actor; stopping the actor (leaving
 * the page) stops the timers and aborts a running fetch.
 */
export const previewTokenMachine = setup({
  types: {} as { context: PreviewTokenContext; events: PreviewTokenEvent },
  actors: {
    fetchToken: notProvidedPromise<PreviewToken>('previewToken', 'fetchToken'),
  },
  actions: {
    keepToken: assign((_, params: { token: PreviewToken }) => ({ token: params.token, failure: null })),
    recordFailure: assign((_, params: { error: unknown }) => ({ token: null, failure: params.error as Failure })),
  },
  delays: {
    refresh: REFRESH_INTERVAL_MS,
    retry: RETRY_DELAY_MS,
  },
}).createMachine({
  id: 'previewToken',
  context: { token: null, failure: null },
  initial: 'fetching',
  states: {
    fetching: {
      invoke: {
        id: 'fetch',
        src: 'fetchToken',
        onDone: { target: 'ready', actions: { type: 'keepToken', params: ({ event }) => ({ token: event.output }) } },
        onError: { target: 'failed', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {
      after: { refresh: 'refreshing' },
    },
    refreshing: {
      invoke: {
        id: 'refresh',
        src: 'fetchToken',
        onDone: { target: 'ready', actions: { type: 'keepToken', params: ({ event }) => ({ token: event.output }) } },
        onError: { target: 'failed', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { RETRY: 'fetching' },
      after: { retry: 'fetching' },
    },
  },
});
