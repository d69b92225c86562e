import { assign, setup } from 'xstate';
import { notProvidedPromise } from '../support/notProvided';
import type { Failure } from '../../shared/failure';
import type { Page, PageCache } from './pageDialog.types';

export interface PageDialogContext {
  /** The slug asked for last (kept after CLOSE so the closing animation still has its content). */
  slug: string | null;
  /** Every slug fetched so far: a fetched slug is never fetched again ("unfetched" = not a key here). */
  cache: PageCache;
  /** Why the last fetch failed (network or server error); null once a fetch starts. */
  error: Failure | null;
}

export type PageDialogEvent = { type: 'OPEN'; slug: string } | { type: 'CLOSE' } | { type: 'RETRY' };

/**
 * The reusable dialog that shows a site page fetched by slug (GET /pages/?slug=).
 *
 *   closed ──OPEN{slug}──┬─(slug unfetched)──> open.loading ──done(page)──> open.shown
 *     ↑                  │                          │ └──────done(null)──> open.notFound
 *     │                  │                          └──error──> open.failed ──RETRY──> open.loading
 *     │                  ├─(cached page)──> open.shown      (no fetch)
 *     │                  └─(cached null)──> open.notFound   (no fetch)
 *     └───────────────CLOSE (from any open state)
 *
 * OPEN while open shows another slug the same way (a link inside a page); OPEN with the slug being
 * loaded is ignored (no second request). Only found / not-found answers are cached; a failure is not,
 * so the next OPEN of that slug fetches again. The fetch is the injected `fetchPage` actor.
 */
export const pageDialogMachine = setup({
  types: {} as { context: PageDialogContext; events: PageDialogEvent },
  actors: {
    /** The page with that slug, or null when the site has none. */
    fetchPage: notProvidedPromise<Page | null, { slug: string }>('pageDialog', 'fetchPage'),
  },
  guards: {
    isCachedPage: ({ context }, params: { slug: string }) => context.cache[params.slug] != null,
    isCachedNotFound: ({ context }, params: { slug: string }) => context.cache[params.slug] === null,
    isLoadingSlug: ({ context }, params: { slug: string }) => context.slug === params.slug,
    isFound: (_, params: { page: Page | null }) => params.page !== null,
  },
  actions: {
    rememberSlug: assign((_, params: { slug: string }) => ({ slug: params.slug })),
  },
}).createMachine({
  id: 'pageDialog',
  context: { slug: null, cache: {}, error: null },
  initial: 'closed',
  on: {
    OPEN: [
      {
        guard: { type: 'isCachedPage', params: ({ event }) => ({ slug: event.slug }) },
        target: '.open.shown',
        actions: { type: 'rememberSlug', params: ({ event }) => ({ slug: event.slug }) },
      },
      {
        guard: { type: 'isCachedNotFound', params: ({ event }) => ({ slug: event.slug }) },
        target: '.open.notFound',
        actions: { type: 'rememberSlug', params: ({ event }) => ({ slug: event.slug }) },
      },
      {
        target: '.open.loading',
        actions: { type: 'rememberSlug', params: ({ event }) => ({ slug: event.slug }) },
      },
    ],
  },
  states: {
    closed: {},
    open: {
      // OPEN always names the child it enters; an unfetched slug starts here.
      initial: 'loading',
      on: { CLOSE: 'closed' },
      states: {
        loading: {
          entry: assign({ error: null }),
          on: {
            // The same slug again while it loads: keep the running request.
            OPEN: { guard: { type: 'isLoadingSlug', params: ({ event }) => ({ slug: event.slug }) } },
          },
          invoke: {
            id: 'fetchPage',
            src: 'fetchPage',
            // Set by OPEN's `rememberSlug` before this state is entered; RETRY keeps it.
            input: ({ context }) => ({ slug: context.slug! }),
            onDone: [
              {
                guard: { type: 'isFound', params: ({ event }) => ({ page: event.output }) },
                target: 'shown',
                actions: assign({ cache: ({ context, event }) => ({ ...context.cache, [context.slug!]: event.output }) }),
              },
              {
                target: 'notFound',
                actions: assign({ cache: ({ context }) => ({ ...context.cache, [context.slug!]: null }) }),
              },
            ],
            onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error as Failure }) },
          },
        },
        shown: {},
        notFound: {},
        failed: {
          on: { RETRY: 'loading' },
        },
      },
    },
  },
});
