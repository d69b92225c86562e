import { assign, setup } from 'xstate';
import { notProvided, notProvidedPromise } from '../support/notProvided';
import type { Failure } from '../../shared/failure';
import type { MarkAllReadResult, Notification, NotificationPage } from './notifications.types';

/** Spec 9: notifications are polled every 300000 ms while the modal is closed. */
export const POLL_INTERVAL_MS = 300_000;
/** The first retry after a network failure; each further consecutive failure doubles it… */
export const RETRY_BASE_MS = 30_000;
/** …up to the normal polling interval. */
export const RETRY_MAX_MS = 300_000;

/** 30 s, 60 s, 120 s, 240 s, then 300 s for every further consecutive failure. */
export const retryDelay = (consecutiveFailures: number): number =>
  Math.min(RETRY_BASE_MS * 2 ** Math.max(consecutiveFailures - 1, 0), RETRY_MAX_MS);

export interface NotificationsContext {
  /** The pages loaded so far, in the server's order (page 1 first). */
  items: Notification[];
  /** meta.total_unread of the last page received (all pages), kept in step with local marks. */
  totalUnread: number;
  /** The page LOAD_MORE asks for, or null when links.next was null. */
  nextPage: number | null;
  /** The last call's failure; null after a successful call. */
  error: Failure | null;
  /** Calls failed since the last successful one (any call, any failure); the backoff grows with it. */
  consecutiveFailures: number;
}

export type NotificationsEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'LOAD_MORE' }
  | { type: 'MARK_READ'; id: number }
  | { type: 'MARK_ALL_READ' }
  /** Logout: the centre stops for good. */
  | { type: 'STOP' };

const nextPageOf = (page: NotificationPage) => (page.links.next ? page.meta.current_page + 1 : null);
const isNetworkFailure = (error: unknown) => (error as Failure | null)?.status === null;

/**
 * The notification centre: the bell's unread count (polled) and the notifications modal.
 *
 *   closed.fetching ──done──> closed.waiting ──after POLL_INTERVAL (300 s)──> closed.fetching
 *        │ └──error (answered)──┘     ↑
 *        └──error (network)──> closed.backingOff ──after RETRY_DELAY (30, 60, 120, 240, 300 s…)──> closed.fetching
 *   closed ──OPEN──> open.loading (page 1 again) ──done|error──> open.idle
 *   open.idle ──LOAD_MORE (links.next)──> open.loadingMore ──done (page appended)|error──> open.idle
 *   open.idle ──MARK_READ{id} (unread)──> open.markingRead ──done──> closed.waiting + followLink
 *                                                          └──error──> open.idle
 *   open.idle ──MARK_READ{id} (already read)──> closed.resuming + followLink   (no call)
 *   open.idle ──MARK_ALL_READ──> open.markingAllRead ──done|error──> open.idle
 *   open ──CLOSE──> closed.resuming ──> closed.backingOff when the last call got no answer, else closed.waiting
 *   any ──STOP──> stopped (final)
 *
 * Polling is paused while open (no timer runs in `open`). Every page 1 answer replaces the list;
 * LOAD_MORE appends the next page (items already listed are not repeated). Following a link closes
 * the modal: the page changes under it. Every failure (any call) is kept in `error` and counted in
 * `consecutiveFailures` until a call succeeds; only a network failure (status null) makes the next
 * poll back off, by that count. The API calls are the injected actors `fetchPage`,
 * `markRead`, `markAllRead`; `followLink` (the view turns the notification's data JSON into a
 * route) is an injected action.
 */
export const notificationsMachine = setup({
  types: {} as { context: NotificationsContext; events: NotificationsEvent },
  actors: {
    fetchPage: notProvidedPromise<NotificationPage, { page: number }>('notifications', 'fetchPage'),
    /** The notification as the server answers it, now read. */
    markRead: notProvidedPromise<Notification, { id: number }>('notifications', 'markRead'),
    markAllRead: notProvidedPromise<MarkAllReadResult>('notifications', 'markAllRead'),
  },
  actions: {
    followLink: notProvided<{ notification: Notification }>('notifications', 'followLink'),
    showPage: assign((_, params: { page: NotificationPage }) => ({
      items: params.page.data,
      totalUnread: params.page.meta.total_unread,
      nextPage: nextPageOf(params.page),
      error: null,
      consecutiveFailures: 0,
    })),
    appendPage: assign(({ context }, params: { page: NotificationPage }) => {
      const listed = new Set(context.items.map((item) => item.id));
      return {
        items: [...context.items, ...params.page.data.filter((item) => !listed.has(item.id))],
        totalUnread: params.page.meta.total_unread,
        nextPage: nextPageOf(params.page),
        error: null,
        consecutiveFailures: 0,
      };
    }),
    markItemRead: assign(({ context }, params: { notification: Notification }) => {
      const wasUnread = context.items.some((item) => item.id === params.notification.id && item.read_at === null);
      return {
        items: context.items.map((item) =>
          item.id === params.notification.id ? { ...item, read_at: params.notification.read_at ?? item.read_at } : item,
        ),
        totalUnread: wasUnread ? Math.max(0, context.totalUnread - 1) : context.totalUnread,
        error: null,
        consecutiveFailures: 0,
      };
    }),
    markEveryItemRead: assign(({ context }, params: { readAt: string }) => ({
      items: context.items.map((item) => (item.read_at === null ? { ...item, read_at: params.readAt } : item)),
      totalUnread: 0,
      error: null,
      consecutiveFailures: 0,
    })),
    recordFailure: assign(({ context }, params: { error: unknown }) => ({
      error: params.error as Failure,
      consecutiveFailures: context.consecutiveFailures + 1,
    })),
  },
  guards: {
    isNetworkFailure: (_, params: { error: unknown }) => isNetworkFailure(params.error),
    /** The last call failed without an answer: polling resumes with the backoff delay. */
    lastFailureWasNetwork: ({ context }) => context.error !== null && isNetworkFailure(context.error),
    canLoadMore: ({ context }) => context.nextPage !== null,
    isUnread: ({ context }, params: { id: number }) => context.items.some((item) => item.id === params.id && item.read_at === null),
    isListed: ({ context }, params: { id: number }) => context.items.some((item) => item.id === params.id),
  },
  delays: {
    POLL_INTERVAL: POLL_INTERVAL_MS,
    RETRY_DELAY: ({ context }) => retryDelay(context.consecutiveFailures),
  },
}).createMachine({
  id: 'notifications',
  context: { items: [], totalUnread: 0, nextPage: null, error: null, consecutiveFailures: 0 },
  initial: 'closed',
  on: {
    STOP: '.stopped',
  },
  states: {
    closed: {
      initial: 'fetching',
      on: { OPEN: 'open' },
      states: {
        fetching: {
          invoke: {
            id: 'poll',
            src: 'fetchPage',
            input: { page: 1 },
            onDone: { target: 'waiting', actions: { type: 'showPage', params: ({ event }) => ({ page: event.output }) } },
            onError: [
              {
                guard: { type: 'isNetworkFailure', params: ({ event }) => ({ error: event.error }) },
                target: 'backingOff',
                actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
              },
              { target: 'waiting', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        waiting: {
          after: { POLL_INTERVAL: 'fetching' },
        },
        backingOff: {
          after: { RETRY_DELAY: 'fetching' },
        },
        /** Transient, after the modal: polling resumes, with the backoff delay when the last call got no answer. */
        resuming: {
          always: [{ guard: 'lastFailureWasNetwork', target: 'backingOff' }, { target: 'waiting' }],
        },
      },
    },
    open: {
      initial: 'loading',
      on: {
        CLOSE: '#notifications.closed.resuming',
      },
      states: {
        loading: {
          invoke: {
            id: 'refresh',
            src: 'fetchPage',
            input: { page: 1 },
            onDone: { target: 'idle', actions: { type: 'showPage', params: ({ event }) => ({ page: event.output }) } },
            onError: { target: 'idle', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        idle: {
          on: {
            LOAD_MORE: { guard: 'canLoadMore', target: 'loadingMore' },
            MARK_READ: [
              { guard: { type: 'isUnread', params: ({ event }) => ({ id: event.id }) }, target: 'markingRead' },
              {
                // Already read: nothing to tell the server, just follow it.
                guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
                target: '#notifications.closed.resuming',
                actions: {
                  type: 'followLink',
                  params: ({ context, event }) => ({ notification: context.items.find((item) => item.id === event.id)! }),
                },
              },
            ],
            MARK_ALL_READ: 'markingAllRead',
          },
        },
        loadingMore: {
          invoke: {
            id: 'loadMore',
            src: 'fetchPage',
            input: ({ context }) => ({ page: context.nextPage! }),
            onDone: { target: 'idle', actions: { type: 'appendPage', params: ({ event }) => ({ page: event.output }) } },
            onError: { target: 'idle', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        markingRead: {
          invoke: {
            id: 'markRead',
            src: 'markRead',
            input: ({ event }) => ({ id: (event as Extract<NotificationsEvent, { type: 'MARK_READ' }>).id }),
            onDone: {
              target: '#notifications.closed.waiting',
              actions: [
                { type: 'markItemRead', params: ({ event }) => ({ notification: event.output }) },
                {
                  type: 'followLink',
                  params: ({ context, event }) => ({ notification: context.items.find((item) => item.id === event.output.id) ?? event.output }),
                },
              ],
            },
            onError: { target: 'idle', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        markingAllRead: {
          invoke: {
            id: 'markAllRead',
            src: 'markAllRead',
            onDone: { target: 'idle', actions: { type: 'markEveryItemRead', params: ({ event }) => ({ readAt: event.output.readAt }) } },
            onError: { target: 'idle', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    stopped: {
      type: 'final',
    },
  },
});
